import { DetailLabel, DetailList, DetailValue, type Employee } from '@duly/shared';
import { roleLabel } from '../labels';
import { EmployeeStatusBadge } from './EmployeeStatusBadge';
import { InvitationPendingBadge } from './InvitationPendingBadge';

const orDash = (value: string | null | undefined) => (value?.trim() ? value : '-');

/**
 * One person's details: email (and a new one waiting to be confirmed), phone, department, role,
 * status and a pending invitation.
 */
export function PersonDetails({ person }: { person: Employee }) {
  return (
    <DetailList>
      <DetailLabel>Email</DetailLabel>
      <DetailValue>{person.email}</DetailValue>
      {person.pending_email ? (
        <>
          <DetailLabel>New email</DetailLabel>
          <DetailValue>{person.pending_email} (waiting for confirmation)</DetailValue>
        </>
      ) : null}
      <DetailLabel>Phone Number</DetailLabel>
      <DetailValue>{orDash(person.phone)}</DetailValue>
      <DetailLabel>Department</DetailLabel>
      <DetailValue>{orDash(person.department)}</DetailValue>
      <DetailLabel>Role</DetailLabel>
      <DetailValue>{roleLabel(person.role)}</DetailValue>
      <DetailLabel>Status</DetailLabel>
      <DetailValue>
        <EmployeeStatusBadge status={person.status} />
      </DetailValue>
      {person.invitation_pending ? (
        <>
          <DetailLabel>Sign-in</DetailLabel>
          <DetailValue>
            <InvitationPendingBadge />
          </DetailValue>
        </>
      ) : null}
    </DetailList>
  );
}
