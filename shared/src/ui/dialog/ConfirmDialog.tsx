import { type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../Button';
import { Dialog } from './Dialog';

const Message = styled.p`
  margin: 0;
`;

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** The question, e.g. "Are you sure you want to mark this task as completed?" */
  message: ReactNode;
  onConfirm: () => void;
  /** Cancel, Escape and a backdrop click. */
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** `danger` for destructive confirmations. */
  confirmVariant?: 'primary' | 'danger';
  /** Disables both buttons while the confirmed action runs. */
  pending?: boolean;
  disablePortal?: boolean;
}

/** A yes/no question in a Dialog; focus starts on Cancel, the safe choice. */
export function ConfirmDialog({
  open,
  title,
  message,
  onConfirm,
  onCancel,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  confirmVariant = 'primary',
  pending = false,
  disablePortal,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      disablePortal={disablePortal}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button variant={confirmVariant} onClick={onConfirm} disabled={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Message>{message}</Message>
    </Dialog>
  );
}
