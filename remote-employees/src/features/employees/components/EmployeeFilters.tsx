import styled from 'styled-components';
import {
  DEPARTMENTS,
  EMPLOYEE_STATUSES,
  ROLES,
  SearchField,
  Select,
  statusLabel,
} from '@duly/shared';
import type { EmployeeListView } from '../useEmployeeListParams';
import { roleLabel } from '../labels';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

const SearchBox = styled.div`
  width: 280px;
  max-width: 100%;
`;

/** Two filters a row on a phone, each up to 200 px on wider screens. */
const FilterBox = styled.div`
  flex: 1 1 140px;
  max-width: 200px;
`;

const STATUS_OPTIONS = EMPLOYEE_STATUSES.map((value) => ({ value, label: statusLabel(value) }));
const ROLE_OPTIONS = ROLES.map((value) => ({ value, label: roleLabel(value) }));
const DEPARTMENT_OPTIONS = DEPARTMENTS.map((value) => ({ value, label: value }));

/** Picks the chosen value out of `values`: anything else (the placeholder) means "all". */
function chosen<T extends string>(values: readonly T[], value: string): T | undefined {
  return values.find((candidate) => candidate === value);
}

/** Search by name or email and the status, role and department filters, all kept in the URL. */
export function EmployeeFilters({ list }: { list: EmployeeListView }) {
  const { filters, search, setFilter, setSearch } = list;
  return (
    <Toolbar>
      <SearchBox>
        <SearchField label="Search by name or email" value={search} onSearch={setSearch} />
      </SearchBox>
      <FilterBox>
        <Select
          label="Filter by Status"
          name="status"
          value={filters.status ?? ''}
          options={STATUS_OPTIONS}
          placeholder="All statuses"
          onChange={(event) => setFilter('status', chosen(EMPLOYEE_STATUSES, event.target.value))}
        />
      </FilterBox>
      <FilterBox>
        <Select
          label="Filter by Role"
          name="role"
          value={filters.role ?? ''}
          options={ROLE_OPTIONS}
          placeholder="All roles"
          onChange={(event) => setFilter('role', chosen(ROLES, event.target.value))}
        />
      </FilterBox>
      <FilterBox>
        <Select
          label="Filter by Department"
          name="department"
          value={filters.department ?? ''}
          options={DEPARTMENT_OPTIONS}
          placeholder="All departments"
          onChange={(event) => setFilter('department', chosen(DEPARTMENTS, event.target.value))}
        />
      </FilterBox>
    </Toolbar>
  );
}
