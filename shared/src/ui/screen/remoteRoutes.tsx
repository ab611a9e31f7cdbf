import { type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { NotFoundPage } from '../NotFoundPage';
import { ItemIdRoute } from './ItemIdRoute';

/**
 * An item's pages, `{base}/:{param}` and `{base}/:{param}/edit`, each behind ItemIdRoute (an
 * address whose id cannot be an id is "Page not found").
 *
 *     ...itemRoutes('/tasks', 'taskId', { detail: <TaskDetailScreen />, edit: <EditTaskScreen /> })
 */
export function itemRoutes(
  base: string,
  param: string,
  pages: { detail: ReactNode; edit?: ReactNode },
): RouteObject[] {
  const item = `${base}/:${param}`;
  const routes = [{ path: item, element: <ItemIdRoute param={param}>{pages.detail}</ItemIdRoute> }];
  if (pages.edit !== undefined) {
    routes.push({
      path: `${item}/edit`,
      element: <ItemIdRoute param={param}>{pages.edit}</ItemIdRoute>,
    });
  }
  return routes;
}

/**
 * A remote's exposed routes module (docs/module-federation.md) from its routes: `Routes`, its
 * default export, renders them, any other path being the product's "Page not found"
 * (`/tasks/1/2/3` is not a blank page); `routePaths` lists them for the shell's and the
 * registry test's check that they lie inside the remote's paths. `notFound: false` leaves the
 * unknown paths to the shell (a remote whose paths are exact).
 */
export function remoteRoutes(routes: RouteObject[], { notFound = true } = {}) {
  const all = notFound ? [...routes, { path: '*', element: <NotFoundPage /> }] : routes;
  return {
    routePaths: all.map((route) => route.path ?? ''),
    Routes: function RemoteRoutes() {
      return useRoutes(all);
    },
  };
}
