import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { COMPLIANCE_STATE_LABELS, type ComplianceState } from '@duly/shared/core';
import type { ComplianceCell as Cell } from '@duly/shared/core';
import { formatDate } from '@duly/shared/dates';
import { theme } from '@duly/shared/kit';

/** Colour plus a symbol and a word for each state: never colour alone. */
const LOOK: Record<ComplianceState, { symbol: string; color: 'green' | 'yellow' | 'red' | null }> =
  {
    valid: { symbol: '✓', color: 'green' },
    expiring: { symbol: '!', color: 'yellow' },
    expired: { symbol: '✕', color: 'red' },
    missing: { symbol: '○', color: 'red' },
    not_required: { symbol: '–', color: null },
  };

type Tone = 'green' | 'yellow' | 'red' | null;

const cellStyle = css<{ $color: Tone }>`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: ${theme.space(0.5, 1)};
  border-radius: ${theme.radii.control};
  text-decoration: none;
  color: ${({ theme, $color }) => ($color ? theme.colors.status[$color].text : theme.colors.textSecondary)};
  border-left: 4px solid
    ${({ theme, $color }) => ($color ? theme.colors.status[$color].main : theme.colors.divider)};
  white-space: nowrap;
`;

const CellLink = styled(Link)<{ $color: Tone }>`
  ${cellStyle}
  &:hover {
    background: ${theme.colors.hover};
  }
`;

const CellBox = styled.span<{ $color: Tone }>`
  ${cellStyle}
`;

const Word = styled.span`
  font-weight: ${theme.fontWeights.medium};
`;

const Date = styled.span`
  font-size: 12px;
`;

export interface ComplianceCellProps {
  cell: Cell;
  /** Where the cell leads: the certificate, or a prefilled "add certificate". */
  to: string | null;
  personName: string;
  typeName: string;
  tabIndex: number;
}

/** One cell of the matrix: state word and symbol, the date, and a link when there is one. */
export function ComplianceCell({ cell, to, personName, typeName, tabIndex }: ComplianceCellProps) {
  const look = LOOK[cell.state];
  const label = COMPLIANCE_STATE_LABELS[cell.state];
  const date = cell.expiry_date ? formatDate(cell.expiry_date) : '';
  const content = (
    <>
      <Word>
        <span aria-hidden="true">{look.symbol} </span>
        {label}
      </Word>
      {date ? <Date>{date}</Date> : null}
    </>
  );
  if (!to) {
    return (
      <CellBox
        $color={look.color}
        tabIndex={tabIndex}
        data-cell
        aria-label={`${personName}, ${typeName}: ${label}`}
      >
        {content}
      </CellBox>
    );
  }
  const action = cell.certificate_id ? `open ${typeName}` : `add ${typeName}`;
  return (
    <CellLink
      to={to}
      $color={look.color}
      tabIndex={tabIndex}
      data-cell
      aria-label={`${personName}, ${typeName}: ${label}${date ? ` ${date}` : ''} — ${action}`}
    >
      {content}
    </CellLink>
  );
}
