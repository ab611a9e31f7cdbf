import { useId, useRef, useState, type DragEvent } from 'react';
import styled from 'styled-components';
import { DOCUMENT_ACCEPT } from '../../api/documents';
import { Button } from '../Button';
import { theme } from '../theme';

const Zone = styled.div<{ $over: boolean }>`
  display: grid;
  gap: ${theme.space(1)};
  justify-items: center;
  padding: ${theme.space(3, 2)};
  border: 2px dashed ${({ theme, $over }) => ($over ? theme.colors.primary : theme.colors.border)};
  border-radius: ${theme.radii.card};
  background: ${({ theme, $over }) => ($over ? theme.colors.primaryTint : 'transparent')};
  text-align: center;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(1)};
  justify-content: center;
`;

const Hint = styled.span`
  color: ${theme.colors.textSecondary};
  font-size: 0.875rem;
`;

const HiddenInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

export interface DocumentPickerProps {
  /** Called with the file dropped or chosen. */
  onFile: (file: File) => void;
  disabled?: boolean;
  /** The name of the file chosen so far, shown under the buttons. */
  chosen?: string;
}

/**
 * Where a document is given (issue 26): dropped on the zone, chosen with the file picker
 * (PDF, JPEG, PNG, WebP), or on a phone taken with the camera ("Take a photo": an input with
 * the `capture` hint, so the phone opens its camera; the picker keeps its file choice).
 */
export function DocumentPicker({ onFile, disabled = false, chosen }: DocumentPickerProps) {
  const [over, setOver] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file && !disabled) onFile(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files);
  };
  return (
    <Zone
      $over={over}
      data-testid="document-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <span id={hintId}>Drop a file here or choose one</span>
      <Buttons>
        <Button
          variant="secondary"
          disabled={disabled}
          aria-describedby={hintId}
          onClick={() => fileRef.current?.click()}
        >
          Choose file
        </Button>
        <Button variant="secondary" disabled={disabled} onClick={() => cameraRef.current?.click()}>
          Take a photo
        </Button>
      </Buttons>
      <Hint>PDF, JPEG, PNG or WebP</Hint>
      {chosen ? <span>Chosen: {chosen}</span> : null}
      <HiddenInput
        ref={fileRef}
        type="file"
        aria-label="Document file"
        tabIndex={-1}
        accept={DOCUMENT_ACCEPT}
        disabled={disabled}
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
      <HiddenInput
        ref={cameraRef}
        type="file"
        aria-label="Photo of the document"
        tabIndex={-1}
        accept="image/*"
        capture="environment"
        disabled={disabled}
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
    </Zone>
  );
}
