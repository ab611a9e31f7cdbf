/**
 * The catalogue of certificate types (issue 28), always scoped to one organisation. A type is
 * one row of `certificate_types` plus one row of `certificate_type_requirements` per role or
 * department it is required for. Every write records its activity entry in its transaction.
 */
import { sql } from 'kysely';
import type { CertificateRequirement, CertificateType, Role } from '@duly/shared/contract';
import type { Page } from '../list';
import type { CertificateTypesTable, Db } from '../tables';
import { inTransaction } from '../transaction';
import { changesBetween, recordActivity, type Actor } from './activity';

/** The columns of a type the history records; `required_for` is recorded as its text. */
const RECORDED_TYPE_FIELDS = [
  'name',
  'description',
  'validity_months',
  'reminder_offsets',
  'remind_after_expiry',
  'required_for',
] as const;

type RecordedType = Record<(typeof RECORDED_TYPE_FIELDS)[number], string | number | null>;

/** A type as written: its columns and its requirement. */
export interface CertificateTypeFields {
  name: string;
  description: string | null;
  validity_months: number | null;
  reminder_offsets: number[];
  remind_after_expiry: boolean;
  required_for: CertificateRequirement;
}

/** "Everyone", "Roles: manager; Departments: Operations", or "Optional": the history's text. */
function requirementText(required: CertificateRequirement): string {
  if (required.everyone) return 'Everyone';
  const parts: string[] = [];
  if (required.roles.length > 0) parts.push(`Roles: ${required.roles.join(', ')}`);
  if (required.departments.length > 0) {
    parts.push(`Departments: ${required.departments.join(', ')}`);
  }
  return parts.length > 0 ? parts.join('; ') : 'Optional';
}

function recorded(fields: CertificateTypeFields): RecordedType {
  return {
    name: fields.name,
    description: fields.description,
    validity_months: fields.validity_months,
    reminder_offsets: fields.reminder_offsets.join(', '),
    remind_after_expiry: fields.remind_after_expiry ? 'yes' : 'no',
    required_for: requirementText(fields.required_for),
  };
}

export function parseOffsets(text: string | null): number[] | null {
  if (text === null) return null;
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.map(Number) : null;
}

type TypeRow = CertificateTypesTable & { certificate_count: number | string };

function toType(row: TypeRow, requirements: { kind: string; value: string }[]): CertificateType {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    validity_months: row.validity_months === null ? null : Number(row.validity_months),
    reminder_offsets: parseOffsets(row.reminder_offsets) ?? [],
    remind_after_expiry: Number(row.remind_after_expiry) === 1,
    required_for: {
      everyone: Number(row.required_for_everyone) === 1,
      roles: requirements
        .filter((requirement) => requirement.kind === 'role')
        .map((requirement) => requirement.value as Role),
      departments: requirements
        .filter((requirement) => requirement.kind === 'department')
        .map((requirement) => requirement.value),
    },
    certificate_count: Number(row.certificate_count),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function selectTypes(db: Db, organizationId: string) {
  return db
    .selectFrom('certificate_types as t')
    .selectAll('t')
    .select((eb) =>
      eb
        .selectFrom('certificates as c')
        .whereRef('c.organization_id', '=', 't.organization_id')
        .whereRef('c.certificate_type_id', '=', 't.id')
        .select(eb.fn.countAll<number | string>().as('n'))
        .as('certificate_count'),
    )
    .where('t.organization_id', '=', organizationId);
}

async function requirementsOf(db: Db, organizationId: string, typeIds: string[]) {
  if (typeIds.length === 0) return new Map<string, { kind: string; value: string }[]>();
  const rows = await db
    .selectFrom('certificate_type_requirements')
    .select(['certificate_type_id', 'kind', 'value'])
    .where('organization_id', '=', organizationId)
    .where('certificate_type_id', 'in', typeIds)
    .orderBy('kind')
    .orderBy('value')
    .execute();
  const byType = new Map<string, { kind: string; value: string }[]>();
  for (const row of rows) {
    const list = byType.get(row.certificate_type_id) ?? [];
    list.push(row);
    byType.set(row.certificate_type_id, list);
  }
  return byType;
}

export async function listCertificateTypes(
  db: Db,
  organizationId: string,
  page: Page,
): Promise<{ items: CertificateType[]; total: number }> {
  const rows = (await selectTypes(db, organizationId)
    .orderBy('t.name')
    .orderBy('t.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute()) as TypeRow[];
  const { count } = await db
    .selectFrom('certificate_types')
    .where('organization_id', '=', organizationId)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const requirements = await requirementsOf(
    db,
    organizationId,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => toType(row, requirements.get(row.id) ?? [])),
    total: Number(count),
  };
}

export async function findCertificateType(
  db: Db,
  organizationId: string,
  id: string,
): Promise<CertificateType | undefined> {
  const row = (await selectTypes(db, organizationId).where('t.id', '=', id).executeTakeFirst()) as
    TypeRow | undefined;
  if (!row) return undefined;
  const requirements = await requirementsOf(db, organizationId, [id]);
  return toType(row, requirements.get(id) ?? []);
}

/** A type's fields as its row stores them (offsets as JSON text, flags as 0/1). */
function storedColumns(fields: CertificateTypeFields) {
  return {
    name: fields.name,
    description: fields.description,
    validity_months: fields.validity_months,
    reminder_offsets: JSON.stringify(fields.reminder_offsets),
    remind_after_expiry: fields.remind_after_expiry ? 1 : 0,
    required_for_everyone: fields.required_for.everyone ? 1 : 0,
  };
}

/** The type of this name in the organisation (names are unique without case), if any. */
export async function typeIdNamed(
  db: Db,
  organizationId: string,
  name: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('certificate_types')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

async function writeRequirements(
  trx: Db,
  organizationId: string,
  typeId: string,
  required: CertificateRequirement,
): Promise<void> {
  await trx
    .deleteFrom('certificate_type_requirements')
    .where('organization_id', '=', organizationId)
    .where('certificate_type_id', '=', typeId)
    .execute();
  const rows = [
    ...required.roles.map((value) => ({ kind: 'role' as const, value })),
    ...required.departments.map((value) => ({ kind: 'department' as const, value })),
  ].map((row) => ({ ...row, organization_id: organizationId, certificate_type_id: typeId }));
  if (rows.length > 0) await trx.insertInto('certificate_type_requirements').values(rows).execute();
}

export async function insertCertificateType(
  db: Db,
  organizationId: string,
  id: string,
  fields: CertificateTypeFields,
  now: string,
  actor: Actor,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('certificate_types')
      .values({
        organization_id: organizationId,
        id,
        ...storedColumns(fields),
        created_at: now,
        updated_at: now,
      })
      .execute();
    await writeRequirements(trx, organizationId, id, fields.required_for);
    const empty = Object.fromEntries(RECORDED_TYPE_FIELDS.map((f) => [f, null])) as RecordedType;
    await recordActivity(trx, actor, [
      {
        organizationId,
        entityType: 'certificate_type',
        entityId: id,
        action: 'created',
        changes: changesBetween(empty, recorded(fields), RECORDED_TYPE_FIELDS),
      },
    ]);
  });
}

/** Saves a type's new fields (the whole of them, the route merged what was sent). */
export async function saveCertificateType(
  db: Db,
  organizationId: string,
  id: string,
  before: CertificateTypeFields,
  after: CertificateTypeFields,
  moment: { now: string; today: string },
  actor: Actor,
): Promise<void> {
  const { now } = moment;
  const changes = changesBetween(recorded(before), recorded(after), RECORDED_TYPE_FIELDS);
  if (Object.keys(changes).length === 0) return;
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('certificate_types')
      .set({
        ...storedColumns(after),
        updated_at: now,
      })
      .where('organization_id', '=', organizationId)
      .where('id', '=', id)
      .execute();
    if ('required_for' in changes) {
      await writeRequirements(trx, organizationId, id, after.required_for);
    }
    // New offsets re-arm the type's certificates: the next sweep works out which reminders
    // are due and which come next; the ledger's keys keep those already sent from coming again.
    if ('reminder_offsets' in changes || 'remind_after_expiry' in changes) {
      await trx
        .updateTable('certificates')
        .set({ remind_on: moment.today })
        .where('organization_id', '=', organizationId)
        .where('certificate_type_id', '=', id)
        .where('status', 'in', ['active', 'renewed', 'expired', 'escalated'])
        .execute();
    }
    await recordActivity(trx, actor, [
      { organizationId, entityType: 'certificate_type', entityId: id, action: 'updated', changes },
    ]);
  });
}

/**
 * Deletes a type nobody's certificate is of: 'in_use' (nothing changed) when one is, checked
 * in the same transaction as the delete so a certificate typed meanwhile is not orphaned.
 */
export async function deleteCertificateType(
  db: Db,
  organizationId: string,
  id: string,
  actor: Actor,
): Promise<'deleted' | 'in_use'> {
  return inTransaction(db, async (trx) => {
    const used = await trx
      .selectFrom('certificates')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('certificate_type_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (used) return 'in_use';
    await trx
      .deleteFrom('certificate_types')
      .where('organization_id', '=', organizationId)
      .where('id', '=', id)
      .execute();
    await recordActivity(trx, actor, [
      { organizationId, entityType: 'certificate_type', entityId: id, action: 'deleted' },
    ]);
    return 'deleted';
  });
}

/**
 * "Link certificates named X to type X": every untyped certificate of the organisation whose
 * name is the type's (without case or surrounding spaces) gets the type. Each linked
 * certificate's history records it. Returns how many were linked.
 */
export async function linkCertificatesByName(
  db: Db,
  organizationId: string,
  type: { id: string; name: string },
  now: string,
  actor: Actor,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const linked = await trx
      .updateTable('certificates')
      .set({ certificate_type_id: type.id, updated_at: now })
      .where('organization_id', '=', organizationId)
      .where('certificate_type_id', 'is', null)
      .where(sql`lower(trim(name))`, '=', type.name.trim().toLowerCase())
      .returning('id')
      .execute();
    await recordActivity(
      trx,
      actor,
      linked.map((row) => ({
        organizationId,
        entityType: 'certificate' as const,
        entityId: row.id,
        action: 'updated' as const,
        changes: { certificate_type_id: [null, type.id] },
      })),
    );
    return linked.length;
  });
}
