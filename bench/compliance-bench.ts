/**
 * The compliance matrix at scale (issue 28): one organisation of BENCH_PEOPLE people (default
 * 5,000) in 5 departments and 3 roles, BENCH_TYPES certificate types (default 40: 4 required
 * of everyone, 12 by role, 24 by department), and a certificate for about 70% of the required
 * pairs (some expired, some expiring, some valid) plus some optional ones. On SQLite (in
 * memory) and PostgreSQL (a database created and dropped), GET /compliance through the whole
 * API in-process (`app.inject`: routing, validation, SQL, serialisation): the first page of 50
 * sorted by name, by compliance, only gaps, one department, and a type; each the median of
 * BENCH_RUNS (default 10) after a warm-up. Server time; the target is under 1 s.
 *
 *   npm run bench:compliance            (DATABASE_URL for PostgreSQL, as the tests;
 *                                        BENCH_DATABASES=sqlite to leave it out;
 *                                        BENCH_KEEP=1 keeps the PostgreSQL database and prints
 *                                        its URL, to EXPLAIN ANALYZE the queries on it)
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { performance } from 'node:perf_hooks';
import { buildApp, certificateSchedule, type Db } from '../api/src/index';
import {
  kolkataDateIn,
  openTestDatabase,
  testConfig,
  tokenFor,
  type DatabaseKind,
} from '../api/test/helper';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 5_000);
const TYPES = Number(process.env.BENCH_TYPES ?? 40);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const DEPARTMENTS = ['Operations', 'Engineering', 'Sales', 'Design', 'Marketing'];
const ROLES = ['employee', 'manager', 'admin'] as const;
const CHUNK = 500;

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += CHUNK)
    await insert(rows.slice(start, start + CHUNK));
}

/** Seeds the organisation; returns the admin and the counts. */
async function seed(db: Db, dialect: 'sqlite' | 'postgres') {
  const organizationId = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('organizations')
    .values({ id: organizationId, name: 'Bench', created_at: now, updated_at: now })
    .execute();
  const people = Array.from({ length: PEOPLE }, (_, i) => ({
    id: randomUUID(),
    organization_id: organizationId,
    email: `person${i}@bench.test`,
    first_name: `Person${i}`,
    last_name: 'Bench',
    full_name: `Person ${String(i).padStart(5, '0')} Bench`,
    phone: null,
    department: DEPARTMENTS[i % DEPARTMENTS.length],
    // Mostly employees, some managers, a few admins.
    role: i % 50 === 0 ? ROLES[2] : i % 10 === 0 ? ROLES[1] : ROLES[0],
    status: i % 100 === 99 ? ('inactive' as const) : ('active' as const),
    password_hash: null,
    created_at: now,
    updated_at: now,
  }));
  await insertChunks(people, (chunk) => db.insertInto('users').values(chunk).execute());
  const types = Array.from({ length: TYPES }, (_, i) => ({
    organization_id: organizationId,
    id: randomUUID(),
    name: `Type ${String(i).padStart(2, '0')}`,
    description: null,
    validity_months: 24,
    reminder_offsets: '[60,14]',
    remind_after_expiry: 0,
    required_for_everyone: i < TYPES / 10 ? 1 : 0,
    created_at: now,
    updated_at: now,
  }));
  await db.insertInto('certificate_types').values(types).execute();
  const requirements = types
    .slice(Math.ceil(TYPES / 10))
    .map((type, i) =>
      i < (TYPES * 3) / 10
        ? { kind: 'role' as const, value: ROLES[i % ROLES.length] }
        : { kind: 'department' as const, value: DEPARTMENTS[i % DEPARTMENTS.length] },
    );
  await db
    .insertInto('certificate_type_requirements')
    .values(
      requirements.map((requirement, i) => ({
        organization_id: organizationId,
        certificate_type_id: types[Math.ceil(TYPES / 10) + i].id,
        ...requirement,
      })),
    )
    .execute();
  const required = (person: (typeof people)[number], index: number) => {
    const type = types[index];
    if (type.required_for_everyone) return true;
    const requirement = requirements[index - Math.ceil(TYPES / 10)];
    return requirement.kind === 'role'
      ? requirement.value === person.role
      : requirement.value === person.department;
  };
  const certificates = [];
  let pairs = 0;
  for (const [p, person] of people.entries()) {
    for (let t = 0; t < types.length; t += 1) {
      const needed = required(person, t);
      if (needed) pairs += 1;
      const roll = (p * 31 + t * 17) % 100;
      if ((needed && roll < 70) || (!needed && roll < 3)) {
        const expiry = kolkataDateIn((roll % 7) * 60 - 60);
        certificates.push({
          ...certificateSchedule(expiry, 30),
          id: randomUUID(),
          organization_id: organizationId,
          name: types[t].name,
          description: null,
          issue_date: null,
          expiry_date: expiry,
          reminder_days_before: 30,
          certificate_type_id: types[t].id,
          department: null,
          incharge_person_id: person.id,
          created_by_user_id: people[0].id,
          assigner_id: null,
          status: 'active' as const,
          created_at: now,
          updated_at: now,
        });
      }
    }
  }
  await insertChunks(certificates, (chunk) =>
    db.insertInto('certificates').values(chunk).execute(),
  );
  // After a bulk load, statistics as autovacuum (PostgreSQL) or `analyze` (SQLite) leaves them;
  // without them PostgreSQL plans the CTEs' joins as if they held one row.
  await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db);
  const admin = people[0];
  return {
    organizationId,
    admin,
    typeId: types[TYPES - 1].id,
    pairs,
    certificates: certificates.length,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function benchOn(kind: DatabaseKind) {
  const database = await openTestDatabase(kind);
  let organizationOf = '';
  try {
    const seeded = await seed(database.db, database.settings.dialect);
    organizationOf = seeded.organizationId;
    const app = await buildApp({ config: testConfig(), db: database.db });
    await app.ready();
    const token = tokenFor({
      id: seeded.admin.id,
      email: seeded.admin.email,
      full_name: seeded.admin.full_name,
      role: 'admin',
      organization_id: seeded.organizationId,
    });
    console.log(
      `${kind}: ${PEOPLE} people × ${TYPES} types, ${seeded.pairs} required pairs, ${seeded.certificates} certificates`,
    );
    const cases = [
      ['first page by name', '/api/v1/compliance?limit=50'],
      ['first page by compliance', '/api/v1/compliance?limit=50&sort=compliance'],
      ['a deep page by name', '/api/v1/compliance?limit=50&offset=4000'],
      ['only gaps', '/api/v1/compliance?limit=50&gaps_only=true'],
      ['one department', '/api/v1/compliance?limit=50&department=Operations'],
      ['one type', `/api/v1/compliance?limit=50&type_id=${seeded.typeId}`],
    ];
    for (const [name, url] of cases) {
      const times: number[] = [];
      let total = '';
      for (let run = 0; run <= RUNS; run += 1) {
        const started = performance.now();
        const response = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200)
          throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        total = String(response.headers['x-total-count']);
        if (run > 0) times.push(elapsed);
      }
      console.log(
        `  ${name.padEnd(26)} median ${median(times).toFixed(0).padStart(5)} ms  max ${Math.max(
          ...times,
        )
          .toFixed(0)
          .padStart(5)} ms  (X-Total-Count ${total})`,
      );
    }
    await app.close();
  } finally {
    if (process.env.BENCH_KEEP && database.settings.dialect === 'postgres') {
      console.log(`  kept ${database.settings.connectionString} (organization ${organizationOf})`);
      await database.db.destroy();
    } else await database.drop();
  }
}

async function main() {
  const kinds = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',') as DatabaseKind[];
  console.log(
    `load average ${(await import('node:os'))
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  for (const kind of kinds) await benchOn(kind);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
