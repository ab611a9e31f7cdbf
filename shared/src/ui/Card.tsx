import { useId, type HTMLAttributes, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from './theme';

const CardRoot = styled.section<{ $flush: boolean }>`
  background: ${theme.colors.surface};
  border-radius: ${theme.radii.card};
  box-shadow: ${theme.shadows.card};
  padding: ${({ theme, $flush }) => ($flush ? 0 : theme.space(3))};
  min-width: 0;
`;

const CardHeader = styled.header<{ $flush: boolean }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space(2)};
  margin-bottom: ${({ theme, $flush }) => ($flush ? 0 : theme.space(2))};
  padding: ${({ theme, $flush }) => ($flush ? theme.space(2, 3) : 0)};
`;

const CardTitle = styled.h2`
  margin: 0;
  font-size: ${theme.fontSizes.sectionTitle};
  font-weight: ${theme.fontWeights.semibold};
  line-height: ${theme.lineHeights.tight};
`;

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Section title (18 px/600, an `h2`); it also names the card for screen readers. */
  title?: ReactNode;
  /** Controls at the right of the title (e.g. a filter). */
  actions?: ReactNode;
  /** No inner padding: for content that runs to the card's edges (tables, lists). */
  flush?: boolean;
  children?: ReactNode;
}

/** A white surface with the card radius and shadow; optionally titled. */
export function Card({ title, actions, flush = false, children, ...rest }: CardProps) {
  const titleId = useId();
  const hasHeader = title !== undefined || actions !== undefined;
  return (
    <CardRoot aria-labelledby={title !== undefined ? titleId : undefined} {...rest} $flush={flush}>
      {hasHeader ? (
        <CardHeader $flush={flush}>
          {title !== undefined ? <CardTitle id={titleId}>{title}</CardTitle> : <span />}
          {actions}
        </CardHeader>
      ) : null}
      {children}
    </CardRoot>
  );
}
