import styled from 'styled-components';
import type { Employee } from '@duly/shared';
import { roleLabel } from '../labels';
import { EmployeeStatusBadge } from './EmployeeStatusBadge';

const Fields = styled.dl`
  display: grid;
  grid-template-columns: minmax(120px, max-content) 1fr;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(1.5, 3)};
  margin: 0;

  ${({ theme }) => theme.media.narrow} {
    grid-template-columns: 1fr;
    gap: ${({ theme }) => theme.space(0.5)};
  }
`;

const Label = styled.dt`
  color: ${({ theme }) => theme.colors.textSecondary};
  font-weight: ${({ theme }) => theme.fontWeights.medium};

  ${({ theme }) => theme.media.narrow} {
    margin-top: ${({ theme }) => theme.space(1)};
  }
`;

const Value = styled.dd`
  margin: 0;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const orDash = (value: string | null | undefined) => (value?.trim() ? value : '-');

/** One person's details: email, phone, department, role and status. */
export function PersonDetails({ person }: { person: Employee }) {
  return (
    <Fields>
      <Label>Email</Label>
      <Value>{person.email}</Value>
      <Label>Phone Number</Label>
      <Value>{orDash(person.phone)}</Value>
      <Label>Department</Label>
      <Value>{orDash(person.department)}</Value>
      <Label>Role</Label>
      <Value>{roleLabel(person.role)}</Value>
      <Label>Status</Label>
      <Value>
        <EmployeeStatusBadge status={person.status} />
      </Value>
    </Fields>
  );
}
