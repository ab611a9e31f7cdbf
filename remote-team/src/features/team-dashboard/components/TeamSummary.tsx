import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  complianceGapsPath,
  complianceGapsSentence,
  selectCurrentUser,
  useAppSelector,
} from '@duly/shared/core';
import { focusRing, theme } from '@duly/shared/kit';
import { useTeamPendingDocumentCountQuery } from '../../document-queue';
import { useTeamComplianceQuery, useTeamOverviewQuery, useTeamReminderWindowQuery } from '../api';

const Line = styled.p`
  margin: 0 0 ${theme.space(3)};
  color: ${theme.colors.textSecondary};
`;

const SummaryLink = styled(Link)`
  font-weight: ${theme.fontWeights.medium};
  /* primaryText: plain primary is 4.28:1 on the page background, under WCAG's 4.5:1. */
  color: ${theme.colors.primaryText};
  border-radius: 2px;
  ${focusRing}
`;

/** "3 overdue tasks", "1 overdue task", "No overdue tasks". */
export function countOf(count: number, one: string, many: string): string {
  if (count === 0) return `No ${many}`;
  return `${count} ${count === 1 ? one : many}`;
}

/** "1 document to approve", "3 documents to approve", "No documents to approve". */
export function pendingText(count: number): string {
  if (count === 0) return 'No documents to approve';
  return `${count} ${count === 1 ? 'document' : 'documents'} to approve`;
}

/**
 * The manager's one-line summary above the spec's three sections (issue 33): the team's overdue
 * tasks, the certificates in their reminder window and, for those who approve, the documents
 * waiting (issue 26), each a link to that filtered list or the queue. Says nothing until the
 * first two counts are in (the sections below show their own loading and errors); the queue's
 * count joins when it arrives, refreshed by the `Document` tag (a decision anywhere).
 */
export function TeamSummary({ withApprovals = false }: { withApprovals?: boolean }) {
  const { data: overview } = useTeamOverviewQuery();
  const { data: expiring } = useTeamReminderWindowQuery();
  const { data: pending } = useTeamPendingDocumentCountQuery(undefined, {
    skip: !withApprovals,
  });
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
      {withApprovals && pending !== undefined ? (
        <>
          {' · '}
          <SummaryLink to="/team/documents" data-testid="pending-documents">
            {pendingText(pending)}
          </SummaryLink>
        </>
      ) : null}
    </Line>
  );
}

/**
 * The line's place while the figure is on its way: the screen's first paint comes with the
 * other parts' data (the page's first requests) but not this one (its argument is the person's
 * id, which remotes.json cannot name), and a line appearing above the tables moved them down
 * (Lighthouse's layout shift 0.039 on /tasks/dashboard, issue 32). Empty to screen readers.
 */
const PendingLine = styled(Line)`
  visibility: hidden;
`;

/**
 * The team's compliance under the summary (issue 28): the percent of the certificates the team
 * must hold that are valid, and its gaps, linked to the matrix of the team's gaps. Says nothing
 * until the figure is in (its place kept meanwhile), nor if it cannot be read.
 */
export function TeamCompliance() {
  const user = useAppSelector(selectCurrentUser);
  // The matrix is for managers and admins: an employee is not asked.
  const me = user && user.role !== 'employee' ? user.id : undefined;
  const { data, isLoading } = useTeamComplianceQuery(me ?? '', { skip: !me });
  if (me && !data && isLoading)
    return (
      <PendingLine aria-hidden data-testid="team-compliance-pending">
        {'\u00a0'}
      </PendingLine>
    );
  if (!me || !data) return null;
  return (
    <Line data-testid="team-compliance">
      Team compliance: {data.percent}%{' · '}
      <SummaryLink to={complianceGapsPath(me)}>{complianceGapsSentence(data.gaps)}</SummaryLink>
    </Line>
  );
}
