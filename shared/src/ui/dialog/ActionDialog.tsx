import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { apiErrorMessage } from '../../api/errors';
import { Button } from '../Button';
import { theme } from '../theme';
import { Dialog } from './Dialog';

const Failure = styled.p`
  margin: ${theme.space(2, 0, 0)};
  color: ${theme.colors.error};
`;

export interface ActionDialogProps {
  title: string;
  /** The action's button ('Assign') and what it says while the request runs ('Assigning...'). */
  actionLabel: string;
  pendingLabel: string;
  /** Whether the action can be sent yet (someone is chosen); the button waits until then. */
  ready?: boolean;
  /**
   * Sends the action and rejects on failure (an RTK Query `unwrap()`); `false` sends nothing
   * (the fields said what is missing) and keeps the dialog open.
   */
  send: () => Promise<unknown> | false;
  /** After a successful send (close the dialog). */
  onDone: () => void;
  /** Cancel, Escape and the backdrop; ignored while the request runs, whose answer decides. */
  onClose: () => void;
  /** A failure is logged with this text ('Error assigning task') and said inside the dialog. */
  failureLog: string;
  /** What the dialog says before the API's message: 'Assignment failed' → 'Assignment failed: …'. */
  failureText: string;
  /** The fields, told whether the request runs (to disable them) and how to clear the failure. */
  children: (state: { pending: boolean; clearFailure: () => void }) => ReactNode;
}

/**
 * A dialog that sends one request (assign, reject): Cancel and the action, both disabled while it
 * runs; success calls `onDone`; a failure keeps the dialog open, says so inside it
 * ('Assignment failed: {message}') and is logged.
 */
export function ActionDialog({
  title,
  actionLabel,
  pendingLabel,
  ready = true,
  send,
  onDone,
  onClose,
  failureLog,
  failureText,
  children,
}: ActionDialogProps) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    const request = send();
    if (request === false) return;
    setPending(true);
    setFailure(null);
    try {
      await request;
      onDone();
    } catch (error) {
      console.error(failureLog, error);
      setFailure(`${failureText}: ${apiErrorMessage(error, 'please try again.')}`);
      setPending(false);
    }
  };

  return (
    <Dialog
      open
      title={title}
      onClose={() => (pending ? undefined : onClose())}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!ready || pending}>
            {pending ? pendingLabel : actionLabel}
          </Button>
        </>
      }
    >
      {children({ pending, clearFailure: () => setFailure(null) })}
      {failure ? <Failure role="alert">{failure}</Failure> : null}
    </Dialog>
  );
}
