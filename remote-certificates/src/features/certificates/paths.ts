import { itemPath, resourcePaths } from '@duly/shared/core';

/** The pages this remote renders (spec 2), absolute as the spec writes them. */
export const certificatePaths = {
  ...resourcePaths('/certificates'),
  import: '/certificates/import',
  /** A person's page, owned by remote-employees: a plain link. */
  employee: itemPath('/employees'),
} as const;
