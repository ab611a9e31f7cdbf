import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { focusRing } from '@duly/shared/ui';
import { useTeamPendingDocumentCountQuery } from './api';
import { theme } from '@duly/shared/ui';

const Line = styled.p`
  margin: 0 0 ${theme.space(3)};
  color: ${theme.colors.textSecondary};
`;

const QueueLink = styled(Link)`
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.primaryText};
  border-radius: 2px;
  ${focusRing}
`;

/** "1 document to approve", "3 documents to approve", "No documents to approve". */
export function pendingText(count: number): string {
  if (count === 0) return 'No documents to approve';
  return `${count} ${count === 1 ? 'document' : 'documents'} to approve`;
}

/**
 * The team dashboard's line about the approval queue (issue 26): how many documents wait,
 * a link to /team/documents. Refreshed by the `Document` tag (a decision anywhere in the app).
 */
export function PendingDocumentsLink() {
  const { data: count } = useTeamPendingDocumentCountQuery();
  if (count === undefined) return null;
  return (
    <Line data-testid="pending-documents">
      Documents: <QueueLink to="/team/documents">{pendingText(count)}</QueueLink>
    </Line>
  );
}
