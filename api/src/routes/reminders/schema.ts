import { Type } from 'typebox';
import { Nullable, errorResponses } from '../../lib/schema';

const Count = Type.Integer({ minimum: 0 });

export const RemindersStatusSchema = Type.Object({
  last_run_at: Nullable(Type.String()),
  last_run_succeeded: Nullable(Type.Boolean()),
  queue: Type.Object({
    due: Count,
    scheduled: Count,
    waiting_for_retry: Count,
    failed: Count,
  }),
});

export const getRemindersStatusSchema = {
  operationId: 'getRemindersStatus',
  summary:
    "Whether reminders run: when the job last ran (any instance) and the organisation's mail queue (admins)",
  tags: ['reminders'],
  response: { 200: RemindersStatusSchema, ...errorResponses(401, 403) },
};
