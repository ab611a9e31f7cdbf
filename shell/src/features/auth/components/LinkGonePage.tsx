import { type ReactNode } from 'react';
import { AuthPage } from './AuthPage';

export interface LinkGonePageProps {
  heading: string;
  /** Why it no longer works and whom to ask for a new one. */
  explanation: string;
  /** Where to go from here (sign in, ask for a new link). */
  action: ReactNode;
}

/** An invitation or reset link that was used or has expired: say so, and what to do now. */
export function LinkGonePage({ heading, explanation, action }: LinkGonePageProps) {
  return (
    <AuthPage heading={heading} alternative={<span role="alert">{explanation}</span>}>
      {action}
    </AuthPage>
  );
}
