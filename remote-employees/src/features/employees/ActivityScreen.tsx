import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_ENTITY_TYPES,
  apiConfig,
  selectRole,
  selectToken,
  useAppSelector,
  type ActivityAction,
  type ActivityEntityType,
  type ActivityEntry,
} from '@duly/shared/core';
import {
  activityAge,
  activityMoment,
  describeActivity,
  useActivityListQuery,
  type ActivityListParams,
} from '@duly/shared/activity';
import { kolkataDateToIso } from '@duly/shared/dates';
import {
  Button,
  Card,
  ErrorState,
  FilterRow,
  LoadingState,
  PageHeader,
  ReadOnlyNotice,
  ResourceTable,
  Select,
  theme,
} from '@duly/shared/kit';
import { DateField } from '@duly/shared/form-kit';
import { useEmployeesListQuery, useLazyEmployeesActivityVerifyQuery } from './api';

const PAGE_SIZE = 50;

const Filters = styled(FilterRow)`
  & > * {
    flex: 1 1 160px;
    max-width: 220px;
  }
  /* On a phone the fields take the card's width, as the other screens' filters do. */
  @media (max-width: 600px) {
    & > * {
      max-width: none;
    }
  }
`;

const Paging = styled.nav`
  display: flex;
  justify-content: flex-end;
  gap: ${theme.space(1)};
  padding-top: ${theme.space(2)};
`;

const Notice = styled.p`
  margin: 0 0 ${theme.space(2)};
  color: ${theme.colors.text};
`;

const KIND_LABELS: Record<ActivityEntityType, string> = {
  task: 'Tasks',
  certificate: 'Certificates',
  employee: 'People',
  certificate_type: 'Certificate types',
};

const itemPath: Record<ActivityEntityType, (id: string) => string> = {
  task: (id) => `/tasks/${id}`,
  certificate: (id) => `/certificates/${id}`,
  employee: (id) => `/employees/${id}`,
  certificate_type: (id) => `/certificate-types/${id}`,
};

function actionLabel(action: string): string {
  const text = action.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The day after a `yyyy-MM-dd` date, for an inclusive "To" date. */
function endOfDay(date: string): string | undefined {
  const start = kolkataDateToIso(date);
  if (!start) return undefined;
  return new Date(new Date(start).getTime() + 86_400_000 - 1).toISOString();
}

/** Downloads the CSV with the caller's token (a plain link would carry no Authorization). */
async function downloadCsv(params: ActivityListParams, token: string): Promise<void> {
  const query = new URLSearchParams({ format: 'csv' });
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && key !== 'limit' && key !== 'before') query.set(key, String(value));
  }
  const response = await fetch(`${apiConfig().baseUrl}/activity/export?${query.toString()}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`Export failed (${response.status})`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'activity.csv';
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * What GET /activity/verify said, in words: an intact chain (and the newest entries not sealed
 * yet, if any), or the first entry that is not.
 */
function VerificationResult({
  state,
}: {
  state: ReturnType<typeof useLazyEmployeesActivityVerifyQuery>[1];
}) {
  if (state.isUninitialized) return null;
  if (state.isFetching) return <LoadingState>Verifying the history...</LoadingState>;
  if (state.isError || !state.data) {
    return <ErrorState>The history could not be verified. Please try again.</ErrorState>;
  }
  const { ok, checked, first_broken_id: broken, unsealed = 0 } = state.data;
  const count = `${checked.toLocaleString('en-IN')} ${checked === 1 ? 'entry' : 'entries'}`;
  if (ok) {
    // The newest entries are chained by the server's sealer within seconds (docs/activity.md):
    // not checked yet, and not a fault.
    const pending =
      unsealed > 0
        ? ` ${unsealed.toLocaleString('en-IN')} newer ${unsealed === 1 ? 'entry is' : 'entries are'} not sealed yet: verify again in a moment to include ${unsealed === 1 ? 'it' : 'them'}.`
        : '';
    return (
      <Notice role="status">
        The history is intact: {count} checked.{pending}
      </Notice>
    );
  }
  return (
    <ErrorState>
      The history was altered: entry #{broken} does not match the chain ({count} checked before it).
    </ErrorState>
  );
}

/**
 * /employees/activity: the organisation's activity for admins (issue 29), newest first, with
 * filters (person, kind of item, action, dates) and CSV export. Keyset pages: "Older" asks for
 * the entries before the last one shown.
 */
export function ActivityScreen() {
  const role = useAppSelector(selectRole);
  const token = useAppSelector(selectToken) ?? '';
  const [actorId, setActorId] = useState('');
  const [entityType, setEntityType] = useState('');
  const [action, setAction] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [cursors, setCursors] = useState<number[]>([]);
  const [exportError, setExportError] = useState(false);
  const { data: people } = useEmployeesListQuery({ limit: 200, sort: 'full_name' });
  const [verify, verification] = useLazyEmployeesActivityVerifyQuery();

  const params: ActivityListParams = {
    limit: PAGE_SIZE,
    actor_id: actorId || undefined,
    entity_type: (entityType || undefined) as ActivityEntityType | undefined,
    action: (action || undefined) as ActivityAction | undefined,
    since: from ? (kolkataDateToIso(from) ?? undefined) : undefined,
    until: to ? endOfDay(to) : undefined,
    before: cursors[cursors.length - 1],
  };
  const query = useActivityListQuery(params, {
    skip: role !== 'admin',
    refetchOnMountOrArgChange: true,
  });
  const filtered = (set: (value: string) => void) => (value: string) => {
    set(value);
    setCursors([]);
  };

  if (role !== 'admin') {
    return (
      <>
        <PageHeader title="Activity" />
        <ReadOnlyNotice>Only admins can see the organisation&apos;s activity.</ReadOnlyNotice>
      </>
    );
  }

  const items = query.data?.items ?? [];
  let body;
  if (query.isLoading) body = <LoadingState>Loading activity...</LoadingState>;
  else if (query.error) {
    body = (
      <ErrorState action={<Button onClick={() => query.refetch()}>Retry</Button>}>
        Error loading activity. Please try again.
      </ErrorState>
    );
  } else {
    body = (
      <ResourceTable<ActivityEntry>
        label="Activity"
        items={items}
        empty="No activity found"
        columns={[
          {
            key: 'at',
            header: 'When',
            width: '180px',
            cell: (entry) => (
              <time dateTime={entry.at} title={activityAge(entry.at)}>
                {activityMoment(entry.at)}
              </time>
            ),
          },
          {
            key: 'what',
            header: 'What',
            wrap: true,
            card: 'title',
            cell: (entry) => describeActivity(entry),
          },
          {
            key: 'item',
            header: 'Item',
            width: '140px',
            cell: (entry) => (
              <Link to={itemPath[entry.entity_type](entry.entity_id)}>
                {KIND_LABELS[entry.entity_type].replace(/s$/, '').replace('People', 'Person')}
              </Link>
            ),
          },
        ]}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Activity"
        actions={
          <>
            <Button
              variant="secondary"
              disabled={verification.isFetching}
              onClick={() => {
                void verify(undefined, false);
              }}
            >
              Verify history
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setExportError(false);
                downloadCsv(params, token).catch(() => setExportError(true));
              }}
            >
              Export CSV
            </Button>
          </>
        }
      />
      <VerificationResult state={verification} />
      {exportError ? <ErrorState>The export failed. Please try again.</ErrorState> : null}
      <Card>
        <Filters>
          <Select
            label="Person"
            placeholder="Everyone"
            value={actorId}
            onChange={(event) => filtered(setActorId)(event.target.value)}
            options={(people?.items ?? []).map((person) => ({
              value: person.id,
              label: person.full_name ?? person.email,
            }))}
          />
          <Select
            label="Kind of item"
            placeholder="All items"
            value={entityType}
            onChange={(event) => filtered(setEntityType)(event.target.value)}
            options={ACTIVITY_ENTITY_TYPES.map((type) => ({
              value: type,
              label: KIND_LABELS[type],
            }))}
          />
          <Select
            label="Action"
            placeholder="All actions"
            value={action}
            onChange={(event) => filtered(setAction)(event.target.value)}
            options={ACTIVITY_ACTIONS.map((value) => ({ value, label: actionLabel(value) }))}
          />
          <DateField
            label="From"
            value={from}
            onChange={(event) => filtered(setFrom)(event.target.value)}
          />
          <DateField
            label="To"
            value={to}
            onChange={(event) => filtered(setTo)(event.target.value)}
          />
        </Filters>
        {body}
        <Paging aria-label="Pagination">
          <Button
            variant="secondary"
            size="small"
            disabled={cursors.length === 0}
            onClick={() => setCursors(cursors.slice(0, -1))}
          >
            Newer
          </Button>
          <Button
            variant="secondary"
            size="small"
            disabled={items.length < PAGE_SIZE}
            onClick={() => setCursors([...cursors, items[items.length - 1]!.id])}
          >
            Older
          </Button>
        </Paging>
      </Card>
    </>
  );
}
