import styled from 'styled-components';
import { Button, ErrorState, PageHeader, Spinner, theme } from '@duly/shared/kit';
import {
  complianceGapsPath,
  complianceGapsSentence,
  selectCurrentUser,
  useAppSelector,
} from '@duly/shared/core';
import {
  useDashboardComplianceQuery,
  useDashboardGetQuery,
  useDashboardReminderWindowQuery,
} from './api';
import { StatCard } from './components/StatCard';

export const DASHBOARD_ERROR_TEXT = 'Error loading dashboard data';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${theme.space(3)};

  @media (max-width: 1199.98px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${theme.media.narrow} {
    grid-template-columns: minmax(0, 1fr);
    gap: ${theme.space(2)};
  }
`;

const Centered = styled.div`
  display: flex;
  justify-content: center;
  padding: ${theme.space(6, 2)};
`;

/** The line under Expiring Certificates (issue 33): the certificates in their reminder window. */
export function reminderWindowSentence(count: number): string {
  if (count === 0) return 'None expire within their reminder window';
  return count === 1
    ? '1 certificate expires within its reminder window'
    : `${count} certificates expire within their reminder window`;
}

/** "N overdue tasks" or "No overdue tasks" (spec 2). */
export function countSentence(count: number, noun: string): string {
  return count > 0 ? `${count} ${noun}` : `No ${noun}`;
}

export interface DashboardScreenProps {
  /** Hover or focus of a card link: the app preloads the screen behind it. */
  onLinkIntent?: (to: string) => void;
}

/**
 * / and /dashboard (spec 2): the organisation's counts in five cards; for an admin a sixth, the
 * organisation's compliance and its gaps, linked to the matrix of gaps (issue 28).
 */
export function DashboardScreen({ onLinkIntent }: DashboardScreenProps) {
  const { data, isLoading, isError, isFetching, refetch } = useDashboardGetQuery();
  // An extra line: the cards show without it while it loads or if it fails.
  const { data: inWindow } = useDashboardReminderWindowQuery();
  // Issue 28: an admin also sees the organisation's compliance (a sixth card, once it is in).
  const isAdmin = useAppSelector(selectCurrentUser)?.role === 'admin';
  const { data: compliance } = useDashboardComplianceQuery(undefined, { skip: !isAdmin });

  return (
    <>
      <PageHeader title="Dashboard" subtitle="Overview of tasks, certificates, and employees" />
      {isLoading ? (
        <Centered>
          <Spinner size={40} />
        </Centered>
      ) : isError || !data ? (
        <ErrorState
          action={
            <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
              Retry
            </Button>
          }
        >
          {DASHBOARD_ERROR_TEXT}
        </ErrorState>
      ) : (
        <Grid>
          <StatCard
            label="Total Tasks"
            count={data.tasks.total_tasks}
            link={{ to: '/tasks', text: 'View all tasks' }}
            onLinkIntent={onLinkIntent}
          />
          <StatCard
            label="Total Certificates"
            count={data.certificates.total_certificates}
            link={{ to: '/certificates', text: 'View all certificates' }}
            onLinkIntent={onLinkIntent}
          />
          <StatCard
            label="Total Employees"
            count={data.employee_count}
            link={{ to: '/employees', text: 'View all employees' }}
            onLinkIntent={onLinkIntent}
          />
          <StatCard
            label="Overdue Tasks"
            count={data.tasks.overdue_tasks}
            alert={data.tasks.overdue_tasks > 0}
            note={countSentence(data.tasks.overdue_tasks, 'overdue tasks')}
            link={{ to: '/tasks?status=overdue', text: 'View overdue tasks' }}
            onLinkIntent={onLinkIntent}
          />
          <StatCard
            label="Expiring Certificates"
            count={data.certificates.expired_certificates}
            alert={data.certificates.expired_certificates > 0}
            note={countSentence(data.certificates.expired_certificates, 'expired certificates')}
            link={{ to: '/certificates?status=expired', text: 'View expired certificates' }}
            more={
              inWindow === undefined
                ? undefined
                : {
                    to: '/certificates?in_reminder_window=true',
                    text: reminderWindowSentence(inWindow),
                  }
            }
            onLinkIntent={onLinkIntent}
          />
          {isAdmin && compliance ? (
            <StatCard
              label="Compliance"
              count={`${compliance.percent}%`}
              alert={compliance.gaps > 0}
              note={complianceGapsSentence(compliance.gaps)}
              link={{ to: complianceGapsPath(), text: 'View compliance gaps' }}
              onLinkIntent={onLinkIntent}
            />
          ) : null}
        </Grid>
      )}
    </>
  );
}
