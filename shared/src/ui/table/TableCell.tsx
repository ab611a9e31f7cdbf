import { type ComponentPropsWithRef } from 'react';
import styled, { css } from 'styled-components';
import { theme } from '../theme';

type Align = 'left' | 'center' | 'right';

const cellBase = css<{ $align?: Align }>`
  height: ${theme.layout.tableRowHeight};
  padding: ${theme.space(0.75, 2)};
  text-align: ${({ $align }) => $align ?? 'left'};
  vertical-align: middle;
  border-bottom: 1px solid ${theme.colors.divider};
`;

const Td = styled.td<{ $align?: Align }>`
  ${cellBase}
`;

const Th = styled.th<{ $align?: Align }>`
  ${cellBase}
  background: ${theme.colors.surface};
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.tableHeader};
  font-weight: ${theme.fontWeights.semibold};
  white-space: nowrap;
`;

type CellProps<P> = P & { align?: Align };

/** A body cell (48 px high). `align="right"` for numbers and the actions column. */
export function TableCell({ align, ...rest }: CellProps<ComponentPropsWithRef<'td'>>) {
  return <Td $align={align} {...rest} />;
}

/** A column header (`<th scope="col">`, 13 px/600). */
export function TableHeaderCell({
  align,
  scope = 'col',
  ...rest
}: CellProps<ComponentPropsWithRef<'th'>>) {
  return <Th $align={align} scope={scope} {...rest} />;
}
