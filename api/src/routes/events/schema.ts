import { Type } from 'typebox';
import { errorResponses } from '../../lib/schema';

const tags = ['events'];

/** An event id is 22 characters (16 random bytes, base64url); anything far longer is no id. */
export const LAST_EVENT_ID_MAX = 100;

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
    'the Authorization header or by `ticket` (POST /events/ticket). Each change has an `id:`; ' +
    'a client coming back with the last one it heard (the `Last-Event-ID` header, or ' +
    '`last_event_id`, since a new EventSource cannot set it) is sent what it missed, or ' +
    '`event: reset` when the instance no longer holds it (then it refetches everything).',
  tags,
  security: [{ bearerAuth: [] as string[] }, {} as Record<string, string[]>],
  querystring: Type.Object(
    {
      ticket: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
      last_event_id: Type.Optional(Type.String({ minLength: 1, maxLength: LAST_EVENT_ID_MAX })),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Type.String({ description: 'text/event-stream' }),
    ...errorResponses(400, 401),
  },
};
