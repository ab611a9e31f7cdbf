import { resourcePaths } from '@duly/shared/core';

/** The pages this remote renders (ARCHITECTURE 2), absolute as the spec writes them. */
export const taskPaths = resourcePaths('/tasks');
