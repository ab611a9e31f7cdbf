/**
 * Builds the API on a fresh, migrated database for a test file and creates
 * organisations, users and tokens quickly (straight through the repositories).
 *
 * Databases: DULY_TEST_DATABASES (default `sqlite,postgres`). SQLite runs in
 * memory; PostgreSQL gets a database `duly_test_<random>` created on the server
 * at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) and
 * dropped afterwards. A requested PostgreSQL that does not answer fails the
 * tests with a clear message; it is never skipped silently.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import Fastify, {
  type FastifyInstance,
  type FastifySchema,
  type InjectOptions,
  type LightMyRequestResponse,
} from 'fastify';
import pg from 'pg';
import type { Role } from '@duly/shared/contract';
import { buildApp, dulyApi, serverOptions } from '../src/app';
import { createDatabase, type DatabaseSettings } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { insertNotification } from '../src/db/repositories/notifications';
import { insertUser } from '../src/db/repositories/users';
import type {
  Db,
  NewCertificate,
  NewCertificateType,
  NewNotification,
  NewTask,
  NewUser,
} from '../src/db/tables';
import { signToken } from '../src/lib/jwt';
import { certificateSchedule } from '../src/reminders/schedule';
import type { ScryptCost } from '../src/lib/passwords';
import type { AppConfig } from '../src/plugins/config';

export type DatabaseKind = 'sqlite' | 'postgres';

const KINDS: readonly DatabaseKind[] = ['sqlite', 'postgres'];

/** The databases to run every API suite on. */
export function testDatabases(): DatabaseKind[] {
  const requested = (process.env.DULY_TEST_DATABASES ?? 'sqlite,postgres')
    .split(',')
    .map((kind) => kind.trim())
    .filter(Boolean);
  for (const kind of requested) {
    if (!KINDS.includes(kind as DatabaseKind)) {
      throw new Error(
        `DULY_TEST_DATABASES: unknown database "${kind}" (use sqlite and/or postgres)`,
      );
    }
  }
  return requested as DatabaseKind[];
}

export const POSTGRES_ADMIN_URL =
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The server URL without any password, for messages. */
function describeUrl(url: string): string {
  const parsed = new URL(url);
  parsed.password = parsed.password ? '***' : '';
  return parsed.toString();
}

export interface TestDatabase {
  db: Db;
  settings: DatabaseSettings;
  drop(): Promise<void>;
}

async function adminClient(): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 5000,
  });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL was requested for the API tests (DULY_TEST_DATABASES=${
        process.env.DULY_TEST_DATABASES ?? 'sqlite,postgres'
      }) but ${describeUrl(POSTGRES_ADMIN_URL)} does not answer: ${(error as Error).message}. ` +
        'Start PostgreSQL, point DATABASE_URL at one, or run with DULY_TEST_DATABASES=sqlite.',
    );
  }
  return client;
}

/** A fresh database of `kind`, migrated (unless `migrate` is false). */
export async function openTestDatabase(kind: DatabaseKind, migrate = true): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const settings: DatabaseSettings = { dialect: 'sqlite', filename: ':memory:' };
    const db = createDatabase(settings);
    if (migrate) await migrateToLatest(db);
    return { db, settings, drop: () => db.destroy() };
  }
  const name = `duly_test_${randomBytes(6).toString('hex')}`;
  const admin = await adminClient();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  // DULY_TEST_POSTGRES_DIRECT_URL: DATABASE_URL is a pooler in transaction mode (PgBouncer,
  // `npm run cluster`), and this is PostgreSQL itself, for the LISTEN connection.
  const direct = process.env.DULY_TEST_POSTGRES_DIRECT_URL
    ? new URL(process.env.DULY_TEST_POSTGRES_DIRECT_URL)
    : undefined;
  if (direct) direct.pathname = `/${name}`;
  const settings: DatabaseSettings = {
    dialect: 'postgres',
    connectionString: url.toString(),
    poolSize: 4,
    transactionPooling: direct !== undefined,
    directConnectionString: direct?.toString(),
  };
  const db = createDatabase(settings);
  if (migrate) await migrateToLatest(db);
  return {
    db,
    settings,
    async drop() {
      await db.destroy();
      const cleanup = await adminClient();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * The environment that points a server process (or a script) started by a test at the test's
 * database, as an operator would: DATABASE_URL, and behind a pooler in transaction mode
 * (DULY_TEST_POSTGRES_DIRECT_URL set) DATABASE_POOLING and DATABASE_DIRECT_URL too. An empty
 * DATABASE_URL (SQLite) keeps a value inherited from the test run from leaking in.
 */
export function serverDatabaseEnv(database: TestDatabase | undefined): Record<string, string> {
  const settings = database?.settings;
  if (settings?.dialect !== 'postgres') return { DATABASE_URL: '' };
  return {
    DATABASE_URL: settings.connectionString,
    ...(settings.transactionPooling && { DATABASE_POOLING: 'transaction' }),
    ...(settings.directConnectionString && {
      DATABASE_DIRECT_URL: settings.directConnectionString,
    }),
  };
}

export const TEST_JWT_SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
export const TEST_CORS_ORIGIN = 'https://cdn.duly.test';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: os.tmpdir(),
    database: { dialect: 'sqlite', filename: ':memory:' },
    jwtSecret: TEST_JWT_SECRET,
    tokenTtlSeconds: 3600,
    corsOrigins: [TEST_CORS_ORIGIN],
    logLevel: process.env.DULY_TEST_LOG_LEVEL ?? 'silent',
    logFormat: 'json',
    responseCache: true,
    demo: false,
    smtpUrl: undefined,
    mailFrom: 'Duly <no-reply@duly.test>',
    publicUrl: 'https://duly.test',
    reminderTime: '09:00',
    schedulerIntervalMs: 60_000,
    scheduler: false,
    smtpPoolConnections: 5,
    smtpPoolMessages: 100,
    mailRatePerMinute: undefined,
    reminderLeaseMs: 5 * 60_000,
    tokenVersionMaxAgeMs: 5000,
    // Today's cost takes ~0.9 s a hash here; the suite hashes hundreds. Tests of the cost
    // itself and of the rehash at sign-in (sessions.test.ts) set PASSWORD_COST.
    passwordCost: LEGACY_COST,
    trustProxy: false,
    signupsPerAddressPerHour: 10,
    // Far above what any test makes with one person's token; user-limits.test.ts sets its own.
    userRequests: { max: 1_000_000, windowMs: 60_000 },
    webhooks: { requireHttps: false, allowPrivate: false },
    documentsMaxBytes: 10 * 1024 * 1024,
    // The activity sealer's timer off: a suite seals when it asks (GET /activity/verify,
    // sealActivity), so what a test sees never depends on a tick; activity.test.ts runs it.
    activitySealMs: 0,
    ...overrides,
  };
}

export interface TestContext {
  kind: DatabaseKind;
  app: FastifyInstance;
  db: Db;
}

/**
 * Inside a `describe`: builds the app on a fresh database before the tests
 * and tears both down after. Returns a getter for the context.
 */
export function setupTestApp(
  kind: DatabaseKind,
  config: Partial<AppConfig> = {},
): () => TestContext {
  let context: TestContext | undefined;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const app = await buildApp({ config: testConfig(config), db: database.db });
    await app.ready();
    context = { kind, app, db: database.db };
  });
  afterAll(async () => {
    await context?.app.close();
    await database?.drop();
  });
  return () => {
    if (!context) throw new Error('The test app is not ready (did beforeAll fail?)');
    return context;
  };
}

// ---------------------------------------------------------------- the route table

export interface RouteEntry {
  method: Method;
  /** As registered, with the prefix: `/api/v1/tasks/:id`. */
  url: string;
  schema?: FastifySchema;
}

/**
 * Every route the API registers, read from Fastify itself (its onRoute hook), so suites
 * generated from it cover a route the day it is added. HEAD routes Fastify adds for GETs
 * are left out.
 */
export async function routeTable(): Promise<RouteEntry[]> {
  const config = testConfig();
  const db = createDatabase(config.database as DatabaseSettings);
  const app = Fastify(serverOptions(config));
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({ method: method as Method, url: route.url, schema: route.schema });
    }
  });
  await app.register(dulyApi, { config, db });
  await app.ready();
  await app.close();
  await db.destroy();
  return routes;
}

/** `/api/v1/tasks/:id` → `/tasks/:id` (what `call` takes). */
export function apiPath(url: string): string {
  return url.replace(/^\/api\/v1/, '');
}

// ---------------------------------------------------------------- fixtures

export interface TestUser {
  id: string;
  email: string;
  full_name: string | null;
  role: Role;
  organization_id: string;
  token: string;
}

export interface TestOrganization {
  id: string;
  name: string;
  admin: TestUser;
  manager: TestUser;
  employee: TestUser;
  /** A second employee: for "someone else's task". */
  colleague: TestUser;
}

/**
 * The scrypt cost of hashes stored before issue 14 (N=2^14): ten times cheaper than today's,
 * so fixtures with passwords stay fast, and signing in with them exercises the rehash.
 */
export const LEGACY_COST: ScryptCost = { N: 16_384, r: 8, p: 1 };

export function tokenFor(user: Omit<TestUser, 'token'>, secret = TEST_JWT_SECRET): string {
  return signToken(user, secret, 3600);
}

let sequence = 0;
function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}-${sequence}-${randomBytes(3).toString('hex')}`;
}

export async function createUser(
  db: Db,
  organizationId: string,
  fields: Partial<NewUser> & { role?: Role } = {},
): Promise<TestUser> {
  const now = new Date().toISOString();
  const first = fields.first_name ?? unique('user');
  const last = fields.last_name === undefined ? 'Tester' : fields.last_name;
  const user: NewUser = {
    id: randomUUID(),
    organization_id: organizationId,
    email: `${first.toLowerCase()}@example.test`,
    first_name: first,
    last_name: last,
    full_name: [first, last].filter(Boolean).join(' '),
    phone: null,
    department: null,
    role: 'employee',
    status: 'active',
    password_hash: null,
    created_at: now,
    updated_at: now,
    ...fields,
  };
  // Through the repository: the user and their claim on the email (user_emails) together.
  await insertUser(db, user);
  const identity = {
    id: user.id,
    email: user.email,
    full_name: user.full_name ?? null,
    role: user.role,
    organization_id: organizationId,
  };
  return { ...identity, token: tokenFor(identity) };
}

/** An organisation with an admin, a manager and two employees. */
export async function createOrganization(db: Db, name = unique('Org')): Promise<TestOrganization> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('organizations')
    .values({ id, name, created_at: now, updated_at: now })
    .execute();
  return {
    id,
    name,
    admin: await createUser(db, id, { role: 'admin', first_name: unique('admin') }),
    manager: await createUser(db, id, { role: 'manager', first_name: unique('manager') }),
    employee: await createUser(db, id, { role: 'employee', first_name: unique('employee') }),
    colleague: await createUser(db, id, { role: 'employee', first_name: unique('colleague') }),
  };
}

const DAY_MS = 86_400_000;

/** An instant `days` from now (negative: in the past), as stored. */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString();
}

/** A calendar date `days` from today in Asia/Kolkata. */
export function kolkataDateIn(days: number): string {
  const kolkata = new Date(Date.now() + 5.5 * 3_600_000 + days * DAY_MS);
  return kolkata.toISOString().slice(0, 10);
}

export async function createTask(
  db: Db,
  organization: TestOrganization,
  fields: Partial<NewTask> = {},
): Promise<string> {
  const now = new Date().toISOString();
  const task: NewTask = {
    id: randomUUID(),
    organization_id: organization.id,
    title: unique('Task'),
    description: null,
    due_date: daysFromNow(7),
    status: 'pending',
    assigned_to_user_id: organization.employee.id,
    created_by_user_id: organization.manager.id,
    assigner_id: organization.manager.id,
    created_at: now,
    updated_at: now,
    ...fields,
  };
  await db.insertInto('tasks').values(task).execute();
  return task.id;
}

export async function createCertificate(
  db: Db,
  organization: TestOrganization,
  fields: Partial<NewCertificate> = {},
): Promise<string> {
  const now = new Date().toISOString();
  const expiryDate = fields.expiry_date ?? kolkataDateIn(90);
  const reminderDays = fields.reminder_days_before ?? 30;
  const certificate: NewCertificate = {
    ...certificateSchedule(expiryDate, reminderDays),
    id: randomUUID(),
    organization_id: organization.id,
    name: unique('Certificate'),
    description: null,
    issue_date: null,
    expiry_date: expiryDate,
    reminder_days_before: reminderDays,
    department: null,
    incharge_person_id: organization.employee.id,
    created_by_user_id: organization.manager.id,
    assigner_id: organization.manager.id,
    status: 'active',
    created_at: now,
    updated_at: now,
    ...fields,
  };
  await db.insertInto('certificates').values(certificate).execute();
  return certificate.id;
}

/** A certificate type straight in the table (optional for everyone, offsets [30, 7]). */
export async function createCertificateType(
  db: Db,
  organization: TestOrganization,
  fields: Partial<NewCertificateType> = {},
  requiredFor: { kind: 'role' | 'department'; value: string }[] = [],
): Promise<string> {
  const now = new Date().toISOString();
  const type: NewCertificateType = {
    organization_id: organization.id,
    id: randomUUID(),
    name: unique('Type'),
    description: null,
    validity_months: null,
    reminder_offsets: '[30,7]',
    remind_after_expiry: 0,
    required_for_everyone: 0,
    created_at: now,
    updated_at: now,
    ...fields,
  };
  await db.insertInto('certificate_types').values(type).execute();
  for (const requirement of requiredFor) {
    await db
      .insertInto('certificate_type_requirements')
      .values({ organization_id: organization.id, certificate_type_id: type.id, ...requirement })
      .execute();
  }
  return type.id;
}

/**
 * A notice to `recipient`, as the reminders engine would write it: a certificate reminder
 * unless `fields` say otherwise, unread, created now.
 */
export async function createNotification(
  db: Db,
  recipient: Pick<TestUser, 'id' | 'organization_id'>,
  fields: Partial<NewNotification> = {},
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  const itemId = fields.item_id ?? randomUUID();
  const kind = fields.kind ?? 'certificate_reminder';
  await insertNotification(db, {
    id,
    organization_id: recipient.organization_id,
    recipient_user_id: recipient.id,
    key: `test:${itemId}:${kind}:${id}`,
    kind,
    item_type: kind.startsWith('task_') ? 'task' : 'certificate',
    item_id: itemId,
    item_title: unique('Item'),
    item_date: kolkataDateIn(30),
    delivery: 'digest',
    email_status: 'pending',
    send_after: now,
    read_at: null,
    created_at: now,
    ...fields,
  });
  return id;
}

// ---------------------------------------------------------------- requests

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  remoteAddress?: string;
}

/** Calls `/api/v1<path>` in-process. */
export function call(
  app: FastifyInstance,
  method: Method,
  path: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const request: InjectOptions = {
    method,
    url: `/api/v1${path}`,
    headers,
    query: options.query,
    remoteAddress: options.remoteAddress,
  };
  if (options.body !== undefined) {
    if (typeof options.body === 'string') {
      request.payload = options.body;
      headers['content-type'] ??= 'application/json';
    } else {
      request.payload = options.body as InjectOptions['payload'];
    }
  }
  return app.inject(request);
}

/**
 * A webhook endpoint of the organisation (issue 30), listening to `ping`, with one delivered
 * delivery in its log. Returns both ids.
 */
export async function createWebhook(
  db: Db,
  organization: Pick<TestOrganization, 'id' | 'admin'>,
  url = 'https://hooks.example.invalid/duly',
): Promise<{ id: string; deliveryId: string }> {
  const now = new Date().toISOString();
  const id = randomUUID();
  const deliveryId = `msg_${randomBytes(16).toString('hex')}`;
  await db
    .insertInto('webhook_endpoints')
    .values({
      organization_id: organization.id,
      id,
      url,
      description: null,
      events: JSON.stringify(['ping']),
      secret: `whsec_${randomBytes(24).toString('base64')}`,
      enabled: 1,
      disabled_reason: null,
      failing_since: null,
      created_by_user_id: organization.admin.id,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('webhook_deliveries')
    .values({
      organization_id: organization.id,
      id: deliveryId,
      endpoint_id: id,
      event: 'ping',
      event_key: `ping:${deliveryId}`,
      payload: '{"type":"ping"}',
      status: 'delivered',
      next_attempt_at: now,
      response_status: 200,
      delivered_at: now,
      created_at: now,
    })
    .execute();
  return { id, deliveryId };
}

/** Everything that identifies the state of the data, to prove a request changed nothing. */
export async function snapshot(db: Db): Promise<unknown> {
  const [organizations, users, userEmails, tasks, certificates, notifications, emailOptOuts] =
    await Promise.all([
      db.selectFrom('organizations').selectAll().orderBy('id').execute(),
      db.selectFrom('users').selectAll().orderBy('id').execute(),
      db.selectFrom('user_emails').selectAll().orderBy('email').execute(),
      db.selectFrom('tasks').selectAll().orderBy('id').execute(),
      db.selectFrom('certificates').selectAll().orderBy('id').execute(),
      db.selectFrom('notifications').selectAll().orderBy('id').execute(),
      db.selectFrom('email_opt_outs').selectAll().orderBy('user_id').orderBy('kind').execute(),
    ]);
  const webhooks = await db.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute();
  const deliveries = await db.selectFrom('webhook_deliveries').selectAll().orderBy('id').execute();
  const certificateTypes = await db
    .selectFrom('certificate_types')
    .selectAll()
    .orderBy('id')
    .execute();
  const requirements = await db
    .selectFrom('certificate_type_requirements')
    .selectAll()
    .orderBy('certificate_type_id')
    .orderBy('kind')
    .orderBy('value')
    .execute();
  const documents = await db.selectFrom('documents').selectAll().orderBy('id').execute();
  return {
    organizations,
    users,
    userEmails,
    tasks,
    certificates,
    notifications,
    emailOptOuts,
    webhooks,
    deliveries,
    certificateTypes,
    requirements,
    documents,
  };
}

/**
 * Matches an error message that names `field` the way a person reads it
 * (`organization_name` → "organization name", `firstName` → "first name").
 */
export function namesField(field: string): RegExp {
  const words = field.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[._]+/g, ' ');
  return new RegExp(`\\b${words}\\b`, 'i');
}
