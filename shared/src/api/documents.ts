/**
 * Documents on certificates (issue 26, docs/documents.md) for the Certificates and Team
 * remotes: the upload (multipart with progress, through XMLHttpRequest: the base query sends
 * JSON and reports no upload progress) and a document's bytes (fetched with the caller's
 * token, since a plain <img src> or link would carry no Authorization). The list, approval,
 * rejection and deletion are RTK Query endpoints of the remote that shows them, tagged
 * `Document`.
 */
import { loadAxios } from './lazyAxios';
import type { PersonRef } from '../contract/types';
import type { ApiError } from './errors';
import { apiConfig } from './config';

export type DocumentStatus = 'approved' | 'pending' | 'rejected';

/** GET /documents/{id} (and each item of a certificate's list). */
export interface CertificateDocument {
  id: string;
  certificate_id: string;
  certificate_name: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  status: DocumentStatus;
  rejection_reason: string | null;
  uploaded_by: PersonRef;
  created_at: string;
  /** The certificate's expiry date the document belongs to (YYYY-MM-DD). */
  valid_until: string;
  proposed_issue_date: string | null;
  proposed_expiry_date: string | null;
}

/** What the API accepts (decided from the bytes there; this only narrows the picker). */
export const DOCUMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';

export interface DocumentUpload {
  certificateId: string;
  file: Blob & { name?: string };
  /** A renewal's dates (YYYY-MM-DD), sent by an employee with a renewed certificate. */
  issueDate?: string;
  expiryDate?: string;
}

/** Bytes as people read them: 512 B, 1.4 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function uploadError(status: number, body: string): ApiError {
  let message = '';
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string') message = parsed.message;
  } catch {
    // Not JSON (a proxy's page): the status's own text below.
  }
  if (status === 0) return { status: 'FETCH_ERROR', message: 'The upload did not reach Duly' };
  if (!message && status === 413) message = 'The file is too large';
  return { status, message: message || `The upload failed (${status})` };
}

function bytesOf(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

/**
 * POST /certificates/{id}/documents as multipart/form-data, reporting the share of the bytes
 * sent (0..1) to `onProgress`. Rejects with an ApiError carrying the API's message (415 for a
 * refused kind, 413 for a file too large, 400 for bad dates).
 */
export async function uploadDocument(
  upload: DocumentUpload,
  token: string | null,
  onProgress?: (share: number) => void,
): Promise<CertificateDocument> {
  const form = new FormData();
  if (upload.issueDate) form.append('issue_date', upload.issueDate);
  if (upload.expiryDate) form.append('expiry_date', upload.expiryDate);
  // Fields before the file: the server reads them as the stream passes. The bytes are read
  // once into a Blob of this realm (as uploadImport does): what was chosen is what is sent.
  const bytes = new Blob([await bytesOf(upload.file)], { type: upload.file.type });
  form.append('file', bytes, upload.file.name ?? 'document');
  const url = `${apiConfig().baseUrl}/certificates/${encodeURIComponent(upload.certificateId)}/documents/`;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        resolve(JSON.parse(request.responseText) as CertificateDocument);
      } else {
        reject(uploadError(request.status, request.responseText));
      }
    });
    request.addEventListener('error', () => reject(uploadError(0, '')));
    request.addEventListener('abort', () => reject(uploadError(0, '')));
    request.send(form);
  });
}

/** GET /documents/{id}/content as a Blob (`download`: as an attachment). */
export async function fetchDocumentContent(
  id: string,
  token: string | null,
  download = false,
): Promise<Blob> {
  const response = await (
    await loadAxios()
  ).get<Blob>(`${apiConfig().baseUrl}/documents/${encodeURIComponent(id)}/content`, {
    params: download ? { download: '1' } : undefined,
    responseType: 'blob',
    headers: token ? { Authorization: `Bearer ${token}` } : undefined,
  });
  return response.data;
}
