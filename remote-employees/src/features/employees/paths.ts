import { itemPath, resourcePaths } from '@duly/shared/core';

/** The pages this remote renders (ARCHITECTURE 2): `/employees/...` are the canonical ones. */
export const employeePaths = { ...resourcePaths('/employees'), import: '/employees/import' };

/** The spec's list links (spec 2), `/users/{id}` and `/users/{id}/edit`: they redirect. */
export const userPaths = resourcePaths('/users');

/** Other remotes' pages, linked as plain paths (their code is never imported here). */
export const workPaths = { task: itemPath('/tasks'), certificate: itemPath('/certificates') };
