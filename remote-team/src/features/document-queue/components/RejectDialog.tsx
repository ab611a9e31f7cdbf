import { useState } from 'react';
import styled from 'styled-components';
import { apiErrorMessage } from '@duly/shared/core';
import { Button, Dialog, TextArea } from '@duly/shared/ui';
import { useTeamRejectDocumentMutation, type QueuedDocument } from '../api';
import { theme } from '@duly/shared/ui';

/** The API's limit of a reason. */
export const MAX_REASON_LENGTH = 500;

const Subject = styled.p`
  margin: 0 0 ${theme.space(2)};
  overflow-wrap: anywhere;
`;

const Failure = styled.p`
  margin: ${theme.space(2, 0, 0)};
  color: ${theme.colors.error};
`;

export interface RejectDialogProps {
  document: QueuedDocument;
  onClose: () => void;
  onRejected: () => void;
}

/** Rejects a pending document with the reason the employee is told (bell and email). */
export function RejectDialog({ document, onClose, onRejected }: RejectDialogProps) {
  const [reject, { isLoading }] = useTeamRejectDocumentMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    const text = reason.trim();
    if (text === '') {
      setError('Enter a reason');
      return;
    }
    setFailure(null);
    try {
      await reject({ document, reason: text }).unwrap();
      onRejected();
    } catch (caught) {
      console.error('Error rejecting a document', caught);
      setFailure(`Rejection failed: ${apiErrorMessage(caught, 'please try again.')}`);
    }
  };

  return (
    <Dialog
      open
      title="Reject document"
      onClose={() => (isLoading ? undefined : onClose())}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={isLoading}>
            {isLoading ? 'Rejecting...' : 'Reject'}
          </Button>
        </>
      }
    >
      <Subject>
        {document.filename} of {document.certificate_name}
      </Subject>
      <TextArea
        label="Reason"
        name="reason"
        hint="The employee sees it and is told by email."
        value={reason}
        maxLength={MAX_REASON_LENGTH}
        rows={3}
        error={error ?? undefined}
        disabled={isLoading}
        onChange={(event) => {
          setReason(event.target.value);
          setError(null);
        }}
      />
      {failure ? <Failure role="alert">{failure}</Failure> : null}
    </Dialog>
  );
}
