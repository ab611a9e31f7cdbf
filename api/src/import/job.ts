/**
 * The import's job, in the API process. It reads the stored rows a chunk of PLAN_ROWS at a
 * time and plans each chunk (what each row would do) against what the chunk's rows match,
 * read from the database with one query per kind: the job never holds the whole file, the
 * whole plan or the whole organisation (bench/import-bench.ts). A dry run records each
 * chunk's plan; an apply writes each chunk CHUNK_ROWS at a time, each in one transaction
 * with its results and the counts (GET /imports/{id} shows the progress). A row that fails
 * never stops the others: a transaction that fails is written again row by row, each alone,
 * and only the rows that fail are errors. An apply that names its preview first plans the
 * whole file without writing and compares the plan's digest with the preview's: the same, or
 * it does nothing and says the organisation changed.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/tables';
import type { Actor } from '../db/repositories/activity';
import {
  findImport,
  importRowsAfter,
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
import { DateOrderEvidence, type DateOrder } from './dates';
import { checkHeap } from './heap';
import {
  applyEmployee,
  employeePlanner,
  RowFailure,
  type AppliedEmployee,
  type EmployeeWrite,
} from './employees';
import { recordOf, type PlannedRow } from './rows';

/**
 * Rows read and planned together: one query per kind for what they match. What a chunk
 * matches is read from the organisation's certificates by person and name, a search that
 * costs about as much for 10 rows as for 1,000 when the organisation is large, so a chunk is
 * several transactions' worth (bench/import-bench.ts: 50,000 rows matched 250 at a time
 * spent most of an apply there).
 */
export const PLAN_ROWS = 1000;

/**
 * Rows written together: one transaction of an apply (short locks, and a failure costs at
 * most this many retries).
 */
export const CHUNK_ROWS = 250;

export const ORGANISATION_CHANGED =
  'Your organisation changed since the preview, so the import was not applied. Preview the file again.';

type Write = EmployeeWrite | CertificateWrite;

export function columnFinder(mapping: Record<string, string>): (field: string) => string {
  const headerOf = new Map(Object.entries(mapping).map(([header, field]) => [field, header]));
  return (field) => headerOf.get(field) ?? field;
}

/** A digest of every row's planned outcome and changes, fed chunk by chunk in row order. */
class PlanDigest {
  readonly #hash = createHash('sha256');

  add(rows: readonly PlannedRow[]): void {
    for (const row of rows) {
      this.#hash.update(
        JSON.stringify([row.row, row.outcome, row.changes ?? null, row.errors ?? null]),
      );
    }
  }

  hex(): string {
    return this.#hash.digest('hex');
  }
}

type Totals = Pick<ImportRecord, 'created' | 'updated' | 'unchanged' | 'failed'>;

const TOTAL_OF = {
  create: 'created',
  update: 'updated',
  unchanged: 'unchanged',
  error: 'failed',
} as const;

function count(totals: Totals, rows: readonly { outcome: PlannedRow['outcome'] }[]): void {
  for (const row of rows) totals[TOTAL_OF[row.outcome]] += 1;
}

function resultOf(row: PlannedRow): RowResult {
  return { row: row.row, outcome: row.outcome, changes: row.changes, errors: row.errors };
}

interface Planner {
  load(records: readonly Record<string, string>[]): Promise<void>;
  plan(
    row: number,
    record: Record<string, string>,
    columnOf: (field: string) => string,
  ): PlannedRow<Write>;
}

/** The stored rows, a chunk at a time, as records of their mapped fields. */
async function* recordChunks(
  db: Db,
  record: ImportRecord,
): AsyncGenerator<{ row: number; fields: Record<string, string> }[]> {
  const headers = JSON.parse(record.headers ?? '[]') as string[];
  const mapping = JSON.parse(record.mapping ?? '{}') as Record<string, string>;
  for (let after = 0; ;) {
    // Before the next chunk: the previous one is done with (an apply has written it).
    checkHeap();
    const rows = await importRowsAfter(db, record.organization_id, record.id, after, PLAN_ROWS);
    if (rows.length === 0) return;
    yield rows.map(({ row, cells }) => ({ row, fields: recordOf(cells, headers, mapping) }));
    after = rows[rows.length - 1].row;
  }
}

/** The order of the file's dates, read from every row's date cells (one pass, chunk by chunk). */
async function dateOrderOf(db: Db, record: ImportRecord): Promise<DateOrder> {
  const evidence = new DateOrderEvidence();
  for await (const chunk of recordChunks(db, record)) {
    evidence.add(
      chunk.flatMap(({ fields }) => [fields.issue_date ?? '', fields.expiry_date ?? '']),
    );
  }
  return evidence.order;
}

/** A fresh planner: each pass over the file starts from the file's first row. */
async function plannerOf(db: Db, record: ImportRecord, dateOrder: DateOrder): Promise<Planner> {
  if (record.kind === 'employees') {
    // A manager's import may not make or change admins (POST/PUT /employees/'s rule).
    const starter = await findEmployee(db, record.organization_id, record.created_by_user_id);
    return employeePlanner(db, record.organization_id, record.mode, starter?.role === 'admin');
  }
  return certificatePlanner(db, record.organization_id, record.mode, dateOrder);
}

/**
 * The planned rows, chunk by chunk. Each chunk is planned when the previous one has been
 * consumed (an apply has written it): a row only ever matches what the rows with its own key
 * wrote, and a second row with a key already met is an error whatever was written, so
 * planning as the writes go gives the plan a whole pass without writes gives.
 */
async function* plannedChunks(
  db: Db,
  record: ImportRecord,
  planner: Planner,
): AsyncGenerator<PlannedRow<Write>[]> {
  const columnOf = columnFinder(JSON.parse(record.mapping ?? '{}') as Record<string, string>);
  for await (const chunk of recordChunks(db, record)) {
    await planner.load(chunk.map(({ fields }) => fields));
    yield chunk.map(({ row, fields }) => planner.plan(row, fields, columnOf));
  }
}

export async function runImport(fastify: FastifyInstance, record: ImportRecord): Promise<void> {
  const { db } = fastify;
  const org = record.organization_id;
  try {
    await updateImport(db, org, record.id, { status: 'running', updated_at: nowIso() });
    // What the upload parsed is garbage now: collected (if it is much) before the job adds its own.
    checkHeap();
    const dateOrder = record.kind === 'certificates' ? await dateOrderOf(db, record) : null;
    await updateImport(db, org, record.id, { date_order: dateOrder });
    const order = dateOrder ?? 'day-first';

    if (record.dry_run) {
      const digest = new PlanDigest();
      const totals: Totals = { created: 0, updated: 0, unchanged: 0, failed: 0 };
      let processed = 0;
      for await (const rows of plannedChunks(db, record, await plannerOf(db, record, order))) {
        digest.add(rows);
        count(totals, rows);
        processed += rows.length;
        await db.transaction().execute(async (trx) => {
          await saveRowResults(trx, org, record.id, rows.map(resultOf));
          await updateImport(trx, org, record.id, {
            processed_rows: processed,
            updated_at: nowIso(),
          });
        });
      }
      await finish(db, record, { status: 'done', plan_digest: digest.hex(), ...totals });
      return;
    }

    if (record.preview_id) {
      // The whole plan first, writing nothing: an apply never half-applies a changed plan.
      const digest = new PlanDigest();
      for await (const rows of plannedChunks(db, record, await plannerOf(db, record, order))) {
        digest.add(rows);
      }
      const preview = await findImport(db, org, record.preview_id);
      if (!preview || preview.status !== 'done' || preview.plan_digest !== digest.hex()) {
        await finish(db, record, { status: 'failed', error: ORGANISATION_CHANGED });
        return;
      }
    }
    await applyRows(fastify, record, await plannerOf(db, record, order));
  } catch (error) {
    fastify.log.error({ err: error, importId: record.id }, 'The import failed');
    await finish(db, record, {
      status: 'failed',
      error:
        'The import stopped because of an unexpected error. Rows already applied stay applied; see the row results.',
    }).catch(() => undefined);
  } finally {
    // The heap the job grew is given back now, not at V8's next full collection: the next
    // upload (the apply of this preview) starts from the server's own size. Always, not only
    // past the budget: one collection per job, and up to a budget's worth less resident.
    checkHeap(0);
  }
}

async function applyRows(
  fastify: FastifyInstance,
  record: ImportRecord,
  planner: Planner,
): Promise<void> {
  const { db } = fastify;
  const org = record.organization_id;
  const actor: Actor & { kind: 'import' } = {
    kind: 'import',
    id: record.id,
    name: `Import of ${record.file_name}`,
  };
  const invite: AppliedEmployee[] = [];
  const totals: Totals = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  const digest = new PlanDigest();
  let processed = 0;

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

  /** A transaction's worth of planned rows, with their results and the progress. */
  const writeBatch = async (batch: PlannedRow<Write>[]): Promise<void> => {
    digest.add(batch);
    const invitedBefore = invite.length;
    const before = { ...totals };
    const planned = batch.map(resultOf);
    count(totals, planned);
    processed += batch.length;
    try {
      // The rows, their results and the progress: one transaction, one commit.
      await db.transaction().execute(async (trx) => {
        await write(trx, batch);
        await saveRowResults(trx, org, record.id, planned);
        await updateImport(trx, org, record.id, {
          processed_rows: processed,
          ...totals,
          updated_at: nowIso(),
        });
      });
      return;
    } catch {
      // Someone else's change (or a rule only the database knows) failed one of the rows: each
      // row again on its own, so only the rows that fail are left out.
      invite.length = invitedBefore;
      Object.assign(totals, before);
    }
    const results: RowResult[] = [];
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
                  message: 'could not be saved; someone may have changed it meanwhile. Try again.',
                },
              ];
        const failed: RowResult = { row: row.row, outcome: 'error', errors };
        await saveRowResults(db, org, record.id, [failed]);
        results.push(failed);
      }
    }
    count(totals, results);
    await updateImport(db, org, record.id, {
      processed_rows: processed,
      ...totals,
      updated_at: nowIso(),
    });
  };

  for await (const chunk of plannedChunks(db, record, planner)) {
    for (let start = 0; start < chunk.length; start += CHUNK_ROWS) {
      await writeBatch(chunk.slice(start, start + CHUNK_ROWS));
    }
  }
  // The links exist before the import says it is done (the mails go out after, as on POST /employees).
  await sendInvitations(fastify, record, invite);
  await finish(db, record, { status: 'done', plan_digest: digest.hex(), ...totals });
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
