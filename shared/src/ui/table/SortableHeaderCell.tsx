import { type ReactNode } from 'react';
import styled from 'styled-components';
import { parseSort, toggleSort } from '../../list/sort';
import { focusRing } from '../focusRing';
import { ArrowDownwardIcon, ArrowUpwardIcon } from '../icons';
import { TableHeaderCell } from './TableCell';
import { theme } from '../theme';

const SortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(0.5)};
  margin: 0;
  padding: 0;
  border: none;
  background: none;
  color: inherit;
  font: inherit;
  cursor: pointer;

  &:hover {
    color: ${theme.colors.text};
  }

  ${focusRing}
`;

/** The arrow of an unsorted column shows on hover and focus only, as a hint. */
const Arrow = styled.span<{ $shown: boolean }>`
  display: inline-flex;
  opacity: ${({ $shown }) => ($shown ? 1 : 0)};

  ${SortButton}:hover > &,
  ${SortButton}:focus-visible > & {
    opacity: ${({ $shown }) => ($shown ? 1 : 0.5)};
  }
`;

export interface SortableHeaderCellProps {
  /** The column as the API's `sort` names it (`due_date`). */
  column: string;
  /** The list's order in force (`-due_date`), e.g. `useListParams().sort`. */
  sort: string | undefined;
  /** Called with the new order: this column ascending, or reversed when it is the current one. */
  onSortChange: (sort: string) => void;
  children: ReactNode;
}

/**
 * A column header that sorts the list (WAI-ARIA sortable table): a button inside the `<th>`,
 * and `aria-sort` on the column the list is sorted by. A click sorts by the column, a second
 * click reverses the order.
 */
export function SortableHeaderCell({
  column,
  sort,
  onSortChange,
  children,
}: SortableHeaderCellProps) {
  const order = sort ? parseSort(sort) : undefined;
  const direction = order?.column === column ? order.direction : undefined;
  const ariaSort =
    direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined;
  const ArrowIcon = direction === 'desc' ? ArrowDownwardIcon : ArrowUpwardIcon;
  return (
    <TableHeaderCell aria-sort={ariaSort}>
      <SortButton type="button" onClick={() => onSortChange(toggleSort(sort, column))}>
        {children}
        <Arrow $shown={direction !== undefined}>
          <ArrowIcon size={16} />
        </Arrow>
      </SortButton>
    </TableHeaderCell>
  );
}
