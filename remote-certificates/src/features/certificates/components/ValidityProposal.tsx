import styled from 'styled-components';
import { proposedExpiry } from '@duly/shared/core';
import type { CertificateType } from '@duly/shared/core';
import { formatDate } from '@duly/shared/dates';
import { Button } from '@duly/shared/kit';
import { theme } from '@duly/shared/kit';

const Note = styled.p`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${theme.space(1)};
  margin: 0;
  color: ${theme.colors.textSecondary};
`;

export interface ValidityProposalProps {
  /** The issue (renewal) date, `yyyy-MM-dd`. */
  issueDate: string;
  expiryDate: string;
  type: Pick<CertificateType, 'name' | 'validity_months'> | undefined;
  onUse: (date: string) => void;
}

/**
 * Renewal by validity (issue 28): with a typed certificate's issue date, the expiry the type's
 * validity gives (issue date + validity months), offered in one click.
 */
export function ValidityProposal({ issueDate, expiryDate, type, onUse }: ValidityProposalProps) {
  const proposal = type && issueDate ? proposedExpiry(issueDate, type.validity_months) : null;
  if (!type || !proposal || proposal === expiryDate) return null;
  return (
    <Note>
      {type.name} is valid for {type.validity_months} months: it expires on {formatDate(proposal)}.
      <Button type="button" variant="secondary" size="small" onClick={() => onUse(proposal)}>
        Use {formatDate(proposal)}
      </Button>
    </Note>
  );
}
