/**
 * The compliance matrix (issue 28): who must hold which certificate type, and who does.
 *
 * One statement per page, over the whole organisation (5,000 people × 40 types), that never
 * lists the 200,000 (person, type) cells nor even the ~65,000 required pairs:
 * - what a person must hold depends only on their role and department, so the requirements are
 *   resolved per class (role, department) that occurs among the people matching: a handful of
 *   rows (`kt`), and a person's required count is their class's;
 * - "compliant" pairs are read from the other side: the certificates valid today (Kolkata),
 *   one per (person, type) whose type the person's class requires (`ok`);
 * - per person (`pp`: required, compliant), the page of them sorted by name or compliance
 *   (`pg`), per type (`tr`, `tc`) and the organisation come from those, each computed once.
 * The statement returns the page's people, the columns with their totals, how many people
 * match, and the classes of the page's people (their cells' "required") as rows of one
 * `union all`, told apart by `kind`. CTEs read twice are `materialized` (PostgreSQL ≥ 12 and
 * SQLite ≥ 3.35 both take the word) so nothing is computed twice.
 * Then only the page's certificates are read, for the cells' dates and links (index
 * certificates (organization_id, incharge_person_id, expiry_date, id)).
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

export interface ComplianceSummary {
  /** The page of people, in order. */
  people: PersonSummary[];
  /** How many people match (X-Total-Count). */
  total: number;
  /** The columns: types required for at least one person matching, by name. */
  types: TypeSummary[];
  /** Whether `person` must hold `typeId` (for the page's people). */
  isRequired: (person: Pick<PersonSummary, 'role' | 'department'>, typeId: string) => boolean;
}

function classKey(role: string, department: string | null, typeId: string): string {
  return `${role}\u0000${department ?? ''}\u0000${typeId}`;
}

/** The common table expressions, up to `pp` (per person matching) and `pg` (the page). */
function withSummaries(
  filter: ComplianceFilter,
  sort: { by: ComplianceSort; descending: boolean },
  page: Page,
): RawBuilder<unknown> {
  const org = filter.organizationId;
  const people = [sql`organization_id = ${org}`];
  if (!filter.includeInactive) people.push(sql`status = 'active'`);
  if (filter.department !== undefined) people.push(sql`department = ${filter.department}`);
  if (filter.teamDepartment !== undefined) {
    people.push(sql`department = ${filter.teamDepartment}`);
  }
  const types = [sql`organization_id = ${org}`];
  if (filter.typeId !== undefined) types.push(sql`id = ${filter.typeId}`);
  const direction = sql.raw(sort.descending ? 'desc' : 'asc');
  const name = sql`lower(coalesce(full_name, email))`;
  const percent = sql`case when required = 0 then 1.0 else compliant * 1.0 / required end`;
  const order =
    sort.by === 'name'
      ? sql`${name} ${direction}, id ${direction}`
      : sql`${percent} ${direction}, ${name} asc, id asc`;
  const gaps = filter.gapsOnly
    ? sql`where coalesce(kn.required, 0) > coalesce(oc.compliant, 0)`
    : sql``;
  return sql`with
    p as materialized (select id, full_name, email, department, role,
        coalesce(department, '') as dept
      from users where ${sql.join(people, sql` and `)}),
    t as materialized (select id, name, reminder_offsets, required_for_everyone
      from certificate_types where ${sql.join(types, sql` and `)}),
    r as materialized (select certificate_type_id as type_id, kind, value
      from certificate_type_requirements where organization_id = ${org}),
    k as materialized (select role, dept from p group by role, dept),
    kt as materialized (
      select k.role, k.dept, t.id as type_id from k cross join t
        where t.required_for_everyone = 1
      union
      select k.role, k.dept, r.type_id from k join r on r.kind = 'role' and r.value = k.role
        join t on t.id = r.type_id
      union
      select k.role, k.dept, r.type_id from k
        join r on r.kind = 'department' and r.value = k.dept
        join t on t.id = r.type_id),
    kn as materialized (select role, dept, count(*) as required from kt group by role, dept),
    c as materialized (select incharge_person_id as person_id, certificate_type_id as type_id
      from certificates where organization_id = ${org} and certificate_type_id is not null
        and incharge_person_id is not null and expiry_date >= ${filter.today}),
    ok as materialized (select c.person_id, c.type_id
      from c join p on p.id = c.person_id
        join kt on kt.role = p.role and kt.dept = p.dept and kt.type_id = c.type_id
      group by c.person_id, c.type_id),
    oc as materialized (select person_id, count(*) as compliant from ok group by person_id),
    pp as materialized (select p.id, p.full_name, p.email, p.department, p.role, p.dept,
        coalesce(kn.required, 0) as required, coalesce(oc.compliant, 0) as compliant
      from p left join kn on kn.role = p.role and kn.dept = p.dept
        left join oc on oc.person_id = p.id
      ${gaps}),
    pg as materialized (select id, full_name, department, role, dept, required, compliant,
        row_number() over (order by ${order}) as position
      from pp order by ${order} limit ${page.limit} offset ${page.offset}),
    pk as (select role, dept, count(*) as people from pp group by role, dept),
    tr as (select kt.type_id, sum(pk.people) as required from pk
      join kt on kt.role = pk.role and kt.dept = pk.dept group by kt.type_id),
    tc as (select ok.type_id, count(*) as compliant from ok
      ${filter.gapsOnly ? sql`where ok.person_id in (select id from pp)` : sql``}
      group by ok.type_id)`;
}

/**
 * The page of people with their counts, the columns with their totals, how many people match
 * and which types the page's people must hold: one statement (see the file's comment).
 */
export async function complianceSummary(
  db: Db,
  filter: ComplianceFilter,
  sort: { by: ComplianceSort; descending: boolean },
  page: Page,
): Promise<ComplianceSummary> {
  const { rows } = await sql<{
    kind: 'total' | 'person' | 'type' | 'class';
    id: string | null;
    name: string | null;
    detail: string | null;
    role: string | null;
    type_id: string | null;
    required: number | string | null;
    compliant: number | string | null;
    position: number | string | null;
  }>`${withSummaries(filter, sort, page)}
    select 'total' as kind, null as id, null as name, null as detail, null as role,
      null as type_id, (select count(*) from pp) as required, null as compliant,
      null as position
    union all
    select 'person', id, full_name, department, role, null, required, compliant, position
      from pg
    union all
    select 'type', t.id, t.name, t.reminder_offsets, null, null, tr.required,
      coalesce(tc.compliant, 0), row_number() over (order by lower(t.name), t.id)
      from tr join t on t.id = tr.type_id left join tc on tc.type_id = tr.type_id
    union all
    select 'class', null, null, kt.dept, kt.role, kt.type_id, null, null, null
      from kt where exists (select 1 from pg where pg.role = kt.role and pg.dept = kt.dept)`.execute(
    db,
  );
  const byPosition = (a: { position: unknown }, b: { position: unknown }) =>
    Number(a.position) - Number(b.position);
  const required = new Set<string>();
  let total = 0;
  const people: (PersonSummary & { position: unknown })[] = [];
  const types: (TypeSummary & { position: unknown })[] = [];
  for (const row of rows) {
    if (row.kind === 'total') total = Number(row.required);
    else if (row.kind === 'class') required.add(classKey(row.role!, row.detail, row.type_id!));
    else if (row.kind === 'person') {
      people.push({
        id: row.id!,
        full_name: row.name,
        department: row.detail,
        role: row.role as Role,
        required: Number(row.required),
        compliant: Number(row.compliant ?? 0),
        position: row.position,
      });
    } else {
      types.push({
        id: row.id!,
        name: row.name!,
        firstOffset: Math.max(...(parseOffsets(row.detail!) ?? [0])),
        required: Number(row.required),
        compliant: Number(row.compliant ?? 0),
        position: row.position,
      });
    }
  }
  return {
    people: people.sort(byPosition).map(({ position: _, ...person }) => person),
    total,
    types: types.sort(byPosition).map(({ position: _, ...type }) => type),
    isRequired: (person, typeId) => required.has(classKey(person.role, person.department, typeId)),
  };
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
