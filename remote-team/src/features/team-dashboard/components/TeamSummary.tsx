import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  complianceGapsPath,
  complianceGapsSentence,
  selectCurrentUser,
  useAppSelector,
} from '@duly/shared/core';
import { focusRing, theme } from '@duly/shared/kit';
import { useAfterFirstPaint } from '../../dashboards';
import { useTeamComplianceQuery, useTeamSummaryQuery } from '../api';

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
 * waiting (issue 26), each a link to that filtered list or the queue. All three come in one
 * answer (GET /manager/summary, one of the page's first requests, issue 32), refreshed by the
 * tags of what changes them (a task, a certificate, a decision anywhere). Says nothing until it
 * is in (the sections below show their own loading and errors), nor to an employee, whom the
 * API refuses it (the route is a manager's).
 */
export function TeamSummary({ withApprovals = false }: { withApprovals?: boolean }) {
  const { data: summary } = useTeamSummaryQuery();
  if (!summary) return null;
  return (
    <Line data-testid="team-summary">
      Your team:{' '}
      <SummaryLink to="/tasks?status=overdue">
        {countOf(summary.overdue_tasks, 'overdue task', 'overdue tasks')}
      </SummaryLink>
      {' · '}
      <SummaryLink to="/certificates?in_reminder_window=true">
        {countOf(
          summary.certificates_in_reminder_window,
          'certificate expiring',
          'certificates expiring',
        )}
      </SummaryLink>
      {withApprovals ? (
        <>
          {' · '}
          <SummaryLink to="/team/documents" data-testid="pending-documents">
            {pendingText(summary.pending_documents)}
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
  // Asked once the screen's first frame is painted (its place is kept meanwhile; issue 32).
  const painted = useAfterFirstPaint();
  const { data, isLoading } = useTeamComplianceQuery(me ?? '', { skip: !me || !painted });
  if (me && !data && (isLoading || !painted))
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
