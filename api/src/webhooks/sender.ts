/**
 * Sends the webhooks' outbox (table webhook_deliveries, issue 30), like the reminders' sender
 * (docs/reminders.md): a conditional UPDATE claims due rows with a lease (any number of
 * instances may run it; a row another instance claims is not sent twice unless that instance
 * dies, which "at least once" allows, and the same `webhook-id` lets the receiver drop it).
 *
 * One attempt: the host is resolved and checked now (address.ts) and the connection pinned
 * to the checked address; a 10 s limit; a redirect is not followed (a failure); any 2xx is
 * delivered. A failed attempt is tried again after 30 s, 1 min, 2 min, … (doubling, at most
 * 6 h apart) until 24 h after the event; then the delivery is `failed`. An endpoint whose
 * deliveries have all failed for 24 h is disabled, and its organisation's admins are told.
 */
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../lib/clock';
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Database, Db, WebhookDeliveriesTable } from '../db/tables';
import { pinnedLookup, resolveTarget, type UrlPolicy } from './address';
import { bodyFor } from './formats';
import { signedHeaders } from './signing';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How long a delivery is retried, and how long an endpoint may fail before it is disabled. */
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_WAIT_MS = 6 * 60 * 60_000;
/** The answer kept in the log. */
export const RESPONSE_KEPT_BYTES = 1024;
const CLAIM_BATCH = 50;

export interface WebhookSenderOptions extends UrlPolicy {
  /** How long a claim owns its rows (5 minutes). */
  leaseMs?: number;
  /** Deliveries in flight at once (5). */
  concurrency?: number;
  signal?: AbortSignal;
  /** Told when an endpoint is disabled (the bell and the mail to its admins). */
  onDisabled?: (
    endpoint: { organization_id: string; id: string; url: string },
    disabledAt: string,
  ) => Promise<void>;
}

export interface WebhookDeliveryResult {
  delivered: number;
  retrying: number;
  failed: number;
  endpointsDisabled: number;
}

/** The wait before attempt `attempts + 1`. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);
}

export interface AttemptOutcome {
  ok: boolean;
  status: number | null;
  body: string | null;
  durationMs: number;
  error: string | null;
}

/** One POST of `body` to `url`, to the address checked now. */
export async function attemptDelivery(
  url: string,
  headers: Record<string, string>,
  body: string,
  policy: UrlPolicy,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target;
  const parsed = new URL(url);
  try {
    target = await resolveTarget(parsed, policy);
  } catch (error) {
    return {
      ok: false,
      status: null,
      body: null,
      durationMs: elapsed(),
      error: String((error as Error).message),
    };
  }
  const client = parsed.protocol === 'https:' ? https : http;
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<AttemptOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const request = client.request(
      parsed,
      {
        method: 'POST',
        lookup: pinnedLookup(target),
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Duly-Webhooks/1',
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const status = response.statusCode ?? 0;
        const done = () => {
          const text = Buffer.concat(chunks).subarray(0, RESPONSE_KEPT_BYTES).toString('utf8');
          const redirect = status >= 300 && status < 400;
          finish({
            ok: status >= 200 && status < 300,
            status,
            body: text,
            error: redirect
              ? `Redirect to ${response.headers.location ?? '(no location)'} not followed`
              : status >= 200 && status < 300
                ? null
                : `Answered ${status}`,
          });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_KEPT_BYTES) {
            chunks.push(chunk);
            kept += chunk.length;
          }
          if (kept >= RESPONSE_KEPT_BYTES) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({
        ok: false,
        status: null,
        body: null,
        error: `No answer within ${timeoutMs / 1000} s`,
      });
      request.destroy();
    }, timeoutMs);
    request.on('error', (error) =>
      finish({ ok: false, status: null, body: null, error: error.message }),
    );
    request.end(body);
  });
}

type Delivery = Selectable<WebhookDeliveriesTable>;

function leaseOwner(): string {
  return `${os.hostname()}:${process.pid}:${randomUUID()}`;
}

/** Due: pending and its time has come, or claimed by an instance whose lease ran out. */
function isDue(nowIso: string) {
  return (eb: ExpressionBuilder<Database, 'webhook_deliveries'>) =>
    eb.or([
      eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowIso)]),
      eb.and([eb('status', '=', 'sending'), eb('lease_until', '<=', nowIso)]),
    ]);
}

/**
 * Claims up to CLAIM_BATCH due deliveries: a conditional UPDATE, so of two instances that read
 * the same due rows only one changes each (the condition is on the row itself, re-checked by
 * PostgreSQL on a row another claim changed, as in reminders/sender.ts).
 */
async function claim(
  db: Db,
  owner: string,
  nowIso: string,
  leaseMs: number,
  only?: string[],
): Promise<Delivery[]> {
  const leaseUntil = new Date(Date.parse(nowIso) + leaseMs).toISOString();
  let candidates = db.selectFrom('webhook_deliveries').select('id').where(isDue(nowIso));
  if (only) candidates = candidates.where('id', 'in', only);
  const ids = (await candidates.orderBy('next_attempt_at').limit(CLAIM_BATCH).execute()).map(
    (row) => row.id,
  );
  if (ids.length === 0) return [];
  return db
    .updateTable('webhook_deliveries')
    .set({ status: 'sending', lease_owner: owner, lease_until: leaseUntil })
    .where('id', 'in', ids)
    .where(isDue(nowIso))
    .returningAll()
    .execute();
}

/** Runs `work` on each item, at most `limit` at once. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Sends what is due (or only the deliveries `only` names), until nothing due is left or the
 * signal stops it.
 */
export async function deliverDueWebhooks(
  db: Db,
  clock: Clock,
  options: WebhookSenderOptions,
  only?: string[],
): Promise<WebhookDeliveryResult> {
  const result: WebhookDeliveryResult = {
    delivered: 0,
    retrying: 0,
    failed: 0,
    endpointsDisabled: 0,
  };
  const owner = leaseOwner();
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  for (;;) {
    if (options.signal?.aborted) break;
    const claimed = await claim(db, owner, clock().toISOString(), leaseMs, only);
    if (claimed.length === 0) break;
    const endpoints = await db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', 'in', [...new Set(claimed.map((delivery) => delivery.endpoint_id))])
      .execute();
    const endpointOf = new Map(
      endpoints.map((endpoint) => [`${endpoint.organization_id}:${endpoint.id}`, endpoint]),
    );
    await inParallel(claimed, options.concurrency ?? 5, async (delivery) => {
      const endpoint = endpointOf.get(`${delivery.organization_id}:${delivery.endpoint_id}`);
      const startedAt = clock();
      let outcome: AttemptOutcome;
      if (!endpoint || endpoint.enabled !== 1) {
        outcome = {
          ok: false,
          status: null,
          body: null,
          durationMs: 0,
          error: 'The endpoint is disabled',
        };
      } else {
        const timestamp = Math.floor(startedAt.getTime() / 1000);
        // Slack and Teams get their summary, signed too (they ignore the headers).
        const body = bodyFor(endpoint.format, delivery.payload);
        outcome = await attemptDelivery(
          endpoint.url,
          signedHeaders(endpoint.secret, delivery.id, timestamp, body),
          body,
          options,
        );
      }
      const nowMs = clock().getTime();
      const now = new Date(nowMs).toISOString();
      const attempts = delivery.attempts + 1;
      const giveUp =
        !outcome.ok &&
        (!endpoint ||
          endpoint.enabled !== 1 ||
          nowMs - Date.parse(delivery.created_at) >= RETRY_WINDOW_MS);
      const recorded = await db
        .updateTable('webhook_deliveries')
        .set({
          status: outcome.ok ? 'delivered' : giveUp ? 'failed' : 'pending',
          attempts,
          next_attempt_at:
            outcome.ok || giveUp ? now : new Date(nowMs + retryDelayMs(attempts)).toISOString(),
          lease_owner: null,
          lease_until: null,
          response_status: outcome.status,
          response_body: outcome.body,
          duration_ms: outcome.durationMs,
          last_error: outcome.error,
          last_attempt_at: startedAt.toISOString(),
          delivered_at: outcome.ok ? now : null,
        })
        .where('organization_id', '=', delivery.organization_id)
        .where('id', '=', delivery.id)
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      if (Number(recorded.numUpdatedRows) === 0) return;
      if (outcome.ok) result.delivered += 1;
      else if (giveUp) result.failed += 1;
      else result.retrying += 1;
      if (!endpoint || endpoint.enabled !== 1) return;
      if (outcome.ok) {
        if (endpoint.failing_since !== null) {
          await db
            .updateTable('webhook_endpoints')
            .set({ failing_since: null })
            .where('organization_id', '=', endpoint.organization_id)
            .where('id', '=', endpoint.id)
            .execute();
        }
        return;
      }
      if (await failedForADay(db, endpoint, now, nowMs)) {
        result.endpointsDisabled += 1;
        await options.onDisabled?.(endpoint, now);
      }
    });
    if (claimed.length < CLAIM_BATCH) break;
  }
  return result;
}

/**
 * Records a failure of the endpoint: the first since its last success starts the 24 h; once
 * they have passed, the endpoint is disabled (true, once, by whichever instance does it).
 */
async function failedForADay(
  db: Db,
  endpoint: { organization_id: string; id: string },
  now: string,
  nowMs: number,
): Promise<boolean> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: now })
    .where('organization_id', '=', endpoint.organization_id)
    .where('id', '=', endpoint.id)
    .where('failing_since', 'is', null)
    .execute();
  const cutoff = new Date(nowMs - RETRY_WINDOW_MS).toISOString();
  const disabled = await db
    .updateTable('webhook_endpoints')
    .set({
      enabled: 0,
      disabled_reason: 'Every delivery failed for 24 hours',
      updated_at: now,
    })
    .where('organization_id', '=', endpoint.organization_id)
    .where('id', '=', endpoint.id)
    .where('enabled', '=', 1)
    .where('failing_since', '<=', cutoff)
    .executeTakeFirst();
  return Number(disabled.numUpdatedRows) > 0;
}
