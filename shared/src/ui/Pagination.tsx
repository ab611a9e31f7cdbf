import styled from 'styled-components';
import { Button } from './Button';
import { theme } from './theme';

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${theme.space(1)};
  padding: ${theme.space(2, 0)};
  color: ${theme.colors.textSecondary};
`;

const Range = styled.span`
  margin-right: ${theme.space(1)};
`;

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}

/** "51–100 of 230" with Previous and Next; nothing when everything fits on one page. */
export function Pagination({ page, pageSize, total, onPageChange }: PaginationProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (pageCount <= 1 && page <= 1) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  // A shared link can point past the last page (tasks were completed since): say so plainly.
  const range = first <= total ? `${first}–${last} of ${total}` : `Page ${page} of ${pageCount}`;
  return (
    <Bar aria-label="Pagination">
      <Range aria-live="polite">{range}</Range>
      <Button
        variant="secondary"
        size="small"
        disabled={page <= 1}
        onClick={() => onPageChange(Math.min(page - 1, pageCount))}
      >
        Previous
      </Button>
      <Button
        variant="secondary"
        size="small"
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </Button>
    </Bar>
  );
}
