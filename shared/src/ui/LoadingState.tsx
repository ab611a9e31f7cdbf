import { type ReactNode } from 'react';
import { CenteredState, StateMessage } from './CenteredState';
import { Spinner } from './Spinner';

export interface LoadingStateProps {
  /** The sentence under the spinner (the screen's loading text, e.g. "Loading tasks..."). */
  children?: ReactNode;
}

/** A spinner and a short sentence, centred; announced politely to screen readers. */
export function LoadingState({ children = 'Loading...' }: LoadingStateProps) {
  return (
    <CenteredState role="status">
      <Spinner size={32} decorative />
      <StateMessage>{children}</StateMessage>
    </CenteredState>
  );
}
