import { type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from './theme';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${theme.space(2)};
  margin-bottom: ${theme.space(3)};
`;

/* As high as the actions' buttons and centred on them: the title and what follows it stay at
   the same place from page to page, whether the page has actions or not. */
const Titles = styled.div`
  display: flex;
  flex-direction: column;
  justify-content: center;
  min-width: 0;
  min-height: ${theme.layout.buttonHeight};
`;

const Title = styled.h1`
  margin: 0;
  font-size: ${theme.fontSizes.pageTitle};
  font-weight: ${theme.fontWeights.semibold};
  line-height: ${theme.lineHeights.tight};
`;

const Subtitle = styled.p`
  margin: ${theme.space(0.5)} 0 0;
  color: ${theme.colors.textSecondary};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space(1)};
`;

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** The page's primary action(s), shown at the right. */
  actions?: ReactNode;
}

/** The page title (h1, 24 px/600), an optional subtitle and the page's actions at the right. */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  return (
    <Header>
      <Titles>
        <Title>{title}</Title>
        {subtitle ? <Subtitle>{subtitle}</Subtitle> : null}
      </Titles>
      {actions ? <Actions>{actions}</Actions> : null}
    </Header>
  );
}
