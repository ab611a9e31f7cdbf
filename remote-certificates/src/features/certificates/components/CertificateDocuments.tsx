import { useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  apiErrorMessage,
  personName,
  selectCanManage,
  selectCurrentUser,
  selectToken,
  useAppSelector,
  type Certificate,
  type StatusColor,
} from '@duly/shared/core';
import {
  fetchDocumentContent,
  formatFileSize,
  type CertificateDocument,
  type DocumentStatus,
} from '@duly/shared/documents';
import { formatDate, formatDateTime } from '@duly/shared/dates';
import {
  Button,
  Card,
  ConfirmDialog,
  Dialog,
  DocumentPicker,
  saveBlob,
  StatusBadge,
  TextArea,
  UploadProgress,
  useDocumentUpload,
  useSaveThenGo,
} from '@duly/shared/ui';
import {
  useCertificatesDocumentApproveMutation,
  useCertificatesDocumentDeleteMutation,
  useCertificatesDocumentRejectMutation,
  useCertificatesDocumentsQuery,
} from '../documentsApi';
import { theme } from '@duly/shared/kit';

const STATUS: Record<DocumentStatus, { label: string; color: StatusColor }> = {
  pending: { label: 'Pending', color: 'orange' },
  approved: { label: 'Approved', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
};

const Groups = styled.div`
  display: grid;
  gap: ${theme.space(3)};
  margin-top: ${theme.space(2)};
`;

const GroupTitle = styled.h3`
  margin: 0 0 ${theme.space(1)};
  font-size: 1rem;
`;

const List = styled.ul`
  display: grid;
  gap: ${theme.space(1.5)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: grid;
  gap: ${theme.space(1)};
  padding: ${theme.space(1.5)};
  border: 1px solid ${theme.colors.divider};
  border-radius: ${theme.radii.control};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(1)};
  align-items: center;
  justify-content: space-between;
`;

const Name = styled.span`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Meta = styled.span`
  color: ${theme.colors.textSecondary};
  font-size: 0.875rem;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(1)};
`;

const Reason = styled.p`
  margin: 0;
  color: ${theme.colors.error};
`;

const PreviewImage = styled.img`
  max-width: 100%;
  max-height: 480px;
  object-fit: contain;
  justify-self: start;
`;

const PreviewPdf = styled.iframe`
  width: 100%;
  height: 480px;
  border: 1px solid ${theme.colors.divider};
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${theme.colors.error};
  font-weight: 500;
`;

/** What is shown inline (what the API accepts). */
const PREVIEW_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/webp']);

/** The documents by the validity they belong to: the certificate's current one first. */
export function groupByValidity(
  documents: readonly CertificateDocument[],
  currentExpiry: string,
): { validUntil: string; current: boolean; documents: CertificateDocument[] }[] {
  const groups = new Map<string, CertificateDocument[]>();
  for (const document of documents) {
    groups.set(document.valid_until, [...(groups.get(document.valid_until) ?? []), document]);
  }
  return [...groups.entries()]
    .map(([validUntil, items]) => ({
      validUntil,
      current: validUntil === currentExpiry,
      documents: items,
    }))
    .sort((a, b) =>
      a.current !== b.current ? (a.current ? -1 : 1) : b.validUntil.localeCompare(a.validUntil),
    );
}

/** The file shown in the page: fetched with the token, as a blob URL (the API needs the header). */
function Preview({ document }: { document: CertificateDocument }) {
  const token = useAppSelector(selectToken);
  const [url, setUrl] = useState<string>();
  const [failed, setFailed] = useState(false);
  const previewable = PREVIEW_TYPES.has(document.content_type);
  useEffect(() => {
    if (!previewable) return undefined;
    let objectUrl: string | undefined;
    let live = true;
    fetchDocumentContent(document.id, token)
      .then((blob) => {
        if (!live) return;
        // Typed by the kind the API decided from the bytes, never by anything else: a blob
        // URL runs with this page's origin, so only the four kinds it accepts are shown.
        objectUrl = URL.createObjectURL(new Blob([blob], { type: document.content_type }));
        setUrl(objectUrl);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [document.id, document.content_type, previewable, token]);
  if (!previewable) return <Meta>No preview for this kind of file.</Meta>;
  if (failed) return <ErrorText role="alert">The preview could not be loaded.</ErrorText>;
  if (!url) return <Meta>Loading preview…</Meta>;
  return document.content_type === 'application/pdf' ? (
    <PreviewPdf src={url} title={`Preview of ${document.filename}`} />
  ) : (
    <PreviewImage src={url} alt={`Preview of ${document.filename}`} />
  );
}

function RejectDialog({
  document,
  onClose,
}: {
  document: CertificateDocument;
  onClose: () => void;
}) {
  const [reject, { isLoading }] = useCertificatesDocumentRejectMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const save = useSaveThenGo({
    success: 'Document rejected',
    failure: (failure) => apiErrorMessage(failure, 'Failed to reject document'),
    onSaved: onClose,
  });
  const submit = () => {
    if (!reason.trim()) {
      setError('Reason is required');
      return;
    }
    void save(reject({ document, reason: reason.trim() }));
  };
  return (
    <Dialog
      open
      title="Reject document"
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button variant="danger" onClick={submit} disabled={isLoading}>
            Reject
          </Button>
        </>
      }
    >
      <TextArea
        label="Reason"
        required
        maxLength={500}
        value={reason}
        error={error}
        onChange={(event) => {
          setReason(event.target.value);
          setError(undefined);
        }}
      />
    </Dialog>
  );
}

function DocumentItem({ document }: { document: CertificateDocument }) {
  const canManage = useAppSelector(selectCanManage);
  const user = useAppSelector(selectCurrentUser);
  const token = useAppSelector(selectToken);
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const [approve, approving] = useCertificatesDocumentApproveMutation();
  const [remove, removing] = useCertificatesDocumentDeleteMutation();
  const saveApproval = useSaveThenGo({
    success: 'Document approved',
    failure: (error) => apiErrorMessage(error, 'Failed to approve document'),
  });
  const saveDeletion = useSaveThenGo({
    success: 'Document deleted',
    failure: (error) => apiErrorMessage(error, 'Failed to delete document'),
    onSaved: () => setConfirming(false),
  });
  const status = STATUS[document.status];
  const pending = document.status === 'pending';
  const mayDelete = canManage || (pending && document.uploaded_by.id === user?.id);
  const download = async () => {
    setDownloadFailed(false);
    try {
      saveBlob(await fetchDocumentContent(document.id, token, true), document.filename);
    } catch {
      setDownloadFailed(true);
    }
  };
  return (
    <Item aria-label={document.filename}>
      <Head>
        <Name>{document.filename}</Name>
        <StatusBadge color={status.color}>{status.label}</StatusBadge>
      </Head>
      <Meta>
        {formatFileSize(document.size)} · uploaded by {personName(document.uploaded_by, 'N/A')} on{' '}
        {formatDateTime(document.created_at)}
        {pending && document.proposed_expiry_date
          ? ` · renewal until ${formatDate(document.proposed_expiry_date)}`
          : ''}
      </Meta>
      {document.status === 'rejected' && document.rejection_reason ? (
        <Reason>Reason: {document.rejection_reason}</Reason>
      ) : null}
      <Actions>
        <Button variant="secondary" size="small" onClick={() => setPreviewing(!previewing)}>
          {previewing ? 'Hide preview' : 'Preview'}
        </Button>
        <Button variant="secondary" size="small" onClick={() => void download()}>
          Download
        </Button>
        {canManage && pending ? (
          <>
            <Button
              size="small"
              disabled={approving.isLoading}
              onClick={() => void saveApproval(approve(document))}
            >
              Approve
            </Button>
            <Button variant="secondary" size="small" onClick={() => setRejecting(true)}>
              Reject
            </Button>
          </>
        ) : null}
        {mayDelete ? (
          <Button variant="secondary" size="small" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        ) : null}
      </Actions>
      {downloadFailed ? <ErrorText role="alert">The download failed.</ErrorText> : null}
      {previewing ? <Preview document={document} /> : null}
      <ConfirmDialog
        open={confirming}
        title="Delete this document?"
        message={`${document.filename} will be removed from this certificate.`}
        confirmLabel="Delete"
        confirmVariant="danger"
        pending={removing.isLoading}
        onConfirm={() => void saveDeletion(remove(document))}
        onCancel={() => setConfirming(false)}
      />
      {rejecting ? <RejectDialog document={document} onClose={() => setRejecting(false)} /> : null}
    </Item>
  );
}

/** "Upload document": drop or choose a file, with progress and the API's error for a refused one. */
function UploadDocument({ certificate }: { certificate: Certificate }) {
  const state = useDocumentUpload();
  return (
    <>
      <DocumentPicker
        disabled={state.busy}
        onFile={(file) => void state.upload({ certificateId: certificate.id, file })}
      />
      <UploadProgress state={state} />
      {state.error ? <ErrorText role="alert">{state.error}</ErrorText> : null}
    </>
  );
}

/**
 * The certificate page's "Documents" (issue 26): the documents by validity, the current one
 * first, each with its status, preview, download and delete; Approve and Reject for managers.
 */
export function CertificateDocuments({ certificate }: { certificate: Certificate }) {
  const { data: documents, isLoading, isError } = useCertificatesDocumentsQuery(certificate.id);
  const groups = groupByValidity(documents ?? [], certificate.expiry_date);
  return (
    <Card title="Documents">
      <UploadDocument certificate={certificate} />
      {isLoading ? <Meta>Loading documents…</Meta> : null}
      {isError ? <ErrorText role="alert">The documents could not be loaded.</ErrorText> : null}
      {documents && documents.length === 0 ? <Meta as="p">No documents yet.</Meta> : null}
      <Groups>
        {groups.map((group) => (
          <section
            key={group.validUntil}
            aria-label={`Valid until ${formatDate(group.validUntil)}`}
          >
            <GroupTitle>
              Valid until {formatDate(group.validUntil)}
              {group.current ? ' (current)' : ''}
            </GroupTitle>
            <List>
              {group.documents.map((document) => (
                <DocumentItem key={document.id} document={document} />
              ))}
            </List>
          </section>
        ))}
      </Groups>
    </Card>
  );
}
