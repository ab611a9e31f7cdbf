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
import { EmployeeStatusBadge } from './EmployeeStatusBadge';
import { TextLink } from './TextLink';

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
  /** Whether this person's Edit link is offered (not to employees, not for an admin to a manager). */
  canEdit: (person: Employee) => boolean;
  /** Whether the Edit column is shown at all (hidden from a role that can edit nobody). */
  showEdit: boolean;
}

/**
 * The people list (spec 2): Full Name (links to /users/{id}), Email, Phone Number (a dash when
 * empty), Status and Edit (links to /users/{id}/edit). The `/users` links are the spec's; they
 * redirect to the `/employees` pages.
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
                <EmployeeStatusBadge status={person.status} />
              </OneLineCell>
              {showEdit ? (
                <OneLineCell>
                  {canEdit(person) ? (
                    <Button
                      as={Link}
                      to={userPaths.edit(person.id)}
                      variant="text"
                      size="small"
                      aria-label={`Edit ${name}`}
                    >
                      Edit
                    </Button>
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
