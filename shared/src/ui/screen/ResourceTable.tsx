import { memo, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { EmptyState } from '../EmptyState';
import { SortableHeaderCell } from '../table/SortableHeaderCell';
import { Table } from '../table/Table';
import { TableHeaderCell } from '../table/TableCell';
import { TableRow, rowActivation } from '../table/TableRow';
import { TableBody, TableHead } from '../table/TableSections';
import { theme } from '../theme';
import { visuallyHidden } from '../VisuallyHidden';

/** One column of a ResourceTable: its header, how a row's cell reads, and how it lays out. */
export interface Column<T> {
  /** Unique among the table's columns (the React key). */
  key: string;
  header: ReactNode;
  cell: (item: T) => ReactNode;
  /** The API's sort column (`due_date`): the header becomes a sort button. */
  sortKey?: string;
  /** The column's width (`'160px'`, `'30%'`); by default the table shares the rest out. */
  width?: string;
  /**
   * Whether the text may wrap. Only a list's free text (a title, a name) should: dates, badges,
   * numbers and addresses stay on one line.
   */
  wrap?: boolean;
  align?: 'left' | 'center' | 'right';
  /** Figures of equal width, so numbers line up down the column. */
  numeric?: boolean;
  /**
   * Its place on a small screen's card: `'title'` the card's first line, without a label
   * (the item's name); `'field'` (default) a line with its label; `'action'` the row's
   * button (Edit, Assign) at the card's right, without a label repeating it.
   */
  card?: 'title' | 'field' | 'action';
  /** The card line's label when `header` is not plain text. */
  cardLabel?: string;
}

/** A column, or nothing: `canEdit && editColumn` leaves the column out. */
export type ColumnEntry<T> = Column<T> | false | null | undefined;

export interface ResourceTableProps<T> {
  /** The table's accessible name ('Tasks'), unless `title` names it. */
  label?: string;
  /** A section title shown above the table on its card; it names the table. */
  title?: string;
  items: readonly T[];
  columns: readonly ColumnEntry<T>[];
  /** Each row's React key; the item's `id` by default. */
  rowKey?: (item: T) => string;
  /** Where a row leads: the whole row opens it (click, Enter or Space). */
  rowLink?: (item: T) => string;
  /** The list's order (`-due_date`) and its change, for the columns with a `sortKey`. */
  sort?: { value: string | undefined; onChange: (sort: string) => void };
  /** Shown instead of the table when there are no items ('No tasks found'). */
  empty?: ReactNode;
  /** Scroll inside the card beyond this height, the header staying in view. */
  maxHeight?: string;
}

type Align = Column<unknown>['align'];

/**
 * The body's rows and cells are plain `<tr>`/`<td>` styled from here, by class: a list of 50
 * rows renders 50 × columns cells, and a styled component per cell cost a component, a class
 * lookup and (before the theme became custom properties) a style computation each (issue 32).
 * Wide screens: `TableRow`'s and `TableCell`'s look. Below the drawer breakpoint (VISUAL.md:
 * 900 px) every row becomes a card: its title line, then one line per column with the column's
 * name at the left. The table stays a table for assistive technology (same rows, cells and
 * headers); only the boxes are laid out anew.
 */
const Cards = styled.div`
  tbody > tr.duly-row:hover {
    background: ${theme.colors.hover};
  }

  tbody > tr.duly-row-link {
    cursor: pointer;

    &:focus-visible {
      outline: ${theme.focusRing.width} solid ${theme.focusRing.color};
      outline-offset: -${theme.focusRing.width};
      background: ${theme.colors.hover};
    }
  }

  /* One line unless the column wraps (the cards below 900 px wrap every line). */
  td.duly-cell {
    white-space: nowrap;
  }

  td.duly-cell[data-wrap] {
    white-space: normal;
    overflow-wrap: break-word;
  }

  td.duly-cell[data-numeric] {
    font-variant-numeric: tabular-nums;
  }

  ${theme.media.wide} {
    td.duly-cell {
      height: ${theme.layout.tableRowHeight};
      padding: ${theme.space(0.75, 2)};
      text-align: left;
      vertical-align: middle;
      border-bottom: 1px solid ${theme.colors.divider};
    }

    td.duly-cell[data-align='center'] {
      text-align: center;
    }

    td.duly-cell[data-align='right'] {
      text-align: right;
    }
  }

  ${css`
    ${theme.media.narrow} {
      thead {
        ${visuallyHidden}
      }

      tbody,
      tbody > tr,
      tbody > tr > td {
        display: block;
      }

      tbody > tr {
        padding: ${theme.space(1.5, 2)};
        border-bottom: 1px solid ${theme.colors.divider};
      }

      tbody > tr:last-child {
        border-bottom: none;
      }

      tbody > tr > td.duly-cell {
        display: flex;
        align-items: center;
        justify-content: space-between;
        gap: ${theme.space(2)};
        height: auto;
        min-height: 32px;
        padding: ${theme.space(0.25, 0)};
        border-bottom: none;
        text-align: right;
        white-space: normal;
      }

      tbody > tr > td[data-label]::before {
        content: attr(data-label);
        color: ${theme.colors.textSecondary};
        font-size: ${theme.fontSizes.tableHeader};
        font-weight: ${theme.fontWeights.semibold};
        text-align: left;
      }

      tbody > tr > td[data-card='action'] {
        justify-content: flex-end;
      }

      tbody > tr > td[data-card='title'] {
        display: block;
        font-weight: ${theme.fontWeights.semibold};
        text-align: left;
      }
    }
  `}
`;

function cardLabel<T>(column: Column<T>): string | undefined {
  if (column.card === 'title' || column.card === 'action') return undefined;
  if (column.cardLabel !== undefined) return column.cardLabel;
  return typeof column.header === 'string' ? column.header : undefined;
}

function defaultRowKey(item: unknown): string {
  return String((item as { id: string }).id);
}

interface ResourceRowProps<T> {
  item: T;
  columns: readonly Column<T>[];
  rowLink?: (item: T) => string;
  navigate: ReturnType<typeof useNavigate>;
}

/**
 * One body row. Memoised: a render of the screen that changes neither the item (RTK Query keeps
 * an unchanged item's object) nor the columns and row link (a screen that keeps them across
 * renders, `useMemo` or module level) skips the row and its cells, so the renders that follow
 * the first one (the chrome's own answers, the list's subscription) no longer redo 50 rows of
 * badges, dates and links (issue 32: 111 to 240 ms at 4x CPU). A screen whose columns change on
 * every render still renders every row, as before.
 */
const ResourceRow = memo(function ResourceRow<T>({
  item,
  columns,
  rowLink,
  navigate,
}: ResourceRowProps<T>) {
  return (
    <tr
      className={rowLink ? 'duly-row duly-row-link' : 'duly-row'}
      {...(rowLink ? rowActivation(() => navigate(rowLink(item))) : undefined)}
    >
      {columns.map((column) => (
        <td
          key={column.key}
          className="duly-cell"
          style={column.width ? { width: column.width } : undefined}
          data-align={column.align === 'left' ? undefined : column.align}
          data-wrap={column.wrap ? '' : undefined}
          data-numeric={column.numeric ? '' : undefined}
          data-label={cardLabel(column)}
          data-card={column.card === 'field' ? undefined : column.card}
        >
          {column.cell(item)}
        </td>
      ))}
    </tr>
  );
}) as <T>(props: ResourceRowProps<T>) => ReactNode;

/**
 * A list's table from its columns: headers (sort buttons for the sortable ones, `aria-sort` on
 * the sorted one), one row per item (the whole row a link when `rowLink` is given: focusable,
 * Enter or Space, controls inside it keep their own clicks), the empty state when there is
 * nothing, and a card per row on small screens.
 */
export function ResourceTable<T>({
  label,
  title,
  items,
  columns,
  rowKey = defaultRowKey,
  rowLink,
  sort,
  empty,
  maxHeight,
}: ResourceTableProps<T>) {
  const navigate = useNavigate();
  // The same array while `columns` is the same, so the rows' memo can hold (ResourceRow).
  const shown = useMemo(
    () => columns.filter((column): column is Column<T> => Boolean(column)),
    [columns],
  );
  if (items.length === 0 && empty !== undefined) return <EmptyState>{empty}</EmptyState>;

  return (
    <Cards>
      <Table
        aria-label={title === undefined ? label : undefined}
        title={title}
        minWidth="0"
        maxHeight={maxHeight}
      >
        <TableHead>
          <TableRow>
            {shown.map((column) =>
              column.sortKey && sort ? (
                <SortableHeaderCell
                  key={column.key}
                  column={column.sortKey}
                  sort={sort.value}
                  onSortChange={sort.onChange}
                >
                  {column.header}
                </SortableHeaderCell>
              ) : (
                <TableHeaderCell key={column.key} align={column.align as Align}>
                  {column.header}
                </TableHeaderCell>
              ),
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <ResourceRow
              key={rowKey(item)}
              item={item}
              columns={shown}
              rowLink={rowLink}
              navigate={navigate}
            />
          ))}
        </TableBody>
      </Table>
    </Cards>
  );
}
