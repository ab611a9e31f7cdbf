import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@duly/shared/ui';

const Section = styled.section`
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

/** At least 240 px: on a phone the filter then always goes below the heading, never beside it. */
const Title = styled.h2`
  flex: 1 1 240px;
  margin: 0;
  font-size: ${theme.fontSizes.sectionTitle};
  font-weight: ${theme.fontWeights.semibold};
  line-height: ${theme.lineHeights.tight};
`;

export interface DashboardSectionProps {
  /** 'Team Tasks', 'My Certificates'…: the section's heading, which also names it. */
  title: string;
  /** Controls at the right of the heading (a status filter). */
  actions?: ReactNode;
  children: ReactNode;
}

/** One table of a dashboard under its heading; the heading names the section for screen readers. */
export function DashboardSection({ title, actions, children }: DashboardSectionProps) {
  const titleId = useId();
  return (
    <Section aria-labelledby={titleId}>
      <Header>
        <Title id={titleId}>{title}</Title>
        {actions}
      </Header>
      {children}
    </Section>
  );
}
