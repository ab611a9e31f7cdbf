/**
 * /webhooks (issue 30): an organisation's admins register endpoints, read their delivery log,
 * send a delivery again and send a test. Everything is the caller's organisation's: another
 * organisation's ids answer 404. The secret is answered once, by the POST.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Selectable } from 'kysely';
import { TOTAL_COUNT_HEADER } from '@duly/shared/contract';
import { pageOf } from '../../db/list';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/tables';
import { nowIso } from '../../lib/dates';
import { conflict, fieldError, notFound } from '../../lib/http-errors';
import { optionalText } from '../../lib/input';
import { systemClock } from '../../lib/clock';
import { requireRole } from '../../plugins/auth';
import { urlProblem } from '../../webhooks/address';
import { newDeliveryId, parseEvents, webhookPayload } from '../../webhooks/events';
import { deliverDueWebhooks } from '../../webhooks/sender';
import { newWebhookSecret } from '../../webhooks/signing';
import {
  createWebhookSchema,
  deleteWebhookSchema,
  getWebhookSchema,
  listWebhookDeliveriesSchema,
  listWebhooksSchema,
  redeliverWebhookSchema,
  testWebhookSchema,
  updateWebhookSchema,
} from './schema';

type EndpointRow = Selectable<WebhookEndpointsTable>;
type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** An endpoint as the API answers it: never its secret. */
export function toWebhookEndpoint(row: EndpointRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: parseEvents(row.events),
    format: row.format,
    enabled: Number(row.enabled) === 1,
    disabled_reason: row.disabled_reason,
    failing_since: row.failing_since,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toWebhookDelivery(row: DeliveryRow) {
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    attempts: Number(row.attempts),
    response_status: row.response_status === null ? null : Number(row.response_status),
    response_body: row.response_body,
    duration_ms: row.duration_ms === null ? null : Number(row.duration_ms),
    last_error: row.last_error,
    last_attempt_at: row.last_attempt_at,
    next_attempt_at:
      row.status === 'pending' || row.status === 'sending' ? row.next_attempt_at : null,
    delivered_at: row.delivered_at,
    created_at: row.created_at,
    payload: row.payload,
  };
}

const webhookRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db, config } = fastify;
  const policy = config.webhooks;
  const admin = { preHandler: requireRole('admin') };

  /**
   * "Send test" and "Redeliver" go out at once, not at the scheduler's next run, and answer
   * the attempt's outcome (at most the 10 s limit later). A failed attempt is retried by the
   * scheduler like any other; one another instance claimed first answers as it is.
   */
  async function sendNow(organizationId: string, endpointId: string, id: string) {
    await deliverDueWebhooks(db, systemClock, policy, [id]);
    return toWebhookDelivery(await deliveryOf(organizationId, endpointId, id));
  }

  function checkUrl(url: string): string {
    const trimmed = url.trim();
    const problem = urlProblem(trimmed, policy);
    if (problem) throw fieldError('url', problem);
    return trimmed;
  }

  async function endpointOf(organizationId: string, id: string): Promise<EndpointRow> {
    const row = await db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('Webhook');
    return row;
  }

  async function deliveryOf(organizationId: string, endpointId: string, id: string) {
    const row = await db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('endpoint_id', '=', endpointId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('Delivery');
    return row;
  }

  const enabledOrConflict = (endpoint: EndpointRow) => {
    if (Number(endpoint.enabled) !== 1) {
      throw conflict('This webhook is disabled. Enable it before sending to it.');
    }
  };

  fastify.get('/webhooks/', { schema: listWebhooksSchema, ...admin }, async (request, reply) => {
    const rows = await db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('organization_id', '=', request.caller.organization_id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return reply.header(TOTAL_COUNT_HEADER, String(rows.length)).send(rows.map(toWebhookEndpoint));
  });

  fastify.post('/webhooks/', { schema: createWebhookSchema, ...admin }, async (request, reply) => {
    const { caller, body } = request;
    const url = checkUrl(body.url);
    const now = nowIso();
    const row: EndpointRow = {
      organization_id: caller.organization_id,
      id: randomUUID(),
      url,
      description: optionalText(body.description) ?? null,
      events: JSON.stringify([...new Set(body.events)]),
      secret: newWebhookSecret(),
      enabled: 1,
      disabled_reason: null,
      failing_since: null,
      format: body.format ?? 'standard',
      created_by_user_id: caller.id,
      created_at: now,
      updated_at: now,
    };
    await db.insertInto('webhook_endpoints').values(row).execute();
    return reply.code(201).send({ ...toWebhookEndpoint(row), secret: row.secret });
  });

  fastify.get('/webhooks/:id', { schema: getWebhookSchema, ...admin }, async (request) =>
    toWebhookEndpoint(await endpointOf(request.caller.organization_id, request.params.id)),
  );

  fastify.put('/webhooks/:id', { schema: updateWebhookSchema, ...admin }, async (request) => {
    const { caller, body } = request;
    const existing = await endpointOf(caller.organization_id, request.params.id);
    const changes: Partial<EndpointRow> = {};
    if (body.url !== undefined) changes.url = checkUrl(body.url);
    if (body.events !== undefined) changes.events = JSON.stringify([...new Set(body.events)]);
    if (body.description !== undefined) changes.description = optionalText(body.description);
    if (body.format !== undefined) changes.format = body.format;
    if (body.enabled !== undefined) {
      changes.enabled = body.enabled ? 1 : 0;
      if (body.enabled) {
        // Turned back on: a fresh start for the 24 h rule.
        changes.disabled_reason = null;
        changes.failing_since = null;
      } else if (Number(existing.enabled) === 1) {
        changes.disabled_reason = 'Disabled by an admin';
      }
    }
    changes.updated_at = nowIso();
    await db
      .updateTable('webhook_endpoints')
      .set(changes)
      .where('organization_id', '=', caller.organization_id)
      .where('id', '=', existing.id)
      .execute();
    return toWebhookEndpoint(await endpointOf(caller.organization_id, existing.id));
  });

  fastify.delete(
    '/webhooks/:id',
    { schema: deleteWebhookSchema, ...admin },
    async (request, reply) => {
      const { caller } = request;
      const existing = await endpointOf(caller.organization_id, request.params.id);
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('webhook_deliveries')
          .where('organization_id', '=', caller.organization_id)
          .where('endpoint_id', '=', existing.id)
          .execute();
        await trx
          .deleteFrom('webhook_endpoints')
          .where('organization_id', '=', caller.organization_id)
          .where('id', '=', existing.id)
          .execute();
      });
      return reply.code(204).send(null);
    },
  );

  fastify.get(
    '/webhooks/:id/deliveries',
    { schema: listWebhookDeliveriesSchema, ...admin },
    async (request, reply) => {
      const { caller } = request;
      const endpoint = await endpointOf(caller.organization_id, request.params.id);
      const page = pageOf(request.query);
      const { total } = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .where('organization_id', '=', caller.organization_id)
        .where('endpoint_id', '=', endpoint.id)
        .executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('organization_id', '=', caller.organization_id)
        .where('endpoint_id', '=', endpoint.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows.map(toWebhookDelivery));
    },
  );

  fastify.post(
    '/webhooks/:id/deliveries/:delivery_id/redeliver',
    { schema: redeliverWebhookSchema, ...admin },
    async (request) => {
      const { caller, params } = request;
      const endpoint = await endpointOf(caller.organization_id, params.id);
      const delivery = await deliveryOf(caller.organization_id, endpoint.id, params.delivery_id);
      enabledOrConflict(endpoint);
      if (delivery.status === 'sending') {
        throw conflict('This delivery is being sent. Wait for its answer.');
      }
      const now = nowIso();
      // The same id and body: a receiver that had it already drops it.
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', next_attempt_at: now })
        .where('organization_id', '=', caller.organization_id)
        .where('id', '=', delivery.id)
        .where('status', '<>', 'sending')
        .execute();
      return sendNow(caller.organization_id, endpoint.id, delivery.id);
    },
  );

  fastify.post('/webhooks/:id/test', { schema: testWebhookSchema, ...admin }, async (request) => {
    const { caller } = request;
    const endpoint = await endpointOf(caller.organization_id, request.params.id);
    enabledOrConflict(endpoint);
    const now = nowIso();
    const row: DeliveryRow = {
      organization_id: caller.organization_id,
      id: newDeliveryId(),
      endpoint_id: endpoint.id,
      event: 'ping',
      event_key: `ping:${randomUUID()}`,
      payload: webhookPayload('ping', now, {
        webhook_id: endpoint.id,
        message: 'A test from Duly',
      }),
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      lease_owner: null,
      lease_until: null,
      response_status: null,
      response_body: null,
      duration_ms: null,
      last_error: null,
      last_attempt_at: null,
      delivered_at: null,
      created_at: now,
    };
    await db.insertInto('webhook_deliveries').values(row).execute();
    return sendNow(caller.organization_id, endpoint.id, row.id);
  });
};

export default webhookRoutes;
