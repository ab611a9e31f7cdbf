import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from './theme';

const Root = styled.section`
  margin-bottom: ${theme.space(4)};
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${theme.space(2)};
  margin-bottom: ${theme.space(2)};
`;

/** At least 240 px: on a phone the controls then always go below the heading, never beside it. */
const Title = styled.h2`
  flex: 1 1 240px;
  margin: 0;
  font-size: ${theme.fontSizes.sectionTitle};
  font-weight: ${theme.fontWeights.semibold};
  line-height: ${theme.lineHeights.tight};
`;

export interface SectionProps {
  /** The section's heading ('Team Tasks'), which also names it for screen readers. */
  title: string;
  /** Controls at the right of the heading (a status filter). */
  actions?: ReactNode;
  children: ReactNode;
}

/** One part of a screen that holds several (a dashboard's tables) under its `<h2>` heading. */
export function Section({ title, actions, children }: SectionProps) {
  const titleId = useId();
  return (
    <Root aria-labelledby={titleId}>
      <Header>
        <Title id={titleId}>{title}</Title>
        {actions}
      </Header>
      {children}
    </Root>
  );
}

/** One column of cards and sections, `gap` apart; a wide table scrolls inside its card. */
export const Stack = styled.div`
  display: grid;
  /* minmax(0, …): a wide table scrolls inside its card instead of widening the page. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space(3)};
`;
