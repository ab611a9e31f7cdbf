import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { apiErrorMessage, personName, selectCanManage, useAppSelector } from '@duly/shared/core';
import { formatDate } from '@duly/shared/dates';
import {
  Button,
  focusRing,
  PageHeader,
  ReadOnlyNotice,
  theme,
  useSnackbar,
  VisuallyHidden,
  type ColumnEntry,
} from '@duly/shared/kit';
import { certificatePath, DashboardTable, useDashboardPage } from '../dashboards';
import {
  MAX_APPROVE_AT_ONCE,
  useTeamApproveDocumentMutation,
  useTeamApproveDocumentsMutation,
  useTeamPendingDocumentsQuery,
  type QueuedDocument,
} from './api';

// Loaded when first opened: the dialogs and the kit's dialog parts stay off the queue's
// start-up (issue 32).
const PreviewDialog = lazy(async () => ({
  default: (await import('./components/PreviewDialog')).PreviewDialog,
}));
const RejectDialog = lazy(async () => ({
  default: (await import('./components/RejectDialog')).RejectDialog,
}));

/** What the queue says to an employee instead of a refused list (issue 33 item 4). */
export const QUEUE_READ_ONLY =
  'Only managers and admins can approve documents. Yours are listed on their certificate’s page.';

/** Rows per page: enough to approve a batch at once, short enough to review. */
export const QUEUE_PAGE_SIZE = 25;

const CertificateLink = styled(Link)`
  color: ${theme.colors.primaryText};
  font-weight: ${theme.fontWeights.medium};
  border-radius: 2px;
  ${focusRing}
`;

/** One line of buttons in the table; on a phone's card they may wrap. */
const Actions = styled.div`
  display: flex;
  flex-wrap: nowrap;
  justify-content: flex-end;
  gap: ${theme.space(1)};

  ${theme.media.narrow} {
    flex-wrap: wrap;
  }
`;

const Check = styled.input`
  width: 20px;
  height: 20px;
  margin: 0;
  cursor: pointer;
  accent-color: ${theme.colors.primary};
`;

/** A 44 px target around the small checkbox (VISUAL.md: touch targets). */
const CheckLabel = styled.label`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 44px;
  min-height: 44px;
  cursor: pointer;
`;

const Intro = styled.p`
  margin: 0 0 ${theme.space(3)};
  color: ${theme.colors.textSecondary};
`;

/** "Renewal until Mar 09, 2027" when the employee sent new dates; otherwise nothing. */
function renewalText(document: QueuedDocument): string {
  return document.proposed_expiry_date
    ? `Renewal until ${formatDate(document.proposed_expiry_date)}`
    : '—';
}

const uploaderName = (document: QueuedDocument) =>
  personName(document.uploaded_by) || 'Someone removed';

/**
 * /team/documents (issue 26): the documents employees sent that wait for a manager's or an
 * admin's decision, oldest first. Each row previews the file (an image or the browser's PDF
 * viewer, through a short-lived signed URL), approves it, or rejects it with a reason the
 * employee is told; ticking several approves them with one request, all or none.
 */
export function DocumentQueueScreen() {
  const page = useDashboardPage(QUEUE_PAGE_SIZE);
  const canApprove = useAppSelector(selectCanManage);
  const query = useTeamPendingDocumentsQuery(page.params, { skip: !canApprove });
  const [approveOne] = useTeamApproveDocumentMutation();
  const [approveMany, { isLoading: approvingMany }] = useTeamApproveDocumentsMutation();
  const { enqueueSnackbar } = useSnackbar();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [previewing, setPreviewing] = useState<QueuedDocument | null>(null);
  const [rejecting, setRejecting] = useState<QueuedDocument | null>(null);

  const items = useMemo(() => query.data?.items ?? [], [query.data]);
  // Only what is on screen can be selected: a row decided elsewhere drops out of the choice.
  const chosen = items.filter((document) => selected.has(document.id));
  const allChosen = items.length > 0 && chosen.length === items.length;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected(allChosen ? new Set() : new Set(items.map((document) => document.id)));

  const withBusy = async (ids: string[], work: () => Promise<void>) => {
    setBusy((current) => new Set([...current, ...ids]));
    try {
      await work();
    } finally {
      setBusy((current) => new Set([...current].filter((id) => !ids.includes(id))));
    }
  };

  const approve = (document: QueuedDocument) =>
    withBusy([document.id], async () => {
      try {
        await approveOne(document).unwrap();
        setSelected((current) => new Set([...current].filter((id) => id !== document.id)));
        enqueueSnackbar(`Approved ${document.filename}`, { variant: 'success' });
      } catch (error) {
        console.error('Error approving a document', error);
        enqueueSnackbar(`Approval failed: ${apiErrorMessage(error, 'please try again.')}`, {
          variant: 'error',
        });
      }
    });

  const approveSelected = () => {
    const batch = chosen.slice(0, MAX_APPROVE_AT_ONCE);
    return withBusy(
      batch.map((document) => document.id),
      async () => {
        try {
          await approveMany(batch).unwrap();
          setSelected(new Set());
          enqueueSnackbar(
            batch.length === 1 ? 'Approved 1 document' : `Approved ${batch.length} documents`,
            { variant: 'success' },
          );
        } catch (error) {
          console.error('Error approving documents', error);
          enqueueSnackbar(`Nothing was approved: ${apiErrorMessage(error, 'please try again.')}`, {
            variant: 'error',
          });
        }
      },
    );
  };

  const columns: ColumnEntry<QueuedDocument>[] = [
    {
      key: 'select',
      header: (
        <CheckLabel>
          <Check
            type="checkbox"
            checked={allChosen}
            disabled={items.length === 0}
            onChange={toggleAll}
          />
          <VisuallyHidden>Select all on this page</VisuallyHidden>
        </CheckLabel>
      ),
      cardLabel: 'Select',
      width: '56px',
      cell: (document) => (
        <CheckLabel>
          <Check
            type="checkbox"
            checked={selected.has(document.id)}
            disabled={busy.has(document.id)}
            onChange={() => toggle(document.id)}
          />
          <VisuallyHidden>
            Select {document.filename} of {document.certificate_name}
          </VisuallyHidden>
        </CheckLabel>
      ),
    },
    {
      key: 'certificate',
      header: 'Certificate',
      card: 'title',
      wrap: true,
      cell: (document) => (
        <CertificateLink to={certificatePath(document.certificate_id)}>
          {document.certificate_name}
        </CertificateLink>
      ),
    },
    { key: 'person', header: 'Uploaded by', wrap: true, cell: uploaderName },
    {
      key: 'uploaded',
      header: 'Uploaded',
      cell: (document) => formatDate(document.created_at),
    },
    { key: 'file', header: 'File', wrap: true, cell: (document) => document.filename },
    { key: 'renewal', header: 'Dates', wrap: true, cell: renewalText },
    {
      key: 'actions',
      header: 'Actions',
      card: 'action',
      align: 'right',
      cell: (document) => {
        const label = `${document.filename} of ${document.certificate_name}`;
        const disabled = busy.has(document.id);
        return (
          <Actions>
            <Button
              variant="secondary"
              size="small"
              aria-label={`Preview ${label}`}
              onClick={() => setPreviewing(document)}
            >
              Preview
            </Button>
            <Button
              size="small"
              aria-label={`Approve ${label}`}
              disabled={disabled}
              onClick={() => approve(document)}
            >
              Approve
            </Button>
            <Button
              variant="secondary"
              size="small"
              aria-label={`Reject ${label}`}
              disabled={disabled}
              onClick={() => setRejecting(document)}
            >
              Reject
            </Button>
          </Actions>
        );
      },
    },
  ];

  const total = query.data?.total;
  if (!canApprove) {
    return (
      <>
        <PageHeader title="Documents to approve" />
        <ReadOnlyNotice>{QUEUE_READ_ONLY}</ReadOnlyNotice>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="Documents to approve"
        actions={
          <Button
            onClick={approveSelected}
            disabled={chosen.length === 0 || approvingMany}
            aria-live="polite"
          >
            {approvingMany
              ? 'Approving...'
              : chosen.length > 0
                ? `Approve selected (${chosen.length})`
                : 'Approve selected'}
          </Button>
        }
      />
      <Intro>
        Employees’ uploads wait here until a manager or an admin approves them. A renewal changes
        the certificate’s dates only when it is approved.
      </Intro>
      <DashboardTable
        title={total === undefined ? 'Pending documents' : `Pending documents (${total})`}
        label="Pending documents"
        query={query}
        list={page}
        what="documents"
        empty="No documents waiting for approval"
        failureLog="Error fetching documents to approve"
        columns={columns}
      />

      <Suspense fallback={null}>
        {previewing ? (
          <PreviewDialog document={previewing} onClose={() => setPreviewing(null)} />
        ) : null}
        {rejecting ? (
          <RejectDialog
            document={rejecting}
            onClose={() => setRejecting(null)}
            onRejected={() => {
              const id = rejecting.id;
              setSelected((current) => new Set([...current].filter((item) => item !== id)));
              enqueueSnackbar(`Rejected ${rejecting.filename}`, { variant: 'success' });
              setRejecting(null);
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}
