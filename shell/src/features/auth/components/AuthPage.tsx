import { type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@duly/shared/kit';

const Page = styled.main`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${theme.space(3)};
  padding: ${theme.space(4, 2)};
`;

const Brand = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.pageTitle};
  font-weight: ${theme.fontWeights.semibold};
  letter-spacing: 0.01em;
  color: ${theme.colors.primary};
`;

const Panel = styled.section`
  width: 100%;
  max-width: 420px;
  padding: ${theme.space(4)};
  background: ${theme.colors.surface};
  border-radius: ${theme.radii.card};
  box-shadow: ${theme.shadows.card};

  ${theme.media.narrow} {
    padding: ${theme.space(3, 2)};
  }
`;

const Heading = styled.h1`
  margin: 0;
  font-size: ${theme.fontSizes.pageTitle};
  font-weight: ${theme.fontWeights.semibold};
  line-height: ${theme.lineHeights.tight};
`;

const Alternative = styled.p`
  margin: ${theme.space(1, 0, 3)};
  color: ${theme.colors.textSecondary};
`;

export interface AuthPageProps {
  heading: string;
  /** The line under the heading with the link to the other form. */
  alternative: ReactNode;
  children: ReactNode;
}

/** The frame of /login and /signup: the product name, then a card with the form. */
export function AuthPage({ heading, alternative, children }: AuthPageProps) {
  return (
    <Page>
      <Brand>Duly</Brand>
      <Panel aria-labelledby="auth-heading">
        <Heading id="auth-heading">{heading}</Heading>
        <Alternative>{alternative}</Alternative>
        {children}
      </Panel>
    </Page>
  );
}

/** The form-level failure under the fields (e.g. "Invalid email or password"). */
export const FormError = styled.p`
  margin: 0;
  padding: ${theme.space(1, 1.5)};
  border-radius: ${theme.radii.control};
  background: ${theme.colors.status.red.tint};
  color: ${theme.colors.status.red.text};
  font-weight: ${theme.fontWeights.medium};
`;

/** A form-level confirmation (e.g. "Your password has been changed"), announced politely. */
export const FormNotice = styled.p`
  margin: ${theme.space(0, 0, 2)};
  padding: ${theme.space(1, 1.5)};
  border-radius: ${theme.radii.control};
  background: ${theme.colors.status.green.tint};
  color: ${theme.colors.status.green.text};
  font-weight: ${theme.fontWeights.medium};
`;
