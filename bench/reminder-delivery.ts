/**
 * Delivery of the reminders' mails at scale (`npm run bench:reminders`, issue 35). Not a
 * test: it prints figures.
 *
 * On PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a fresh
 * `duly_bench_<random>` database, dropped afterwards), 10,000 people in 10 organisations each
 * have one mail due: half an overdue task's notice (one mail per notice), half a digest of two
 * certificate reminders. The items are in the state their notices describe, so the sender's
 * re-check (reminders/still-holds.ts) passes and every mail goes out.
 *
 * Each scenario marks the notices of its first N people `pending` (the others `sent`), starts
 * a real SMTP server (api/src/mail/test-smtp-server.ts in a child process, smtp-sink.ts,
 * reading only the headers of each message), and calls `deliverDueNotifications` until nothing is left, as
 * successive scheduler runs would, with nodemailer's pool of C connections and C mails in
 * flight (5 is SMTP_POOL_CONNECTIONS's default; 10 and 20 what a large organisation or a
 * distant relay would set). With a delay, everything the client sends reaches the server 100 ms later (a proxy
 * in front of it): every SMTP command's round trip costs 100 ms more, as a distant relay's.
 * The server counts what it received: every mail exactly once (distinct Message-IDs, one per
 * person, each mail's header read whole) is checked, as is the ledger (every notice `sent`).
 *
 * Targets: 10,000 mails in under 60 s without the delay, under 5 minutes with it.
 * BENCH_DELIVERY_PEOPLE overrides 10,000 (to try the bench quickly); BENCH_DELIVERY_SCENARIOS
 * picks scenarios by number (e.g. `1,2`).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import {
  createDatabase,
  createMailer,
  deliverDueNotifications,
  migrateToLatest,
  systemClock,
  type Db,
} from '../api/src/index';
import { freshDatabase as emptyDatabase } from '../api/test/server-process';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PEOPLE = Number(process.env.BENCH_DELIVERY_PEOPLE ?? 10_000);
const ORGANISATIONS = 10;
const SETTINGS = {
  publicUrl: 'https://duly.test',
  jwtSecret: 'reminder-delivery-bench-secret-long',
};

interface Scenario {
  mails: number;
  delayMs: number;
  connections: number;
  targetMs?: number;
}

const SCENARIOS: Scenario[] = [
  { mails: 1_000, delayMs: 0, connections: 5 },
  { mails: 1_000, delayMs: 0, connections: 10 },
  { mails: PEOPLE, delayMs: 0, connections: 5, targetMs: 60_000 },
  { mails: PEOPLE, delayMs: 0, connections: 10, targetMs: 60_000 },
  { mails: 1_000, delayMs: 100, connections: 5 },
  { mails: 1_000, delayMs: 100, connections: 20 },
  { mails: PEOPLE, delayMs: 100, connections: 20, targetMs: 300_000 },
];

async function freshDatabase(): Promise<{ db: Db; drop(): Promise<void> }> {
  const empty = await emptyDatabase('postgres', 'duly-bench', ADMIN_URL);
  const db = createDatabase(empty.settings);
  await migrateToLatest(db);
  return {
    db,
    async drop() {
      await db.destroy();
      await empty.drop();
    },
  };
}

/** PEOPLE people, each with one mail's worth of notices (see the header). */
async function seed(db: Db): Promise<void> {
  const stamp = new Date().toISOString();
  const due = new Date(Date.now() - 86_400_000).toISOString();
  const expiry = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const escalateOn = new Date(Date.now() + 41 * 86_400_000).toISOString().slice(0, 10);
  const perOrganisation = Math.ceil(PEOPLE / ORGANISATIONS);
  for (let o = 0; o < ORGANISATIONS; o += 1) {
    const organizationId = randomUUID();
    await sql`insert into organizations (id, name, created_at, updated_at)
      values (${organizationId}, ${`Delivery Org ${o}`}, ${stamp}, ${stamp})`.execute(db);
    await sql`insert into users (id, organization_id, email, first_name, last_name, full_name,
        phone, department, role, status, password_hash, created_at, updated_at)
      select gen_random_uuid()::text, ${organizationId},
        'person-' || (${o * perOrganisation}::int + i) || '@example.test', 'Person' || i, 'Bench',
        'Person' || i || ' Bench', null, null, 'employee', 'active', null, ${stamp}, ${stamp}
      from generate_series(0, ${perOrganisation - 1}::int) as i`.execute(db);
  }
  // Even-numbered people: an overdue task; odd: two certificates in their reminder days.
  await sql`insert into tasks (id, organization_id, title, description, due_date, status,
      assigned_to_user_id, created_by_user_id, assigner_id, created_at, updated_at)
    select gen_random_uuid()::text, organization_id, 'Task of ' || email, null, ${due}, 'overdue',
      id, id, id, ${stamp}, ${stamp}
    from users where split_part(split_part(email, '@', 1), '-', 2)::int % 2 = 0`.execute(db);
  await sql`insert into certificates (id, organization_id, name, description, issue_date,
      expiry_date, reminder_days_before, department, incharge_person_id, created_by_user_id,
      assigner_id, status, remind_on, escalate_on, created_at, updated_at)
    select gen_random_uuid()::text, organization_id, 'Licence ' || n || ' of ' || email, null, null,
      ${expiry}, 30, null, id, id, id, 'active', null, ${escalateOn}, ${stamp}, ${stamp}
    from users, generate_series(1, 2) as n
    where split_part(split_part(email, '@', 1), '-', 2)::int % 2 = 1`.execute(db);
  await sql`insert into notifications (id, organization_id, recipient_user_id, key, kind,
      item_type, item_id, item_title, item_date, delivery, email_status, send_after, attempts,
      created_at)
    select gen_random_uuid()::text, organization_id, assigned_to_user_id,
      'task:' || id || ':overdue:' || due_date || ':' || assigned_to_user_id, 'task_overdue',
      'task', id, title, due_date, 'immediate', 'sent', ${stamp}, 0, ${stamp}
    from tasks`.execute(db);
  await sql`insert into notifications (id, organization_id, recipient_user_id, key, kind,
      item_type, item_id, item_title, item_date, delivery, email_status, send_after, attempts,
      created_at)
    select gen_random_uuid()::text, organization_id, incharge_person_id,
      'certificate:' || id || ':reminder:' || expiry_date || ':' || incharge_person_id,
      'certificate_reminder', 'certificate', id, name, expiry_date, 'digest', 'sent', ${stamp},
      0, ${stamp}
    from certificates`.execute(db);
  await sql`analyze`.execute(db);
}

/** Makes the notices of the first `people` people due again, and everyone else's sent. */
async function arm(db: Db, people: number): Promise<void> {
  await sql`update notifications set
      email_status = case when recipient_user_id in
        (select id from users order by email limit ${people}) then 'pending' else 'sent' end,
      attempts = 0, lease_owner = null, lease_until = null, sent_at = null, last_error = null`.execute(
    db,
  );
}

interface Measured extends Scenario {
  ms: number;
  received: number;
  distinct: number;
  /** People who got a mail (each has exactly one due): a lost mail shows here. */
  recipients: number;
  /** Mails without a readable Message-ID at the server (not received whole). */
  withoutMessageId: number;
  unsent: number;
}

interface SinkCount {
  received: number;
  distinct: number;
  withoutMessageId: number;
  recipients: number;
}

interface SmtpSink {
  url: string;
  count(): Promise<SinkCount>;
  close(): Promise<void>;
}

/** The SMTP server, in a child process (smtp-sink.ts). */
async function startSink(delayMs: number): Promise<SmtpSink> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'smtp-sink.ts')], {
    env: { ...process.env, BENCH_SMTP_DELAY_MS: String(delayMs) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const nextMessage = <T>() => new Promise<T>((resolve) => child.once('message', resolve));
  const { url } = await nextMessage<{ url: string }>();
  return {
    url,
    count() {
      const answer = nextMessage<SinkCount>();
      child.send('count');
      return answer;
    },
    close() {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send('close');
      return exited;
    },
  };
}

async function run(db: Db, scenario: Scenario): Promise<Measured> {
  await arm(db, scenario.mails);
  const smtp = await startSink(scenario.delayMs);
  const mailer = createMailer(
    {
      smtpUrl: smtp.url,
      from: 'Duly <no-reply@bench.test>',
      poolConnections: scenario.connections,
    },
    { info: () => undefined },
  );
  const started = performance.now();
  for (;;) {
    const delivered = await deliverDueNotifications(db, mailer, systemClock, {
      ...SETTINGS,
      concurrency: scenario.connections,
    });
    if (delivered.mailsSent + delivered.noticesRetrying + delivered.noticesSkipped === 0) break;
  }
  const ms = performance.now() - started;
  mailer.close();
  const { received, distinct, withoutMessageId, recipients } = await smtp.count();
  await smtp.close();
  const unsent = await db
    .selectFrom('notifications')
    .select(['email_status', 'last_error'])
    .where('email_status', '!=', 'sent')
    .execute();
  const measured = {
    ...scenario,
    ms,
    received,
    distinct,
    withoutMessageId,
    recipients,
    unsent: unsent.length,
  };
  console.log(
    `  ${scenario.mails} mails, ${scenario.delayMs} ms delay, ${scenario.connections} connections: ` +
      `${(ms / 1000).toFixed(1)} s (${measured.received} received, ${measured.distinct} distinct, ` +
      `${withoutMessageId} without a Message-ID, ${measured.unsent} not sent)`,
  );
  // Why, for the first few: a mail refused or retried says what the server answered.
  for (const row of unsent.slice(0, 5)) {
    console.log(`    not sent: ${row.email_status}, ${row.last_error ?? 'no error recorded'}`);
  }
  return measured;
}

function report(results: Measured[], load: number[]): string {
  const lines = [
    '| mails | delay per command | connections | time (s) | mails/s | received once | target |',
    '| ----: | ----------------: | ----------: | -------: | ------: | ------------: | -----: |',
    ...results.map((r) => {
      const once =
        r.received === r.mails &&
        r.distinct === r.mails &&
        r.recipients === r.mails &&
        r.withoutMessageId === 0 &&
        r.unsent === 0;
      const target = r.targetMs
        ? `< ${r.targetMs / 1000} s: ${r.ms < r.targetMs ? 'met' : 'MISSED'}`
        : '';
      return `| ${r.mails.toLocaleString('en')} | ${r.delayMs} ms | ${r.connections} | ${(r.ms / 1000).toFixed(1)} | ${((r.mails / r.ms) * 1000).toFixed(0)} | ${once ? 'yes' : `NO (${r.received} received, ${r.distinct} distinct, ${r.withoutMessageId} without Message-ID, ${r.recipients} people, ${r.unsent} unsent)`} | ${target} |`;
    }),
    '',
    `Load average at the end: ${load.map((value) => value.toFixed(2)).join(', ')} (${os.cpus().length} CPUs)`,
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  const picked = process.env.BENCH_DELIVERY_SCENARIOS?.split(',').map(Number);
  const scenarios = SCENARIOS.filter((_, index) => !picked || picked.includes(index + 1));
  console.log(`Seeding ${PEOPLE.toLocaleString('en')} people on PostgreSQL…`);
  const database = await freshDatabase();
  const results: Measured[] = [];
  try {
    await seed(database.db);
    for (const scenario of scenarios) results.push(await run(database.db, scenario));
  } finally {
    await database.drop();
  }
  const table = report(results, os.loadavg());
  console.log(`\nReminder mail delivery (PostgreSQL, nodemailer pool, real SMTP server)\n${table}`);
  const dir = path.join(__dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `reminder-delivery-${Date.now()}.md`), `${table}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
