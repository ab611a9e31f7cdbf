import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { focusRing } from '@duly/shared';
import { useTeamOverviewQuery, useTeamReminderWindowQuery } from '../api';

const Line = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const SummaryLink = styled(Link)`
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  /* primaryText: plain primary is 4.28:1 on the page background, under WCAG's 4.5:1. */
  color: ${({ theme }) => theme.colors.primaryText};
  border-radius: 2px;
  ${focusRing}
`;

/** "3 overdue tasks", "1 overdue task", "No overdue tasks". */
export function countOf(count: number, one: string, many: string): string {
  if (count === 0) return `No ${many}`;
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * The manager's one-line summary above the spec's three sections (issue 33): the team's overdue
 * tasks and the certificates in their reminder window, each a link to that filtered list. Says
 * nothing until both counts are in (the sections below show their own loading and errors).
 */
export function TeamSummary() {
  const { data: overview } = useTeamOverviewQuery();
  const { data: expiring } = useTeamReminderWindowQuery();
  if (!overview || expiring === undefined) return null;
  return (
    <Line data-testid="team-summary">
      Your team:{' '}
      <SummaryLink to="/tasks?status=overdue">
        {countOf(overview.tasks.overdue_tasks, 'overdue task', 'overdue tasks')}
      </SummaryLink>
      {' · '}
      <SummaryLink to="/certificates?in_reminder_window=true">
        {countOf(expiring, 'certificate expiring', 'certificates expiring')}
      </SummaryLink>
    </Line>
  );
}
