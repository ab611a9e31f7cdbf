/**
 * Which screens a successful write makes stale, read from its route: the resource it wrote
 * and what else shows that resource (a person's name appears on every task list).
 * Routes of later resources add a line here; a write that is not listed tells nobody.
 */
import type { FastifyRequest } from 'fastify';
import type { Change, ChangeKind } from './change-feed';

const STALE_AFTER_A_WRITE_TO: Record<string, ChangeKind[]> = {
  tasks: ['tasks', 'dashboard'],
  certificates: ['certificates', 'dashboard'],
  employees: ['employees', 'tasks', 'certificates', 'dashboard'],
  organizations: ['organization'],
  notifications: ['notifications'],
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The change a signed-in request made, once it answered 2xx; undefined when it made none. */
export function changeOfWrite(
  request: FastifyRequest,
  statusCode: number,
  apiBasePath: string,
): Change | undefined {
  if (!WRITES.has(request.method) || statusCode < 200 || statusCode >= 300) return undefined;
  const route = request.routeOptions.url ?? '';
  if (!route.startsWith(apiBasePath)) return undefined;
  const [resource, ...rest] = route.slice(apiBasePath.length).split('/').filter(Boolean);
  // The profile's own fields (a name) show in the lists; its password and mail switches do not.
  const kinds =
    resource === 'profile'
      ? rest.length === 0
        ? ['employees' as const]
        : undefined
      : STALE_AFTER_A_WRITE_TO[resource];
  if (!kinds) return undefined;
  const { id } = (request.params ?? {}) as { id?: unknown };
  const { caller } = request;
  return {
    organizationId: caller.organization_id,
    kinds,
    ids: typeof id === 'string' ? [id] : [],
    // Notices are each person's own: only their other tabs hear of them.
    ...(resource === 'notifications' && { onlyUsers: [caller.id] }),
  };
}
