/**
 * The routes this remote renders (spec 2). The shell mounts the remote at `/certificates/*`
 * and the standalone page does the same, so links are absolute and read like the spec.
 */
export const certificatePaths = {
  list: '/certificates',
  create: '/certificates/create',
  import: '/certificates/import',
  detail: (id: string) => `/certificates/${encodeURIComponent(id)}`,
  edit: (id: string) => `/certificates/${encodeURIComponent(id)}/edit`,
  /** A person's page, owned by remote-employees: a plain link. */
  employee: (id: string) => `/employees/${encodeURIComponent(id)}`,
} as const;
