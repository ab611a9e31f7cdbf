import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { DEPARTMENTS, roleAtLeast, selectCurrentUser, useAppSelector } from '@duly/shared/core';
import {
  Button,
  EmptyState,
  ErrorState,
  ExportActions,
  FilterRow,
  LoadingState,
  PageHeader,
  Pagination,
  ReadOnlyNotice,
  Select,
  theme,
} from '@duly/shared/kit';
import { useComplianceMatrixQuery, type ComplianceParams } from './api';
import { ComplianceGrid } from './components/ComplianceGrid';

const PAGE_SIZE = 50;

const Filters = styled(FilterRow)`
  > * {
    flex: 0 1 200px;
  }
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: ${theme.space(1)};
  min-height: 40px;
`;

const Dimmed = styled.div<{ $dim: boolean }>`
  opacity: ${({ $dim }) => ($dim ? 0.6 : 1)};
`;

const SORTS = [
  { value: 'name', label: 'Name' },
  { value: 'compliance', label: 'Least compliant first' },
  { value: '-compliance', label: 'Most compliant first' },
];

/**
 * The departments to filter by: the form's list, plus any other the people on screen belong to
 * (an import or the API may have stored one the form does not offer, such as "Operations") and
 * the one in the URL, so a filter that is on can always be seen.
 */
function departmentChoices(
  seen: (string | null | undefined)[] = [],
  selected: string | null,
): string[] {
  const known = new Set<string>(DEPARTMENTS);
  const others = [...seen, selected].filter(
    (name): name is string => Boolean(name) && !known.has(name as string),
  );
  return [...DEPARTMENTS, ...[...new Set(others)].sort((a, b) => a.localeCompare(b))];
}

/** What the screen says to an employee instead of a failed matrix (issue 33 item 4). */
export const COMPLIANCE_READ_ONLY = 'Only managers and admins can see compliance.';

/**
 * /compliance (issue 28, admins and managers): people × the certificate types they must hold.
 * Filters, sort and page live in the URL (`?department=Operations&gaps_only=true&page=2`), so a
 * dashboard can link to a filtered matrix. A manager sees their team (their department) unless
 * they choose everyone (`team=all`).
 */
export function ComplianceScreen() {
  const user = useAppSelector(selectCurrentUser);
  const [search, setSearch] = useSearchParams();
  const isAdmin = user?.role === 'admin';
  const page = Math.max(1, Number(search.get('page') ?? 1) || 1);
  const teamOf =
    search.get('team_of') ?? (!isAdmin && search.get('team') !== 'all' ? user?.id : undefined);
  const params: ComplianceParams = {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    ...(search.get('department') ? { department: search.get('department')! } : {}),
    ...(search.get('type_id') ? { type_id: search.get('type_id')! } : {}),
    ...(search.get('gaps_only') === 'true' ? { gaps_only: 'true' as const } : {}),
    ...(search.get('sort') ? { sort: search.get('sort') as ComplianceParams['sort'] } : {}),
    ...(teamOf ? { team_of: teamOf } : {}),
  };
  // The API answers the matrix to managers and admins; an employee is told so, not an error.
  const mayView = roleAtLeast(user?.role, 'manager');
  const query = useComplianceMatrixQuery(params, { skip: !mayView });

  const set = (name: string, value: string | null) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name !== 'page') next.delete('page');
    setSearch(next);
  };

  if (!mayView) {
    return (
      <>
        <PageHeader
          title="Compliance"
          subtitle="Who holds the certificates their role and department require"
        />
        <ReadOnlyNotice>{COMPLIANCE_READ_ONLY}</ReadOnlyNotice>
      </>
    );
  }

  const types = query.data?.matrix.types ?? [];
  const departments = departmentChoices(
    query.data?.matrix.rows.map((row) => row.employee.department),
    search.get('department'),
  );
  return (
    <>
      <PageHeader
        title="Compliance"
        subtitle="Who holds the certificates their role and department require"
        actions={
          <>
            {isAdmin ? (
              <Button as={Link} to="/certificate-types" variant="secondary">
                Certificate types
              </Button>
            ) : null}
            <ExportActions path="/compliance/export" params={params} />
          </>
        }
      />
      <Filters>
        <Select
          label="Department"
          placeholder="All departments"
          value={search.get('department') ?? ''}
          onChange={(event) => set('department', event.target.value)}
          options={departments.map((name) => ({ value: name, label: name }))}
        />
        <Select
          label="Certificate type"
          placeholder="All types"
          value={search.get('type_id') ?? ''}
          onChange={(event) => set('type_id', event.target.value)}
          options={types.map((type) => ({ value: type.id, label: type.name }))}
        />
        <Select
          label="Sort by"
          value={search.get('sort') ?? 'name'}
          onChange={(event) =>
            set('sort', event.target.value === 'name' ? null : event.target.value)
          }
          options={SORTS}
        />
        <Check>
          <input
            type="checkbox"
            checked={search.get('gaps_only') === 'true'}
            onChange={(event) => set('gaps_only', event.target.checked ? 'true' : null)}
          />
          Only gaps
        </Check>
        {!isAdmin ? (
          <Check>
            <input
              type="checkbox"
              checked={Boolean(teamOf)}
              onChange={(event) => set('team', event.target.checked ? null : 'all')}
            />
            My team only
          </Check>
        ) : null}
      </Filters>
      {query.isLoading ? (
        <LoadingState>Loading compliance...</LoadingState>
      ) : query.isError || !query.data ? (
        <ErrorState
          action={
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        >
          Error loading compliance. Please try again later.
        </ErrorState>
      ) : query.data.matrix.rows.length === 0 ? (
        <EmptyState>No people match these filters</EmptyState>
      ) : query.data.matrix.types.length === 0 ? (
        <EmptyState>No certificate type is required of these people</EmptyState>
      ) : (
        <Dimmed $dim={query.isFetching}>
          <ComplianceGrid matrix={query.data.matrix} />
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={query.data.total}
            onPageChange={(next) => set('page', next === 1 ? null : String(next))}
          />
        </Dimmed>
      )}
    </>
  );
}
