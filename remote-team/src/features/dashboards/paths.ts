import { itemPath } from '@duly/shared/core';

/** The pages a dashboard row opens (owned by remote-tasks and remote-certificates). */
export const taskPath = itemPath('/tasks');
export const certificatePath = itemPath('/certificates');
