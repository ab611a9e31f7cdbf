/**
 * The import's job, in the API process: plans every row (what it would do), then for a dry
 * run records the plan, and for an apply writes the rows in transactions of APPLY_BATCH rows,
 * recording each row's result and the counts as it goes (GET /imports/{id} shows the
 * progress). A row that fails never stops the others: a batch whose transaction fails is
 * written again row by row, each in its own transaction, and only the rows that fail are
 * errors. An apply that names its preview repeats exactly that preview, or does nothing and
 * says the organisation changed.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/tables';
import type { Actor } from '../db/repositories/activity';
import {
  findImport,
  importCells,
  insertImportNotice,
  saveRowResults,
  updateImport,
  type ImportRecord,
  type RowResult,
} from '../db/repositories/imports';
import { findOrganization } from '../db/repositories/organizations';
import { findEmployee } from '../db/repositories/users';
import { issueAndMailLink } from '../accounts/links';
import { nowIso } from '../lib/dates';
import { applyCertificates, certificatePlanner, type CertificateWrite } from './certificates';
import { chooseDateOrder, type DateOrder } from './dates';
import {
  applyEmployee,
  employeePlanner,
  RowFailure,
  type AppliedEmployee,
  type EmployeeWrite,
} from './employees';
import { recordOf, type PlannedRow } from './rows';

/** Rows written per transaction: short locks, and a failure costs at most this many retries. */
export const APPLY_BATCH = 200;
/** Row results saved per transaction during a dry run. */
const RESULT_BATCH = 1000;

export const ORGANISATION_CHANGED =
  'Your organisation changed since the preview, so the import was not applied. Preview the file again.';

type Write = EmployeeWrite | CertificateWrite;

export function columnFinder(mapping: Record<string, string>): (field: string) => string {
  const headerOf = new Map(Object.entries(mapping).map(([header, field]) => [field, header]));
  return (field) => headerOf.get(field) ?? field;
}

function digestOf(rows: readonly PlannedRow[]): string {
  const hash = createHash('sha256');
  for (const row of rows) {
    hash.update(JSON.stringify([row.row, row.outcome, row.changes ?? null, row.errors ?? null]));
  }
  return hash.digest('hex');
}

function resultOf(row: PlannedRow): RowResult {
  return { row: row.row, outcome: row.outcome, changes: row.changes, errors: row.errors };
}

async function planRows(
  db: Db,
  record: ImportRecord,
): Promise<{ rows: PlannedRow<Write>[]; dateOrder: DateOrder | null }> {
  const cells = await importCells(db, record.organization_id, record.id);
  const headers = JSON.parse(record.headers ?? '[]') as string[];
  const mapping = JSON.parse(record.mapping ?? '{}') as Record<string, string>;
  const columnOf = columnFinder(mapping);
  const records = cells.map((row) => recordOf(row, headers, mapping));
  if (record.kind === 'employees') {
    // A manager's import may not make or change admins (POST/PUT /employees/'s rule).
    const starter = await findEmployee(db, record.organization_id, record.created_by_user_id);
    const planner = await employeePlanner(
      db,
      record.organization_id,
      record.mode,
      starter?.role === 'admin',
    );
    return {
      rows: records.map((fields, index) => planner.plan(index + 1, fields, columnOf)),
      dateOrder: null,
    };
  }
  const dateOrder = chooseDateOrder(
    records.flatMap((fields) => [fields.issue_date ?? '', fields.expiry_date ?? '']),
  );
  const planner = await certificatePlanner(db, record.organization_id, record.mode, dateOrder);
  return {
    rows: records.map((fields, index) => planner.plan(index + 1, fields, columnOf)),
    dateOrder,
  };
}

function counts(rows: readonly PlannedRow[]) {
  const count = (outcome: string) => rows.filter((row) => row.outcome === outcome).length;
  return {
    created: count('create'),
    updated: count('update'),
    unchanged: count('unchanged'),
    failed: count('error'),
  };
}

export async function runImport(fastify: FastifyInstance, record: ImportRecord): Promise<void> {
  const { db } = fastify;
  const org = record.organization_id;
  try {
    await updateImport(db, org, record.id, { status: 'running', updated_at: nowIso() });
    const { rows, dateOrder } = await planRows(db, record);
    const digest = digestOf(rows);
    await updateImport(db, org, record.id, {
      date_order: dateOrder,
      plan_digest: digest,
      total_rows: rows.length,
    });

    if (record.dry_run) {
      for (let start = 0; start < rows.length; start += RESULT_BATCH) {
        const batch = rows.slice(start, start + RESULT_BATCH);
        await db.transaction().execute(async (trx) => {
          await saveRowResults(trx, org, record.id, batch.map(resultOf));
          await updateImport(trx, org, record.id, {
            processed_rows: start + batch.length,
            updated_at: nowIso(),
          });
        });
      }
      await finish(db, record, { status: 'done', ...counts(rows) });
      return;
    }

    if (record.preview_id) {
      const preview = await findImport(db, org, record.preview_id);
      if (!preview || preview.status !== 'done' || preview.plan_digest !== digest) {
        await finish(db, record, { status: 'failed', error: ORGANISATION_CHANGED });
        return;
      }
    }
    await applyRows(fastify, record, rows);
  } catch (error) {
    fastify.log.error({ err: error, importId: record.id }, 'The import failed');
    await finish(db, record, {
      status: 'failed',
      error:
        'The import stopped because of an unexpected error. Rows already applied stay applied; see the row results.',
    }).catch(() => undefined);
  }
}

async function applyRows(
  fastify: FastifyInstance,
  record: ImportRecord,
  rows: PlannedRow<Write>[],
): Promise<void> {
  const { db } = fastify;
  const org = record.organization_id;
  const actor: Actor & { kind: 'import' } = {
    kind: 'import',
    id: record.id,
    name: `Import of ${record.file_name}`,
  };
  const invite: AppliedEmployee[] = [];
  const totals = { created: 0, updated: 0, unchanged: 0, failed: 0 };

  /** Writes rows in one transaction: certificates at once (applyCertificates), people one by one. */
  const write = async (trx: Db, rows: readonly PlannedRow<Write>[]) => {
    const writes = rows.flatMap((row) => (row.write ? [row.write] : []));
    if (record.kind === 'employees') {
      for (const one of writes) {
        const person = await applyEmployee(trx, org, one as EmployeeWrite, actor);
        if (person.created && record.send_invitations && person.status !== 'inactive')
          invite.push(person);
      }
    } else {
      await applyCertificates(
        trx,
        org,
        writes as CertificateWrite[],
        actor,
        record.created_by_user_id,
      );
    }
  };

  for (let start = 0; start < rows.length; start += APPLY_BATCH) {
    const batch = rows.slice(start, start + APPLY_BATCH);
    const invitedBefore = invite.length;
    let results: RowResult[];
    try {
      await db.transaction().execute(async (trx) => {
        await write(trx, batch);
        await saveRowResults(trx, org, record.id, batch.map(resultOf));
      });
      results = batch.map(resultOf);
    } catch {
      // Someone else's change (or a rule only the database knows) failed one of the rows: each
      // row again on its own, so only the rows that fail are left out.
      invite.length = invitedBefore;
      results = [];
      for (const row of batch) {
        try {
          await db.transaction().execute(async (trx) => {
            await write(trx, [row]);
            await saveRowResults(trx, org, record.id, [resultOf(row)]);
          });
          results.push(resultOf(row));
        } catch (error) {
          const errors =
            error instanceof RowFailure
              ? error.errors
              : [
                  {
                    column: '',
                    message:
                      'could not be saved; someone may have changed it meanwhile. Try again.',
                  },
                ];
          const failed: RowResult = { row: row.row, outcome: 'error', errors };
          await saveRowResults(db, org, record.id, [failed]);
          results.push(failed);
        }
      }
    }
    for (const result of results) {
      const key = (
        { create: 'created', update: 'updated', unchanged: 'unchanged', error: 'failed' } as const
      )[result.outcome];
      totals[key] += 1;
    }
    await updateImport(db, org, record.id, {
      processed_rows: start + batch.length,
      ...totals,
      updated_at: nowIso(),
    });
  }
  // The links exist before the import says it is done (the mails go out after, as on POST /employees).
  await sendInvitations(fastify, record, invite);
  await finish(db, record, { status: 'done', ...totals });
}

/** Invitations of the people the import created, when asked: once each, as POST /employees sends them. */
async function sendInvitations(
  fastify: FastifyInstance,
  record: ImportRecord,
  people: AppliedEmployee[],
) {
  if (people.length === 0) return;
  const organizationName =
    (await findOrganization(fastify.db, record.organization_id))?.name ?? 'Your organisation';
  for (const person of people) {
    try {
      await issueAndMailLink(
        fastify,
        {
          organizationId: record.organization_id,
          organizationName,
          userId: person.id,
          email: person.email,
          fullName: person.full_name,
        },
        'invitation',
        { kind: 'import', id: record.id, name: `Import of ${record.file_name}` },
      );
    } catch (error) {
      fastify.log.error({ err: error, userId: person.id }, 'Could not invite an imported employee');
    }
  }
}

async function finish(db: Db, record: ImportRecord, changes: Partial<ImportRecord>): Promise<void> {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await updateImport(trx, record.organization_id, record.id, {
      ...changes,
      active: null,
      updated_at: now,
    });
    // An import that wrote (not a preview) tells its starter in the bell: the tab may be closed.
    if (record.dry_run !== 1) await noticeImportEnded(trx, { ...record, ...changes }, now);
  });
}

/** "people.csv: 40 created, 2 updated, 1 not imported", or "people.csv" for one that failed. */
export function importNoticeTitle(record: ImportRecord): string {
  if (record.status !== 'done') return record.file_name;
  const parts = [
    record.created > 0 ? `${record.created} created` : '',
    record.updated > 0 ? `${record.updated} updated` : '',
    record.unchanged > 0 ? `${record.unchanged} unchanged` : '',
    record.failed > 0 ? `${record.failed} not imported` : '',
  ].filter(Boolean);
  return `${record.file_name}: ${parts.join(', ') || 'nothing to do'}`;
}

/** The bell's notice to the person who started an import that ended (done or failed). */
export async function noticeImportEnded(db: Db, record: ImportRecord, now: string): Promise<void> {
  await insertImportNotice(
    db,
    record,
    record.status === 'done' ? 'import_done' : 'import_failed',
    importNoticeTitle(record),
    now,
  );
}
