import { Link } from 'react-router-dom';
import {
  Button,
  PageHeader,
  PagedResults,
  selectCurrentUser,
  useAppSelector,
  type Employee,
} from '@duly/shared';
import { useEmployeesListQuery } from './api';
import { EmployeeFilters } from './components/EmployeeFilters';
import { EmployeeTable } from './components/EmployeeTable';
import { employeePaths } from './paths';
import { canEditPerson, canManagePeople } from './permissions';
import { useEmployeeListParams } from './useEmployeeListParams';

/**
 * /employees: 'Users', the organisation's people a page at a time, searchable by name or email,
 * filterable by status, role and department and sortable by name and email. 'New User' and the
 * Edit links are offered to managers and admins only.
 */
export function EmployeeListScreen() {
  const list = useEmployeeListParams();
  const { filters, search, sort, setSort } = list;
  const query = useEmployeesListQuery(list.params);
  const currentUser = useAppSelector(selectCurrentUser);
  const manages = canManagePeople(currentUser);
  const canEdit = (person: Employee) => canEditPerson(currentUser, person);
  const narrowed = search !== '' || Object.values(filters).some(Boolean);

  return (
    <>
      <PageHeader
        title="Users"
        actions={
          manages ? (
            <Button as={Link} to={employeePaths.create}>
              New User
            </Button>
          ) : null
        }
      />
      <EmployeeFilters list={list} />
      <PagedResults
        query={query}
        list={list}
        texts={{
          loading: 'Loading employees...',
          error: 'Failed to fetch employees',
          empty: narrowed ? 'No employees match the search or filters' : 'No employees found',
        }}
      >
        {(employees) => (
          <EmployeeTable
            employees={employees}
            sort={sort}
            onSortChange={setSort}
            canEdit={canEdit}
            showEdit={manages}
          />
        )}
      </PagedResults>
    </>
  );
}
