/**
 * Certificates, always scoped to one organisation. "Assigned to" is the
 * incharge person; list items carry it as `assigned_to`.
 */
import { PostgresAdapter, sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import { REMINDER_DAYS_MAX, type Certificate, type CertificateStatus } from '@duly/shared/contract';
import { addCalendarDays } from '../../lib/dates';
import { containsPattern, totalOf, type Page, type SortOrder } from '../list';
import { keyColumns, keysetBatches, type KeysetOrder } from '../../export/keyset';
import type { CertificateRow, CertificateUpdate, Database, Db } from '../tables';
import { inTransaction } from '../transaction';
import { lockedForSave, updateReturningOld } from '../old-values';
import { changesBetween, recordActivity, type Actor } from './activity';
import { parseOffsets } from './certificate-types';
import { rearmedSchedule, withSchedules, type CertificateToInsert } from './certificate-schedules';
import { ownedCount, readCount } from './counters';
import { itemChange, namedPerson, recordCreation, withPersonNames } from './tasks';

/** The columns of a certificate the history records. */
const RECORDED_CERTIFICATE_FIELDS = [
  'name',
  'description',
  'issue_date',
  'expiry_date',
  'reminder_days_before',
  'certificate_type_id',
  'reminder_offsets',
  'department',
  'incharge_person_id',
  'status',
] as const;

export const CERTIFICATE_SORTS = {
  expiry_date: ['expiry_date'],
  created_at: ['created_at'],
  name: ['name'],
  status: ['status', 'expiry_date'],
} as const;
export type CertificateSortColumn =
  (typeof CERTIFICATE_SORTS)[keyof typeof CERTIFICATE_SORTS][number];

export interface CertificateFilter {
  organizationId: string;
  /** Only certificates this user is in charge of (an employee's own, or a filter). */
  inchargePersonId?: string;
  status?: CertificateStatus;
  /** Name contains, any case. */
  q?: string;
  /** Expiry date on or after this `YYYY-MM-DD` (the "expiring within" filter's today). */
  expiresFrom?: string;
  /** Expiry date on or before this `YYYY-MM-DD`. */
  expiresUntil?: string;
  /**
   * Today (`YYYY-MM-DD`, Asia/Kolkata): only certificates in their reminder window, expiring from today to their own `reminder_days_before` days ahead (issue 33).
   */
  inReminderWindowOn?: string;
}

/**
 * `expiry_date - reminder_days_before <= today`, the reminder-date rule of @duly/shared's
 * `certificateSchedule`, as each dialect counts days (dates are stored as `YYYY-MM-DD` text).
 */
function reminderWindowStarted(db: { getExecutor(): { adapter: unknown } }, today: string) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<boolean>`cast(c.expiry_date as date) - c.reminder_days_before <= cast(${today} as date)`
    : sql<boolean>`julianday(c.expiry_date) - c.reminder_days_before <= julianday(${today})`;
}

type CertificateTables = Database & { c: Database['certificates'] };

function conditions(filter: CertificateFilter, db: Db) {
  return (eb: ExpressionBuilder<CertificateTables, 'c'>) => {
    const where = [eb('c.organization_id', '=', filter.organizationId)];
    if (filter.inchargePersonId !== undefined) {
      where.push(eb('c.incharge_person_id', '=', filter.inchargePersonId));
    }
    if (filter.status !== undefined) where.push(eb('c.status', '=', filter.status));
    // Both bounds use the (organization_id, expiry_date, id) index.
    if (filter.expiresFrom !== undefined) where.push(eb('c.expiry_date', '>=', filter.expiresFrom));
    if (filter.expiresUntil !== undefined) {
      where.push(eb('c.expiry_date', '<=', filter.expiresUntil));
    }
    if (filter.inReminderWindowOn !== undefined) {
      const today = filter.inReminderWindowOn;
      // The expiry bounds narrow the index range; the window's start is per certificate.
      where.push(eb('c.expiry_date', '>=', today));
      where.push(eb('c.expiry_date', '<=', addCalendarDays(today, REMINDER_DAYS_MAX)));
      where.push(eb.and([reminderWindowStarted(db, today) as never]));
    }
    if (filter.q) {
      where.push(eb(sql`lower(c.name)`, 'like', sql`${containsPattern(filter.q)} escape '\\'`));
    }
    return eb.and(where);
  };
}

/** The incharge person is joined on their whole key, (organization_id, id), as in tasks.ts. */
function selectCertificates(db: Db) {
  return db
    .selectFrom('certificates as c')
    .leftJoin('users as p', (join) =>
      join
        .onRef('p.organization_id', '=', 'c.organization_id')
        .onRef('p.id', '=', 'c.incharge_person_id'),
    )
    .select([
      'c.id',
      'c.name',
      'c.description',
      'c.issue_date',
      'c.expiry_date',
      'c.reminder_days_before',
      'c.certificate_type_id',
      'c.reminder_offsets',
      'c.department',
      'c.incharge_person_id',
      'c.organization_id',
      'c.created_by_user_id',
      'c.status',
      'c.created_at',
      'c.updated_at',
      'p.full_name as incharge_full_name',
    ]);
}

type CertificateJoinRow = Awaited<
  ReturnType<ReturnType<typeof selectCertificates>['executeTakeFirstOrThrow']>
>;

function toCertificate(row: CertificateJoinRow): Certificate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    issue_date: row.issue_date,
    expiry_date: row.expiry_date,
    reminder_days_before: Number(row.reminder_days_before),
    certificate_type_id: row.certificate_type_id,
    reminder_offsets: parseOffsets(row.reminder_offsets),
    department: row.department,
    incharge_person_id: row.incharge_person_id,
    organization_id: row.organization_id,
    created_by_user_id: row.created_by_user_id,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
    assigned_to:
      row.incharge_person_id === null
        ? undefined
        : {
            id: row.incharge_person_id,
            full_name: row.incharge_full_name,
          },
  };
}

export async function listCertificates(
  db: Db,
  filter: CertificateFilter,
  sort: SortOrder<CertificateSortColumn>,
  page: Page,
): Promise<{ items: Certificate[]; total: number }> {
  let query = selectCertificates(db).where(conditions(filter, db));
  for (const column of sort.columns) query = query.orderBy(`c.${column}`, sort.direction);
  const rows = await query
    .orderBy('c.id', sort.direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const total = await totalOf(page, rows.length, () => countCertificates(db, filter));
  return { items: rows.map(toCertificate), total };
}

/**
 * How many certificates match: from the counters (migration 011) when the filters are the
 * counters' keys (incharge person, status); a name search or an expiry range counts rows.
 */
export async function countCertificates(db: Db, filter: CertificateFilter): Promise<number> {
  const countable =
    !filter.q &&
    filter.expiresFrom === undefined &&
    filter.expiresUntil === undefined &&
    filter.inReminderWindowOn === undefined;
  if (!countable) return countMatchingCertificates(db, filter);
  return readCount(
    ownedCount(db, 'certificate_counts', {
      organizationId: filter.organizationId,
      ownerId: filter.inchargePersonId,
      status: filter.status,
    }),
  );
}

async function countMatchingCertificates(db: Db, filter: CertificateFilter): Promise<number> {
  const { count } = await db
    .selectFrom('certificates as c')
    .where(conditions(filter, db))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function findCertificate(
  db: Db,
  filter: CertificateFilter & { id: string },
): Promise<Certificate | undefined> {
  const row = await selectCertificates(db)
    .where(conditions(filter, db))
    .where('c.id', '=', filter.id)
    .executeTakeFirst();
  return row && toCertificate(row);
}

/** The recorded fields of a certificate as stored: a save's old values (updateReturningOld). */
export type RecordedCertificate = Pick<
  CertificateRow,
  (typeof RECORDED_CERTIFICATE_FIELDS)[number]
>;

/**
 * findCertificate for a save, in its transaction: the certificate, and its recorded fields as
 * stored (saveCertificate's `read`: the save's old values), locked while the history records
 * (lockedForSave).
 */
export async function findCertificateForSave(
  trx: Db,
  filter: CertificateFilter & { id: string },
): Promise<{ certificate: Certificate; recorded: RecordedCertificate } | undefined> {
  const row = await lockedForSave(
    trx,
    selectCertificates(trx).where(conditions(filter, trx)).where('c.id', '=', filter.id),
    'c',
  ).executeTakeFirst();
  if (!row) return undefined;
  const recorded = {} as Record<(typeof RECORDED_CERTIFICATE_FIELDS)[number], unknown>;
  for (const field of RECORDED_CERTIFICATE_FIELDS) recorded[field] = row[field];
  return { certificate: toCertificate(row), recorded: recorded as RecordedCertificate };
}

export type { CertificateToInsert };

export async function insertCertificate(
  db: Db,
  certificate: CertificateToInsert,
  actor: Actor,
  action: 'created' | 'imported' = 'created',
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const [scheduled] = await withSchedules(trx, [certificate]);
    await trx.insertInto('certificates').values(scheduled).execute();
    await recordCreation(trx, actor, {
      entityType: 'certificate',
      row: certificate,
      fields: RECORDED_CERTIFICATE_FIELDS,
      personField: 'incharge_person_id',
      action,
    });
  });
}

/**
 * New certificates of one organisation at once (an import's batch, issue 27): one INSERT, one
 * read of the people in charge's names and one append to the history, where inserting them one
 * by one costs each several round trips. The history records each as insertCertificate does.
 */
export async function insertCertificates(
  db: Db,
  certificates: readonly CertificateToInsert[],
  actor: Actor,
  action: 'created' | 'imported' = 'imported',
): Promise<void> {
  if (certificates.length === 0) return;
  const organizationId = certificates[0].organization_id;
  if (certificates.some((certificate) => certificate.organization_id !== organizationId)) {
    throw new Error('insertCertificates takes the certificates of one organisation');
  }
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('certificates')
      .values(await withSchedules(trx, certificates))
      .execute();
    const ids = [
      ...new Set(
        certificates
          .map((certificate) => certificate.incharge_person_id)
          .filter((id): id is string => typeof id === 'string'),
      ),
    ];
    const people =
      ids.length === 0
        ? []
        : await trx
            .selectFrom('users')
            .select(['id', 'full_name'])
            .where('organization_id', '=', organizationId)
            .where('id', 'in', ids)
            .execute();
    const names = new Map(people.map((person) => [person.id, person.full_name]));
    const empty = Object.fromEntries(RECORDED_CERTIFICATE_FIELDS.map((field) => [field, null]));
    await recordActivity(
      trx,
      actor,
      certificates.map((certificate) => ({
        organizationId,
        entityType: 'certificate' as const,
        entityId: certificate.id,
        action,
        changes: namedPerson(
          changesBetween(
            empty as unknown as CertificateToInsert,
            certificate,
            RECORDED_CERTIFICATE_FIELDS,
          ),
          'incharge_person_id',
          names,
        ),
      })),
    );
  });
}

/**
 * Seeded certificates (the demo's): inserted with their schedules, as any others, but without
 * history entries, as seeded data has none.
 */
export async function insertSeededCertificates(
  db: Db,
  certificates: readonly CertificateToInsert[],
): Promise<void> {
  if (certificates.length === 0) return;
  await db
    .insertInto('certificates')
    .values(await withSchedules(db, certificates))
    .execute();
}

/**
 * What a save changes: plain columns, and a status the caller chose (if any). Never the
 * reminder schedule: the save re-arms it itself when the edit calls for it (rearmedSchedule).
 */
export interface CertificateEdit {
  changes: Omit<CertificateUpdate, 'status' | 'remind_on' | 'escalate_on'>;
  /** The status asked for (the edit form); otherwise the row keeps its own. */
  status?: CertificateStatus;
  /** The expiry date the certificate has after the save. */
  expiryDate: string;
  /** Today in Asia/Kolkata. */
  today: string;
}

/** What a save leaves, as one statement read it from the row it wrote. */
export type SavedCertificate = Pick<
  CertificateRow,
  'id' | 'organization_id' | 'name' | 'expiry_date' | 'status' | 'incharge_person_id'
>;

/**
 * The status a save writes, computed inside the UPDATE from the row as it is then (issue 24,
 * item 14): the status asked for, or the row's own, except that an expired or escalated
 * certificate saved with an expiry date of today or later is renewed (ARCHITECTURE 6). The
 * sweep may expire the certificate between the route's read and this statement; reading the
 * status here renews it all the same, where a status computed from the read would leave it
 * expired with a future date. Undefined: the save leaves the status alone.
 */
function statusAfterSave(edit: CertificateEdit): RawBuilder<CertificateStatus> | undefined {
  const current = edit.expiryDate >= edit.today;
  if (edit.status === undefined && !current) return undefined;
  const asked =
    edit.status === undefined
      ? sql<CertificateStatus>`status`
      : sql<CertificateStatus>`cast(${edit.status} as text)`;
  if (!current) return asked;
  return sql<CertificateStatus>`case when ${asked} in ('expired', 'escalated') then 'renewed'
    else ${asked} end`;
}

const SAVED_CERTIFICATE_COLUMNS = [
  'certificates.id',
  'certificates.organization_id',
  ...RECORDED_CERTIFICATE_FIELDS.map((field) => `certificates.${field}` as const),
] as const;

/**
 * The UPDATE of a save, with the recorded columns as they were (db/old-values.ts): `read`, the
 * caller's read in this transaction (findCertificateForSave), or else read by the UPDATE.
 * Without history (the bench's switch) only the UPDATE runs, and `before` is the saved row.
 */
async function updateCertificateReturningOld(
  trx: Db,
  organizationId: string,
  id: string,
  edit: CertificateEdit,
  status: RawBuilder<CertificateStatus> | undefined,
  read: RecordedCertificate | undefined,
) {
  const schedule = await rearmedSchedule(
    trx,
    organizationId,
    id,
    { ...edit.changes, status: edit.status },
    read,
  );
  const update = trx
    .updateTable('certificates')
    .set({ ...edit.changes, ...schedule })
    .$if(status !== undefined, (query) => query.set({ status: status! }))
    .where('certificates.organization_id', '=', organizationId)
    .where('certificates.id', '=', id);
  const written = await updateReturningOld<
    (typeof RECORDED_CERTIFICATE_FIELDS)[number],
    Pick<CertificateRow, 'id' | 'organization_id' | (typeof RECORDED_CERTIFICATE_FIELDS)[number]>
  >(trx, 'certificates', { organizationId, id }, update, {
    fields: RECORDED_CERTIFICATE_FIELDS,
    returning: SAVED_CERTIFICATE_COLUMNS,
    before: read,
  });
  return written && { before: written.before ?? written.saved, saved: written.saved };
}

/**
 * Changes one certificate of the organisation in one statement; undefined when it has none.
 * `read`: its recorded fields as findCertificateForSave read them in this transaction (the old
 * values, and what the reminder's re-arming compares with); otherwise the save reads them.
 */
export async function saveCertificate(
  db: Db,
  organizationId: string,
  id: string,
  edit: CertificateEdit,
  actor: Actor,
  read?: RecordedCertificate,
): Promise<SavedCertificate | undefined> {
  const status = statusAfterSave(edit);
  return inTransaction(db, async (trx) => {
    const written = await updateCertificateReturningOld(
      trx,
      organizationId,
      id,
      edit,
      status,
      read,
    );
    if (!written) return undefined;
    const { before, saved } = written;
    const changes = changesBetween(before, saved, RECORDED_CERTIFICATE_FIELDS);
    if (Object.keys(changes).length > 0) {
      const named = await withPersonNames(trx, organizationId, changes, 'incharge_person_id');
      await recordActivity(trx, actor, [
        itemChange(
          { organizationId, entityType: 'certificate', entityId: id },
          named,
          'incharge_person_id',
        ),
      ]);
    }
    return {
      id: saved.id,
      organization_id: saved.organization_id,
      name: saved.name,
      expiry_date: saved.expiry_date,
      status: saved.status,
      incharge_person_id: saved.incharge_person_id,
    };
  });
}

/**
 * Every certificate matching the list's filters, in the list's order, one batch at a time
 * (export/: never the whole list in memory), with the person in charge's email.
 */
export function exportCertificates(
  db: Db,
  filter: CertificateFilter,
  sort: SortOrder<CertificateSortColumn>,
  batch?: number,
) {
  const order: KeysetOrder = {
    keys: [...sort.columns.map((column) => sql.ref(`c.${column}`)), sql.ref('c.id')],
    direction: sort.direction,
  };
  return keysetBatches(
    order,
    (after, limit) => {
      let query = db
        .selectFrom('certificates as c')
        .leftJoin('users as p', (join) =>
          join
            .onRef('p.organization_id', '=', 'c.organization_id')
            .onRef('p.id', '=', 'c.incharge_person_id'),
        )
        .select([
          'c.name',
          'c.description',
          'c.issue_date',
          'c.expiry_date',
          'c.reminder_days_before',
          'c.department',
          'c.status',
          'p.email as incharge_email',
        ])
        .select(keyColumns(order) as never[])
        .where(conditions(filter, db));
      if (after) query = query.where(after);
      for (const key of order.keys) query = query.orderBy(key, order.direction);
      return query.limit(limit).execute() as Promise<Record<string, unknown>[]>;
    },
    batch,
  );
}

/** Per person in charge, of these people: their certificates in the reminder window on `today`. */
export async function reminderWindowCountsOf(
  db: Db,
  organizationId: string,
  personIds: readonly string[],
  today: string,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (personIds.length === 0) return counts;
  const rows = await db
    .selectFrom('certificates as c')
    .where(conditions({ organizationId, inReminderWindowOn: today }, db))
    .where('c.incharge_person_id', 'in', personIds)
    .groupBy('c.incharge_person_id')
    .select((eb) => ['c.incharge_person_id as person', eb.fn.countAll<number | string>().as('n')])
    .execute();
  for (const row of rows) if (row.person) counts.set(row.person, Number(row.n));
  return counts;
}
