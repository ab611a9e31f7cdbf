import { useState } from 'react';
import styled from 'styled-components';
import { useActivityListQuery } from '../../api/activity';
import { activityAge, activityMoment, describeActivity } from '../../contract/activity';
import type { ActivityEntityType } from '../../contract/types';
import { Button } from '../Button';
import { Card } from '../Card';
import { ErrorState } from '../ErrorState';
import { LoadingState } from '../LoadingState';
import { Pagination } from '../Pagination';
import { theme } from '../theme';

/** Entries per page of an item's history. */
export const HISTORY_PAGE_SIZE = 20;

export const HISTORY_TEXTS = {
  title: 'History',
  loading: 'Loading history...',
  empty: 'No changes recorded yet.',
  error: 'Error loading history. Please try again.',
} as const;

/** Below the item's details, on every item page. */
const Section = styled(Card)`
  margin-top: ${theme.space(3)};
`;

const Entries = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const EntryItem = styled.li`
  padding: ${theme.space(1.5, 0)};
  border-top: 1px solid ${theme.colors.divider};
  overflow-wrap: anywhere;
  &:first-child {
    border-top: 0;
    padding-top: 0;
  }
`;

const Age = styled.time`
  color: ${theme.colors.textSecondary};
  white-space: nowrap;
`;

const Empty = styled.p`
  margin: 0;
  color: ${theme.colors.textSecondary};
`;

export interface HistoryProps {
  entityType: ActivityEntityType;
  entityId: string;
  /** Default HISTORY_PAGE_SIZE. */
  pageSize?: number;
}

/**
 * The "History" section of a task, certificate or person page (issue 29): who changed what
 * and when, newest first, a sentence per entry ("Rahul Verma changed the expiry date from
 * 12 Mar 2026 to 12 Mar 2027 · 3 hours ago", dates in Asia/Kolkata), paged. Saving the item
 * refreshes it (the item's tag). Whoever may not see the item's history gets nothing back
 * from the API, and the section says so as an error.
 */
export function History({ entityType, entityId, pageSize = HISTORY_PAGE_SIZE }: HistoryProps) {
  const [page, setPage] = useState(1);
  const query = useActivityListQuery({
    entity_type: entityType,
    entity_id: entityId,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const { data, error, isLoading, refetch } = query;

  let body;
  if (isLoading) body = <LoadingState>{HISTORY_TEXTS.loading}</LoadingState>;
  else if (error || !data) {
    body = (
      <ErrorState
        action={
          <Button variant="secondary" onClick={() => refetch()}>
            Retry
          </Button>
        }
      >
        {HISTORY_TEXTS.error}
      </ErrorState>
    );
  } else if (data.items.length === 0 && page === 1) {
    body = <Empty>{HISTORY_TEXTS.empty}</Empty>;
  } else {
    const now = new Date();
    body = (
      <>
        <Entries>
          {data.items.map((entry) => (
            <EntryItem key={entry.id}>
              {describeActivity(entry)} ·{' '}
              <Age dateTime={entry.at} title={activityMoment(entry.at)}>
                {activityAge(entry.at, now)}
              </Age>
            </EntryItem>
          ))}
        </Entries>
        <Pagination page={page} pageSize={pageSize} total={data.total} onPageChange={setPage} />
      </>
    );
  }
  return <Section title={HISTORY_TEXTS.title}>{body}</Section>;
}
