import { type ComponentType, type ReactNode } from 'react';
import { type RouteObject } from 'react-router-dom';
import { lazyScreen } from './lazyScreen';
import { itemRoutes } from './remoteRoutes';

/**
 * A resource's pages as routes (spec 2): `{base}` the list, `{base}/create`, and the item's
 * detail and edit pages (`itemRoutes`); `more` adds pages of the resource's own.
 *
 *     resourceRoutes('/tasks', 'taskId', { list: <TaskListScreen />, create: <CreateTaskScreen />,
 *       detail: <TaskDetailScreen />, edit: <EditTaskScreen /> })
 */
export function resourceRoutes(
  base: string,
  param: string,
  pages: { list: ReactNode; create?: ReactNode; detail: ReactNode; edit?: ReactNode },
  more: Record<string, ReactNode> = {},
): RouteObject[] {
  const others = { ...(pages.create === undefined ? {} : { create: pages.create }), ...more };
  return [
    { path: base, element: pages.list },
    ...Object.entries(others).map(([path, element]) => ({ path: `${base}/${path}`, element })),
    ...itemRoutes(base, param, pages),
  ];
}

/**
 * `lazyScreen` for several screens, each named as its module exports it: a remote's form
 * screens, loaded when one is opened (issue 32).
 *
 *     const { CreateTaskScreen } = lazyScreens({ CreateTaskScreen: () => import('./CreateTaskScreen') });
 */
export function lazyScreens<Loaders extends Record<string, () => Promise<unknown>>>(
  loaders: Loaders & { [N in keyof Loaders]: () => Promise<Record<N, ComponentType>> },
): Record<keyof Loaders, ComponentType> {
  return Object.fromEntries(
    Object.keys(loaders).map((name) => [name, lazyScreen(loaders[name], name)]),
  ) as Record<keyof Loaders, ComponentType>;
}
