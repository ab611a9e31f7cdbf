/**
 * /notifications (and /profile/email-preferences, preferences.ts): the signed-in person's own notices (the shell's bell). Whatever the role,
 * a person sees and marks only the notices addressed to them; another person's notice is a
 * 404, as if it did not exist.
 *
 * These answers never go through the response cache (plugins/response-cache.ts): the
 * reminders engine writes notices on its own schedule and a bell must show them at once, and
 * the count is a cheap indexed query. Browsers and proxies keep no copy either: every API
 * answer is `no-store` (plugins/security.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TOTAL_COUNT_HEADER } from '@duly/shared/contract';
import { pageOf } from '../../db/list';
import {
  countUnread,
  findNotification,
  listNotifications,
  markAllRead,
  setNotificationRead,
} from '../../db/repositories/notifications';
import { nowIso } from '../../lib/dates';
import { notFound } from '../../lib/http-errors';
import emailPreferenceRoutes from './preferences';
import { recipientOf } from './recipient';
import {
  UNREAD_COUNT_CAP,
  listNotificationsSchema,
  markAllReadSchema,
  markNotificationSchema,
  unreadCountSchema,
} from './schema';

const notificationRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;

  fastify.get('/notifications/', { schema: listNotificationsSchema }, async (request, reply) => {
    const { items, total } = await listNotifications(
      db,
      recipientOf(request.caller),
      pageOf(request.query),
    );
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(items);
  });

  fastify.get('/notifications/unread-count', { schema: unreadCountSchema }, async (request) => ({
    count: await countUnread(db, recipientOf(request.caller), UNREAD_COUNT_CAP),
  }));

  fastify.post('/notifications/read-all', { schema: markAllReadSchema }, async (request) => ({
    updated: await markAllRead(db, recipientOf(request.caller), nowIso()),
  }));

  fastify.patch('/notifications/:id', { schema: markNotificationSchema }, async (request) => {
    const recipient = recipientOf(request.caller);
    const { id } = request.params;
    if (!(await findNotification(db, recipient, id))) throw notFound('Notification');
    await setNotificationRead(db, recipient, id, request.body.read, nowIso());
    return (await findNotification(db, recipient, id))!;
  });

  await fastify.register(emailPreferenceRoutes);
};

export default notificationRoutes;
