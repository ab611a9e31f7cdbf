/**
 * /activity: the history (issue 29, docs/activity.md). Read-only: entries are written by the
 * repositories, inside each change's transaction (db/repositories/activity.ts).
 */
import { Readable } from 'node:stream';
import { findCertificateType } from '../../db/repositories/certificate-types';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TOTAL_COUNT_HEADER, type ActivityEntry } from '@duly/shared/contract';
import {
  countActivity,
  eachActivity,
  listActivity,
  sealSettled,
  verifyActivity,
  type ActivityFilter,
} from '../../db/repositories/activity';
import { findCertificate } from '../../db/repositories/certificates';
import { findTask } from '../../db/repositories/tasks';
import { findEmployee } from '../../db/repositories/users';
import type { Db } from '../../db/tables';
import { notFound } from '../../lib/http-errors';
import { InputCheck } from '../../lib/input';
import { hasRole, requireRole, type Caller } from '../../plugins/auth';
import { ownerScope } from '../access';
import { exportActivitySchema, listActivitySchema, verifyActivitySchema } from './schema';

interface FilterQuery {
  entity_type?: ActivityFilter['entityType'];
  entity_id?: string;
  actor_id?: string;
  action?: ActivityFilter['action'];
  since?: string;
  until?: string;
}

/**
 * The item's type when the caller may see it: a task or certificate by the list rules
 * (employees their own), a person (employees only themselves); undefined otherwise.
 */
async function visibleItemType(
  db: Db,
  caller: Caller,
  id: string,
  wanted: ActivityFilter['entityType'],
): Promise<ActivityFilter['entityType']> {
  const organizationId = caller.organization_id;
  const owner = ownerScope(caller);
  if (wanted === undefined || wanted === 'task') {
    if (await findTask(db, { id, organizationId, assignedToUserId: owner })) return 'task';
  }
  if (wanted === undefined || wanted === 'certificate') {
    if (await findCertificate(db, { id, organizationId, inchargePersonId: owner })) {
      return 'certificate';
    }
  }
  if (wanted === undefined || wanted === 'employee') {
    if ((owner === undefined || owner === id) && (await findEmployee(db, organizationId, id))) {
      return 'employee';
    }
  }
  // A type's history is the catalogue's, which managers and admins see.
  if (wanted === undefined || wanted === 'certificate_type') {
    if (owner === undefined && (await findCertificateType(db, organizationId, id))) {
      return 'certificate_type';
    }
  }
  return undefined;
}

/** The caller's filter: their organisation, the query's filters, and their role's scope. */
async function filterOf(db: Db, caller: Caller, query: FilterQuery): Promise<ActivityFilter> {
  const check = new InputCheck();
  const since = query.since === undefined ? undefined : check.instant(query.since, 'since');
  const until = query.until === undefined ? undefined : check.instant(query.until, 'until');
  check.done();
  const filter: ActivityFilter = {
    organizationId: caller.organization_id,
    entityType: query.entity_type,
    entityId: query.entity_id,
    actorId: query.actor_id,
    action: query.action,
    since,
    until,
  };
  if (query.entity_id !== undefined) {
    const type = await visibleItemType(db, caller, query.entity_id, query.entity_type);
    if (type === undefined) throw notFound('Item');
    filter.entityType = type;
  } else if (!hasRole(caller, 'manager')) {
    filter.ownItemsOf = caller.id;
  }
  return filter;
}

/** A cell a spreadsheet never runs: quoted, and a leading formula character defused. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

const CSV_HEADER = [
  'id',
  'at',
  'actor',
  'actor_id',
  'actor_kind',
  'entity_type',
  'entity_id',
  'action',
  'changes',
];

function csvLine(entry: ActivityEntry): string {
  return `${[
    entry.id,
    entry.at,
    entry.actor?.full_name ?? (entry.actor_kind === 'system' ? 'Duly' : ''),
    entry.actor?.id ?? '',
    entry.actor_kind,
    entry.entity_type,
    entry.entity_id,
    entry.action,
    JSON.stringify(entry.changes),
  ]
    .map(csvCell)
    .join(',')}\r\n`;
}

const activityRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;

  fastify.get('/activity', { schema: listActivitySchema }, async (request, reply) => {
    const { caller, query } = request;
    const filter = await filterOf(db, caller, query);
    const page = { limit: query.limit ?? 50, offset: query.offset ?? 0, before: query.before };
    const items = await listActivity(db, filter, page);
    const total = await countActivity(db, filter);
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(items);
  });

  fastify.get(
    '/activity/export',
    { schema: exportActivitySchema, preHandler: requireRole('admin') },
    async (request, reply) => {
      const filter = await filterOf(db, request.caller, request.query);
      async function* lines() {
        yield `${CSV_HEADER.map(csvCell).join(',')}\r\n`;
        for await (const entry of eachActivity(db, filter)) yield csvLine(entry);
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="activity.csv"')
        .header('Cache-Control', 'no-store')
        .send(Readable.from(lines()) as unknown as string);
    },
  );

  fastify.get(
    '/activity/verify',
    { schema: verifyActivitySchema, preHandler: requireRole('admin') },
    async (request) => {
      // What was committed before the request is sealed first (waiting briefly, on
      // PostgreSQL, for the transactions older than it); later entries count as unsealed.
      await sealSettled(db, request.caller.organization_id);
      return verifyActivity(db, request.caller.organization_id);
    },
  );
};

export default activityRoutes;
