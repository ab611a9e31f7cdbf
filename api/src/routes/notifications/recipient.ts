import type { Recipient } from '../../db/repositories/notifications';
import type { Caller } from '../../plugins/auth';

/** A person's notices and email switches are theirs alone: the caller of the token. */
export function recipientOf(caller: Caller): Recipient {
  return { organizationId: caller.organization_id, userId: caller.id };
}
