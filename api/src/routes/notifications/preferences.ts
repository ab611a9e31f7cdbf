/**
 * /profile/email-preferences: the switch per kind of email on the profile page. A person
 * only ever reads and changes their own (the caller of the token). Turning a kind off writes
 * a row in `email_opt_outs`, the same row an email's unsubscribe link writes.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { NotificationKind } from '@duly/shared/contract';
import { emailPreferences, setEmailPreferences } from '../../db/repositories/notifications';
import { nowIso } from '../../lib/dates';
import { recipientOf } from './recipient';
import { getEmailPreferencesSchema, putEmailPreferencesSchema } from './preferences-schema';

const emailPreferenceRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;

  fastify.get(
    '/profile/email-preferences',
    { schema: getEmailPreferencesSchema },
    async (request) => emailPreferences(db, recipientOf(request.caller)),
  );

  fastify.put(
    '/profile/email-preferences',
    { schema: putEmailPreferencesSchema },
    async (request) => {
      const recipient = recipientOf(request.caller);
      const changes = request.body as Partial<Record<NotificationKind, boolean>>;
      await setEmailPreferences(db, recipient, changes, nowIso());
      return emailPreferences(db, recipient);
    },
  );
};

export default emailPreferenceRoutes;
