import { StatusBadge } from '@duly/shared/kit';

/** Someone who has not accepted their invitation yet (no password): they cannot sign in. */
export function InvitationPendingBadge() {
  return <StatusBadge color="blue">Invitation pending</StatusBadge>;
}
