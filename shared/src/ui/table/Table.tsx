import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';

const TableCard = styled.section`
  background: ${theme.colors.surface};
  border-radius: ${theme.radii.card};
  box-shadow: ${theme.shadows.card};
  min-width: 0;
`;

const TableTitle = styled.h2`
  margin: 0;
  padding: ${theme.space(2, 2)};
  font-size: ${theme.fontSizes.sectionTitle};
  font-weight: ${theme.fontWeights.semibold};
  line-height: ${theme.lineHeights.tight};
  border-bottom: 1px solid ${theme.colors.divider};
`;

/**
 * Wide screens: no scroll container, so the header sticks to the page's scroller (offset by
 * `--duly-table-sticky-top`, e.g. the top bar's height when the window scrolls under it).
 * Narrow screens: the table keeps its minimum width and scrolls sideways instead of squeezing.
 * With `maxHeight` the table scrolls inside the card and the header sticks there.
 */
const Scroller = styled.div<{ $maxHeight?: string }>`
  border-radius: inherit;
  overflow: ${({ $maxHeight }) => ($maxHeight ? 'auto' : 'visible')};
  max-height: ${({ $maxHeight }) => $maxHeight ?? 'none'};

  ${theme.media.narrow} {
    overflow: auto;
  }
`;

const StyledTable = styled.table<{ $minWidth: string; $sticky: string }>`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  font-size: ${theme.fontSizes.body};

  ${theme.media.narrow} {
    min-width: ${({ $minWidth }) => $minWidth};
  }

  thead th {
    position: sticky;
    top: ${({ $sticky }) => $sticky};
    z-index: 1;
  }
`;

export type TableProps = ComponentPropsWithRef<'table'> & {
  /** A section title above the table (18 px/600); it also names the table. */
  title?: ReactNode;
  /** The width below which the table scrolls sideways on small screens (640px by default). */
  minWidth?: string;
  /** Scroll inside the card beyond this height (e.g. `'60vh'`), the header staying in view. */
  maxHeight?: string;
};

/** A full-width table on a card: sticky header, horizontal scroll on small screens. */
export function Table({ title, minWidth = '640px', maxHeight, children, ...rest }: TableProps) {
  const titleId = useId();
  return (
    <TableCard>
      {title !== undefined ? <TableTitle id={titleId}>{title}</TableTitle> : null}
      <Scroller $maxHeight={maxHeight}>
        <StyledTable
          aria-labelledby={title !== undefined ? titleId : undefined}
          {...rest}
          $minWidth={minWidth}
          $sticky={maxHeight ? '0px' : 'var(--duly-table-sticky-top, 0px)'}
        >
          {children}
        </StyledTable>
      </Scroller>
    </TableCard>
  );
}
