/**
 * /unsubscribe?token=…: the List-Unsubscribe link of every reminder mail (reminders/).
 *
 * GET only shows a page with a button: mail scanners and link previews open links, and must
 * not turn anyone's emails off. POST (the button, or a mail client's RFC 8058 one-click
 * request with the body `List-Unsubscribe=One-Click`) records the opt-out. Public: the
 * signed token is the authority, and it can only turn one kind of email off for the one
 * person it names, which that person can undo in /profile.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { unsubscribe } from '../../db/repositories/email-opt-outs';
import { findUserById } from '../../db/repositories/users';
import { escapeHtml } from '../../mail/compose';
import { HttpError } from '../../lib/http-errors';
import { nowIso } from '../../lib/dates';
import { KIND_LABELS } from '../../reminders/messages';
import { readUnsubscribeToken } from '../../reminders/unsubscribe-token';
import { showUnsubscribeSchema, unsubscribeSchema } from './schema';

function invalidLink(): HttpError {
  return new HttpError(400, 'invalid_token', 'This unsubscribe link is not valid.');
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

const unsubscribeRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;
  const secret = fastify.config.jwtSecret;

  // One-click requests are forms (RFC 8058); what they say is fixed, the token says the rest.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    fastify.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_r, _b, done) =>
      done(null, undefined),
    );
  }

  /** The person and kind the token names, if that person still exists. */
  async function subjectOf(token: string) {
    const named = readUnsubscribeToken(secret, token);
    if (!named) throw invalidLink();
    const user = await findUserById(db, named.userId);
    if (!user) throw invalidLink();
    return { user, kind: named.kind };
  }

  fastify.get('/unsubscribe', { schema: showUnsubscribeSchema }, async (request, reply) => {
    const { user, kind } = await subjectOf(request.query.token);
    const action = `?token=${encodeURIComponent(request.query.token)}`;
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Unsubscribe',
          `<p>Stop sending ${escapeHtml(KIND_LABELS[kind])} to ${escapeHtml(user.email)}?</p>` +
            `<form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
        ),
      );
  });

  fastify.post('/unsubscribe', { schema: unsubscribeSchema }, async (request, reply) => {
    const { user, kind } = await subjectOf(request.query.token);
    await unsubscribe(
      db,
      { organizationId: user.organization_id, userId: user.id },
      kind,
      nowIso(),
    );
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Unsubscribed',
          `<p>${escapeHtml(user.email)} will no longer get ${escapeHtml(KIND_LABELS[kind])} by email. ` +
            'They still show in Duly, and you can turn these emails back on in your profile.</p>',
        ),
      );
  });
};

export default unsubscribeRoutes;
