// The standalone page (webpack serve only): the exposed routes inside the providers the shell
// gives them, with a thin top bar and a sign-in form (`@duly/shared/standalone`).
import { mountStandalone } from '@duly/shared/standalone';
import TeamRoutes from './routes';

mountStandalone({ name: 'remote_team', routes: TeamRoutes, home: '/tasks/dashboard' });
