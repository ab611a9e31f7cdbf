import { Type } from 'typebox';
import { NOTICE_ITEM_TYPES, NOTICE_KINDS, NOTIFICATION_KINDS } from '@duly/shared/contract';
import { Enum, IdParams, Nullable, PageQuery, errorResponses } from '../../lib/schema';

/** The unread count stops at this many: the bell shows "99+" beyond 99. */
export const UNREAD_COUNT_CAP = 100;

export const NotificationKind = Enum(NOTIFICATION_KINDS);

export const NotificationSchema = Type.Object({
  id: Type.String(),
  kind: Enum(NOTICE_KINDS),
  item_type: Enum(NOTICE_ITEM_TYPES),
  item_id: Type.String(),
  item_title: Type.String({
    description:
      "The task's title, certificate's name or webhook's URL at the time; an import's file name and what it did",
  }),
  item_date: Type.String({
    description:
      'The due instant (task, ISO-8601 UTC), expiry date (certificate, YYYY-MM-DD), or the instant a webhook was disabled or an import ended',
  }),
  // Optional in the contract: front ends must also read an API from before it (this API
  // always sends it).
  item_current_date: Type.Optional(
    Nullable(
      Type.String({
        description:
          "The item's date now, in item_date's form (a task's due instant, a certificate's expiry date); null for a webhook or an item that no longer exists. When it differs from item_date the item changed since (renewed, moved)",
      }),
    ),
  ),
  created_at: Type.String(),
  read_at: Nullable(Type.String({ description: 'null while unread' })),
});

const tags = ['notifications'];

export const listNotificationsSchema = {
  operationId: 'listNotifications',
  summary: "The caller's own notices, newest first",
  tags,
  querystring: PageQuery,
  response: { 200: Type.Array(NotificationSchema), ...errorResponses(400, 401) },
};

export const unreadCountSchema = {
  operationId: 'countUnreadNotifications',
  summary: "How many of the caller's notices are unread",
  description: `Counted up to ${UNREAD_COUNT_CAP}: a count of ${UNREAD_COUNT_CAP} means "that many or more".`,
  tags,
  response: {
    200: Type.Object({ count: Type.Integer({ minimum: 0, maximum: UNREAD_COUNT_CAP }) }),
    ...errorResponses(401),
  },
};

export const MarkReadBody = Type.Object(
  { read: Type.Boolean({ description: 'true: read; false: unread again' }) },
  { additionalProperties: false },
);

export const markNotificationSchema = {
  operationId: 'markNotification',
  summary: 'Mark one of the caller’s notices read or unread',
  description: "Another person's notice is a 404, like an unknown id.",
  tags,
  params: IdParams,
  body: MarkReadBody,
  response: { 200: NotificationSchema, ...errorResponses(400, 401, 404) },
};

export const markAllReadSchema = {
  operationId: 'markAllNotificationsRead',
  summary: "Mark every one of the caller's notices read",
  tags,
  response: {
    200: Type.Object({ updated: Type.Integer({ minimum: 0, description: 'How many changed' }) }),
    ...errorResponses(401),
  },
};
