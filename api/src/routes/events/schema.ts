import { Type } from 'typebox';
import { errorResponses } from '../../lib/schema';

const tags = ['events'];

export const createTicketSchema = {
  operationId: 'createEventsTicket',
  summary: 'A one-use ticket that opens the live-updates stream',
  description:
    "A browser's EventSource cannot send the Authorization header: it opens " +
    '`GET /events?ticket=…` with this ticket instead, within 60 s, once (docs/live.md).',
  tags,
  response: {
    200: Type.Object({ ticket: Type.String() }, { additionalProperties: false }),
    ...errorResponses(401),
  },
};

export const streamSchema = {
  operationId: 'streamEvents',
  summary: 'Live updates: what changed that the signed-in person may see',
  description:
    'A text/event-stream of `data: {"type": "tasks"|"certificates"|"employees"|"dashboard"|' +
    '"organization"|"notifications", "ids": [...]}` lines, one per kind of change, sent once ' +
    'the change is committed, from any instance; a `: heartbeat` comment every 25 s; ' +
    '`event: ready` first and `event: ended` when the session ends. Events carry kinds and ids ' +
    'only (employees get no ids): the client refetches with its own rights. Authenticated by ' +
    'the Authorization header or by `ticket` (POST /events/ticket).',
  tags,
  security: [{ bearerAuth: [] as string[] }, {} as Record<string, string[]>],
  querystring: Type.Object(
    { ticket: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })) },
    { additionalProperties: false },
  ),
  response: {
    200: Type.String({ description: 'text/event-stream' }),
    ...errorResponses(400, 401),
  },
};
