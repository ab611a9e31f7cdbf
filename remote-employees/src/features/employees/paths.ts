/**
 * The routes this remote renders (ARCHITECTURE 2). `/employees/...` are the canonical addresses;
 * the spec's list links to `/users/{id}` and `/users/{id}/edit`, which redirect to them.
 */
export const employeePaths = {
  list: '/employees',
  create: '/employees/create',
  import: '/employees/import',
  detail: (employeeId: string) => `/employees/${encodeURIComponent(employeeId)}`,
  edit: (employeeId: string) => `/employees/${encodeURIComponent(employeeId)}/edit`,
} as const;

/** The spec's list links (spec 2): kept as written, they land on the `/employees` pages. */
export const userPaths = {
  detail: (employeeId: string) => `/users/${encodeURIComponent(employeeId)}`,
  edit: (employeeId: string) => `/users/${encodeURIComponent(employeeId)}/edit`,
} as const;

/** Other remotes' pages, linked as plain paths (their code is never imported here). */
export const workPaths = {
  task: (taskId: string) => `/tasks/${encodeURIComponent(taskId)}`,
  certificate: (certificateId: string) => `/certificates/${encodeURIComponent(certificateId)}`,
} as const;
