import { useState } from 'react';
import styled from 'styled-components';
import { ActionDialog, bindState, TextArea, theme } from '@duly/shared/ui';
import { useTeamRejectDocumentMutation, type QueuedDocument } from '../api';

/** The API's limit of a reason. */
export const MAX_REASON_LENGTH = 500;

const Subject = styled.p`
  margin: 0 0 ${theme.space(2)};
  overflow-wrap: anywhere;
`;

export interface RejectDialogProps {
  document: QueuedDocument;
  onClose: () => void;
  onRejected: () => void;
}

/** Rejects a pending document with the reason the employee is told (bell and email). */
export function RejectDialog({ document, onClose, onRejected }: RejectDialogProps) {
  const [reject] = useTeamRejectDocumentMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const send = () => {
    const text = reason.trim();
    if (text === '') {
      setError('Enter a reason');
      return false;
    }
    return reject({ document, reason: text }).unwrap();
  };

  return (
    <ActionDialog
      title="Reject document"
      actionLabel="Reject"
      pendingLabel="Rejecting..."
      send={send}
      onDone={onRejected}
      onClose={onClose}
      failureLog="Error rejecting a document"
      failureText="Rejection failed"
    >
      {({ pending }) => (
        <>
          <Subject>
            {document.filename} of {document.certificate_name}
          </Subject>
          <TextArea
            label="Reason"
            name="reason"
            hint="The employee sees it and is told by email."
            maxLength={MAX_REASON_LENGTH}
            rows={3}
            error={error ?? undefined}
            disabled={pending}
            {...bindState(reason, (value) => {
              setReason(value);
              setError(null);
            })}
          />
        </>
      )}
    </ActionDialog>
  );
}
