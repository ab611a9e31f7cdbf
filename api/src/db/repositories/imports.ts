/**
 * Imports and their rows (issue 27, import/): the job's record, the rows' cells and results,
 * and what the organisation holds that an import matches against.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ImportOutcome, ImportsTable, Db, ImportStatus } from '../tables';
import { totalOf, type Page } from '../list';

export type ImportRecord = ImportsTable;

export const ROW_INSERT_BATCH = 500;

/**
 * The import and its rows, in one transaction. The rows come a batch at a time (the upload is
 * parsed as they are stored: read.ts); each is stored ROW_INSERT_BATCH at a time.
 */
export async function insertImport(
  db: Db,
  record: ImportRecord,
  rowBatches: AsyncIterable<readonly string[][]> | Iterable<readonly string[][]>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('imports').values(record).execute();
    let stored = 0;
    for await (const rows of rowBatches) {
      for (let start = 0; start < rows.length; start += ROW_INSERT_BATCH) {
        const first = stored + 1;
        const batch = rows.slice(start, start + ROW_INSERT_BATCH);
        await trx
          .insertInto('import_rows')
          .values(
            batch.map((cells, index) => ({
              organization_id: record.organization_id,
              import_id: record.id,
              row: first + index,
              cells: JSON.stringify(cells),
              outcome: null,
              changes: null,
              errors: null,
            })),
          )
          .execute();
        stored += batch.length;
      }
    }
  });
}

export async function findImport(
  db: Db,
  organizationId: string,
  id: string,
): Promise<ImportRecord | undefined> {
  return db
    .selectFrom('imports')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The organisation's import that is queued or running, if any. */
export async function activeImport(
  db: Db,
  organizationId: string,
): Promise<ImportRecord | undefined> {
  return db
    .selectFrom('imports')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('active', '=', 1)
    .executeTakeFirst();
}

export async function updateImport(
  db: Db,
  organizationId: string,
  id: string,
  changes: Partial<ImportRecord>,
): Promise<void> {
  await db
    .updateTable('imports')
    .set(changes)
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .execute();
}

/** Imports a restart left queued or running: their job died with the process. */
export async function interruptedImports(db: Db): Promise<ImportRecord[]> {
  return db.selectFrom('imports').selectAll().where('active', '=', 1).execute();
}

export async function importCells(
  db: Db,
  organizationId: string,
  importId: string,
): Promise<string[][]> {
  const rows = await db
    .selectFrom('import_rows')
    .select(['cells'])
    .where('organization_id', '=', organizationId)
    .where('import_id', '=', importId)
    .orderBy('row')
    .execute();
  return rows.map((row) => JSON.parse(row.cells) as string[]);
}

export interface RowResult {
  row: number;
  outcome: ImportOutcome;
  changes?: unknown;
  errors?: unknown;
}

/** Rows whose results one statement saves (4 parameters each). */
const RESULT_UPDATE_BATCH = 500;

/**
 * Saves the results of some rows, in the caller's transaction: one UPDATE … FROM (VALUES …)
 * per RESULT_UPDATE_BATCH rows (PostgreSQL, and SQLite since 3.33), not one per row: a
 * 50,000-row import would otherwise make 50,000 round trips (bench/import-bench.ts).
 */
export async function saveRowResults(
  db: Db,
  organizationId: string,
  importId: string,
  results: readonly RowResult[],
): Promise<void> {
  for (let start = 0; start < results.length; start += RESULT_UPDATE_BATCH) {
    const values = sql.join(
      results
        .slice(start, start + RESULT_UPDATE_BATCH)
        .map(
          (result) =>
            sql`(cast(${result.row} as integer), ${result.outcome}, ${
              result.changes === undefined ? null : JSON.stringify(result.changes)
            }, ${result.errors === undefined ? null : JSON.stringify(result.errors)})`,
        ),
    );
    // A VALUES list's columns are column1, column2… on both databases.
    await sql`update import_rows
      set outcome = v.column2, changes = v.column3, errors = v.column4
      from (values ${values}) as v
      where import_rows.organization_id = ${organizationId}
        and import_rows.import_id = ${importId}
        and import_rows."row" = v.column1`.execute(db);
  }
}

export async function listRowResults(
  db: Db,
  organizationId: string,
  importId: string,
  outcome: ImportOutcome | undefined,
  page: Page,
) {
  let query = db
    .selectFrom('import_rows')
    .where('organization_id', '=', organizationId)
    .where('import_id', '=', importId)
    .where('outcome', 'is not', null);
  if (outcome) query = query.where('outcome', '=', outcome);
  const items = await query
    .select(['row', 'outcome', 'changes', 'errors', 'cells'])
    .orderBy('row')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const total = await totalOf(page, items.length, async () => {
    const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).execute();
    return Number(counted[0]?.count ?? 0);
  });
  return { items, total };
}

/** Every row that ended in an error, in order (the error CSV). */
export async function errorRows(db: Db, organizationId: string, importId: string) {
  return db
    .selectFrom('import_rows')
    .select(['row', 'cells', 'errors'])
    .where('organization_id', '=', organizationId)
    .where('import_id', '=', importId)
    .where('outcome', '=', 'error')
    .orderBy('row')
    .execute();
}

export type { ImportStatus };

/** The columns of a person the import matches and compares. */
const IMPORT_PERSON_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'phone',
  'department',
  'role',
  'status',
  'password_hash',
] as const;

/**
 * The stored rows of an import after row `after`, at most `limit` of them, in order: the job
 * reads its file one chunk at a time, never all of it at once.
 */
export async function importRowsAfter(
  db: Db,
  organizationId: string,
  importId: string,
  after: number,
  limit: number,
): Promise<{ row: number; cells: string[] }[]> {
  const rows = await db
    .selectFrom('import_rows')
    .select(['row', 'cells'])
    .where('organization_id', '=', organizationId)
    .where('import_id', '=', importId)
    .where('row', '>', after)
    .orderBy('row')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ row: Number(row.row), cells: JSON.parse(row.cells) as string[] }));
}

/** The people of the organisation with these (normalised) emails: one query for a chunk. */
export async function employeesByEmails(db: Db, organizationId: string, emails: readonly string[]) {
  if (emails.length === 0) return [];
  return db
    .selectFrom('users')
    .select(IMPORT_PERSON_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('email', 'in', [...new Set(emails)])
    .execute();
}

export type ImportPerson = Awaited<ReturnType<typeof employeesByEmails>>[number];

/** The ids of the organisation's active admins (an import must leave one). */
export async function activeAdminIds(db: Db, organizationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .execute();
  return rows.map((row) => row.id);
}

/** What a chunk of certificate rows may match (certificatesForImportChunk). */
export interface WantedCertificates {
  /**
   * (person in charge's id or null for "nobody", name): the certificates of that person whose
   * name is `name` by SQL's lower(), which folds A-Z on both databases (pass the name with A-Z
   * folded alone).
   */
  named: readonly { personId: string | null; name: string }[];
  /**
   * Persons (null: nobody) all of whose certificates are candidates: a name with other letters,
   * whose case only JavaScript folds.
   */
  anyNameOf: readonly (string | null)[];
}

function importCertificatesQuery(db: Db, organizationId: string) {
  return db
    .selectFrom('certificates')
    .leftJoin('users', (join) =>
      join
        .onRef('users.id', '=', 'certificates.incharge_person_id')
        .onRef('users.organization_id', '=', 'certificates.organization_id'),
    )
    .select([
      'certificates.id',
      'certificates.name',
      'users.email as incharge_email',
      'certificates.incharge_person_id',
      'certificates.issue_date',
      'certificates.expiry_date',
      'certificates.reminder_days_before',
      'certificates.department',
      'certificates.description',
      'certificates.status',
      // Not columns of the file: what the reminder schedule of an update needs.
      'certificates.reminder_offsets',
      'certificates.certificate_type_id',
    ])
    .where('certificates.organization_id', '=', organizationId);
}

/**
 * What a chunk of certificate rows may match. The (person, name) pairs are a VALUES list the
 * certificates are joined to: each pair found through the person's index, or one hash of the
 * list, where an `in (…)` of persons and one of names compared every certificate of the
 * organisation with every name (PostgreSQL's generic plan of a prepared statement compares
 * one by one): a 50,000-row import slowed down as it wrote (bench/import-bench.ts). Without
 * a person, or for any name, the rare cases, a query of their own. The caller matches
 * exactly; this only has to include every candidate, each once.
 */
export async function certificatesForImportChunk(
  db: Db,
  organizationId: string,
  wanted: WantedCertificates,
) {
  const byPerson = new Map<string, { personId: string; name: string }>();
  const namesOfNobody = new Set<string>();
  for (const { personId, name } of wanted.named) {
    if (personId === null) namesOfNobody.add(name);
    else byPerson.set(`${personId}\u0000${name}`, { personId, name });
  }
  const anyNameIds = [...new Set(wanted.anyNameOf.filter((id): id is string => id !== null))];
  const found = [];
  if (byPerson.size > 0) {
    const pairs = sql.join(
      [...byPerson.values()].map(
        ({ personId, name }) => sql`(cast(${personId} as text), cast(${name} as text))`,
      ),
    );
    // A VALUES list's columns are column1, column2… on both databases.
    const list = sql<{ column1: string; column2: string }>`(values ${pairs})`.as('wanted');
    found.push(
      ...(await importCertificatesQuery(db, organizationId)
        .innerJoin(list, (join) =>
          join
            .onRef('certificates.incharge_person_id', '=', 'wanted.column1')
            .on((eb) => eb(eb.fn('lower', ['certificates.name']), '=', eb.ref('wanted.column2'))),
        )
        .execute()),
    );
  }
  if (namesOfNobody.size > 0) {
    found.push(
      ...(await importCertificatesQuery(db, organizationId)
        .where('certificates.incharge_person_id', 'is', null)
        .where((eb) => eb(eb.fn('lower', ['certificates.name']), 'in', [...namesOfNobody]))
        .execute()),
    );
  }
  if (anyNameIds.length > 0 || wanted.anyNameOf.includes(null)) {
    found.push(
      ...(await importCertificatesQuery(db, organizationId)
        .where((eb) =>
          eb.or([
            ...(anyNameIds.length > 0
              ? [eb('certificates.incharge_person_id', 'in', anyNameIds)]
              : []),
            ...(wanted.anyNameOf.includes(null)
              ? [eb('certificates.incharge_person_id', 'is', null)]
              : []),
          ]),
        )
        .execute()),
    );
  }
  // A certificate both named and of a person with any name comes once.
  return [...new Map(found.map((certificate) => [certificate.id, certificate])).values()];
}

export type ImportCertificate = Awaited<ReturnType<typeof certificatesForImportChunk>>[number];

/**
 * The bell's notice that an import ended (issue 27), to the person who started it: in the
 * bell only (its email side is `skipped`, the reminders' sender never mails it). Its key names
 * the import, so a second end (a stale job settled twice) adds nothing.
 */
export async function insertImportNotice(
  db: Db,
  record: Pick<ImportRecord, 'organization_id' | 'id' | 'kind' | 'created_by_user_id'>,
  outcome: 'import_done' | 'import_failed',
  title: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('notifications')
    .values({
      id: randomUUID(),
      organization_id: record.organization_id,
      recipient_user_id: record.created_by_user_id,
      key: `import:${record.id}`,
      kind: outcome,
      item_type: record.kind === 'employees' ? 'employees_import' : 'certificates_import',
      item_id: record.id,
      item_title: title,
      item_date: now,
      delivery: 'immediate',
      email_status: 'skipped',
      send_after: now,
      lease_owner: null,
      lease_until: null,
      last_error: null,
      sent_at: null,
      read_at: null,
      created_at: now,
    })
    .onConflict((conflict) => conflict.columns(['organization_id', 'key']).doNothing())
    .execute();
}
