/**
 * The compliance matrix (issue 28): who must hold which certificate type, and who does.
 *
 * Computed in SQL over the whole organisation (5,000 people × 40 types): the required pairs
 * (person, type) come from three joins, never a cross product of people and types checked
 * one by one — types required for everyone, for the person's role, for their department —
 * and each pair is matched with the latest expiry date the person holds of that type
 * (index certificates (organization_id, certificate_type_id, incharge_person_id, expiry_date)).
 * Per person, per type and for the organisation, "compliant" counts required pairs whose
 * certificate is valid today (Asia/Kolkata). Only the page of people is then read cell by cell.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Role } from '@duly/shared/contract';
import type { Page } from '../list';
import type { Db } from '../tables';
import { parseOffsets } from './certificate-types';

export interface ComplianceFilter {
  organizationId: string;
  /** Kolkata's today: certificates expiring on or after it are valid. */
  today: string;
  department?: string;
  /** People of this department (a manager's team, resolved by the route). */
  teamDepartment?: string;
  typeId?: string;
  gapsOnly?: boolean;
  includeInactive?: boolean;
  /** Only these people (the page's, when reading their cells). */
  personIds?: string[];
}

export type ComplianceSort = 'name' | 'compliance';

export interface PersonSummary {
  id: string;
  full_name: string | null;
  department: string | null;
  role: Role;
  required: number;
  compliant: number;
}

export interface TypeSummary {
  id: string;
  name: string;
  firstOffset: number;
  required: number;
  compliant: number;
}

/** The common table expressions: p (people), t (types), rq (required pairs), s (scored). */
function withPairs(filter: ComplianceFilter): RawBuilder<unknown> {
  const org = filter.organizationId;
  const people = [sql`organization_id = ${org}`];
  if (!filter.includeInactive) people.push(sql`status = 'active'`);
  if (filter.department !== undefined) people.push(sql`department = ${filter.department}`);
  if (filter.teamDepartment !== undefined) {
    people.push(sql`department = ${filter.teamDepartment}`);
  }
  if (filter.personIds !== undefined) people.push(sql`id in (${sql.join(filter.personIds)})`);
  const types = [sql`organization_id = ${org}`];
  if (filter.typeId !== undefined) types.push(sql`id = ${filter.typeId}`);
  return sql`with
    p as (select id, full_name, email, department, role from users
      where ${sql.join(people, sql` and `)}),
    t as (select id, name, reminder_offsets, required_for_everyone from certificate_types
      where ${sql.join(types, sql` and `)}),
    r as (select certificate_type_id, kind, value from certificate_type_requirements
      where organization_id = ${org}),
    rq as (
      select p.id as person_id, t.id as type_id from p join t on t.required_for_everyone = 1
      union
      select p.id, t.id from p join r on r.kind = 'role' and r.value = p.role
        join t on t.id = r.certificate_type_id
      union
      select p.id, t.id from p join r on r.kind = 'department' and r.value = p.department
        join t on t.id = r.certificate_type_id),
    h as (select incharge_person_id as person_id, certificate_type_id as type_id,
        max(expiry_date) as expiry
      from certificates
      where organization_id = ${org} and certificate_type_id is not null
        and incharge_person_id is not null
      group by incharge_person_id, certificate_type_id),
    s as (select rq.person_id, rq.type_id,
        case when h.expiry >= ${filter.today} then 1 else 0 end as ok
      from rq left join h on h.person_id = rq.person_id and h.type_id = rq.type_id)`;
}

/** Per person: required and compliant counts, sorted, one page, and how many match. */
export async function compliancePeople(
  db: Db,
  filter: ComplianceFilter,
  sort: { by: ComplianceSort; descending: boolean },
  page: Page,
): Promise<{ people: PersonSummary[]; total: number }> {
  const direction = sql.raw(sort.descending ? 'desc' : 'asc');
  const name = sql`lower(coalesce(p.full_name, p.email))`;
  const percent = sql`case when count(s.type_id) = 0 then 1.0
    else sum(s.ok) * 1.0 / count(s.type_id) end`;
  const order =
    sort.by === 'name'
      ? sql`${name} ${direction}, p.id ${direction}`
      : sql`${percent} ${direction}, ${name} asc, p.id asc`;
  const gaps = filter.gapsOnly ? sql`having count(s.type_id) > coalesce(sum(s.ok), 0)` : sql``;
  const { rows } = await sql<{
    id: string;
    full_name: string | null;
    department: string | null;
    role: Role;
    required: number | string;
    compliant: number | string | null;
    total: number | string;
  }>`${withPairs(filter)}
    select p.id, p.full_name, p.department, p.role, count(s.type_id) as required,
      coalesce(sum(s.ok), 0) as compliant, count(*) over () as total
    from p left join s on s.person_id = p.id
    group by p.id, p.full_name, p.email, p.department, p.role
    ${gaps}
    order by ${order}
    limit ${page.limit} offset ${page.offset}`.execute(db);
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && page.offset > 0) {
    total = (await compliancePeople(db, filter, sort, { limit: 1, offset: 0 })).total;
  }
  return {
    people: rows.map((row) => ({
      id: row.id,
      full_name: row.full_name,
      department: row.department,
      role: row.role,
      required: Number(row.required),
      compliant: Number(row.compliant ?? 0),
    })),
    total,
  };
}

/**
 * Per type required for at least one person matching: required and compliant counts (the
 * columns and their totals). With gaps only, over the people who have a gap.
 */
export async function complianceTypes(db: Db, filter: ComplianceFilter): Promise<TypeSummary[]> {
  const gapped = filter.gapsOnly
    ? sql`where s.person_id in (select person_id from s group by person_id
        having count(*) > sum(ok))`
    : sql``;
  const { rows } = await sql<{
    id: string;
    name: string;
    reminder_offsets: string;
    required: number | string;
    compliant: number | string | null;
  }>`${withPairs(filter)}
    select t.id, t.name, t.reminder_offsets, count(*) as required,
      coalesce(sum(s.ok), 0) as compliant
    from s join t on t.id = s.type_id
    ${gapped}
    group by t.id, t.name, t.reminder_offsets
    order by lower(t.name), t.id`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    firstOffset: Math.max(...(parseOffsets(row.reminder_offsets) ?? [0])),
    required: Number(row.required),
    compliant: Number(row.compliant ?? 0),
  }));
}

/** Which of `typeIds` each of `personIds` is required to hold. */
export async function requiredPairs(
  db: Db,
  filter: ComplianceFilter,
  personIds: string[],
): Promise<Set<string>> {
  if (personIds.length === 0) return new Set();
  const { rows } = await sql<{ person_id: string; type_id: string }>`${withPairs({
    ...filter,
    personIds,
  })}
    select person_id, type_id from rq`.execute(db);
  return new Set(rows.map((row) => `${row.person_id}:${row.type_id}`));
}

/** The latest-expiring certificate of each type each person holds (the page's cells). */
export async function heldCertificates(
  db: Db,
  organizationId: string,
  personIds: string[],
): Promise<Map<string, { id: string; expiry_date: string }>> {
  const held = new Map<string, { id: string; expiry_date: string }>();
  if (personIds.length === 0) return held;
  const rows = await db
    .selectFrom('certificates')
    .select(['id', 'incharge_person_id', 'certificate_type_id', 'expiry_date'])
    .where('organization_id', '=', organizationId)
    .where('incharge_person_id', 'in', personIds)
    .where('certificate_type_id', 'is not', null)
    .orderBy('expiry_date')
    .orderBy('id')
    .execute();
  // Ordered by expiry date: the last one written for a pair is the latest.
  for (const row of rows) {
    held.set(`${row.incharge_person_id}:${row.certificate_type_id}`, {
      id: row.id,
      expiry_date: row.expiry_date,
    });
  }
  return held;
}
