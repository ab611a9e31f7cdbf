import { useCallback, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import styled from 'styled-components';
import { baseApi } from '../../api/baseApi';
import { uploadDocument, type CertificateDocument, type DocumentUpload } from '../../api/documents';
import { apiErrorMessage, isApiError } from '../../api/errors';
import { selectToken } from '../../auth/selectors';
import { theme } from '../theme';

const Bar = styled.progress`
  width: 100%;
  height: ${theme.space(1)};
`;

export interface DocumentUploadState {
  /** Sends the upload; resolves with the document, or undefined when it failed (see `error`). */
  upload: (upload: DocumentUpload) => Promise<CertificateDocument | undefined>;
  busy: boolean;
  /** The share sent so far (0..1) while busy. */
  progress: number;
  /** The API's message for a refused file (415, 413, 400...). */
  error: string | undefined;
  clearError: () => void;
}

/** The text shown for a failed upload: the API's own message when it sent one. */
function failureOf(error: unknown): string {
  if (isApiError(error) && error.message) return error.message;
  return apiErrorMessage(error, 'The upload failed. Please try again.');
}

/**
 * Uploads a document with progress; afterwards the certificate's documents, the certificate
 * (its dates may change) and its history refresh (tags `Document` and `Certificate`).
 */
export function useDocumentUpload(): DocumentUploadState {
  const token = useSelector(selectToken);
  const dispatch = useDispatch();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const upload = useCallback(
    async (request: DocumentUpload) => {
      setBusy(true);
      setProgress(0);
      setError(undefined);
      try {
        const document = await uploadDocument(request, token, setProgress);
        dispatch(
          baseApi.util.invalidateTags([
            { type: 'Document', id: 'LIST' },
            { type: 'Certificate', id: request.certificateId },
            { type: 'Certificate', id: 'LIST' },
            'Dashboard',
          ]),
        );
        return document;
      } catch (caught) {
        setError(failureOf(caught));
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [dispatch, token],
  );
  return { upload, busy, progress, error, clearError: () => setError(undefined) };
}

/** "Uploading… 42 %" with a bar while an upload runs. */
export function UploadProgress({
  state,
}: {
  state: Pick<DocumentUploadState, 'busy' | 'progress'>;
}) {
  if (!state.busy) return null;
  const percent = Math.round(state.progress * 100);
  return (
    <label>
      Uploading… {percent} %
      <Bar max={100} value={percent} />
    </label>
  );
}
