import { useMemo } from 'react';
import {
  DEPARTMENTS,
  EMPLOYEE_STATUSES,
  ROLES,
  selectCurrentUser,
  useAppSelector,
  type Employee,
} from '@duly/shared/core';
import {
  CellItems,
  EditLink,
  EmployeeStatusBadge,
  listFilter,
  ResourceListScreen,
  statusFilter,
  titleColumn,
  type ColumnEntry,
} from '@duly/shared/kit';
import { useEmployeesListQuery } from './api';
import { InvitationPendingBadge } from './components/InvitationPendingBadge';
import { ResendInvitationButton } from './components/ResendInvitationButton';
import { TextLink } from './components/TextLink';
import { displayName, roleLabel } from './labels';
import { employeePaths, userPaths } from './paths';
import {
  canEditPerson,
  canImportPeople,
  canManagePeople,
  canResendInvitation,
} from './permissions';

/**
 * /employees' page, filters, order (the API's EMPLOYEE_SORTS; its default is the full name) and
 * search by name or email, kept in the URL (`/employees?role=manager&department=Sales&q=priya`).
 */
const EMPLOYEES = {
  title: 'Users',
  noun: 'employees',
  params: {
    filters: { status: EMPLOYEE_STATUSES, role: ROLES, department: DEPARTMENTS },
    sorts: ['full_name', 'email'],
    defaultSort: 'full_name',
  },
  useQuery: useEmployeesListQuery,
  searchLabel: 'Search by name or email',
  filters: [
    statusFilter(EMPLOYEE_STATUSES),
    listFilter('role', 'Filter by Role', 'All roles', ROLES, roleLabel),
    listFilter('department', 'Filter by Department', 'All departments', DEPARTMENTS),
  ],
  texts: {
    filtered: 'No employees match the search or filters',
    error: 'Failed to fetch employees',
  },
};

/**
 * Spec 2: Full Name (links to /users/{id}), Email, Phone Number (a dash when empty), Status and
 * Edit (/users/{id}/edit). The `/users` links are the spec's; they redirect to `/employees`.
 * Someone who has not accepted their invitation has an 'Invitation pending' badge and, for
 * those who may change them, 'Resend invitation' beside Edit.
 */
function employeeColumns(
  showEdit: boolean,
  canEdit: (person: Employee) => boolean,
): ColumnEntry<Employee>[] {
  return [
    titleColumn(
      'name',
      'Full Name',
      (person) => <TextLink to={userPaths.detail(person.id)}>{displayName(person)}</TextLink>,
      { sortKey: 'full_name', width: '160px' },
    ),
    {
      key: 'email',
      header: 'Email',
      cell: (person) => person.email,
      sortKey: 'email',
      // A long address breaks rather than widening the table past its card.
      wrap: true,
    },
    {
      key: 'phone',
      header: 'Phone Number',
      cell: (person) => (person.phone?.trim() ? person.phone : '-'),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (person) => (
        <CellItems>
          <EmployeeStatusBadge status={person.status} />
          {person.invitation_pending ? <InvitationPendingBadge /> : null}
        </CellItems>
      ),
    },
    showEdit && {
      key: 'edit',
      header: 'Edit',
      card: 'action',
      cell: (person) =>
        canEdit(person) ? (
          <CellItems>
            <EditLink to={userPaths.edit(person.id)} name={displayName(person)} />
            {canResendInvitation(person) ? (
              <ResendInvitationButton person={person} variant="text" size="small" />
            ) : null}
          </CellItems>
        ) : null,
    },
  ];
}

/**
 * /employees: 'Users', the organisation's people a page at a time, searchable by name or email,
 * filterable by status, role and department and sortable by name and email. 'New User' and the
 * Edit links are offered to managers and admins only.
 */
export function EmployeeListScreen() {
  const currentUser = useAppSelector(selectCurrentUser);
  const manages = canManagePeople(currentUser);
  // The same columns across renders: ResourceTable then skips the rows that did not change.
  const columns = useMemo(
    () => employeeColumns(manages, (person) => canEditPerson(currentUser, person)),
    [manages, currentUser],
  );
  return (
    <ResourceListScreen
      resource={EMPLOYEES}
      create={manages && { to: employeePaths.create, label: 'New User' }}
      importPath={canImportPeople(currentUser) && employeePaths.import}
      table={{ columns }}
    />
  );
}
