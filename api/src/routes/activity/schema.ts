import { Type } from 'typebox';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_ACTOR_KINDS,
  ACTIVITY_ENTITY_TYPES,
} from '@duly/shared/contract';
import {
  DateText,
  Enum,
  Id,
  Nullable,
  PageQuery,
  PersonRef,
  errorResponses,
} from '../../lib/schema';

const tags = ['activity'];

const Value = Type.Unsafe<string | number | boolean | null>({
  type: ['string', 'number', 'boolean', 'null'],
});

export const ActivityEntrySchema = Type.Object({
  id: Type.Integer({ minimum: 1, description: '1, 2, 3… per organisation; newest highest' }),
  at: Type.String({ description: 'ISO-8601 UTC' }),
  actor: Nullable(
    Type.Object(PersonRef.properties, {
      description: 'The person, import or API token by name at the time; null for Duly itself',
    }) as unknown as ReturnType<typeof Type.Object> & { type: 'object' },
  ),
  actor_kind: Enum(ACTIVITY_ACTOR_KINDS),
  entity_type: Enum(ACTIVITY_ENTITY_TYPES),
  entity_id: Type.String(),
  action: Enum(ACTIVITY_ACTIONS),
  changes: Type.Record(Type.String(), Type.Array(Value, { minItems: 2, maxItems: 2 }), {
    description: '`{ field: [old, new] }`; never a password, hash or token',
  }),
});

const filters = {
  entity_type: Type.Optional(Enum(ACTIVITY_ENTITY_TYPES)),
  entity_id: Type.Optional(Id),
  actor_id: Type.Optional(Id),
  action: Type.Optional(Enum(ACTIVITY_ACTIONS)),
  since: Type.Optional({ ...DateText, description: 'From this instant on (any offset)' }),
  until: Type.Optional({ ...DateText, description: 'Up to this instant (any offset)' }),
};

export const listActivitySchema = {
  operationId: 'listActivity',
  summary: 'The activity history, newest first',
  description:
    'Admins and managers see the whole organisation; an employee the entries about their own ' +
    'tasks, certificates and person. An item another organisation owns (or the caller may not ' +
    'see) is a 404. `before=<id>` pages by key (the last id of the previous page), so a deep ' +
    'page costs what the first does. The total is in `X-Total-Count`.',
  tags,
  querystring: Type.Object({
    ...PageQuery.properties,
    ...filters,
    before: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Only entries older than this id (keyset)' }),
    ),
  }),
  response: { 200: Type.Array(ActivityEntrySchema), ...errorResponses(400, 401, 404) },
};

export const exportActivitySchema = {
  operationId: 'exportActivity',
  summary: "The organisation's history as CSV (admins)",
  description:
    'Streamed, newest first, with the list’s filters. A cell that a spreadsheet would take ' +
    'for a formula (starting with =, +, -, @, tab or carriage return) is prefixed with an apostrophe.',
  tags,
  querystring: Type.Object({
    format: Type.Optional(Enum(['csv'] as const, { description: 'csv (the default)' })),
    ...filters,
  }),
  response: {
    200: {
      description: 'The entries as CSV, newest first',
      content: { 'text/csv': { schema: Type.String() } },
    },
    ...errorResponses(400, 401, 403),
  },
};

export const verifyActivitySchema = {
  operationId: 'verifyActivity',
  summary: "Checks the organisation's hash chain (admins)",
  tags,
  response: {
    200: Type.Object({
      ok: Type.Boolean(),
      checked: Type.Integer({ minimum: 0, description: 'How many entries were checked' }),
      first_broken_id: Type.Optional(
        Type.Integer({ description: 'The first entry whose link is broken (when not ok)' }),
      ),
      unsealed: Type.Integer({
        minimum: 0,
        description:
          'Entries written but not chained yet (the sealer chains them within seconds; not checked, not broken)',
      }),
    }),
    ...errorResponses(401, 403),
  },
};
