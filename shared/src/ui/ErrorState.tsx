import { type ReactNode } from 'react';
import styled from 'styled-components';
import { CenteredState, StateMessage } from './CenteredState';
import { theme } from './theme';

const ErrorMessage = styled(StateMessage)`
  color: ${theme.colors.error};
  font-weight: ${theme.fontWeights.medium};
`;

export interface ErrorStateProps {
  /** The sentence, e.g. "Error loading tasks. Please try again later." */
  children: ReactNode;
  /** An optional way out (e.g. a "Retry" Button) under the sentence. */
  action?: ReactNode;
}

/** A failed load: a centred sentence announced at once (`role="alert"`). */
export function ErrorState({ children, action }: ErrorStateProps) {
  return (
    <CenteredState>
      <ErrorMessage role="alert">{children}</ErrorMessage>
      {action}
    </CenteredState>
  );
}
