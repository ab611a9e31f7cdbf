/**
 * The routes this remote renders (ARCHITECTURE 2). The shell mounts the remote at `/tasks/*`
 * and the standalone page does the same, so links are absolute and read like the spec.
 */
export const taskPaths = {
  list: '/tasks',
  create: '/tasks/create',
  detail: (taskId: string) => `/tasks/${encodeURIComponent(taskId)}`,
  edit: (taskId: string) => `/tasks/${encodeURIComponent(taskId)}/edit`,
} as const;
