// The standalone page (webpack serve only): the exposed routes inside the providers the shell
// gives them, with a thin top bar and a sign-in form (`@duly/shared/standalone`).
import { mountStandalone } from '@duly/shared/standalone';
import EmployeesRoutes from './routes';

mountStandalone({ name: 'remote_employees', routes: EmployeesRoutes, home: '/employees' });
