/**
 * Bad input, generated from each route's own schema (schema-arbitraries.ts) for every route
 * of the route table that takes a body or a query: a value the schema refuses is a 400 that
 * names the field and writes nothing; anything at all (random JSON, or values that pass the
 * schema but mean nothing) is never a 5xx, and a refusal writes nothing.
 *
 * Runs are bounded (RUNS per property and route) with a fixed seed per route, so a failure
 * reproduces; DULY_PROPERTY_RUNS raises the count for a longer local hunt.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import {
  apiPath,
  call,
  createCertificate,
  createCertificateType,
  createNotification,
  createOrganization,
  createTask,
  createWebhook,
  routeTable,
  setupTestApp,
  snapshot,
  testDatabases,
  type RouteEntry,
  type TestOrganization,
} from './helper';
import { uploadDocument } from './document-files';
import { FIRST_YEAR, LAST_YEAR } from '../src/lib/dates';
import {
  invalidObject,
  realisticObject,
  invalidValue,
  validObject,
  type JsonSchema,
  type Mistake,
} from './schema-arbitraries';

const RUNS = Number(process.env.DULY_PROPERTY_RUNS ?? 25);

// Each test makes hundreds of requests (or hashes dozens of passwords): seconds, more than
// jest's default 5 s when the machine is busy.
jest.setTimeout(60_000);

/** A stable seed per route, so each route's runs are the same from one run to the next. */
function seedOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return hash;
}

function expectClearError(response: LightMyRequestResponse, what: string): void {
  expect([what, response.headers['content-type']]).toEqual([
    what,
    expect.stringMatching(/^application\/json/),
  ]);
  const body = response.json();
  expect([what, typeof body.message, typeof body.code]).toEqual([what, 'string', 'string']);
  expect(body.message.length).toBeGreaterThan(0);
}

/**
 * Stored dates compare as text, which is chronological only for four-digit years in range
 * (lib/dates.ts): whatever was sent, what comes back must be such a date.
 */
function expectStoredDatesInRange(body: unknown, what: string): void {
  if (body === null || typeof body !== 'object') return;
  for (const [key, value] of Object.entries(body)) {
    if (!key.endsWith('date') || value === null) continue;
    const year = /^(\d{4})-\d{2}-\d{2}/.exec(String(value))?.[1];
    expect([what, key, Number(year) >= FIRST_YEAR && Number(year) <= LAST_YEAR]).toEqual([
      what,
      key,
      true,
    ]);
  }
}

interface World {
  org: TestOrganization;
  task: string;
  certificate: string;
  /** A notice to the admin, the caller of every request here. */
  notice: string;
  webhook: string;
  certificateType: string;
  document: string;
  /** No import exists: its routes answer 404 once their input is valid, never a 5xx. */
  missingImport: string;
}

/**
 * The ids a `…_id` field gets: the caller's own where a payload must name the caller
 * (ARCHITECTURE 6), any id of the world elsewhere, right or wrong for the field.
 */
function idsOf(world: World): Record<string, string[]> & { default: string[] } {
  const { org } = world;
  return {
    organization_id: [org.id],
    created_by_user_id: [org.admin.id],
    assigner_id: [org.admin.id],
    default: [org.id, org.admin.id, org.manager.id, org.employee.id, world.task, world.certificate],
  };
}

/** A real id for each kind of `:id`, so the handler behind the validation runs too. */
function concretePath(route: RouteEntry, world: World): string {
  const path = apiPath(route.url);
  if (!path.includes(':id')) return path;
  const ids: [string, string][] = [
    ['/tasks/', world.task],
    ['/certificates/', world.certificate],
    ['/employees/', world.org.colleague.id],
    ['/organizations/', world.org.id],
    ['/notifications/', world.notice],
    ['/webhooks/', world.webhook],
    ['/certificate-types/', world.certificateType],
    ['/documents/', world.document],
    ['/imports/', world.missingImport],
  ];
  const match = ids.find(([prefix]) => path.startsWith(prefix));
  if (!match) throw new Error(`No id known for ${route.method} ${route.url}: add it here`);
  return path.replace(':id', match[1]);
}

const routes = routeTable();

describe.each(testDatabases())('bad input on %s', (kind) => {
  const context = setupTestApp(kind);
  let world: World;
  let bodyRoutes: RouteEntry[];
  let queryRoutes: RouteEntry[];

  beforeAll(async () => {
    const { db } = context();
    const org = await createOrganization(db);
    world = {
      org,
      task: await createTask(db, org),
      certificate: await createCertificate(db, org),
      notice: await createNotification(db, org.admin),
      webhook: (await createWebhook(db, org)).id,
      certificateType: await createCertificateType(db, org),
      document: '',
      missingImport: randomUUID(),
    };
    world.document = await uploadDocument(context().app, org.employee.token, world.certificate);
    const table = await routes;
    bodyRoutes = table.filter((route) => route.schema?.body);
    queryRoutes = table.filter((route) => route.schema?.querystring);
  });

  test('the route table has write routes and list routes to check', () => {
    expect(bodyRoutes.length).toBeGreaterThanOrEqual(10);
    expect(queryRoutes.length).toBeGreaterThanOrEqual(8);
  });

  async function send(route: RouteEntry, body: unknown): Promise<LightMyRequestResponse> {
    return call(context().app, route.method, concretePath(route, world), {
      token: world.org.admin.token,
      // As JSON text, so null, numbers and strings arrive as the JSON they are.
      body: JSON.stringify(body),
    });
  }

  test('a body its schema refuses in one place → 400 naming the field, nothing written', async () => {
    const { db } = context();
    for (const route of bodyRoutes) {
      const name = `${route.method} ${route.url}`;
      await fc.assert(
        fc.asyncProperty(invalidObject(route.schema!.body as JsonSchema), async (mistake) => {
          const before = await snapshot(db);
          const response = await send(route, mistake.value);
          const what = `${name} ${JSON.stringify(mistake).slice(0, 300)}`;
          expect([what, response.statusCode]).toEqual([what, 400]);
          expectClearError(response, what);
          const { errors } = response.json();
          if (mistake.path !== '') {
            // An item of a list is named by its place (`events.1`): that names the list too.
            const fields = errors.map((error: Mistake) => error.path.replace(/(\.\d+)+$/, ''));
            expect([what, fields]).toEqual([what, expect.arrayContaining([mistake.path])]);
          } else {
            expect([what, errors.length]).toEqual([what, 1]);
          }
          expect(await snapshot(db)).toEqual(before);
        }),
        { numRuns: RUNS, seed: seedOf(name) },
      );
    }
  });

  test('any body at all → never a 5xx; a refusal writes nothing', async () => {
    const { db } = context();
    for (const route of bodyRoutes) {
      const name = `${route.method} ${route.url}`;
      const schema = route.schema!.body as JsonSchema;
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(validObject(schema), realisticObject(schema, idsOf(world)), fc.jsonValue()),
          async (body) => {
            const before = await snapshot(db);
            const response = await send(route, body);
            const what = `${name} ${JSON.stringify(body).slice(0, 300)}`;
            expect([what, response.statusCode < 500]).toEqual([what, true]);
            if (response.statusCode >= 400) {
              expectClearError(response, what);
              expect(await snapshot(db)).toEqual(before);
            } else {
              expectStoredDatesInRange(response.json(), what);
            }
          },
        ),
        { numRuns: RUNS, seed: seedOf(name) + 1 },
      );
    }
  });

  test('a query its schema refuses in one place → 400 naming the parameter', async () => {
    for (const route of queryRoutes) {
      const name = `${route.method} ${route.url}`;
      const properties = Object.entries((route.schema!.querystring as JsonSchema).properties ?? {});
      // A query value is text: wrong types become text that may well be valid, so only the
      // refusals that survive as text are generated (bounds, enums, numbers).
      const mistakes = properties.flatMap(([key, property]) => {
        const text = invalidQueryText(property);
        return text ? [text.map((value) => ({ path: key, value }))] : [];
      });
      await fc.assert(
        fc.asyncProperty(fc.oneof(...mistakes), async (mistake) => {
          const response = await call(context().app, 'GET', concretePath(route, world), {
            token: world.org.admin.token,
            query: { [mistake.path]: mistake.value },
          });
          const what = `${name} ${JSON.stringify(mistake)}`;
          expect([what, response.statusCode]).toEqual([what, 400]);
          expectClearError(response, what);
          expect(response.json().errors).toEqual([
            { path: mistake.path, message: expect.any(String) },
          ]);
        }),
        { numRuns: RUNS, seed: seedOf(name) },
      );
    }
  });
});

/** Text a query parameter's schema refuses, or null when every text could be valid. */
function invalidQueryText(schema: JsonSchema): fc.Arbitrary<string> | null {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('integer')) {
    return fc
      .oneof(
        invalidValue({ ...schema, type: 'integer' }).filter(
          (value) => typeof value === 'number' && Number.isFinite(value),
        ),
        fc.string({ minLength: 1, maxLength: 10 }).filter((text) => !/^-?\d+(\.\d+)?$/.test(text)),
      )
      .map(String);
  }
  if (schema.enum) {
    const allowed = new Set(schema.enum);
    return fc.string({ maxLength: 20 }).filter((text) => !allowed.has(text));
  }
  if (schema.maxLength !== undefined) {
    return fc
      .string({ minLength: 1, maxLength: 5 })
      .map((extra) => 'q'.repeat(schema.maxLength!) + extra);
  }
  return null;
}
