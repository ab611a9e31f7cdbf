/**
 * The events of one item, read as the API returns it (GET /tasks/{id}, …) inside the
 * transaction of the change; read only when an endpoint listens (events.ts).
 */
import { findCertificate } from '../db/repositories/certificates';
import { findTask } from '../db/repositories/tasks';
import { findEmployee } from '../db/repositories/users';
import type { Db } from '../db/tables';
import { changeKey, type WebhookEvent, type WebhookEventToQueue } from './events';

/** A change made by a request (its key is new each time), or by the sweep (`key` given). */
export function taskEvent(
  db: Db,
  type: Extract<WebhookEvent, `task.${string}`>,
  organizationId: string,
  id: string,
  key = changeKey('task', id),
): WebhookEventToQueue {
  return { organizationId, type, key, data: () => findTask(db, { id, organizationId }) };
}

export function certificateEvent(
  db: Db,
  type: Extract<WebhookEvent, `certificate.${string}`>,
  organizationId: string,
  id: string,
  key = changeKey('certificate', id),
): WebhookEventToQueue {
  return { organizationId, type, key, data: () => findCertificate(db, { id, organizationId }) };
}

export function employeeEvent(
  db: Db,
  type: Extract<WebhookEvent, `employee.${string}`>,
  organizationId: string,
  id: string,
): WebhookEventToQueue {
  return {
    organizationId,
    type,
    key: changeKey('employee', id),
    data: () => findEmployee(db, organizationId, id),
  };
}
