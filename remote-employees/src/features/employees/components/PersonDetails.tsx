import type { Employee } from '@duly/shared/core';
import { DetailFields, EmployeeStatusBadge } from '@duly/shared/kit';
import { roleLabel } from '../labels';
import { InvitationPendingBadge } from './InvitationPendingBadge';

const orDash = (value: string | null | undefined) => (value?.trim() ? value : '-');

/**
 * One person's details: email (and a new one waiting to be confirmed), phone, department, role,
 * status and a pending invitation.
 */
export function PersonDetails({ person }: { person: Employee }) {
  return (
    <DetailFields
      fields={[
        { label: 'Email', value: person.email },
        !!person.pending_email && {
          label: 'New email',
          value: `${person.pending_email} (waiting for confirmation)`,
        },
        { label: 'Phone Number', value: orDash(person.phone) },
        { label: 'Department', value: orDash(person.department) },
        { label: 'Role', value: roleLabel(person.role) },
        { label: 'Status', value: <EmployeeStatusBadge status={person.status} /> },
        person.invitation_pending && { label: 'Sign-in', value: <InvitationPendingBadge /> },
      ]}
    />
  );
}
