/**
 * The module this remote exposes (`remote_team/routes`), per docs/module-federation.md: the
 * shell renders it as the element of its root-level splat route, inside its own providers, so
 * the paths are the spec's full paths, exactly the ones remotes.json gives this remote
 * (`routePaths` lets the shell and a test check that). React Router's ranking in the shell
 * sends `/tasks/dashboard` here and the rest of `/tasks/*` to remote-tasks.
 */
import { remoteRoutes } from '@duly/shared/kit';
import { DocumentQueueScreen } from '../features/document-queue';
import { MyDashboardScreen } from '../features/my-dashboard/MyDashboardScreen';
import { TeamDashboardScreen } from '../features/team-dashboard/TeamDashboardScreen';

const { routePaths, Routes } = remoteRoutes(
  [
    { path: '/tasks/dashboard', element: <TeamDashboardScreen /> },
    { path: '/employee/dashboard', element: <MyDashboardScreen /> },
    // Issue 26: the managers' queue of employees' documents to approve.
    { path: '/team/documents', element: <DocumentQueueScreen /> },
  ],
  { notFound: false },
);

export { routePaths };
export default Routes;
