import { type ReactNode } from 'react';
import { CenteredState, StateMessage } from './CenteredState';

export interface EmptyStateProps {
  /** The sentence, e.g. "No employees found". */
  children: ReactNode;
  /** An optional next step (a Button) under the sentence. */
  action?: ReactNode;
}

/** What a list shows when it has nothing: a centred sentence, never a blank page. */
export function EmptyState({ children, action }: EmptyStateProps) {
  return (
    <CenteredState>
      <StateMessage>{children}</StateMessage>
      {action}
    </CenteredState>
  );
}
