import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  Button,
  SortableHeaderCell,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  type Employee,
} from '@duly/shared';
import { displayName } from '../labels';
import { userPaths } from '../paths';
import { canResendInvitation } from '../permissions';
import { EmployeeStatusBadge } from './EmployeeStatusBadge';
import { InvitationPendingBadge } from './InvitationPendingBadge';
import { ResendInvitationButton } from './ResendInvitationButton';
import { TextLink } from './TextLink';

/** The badges of one cell side by side, wrapping neither. */
const Badges = styled.span`
  display: inline-flex;
  gap: ${({ theme }) => theme.space(1)};
`;

const Actions = styled.span`
  display: inline-flex;
  gap: ${({ theme }) => theme.space(1)};
`;

/** Email, phone, badge and Edit never wrap (an address split over lines reads badly); only the name wraps, and the table scrolls sideways on small screens. */
const OneLineCell = styled(TableCell)`
  white-space: nowrap;
`;

/** The name wraps, but keeps a readable width beside the one-line columns. */
const NameCell = styled(TableCell)`
  min-width: 160px;
  overflow-wrap: break-word;
`;

const TABLE_MIN_WIDTH = '640px';

export interface EmployeeTableProps {
  employees: readonly Employee[];
  /** The order in force (`-full_name`); Full Name and Email sort the list. */
  sort: string | undefined;
  onSortChange: (sort: string) => void;
  /**
   * Whether this person's Edit link (and 'Resend invitation' while their invitation is pending)
   * is offered (not to employees, not for an admin to a manager).
   */
  canEdit: (person: Employee) => boolean;
  /** Whether the Edit column is shown at all (hidden from a role that can edit nobody). */
  showEdit: boolean;
}

/**
 * The people list (spec 2): Full Name (links to /users/{id}), Email, Phone Number (a dash when
 * empty), Status and Edit (links to /users/{id}/edit). The `/users` links are the spec's; they
 * redirect to the `/employees` pages. Someone who has not accepted their invitation has an
 * 'Invitation pending' badge beside their status and, for those who may change them, a
 * 'Resend invitation' action beside Edit.
 */
export function EmployeeTable({
  employees,
  sort,
  onSortChange,
  canEdit,
  showEdit,
}: EmployeeTableProps) {
  const sortable = { sort, onSortChange };
  return (
    <Table aria-label="Users" minWidth={TABLE_MIN_WIDTH}>
      <TableHead>
        <TableRow>
          <SortableHeaderCell column="full_name" {...sortable}>
            Full Name
          </SortableHeaderCell>
          <SortableHeaderCell column="email" {...sortable}>
            Email
          </SortableHeaderCell>
          <TableHeaderCell>Phone Number</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          {showEdit ? <TableHeaderCell>Edit</TableHeaderCell> : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {employees.map((person) => {
          const name = displayName(person);
          return (
            <TableRow key={person.id}>
              <NameCell>
                <TextLink to={userPaths.detail(person.id)}>{name}</TextLink>
              </NameCell>
              <OneLineCell>{person.email}</OneLineCell>
              <OneLineCell>{person.phone?.trim() ? person.phone : '-'}</OneLineCell>
              <OneLineCell>
                <Badges>
                  <EmployeeStatusBadge status={person.status} />
                  {person.invitation_pending ? <InvitationPendingBadge /> : null}
                </Badges>
              </OneLineCell>
              {showEdit ? (
                <OneLineCell>
                  {canEdit(person) ? (
                    <Actions>
                      <Button
                        as={Link}
                        to={userPaths.edit(person.id)}
                        variant="text"
                        size="small"
                        aria-label={`Edit ${name}`}
                      >
                        Edit
                      </Button>
                      {canResendInvitation(person) ? (
                        <ResendInvitationButton person={person} variant="text" size="small" />
                      ) : null}
                    </Actions>
                  ) : null}
                </OneLineCell>
              ) : null}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
