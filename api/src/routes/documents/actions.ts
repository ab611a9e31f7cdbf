/**
 * The writes of documents, each in one transaction with its history entry (recordActivity):
 * an upload (stored first, its row removed again, with the file, if the transaction fails),
 * a deletion (the file goes when its last row goes), an approval (a renewal's dates apply)
 * and a rejection (the uploader is told in the bell and by email, reminders/ledger.ts).
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Transaction } from 'kysely';
import { recordActivity } from '../../db/repositories/activity';
import {
  findCertificate,
  saveCertificate,
  type CertificateEdit,
} from '../../db/repositories/certificates';
import {
  decideDocument,
  deleteDocument,
  documentsNeedApproval,
  insertDocument,
  isKeyUsed,
  type StoredDocument,
} from '../../db/repositories/documents';
import type { Database, Db } from '../../db/tables';
import { sanitizeFilename } from '../../documents/filename';
import { storageKey, type DocumentStore } from '../../documents/store';
import type { ReceivedUpload } from '../../documents/upload';
import { kolkataToday, nowIso } from '../../lib/dates';
import { HttpError, conflict, forbidden } from '../../lib/http-errors';
import { InputCheck } from '../../lib/input';
import { hasRole, type Caller } from '../../plugins/auth';
import { recordNotices } from '../../reminders/ledger';
import { recipientsOfNamed } from '../../reminders/recipients';
import { queueWebhookEvents } from '../../webhooks/events';
import { certificateEvent } from '../../webhooks/hooks';
import { actorOf } from '../access';

type Trx = Transaction<Database>;

interface Renewal {
  issueDate: string | null;
  expiryDate: string;
}

/** The renewal dates sent with an upload, checked; undefined when none were sent. */
function renewalOf(fields: Record<string, string>): Renewal | undefined {
  const check = new InputCheck();
  const issueDate = fields.issue_date ? check.calendarDate(fields.issue_date, 'issue_date') : null;
  const expiryDate = fields.expiry_date
    ? check.calendarDate(fields.expiry_date, 'expiry_date')
    : null;
  if (issueDate && !expiryDate) check.fail('expiry_date', 'is required with issue_date');
  if (issueDate && expiryDate && issueDate > expiryDate) {
    check.fail('expiry_date', 'must not be before issue_date');
  }
  check.done();
  return expiryDate ? { issueDate, expiryDate } : undefined;
}

/**
 * Renews the certificate with `renewal`'s dates (its history entry and its re-armed reminder by
 * saveCertificate).
 */
async function renew(
  trx: Trx,
  caller: Caller,
  organizationId: string,
  certificateId: string,
  renewal: Renewal,
): Promise<void> {
  const certificate = await findCertificate(trx, { id: certificateId, organizationId });
  if (!certificate) return;
  const changes: CertificateEdit['changes'] = {
    expiry_date: renewal.expiryDate,
    updated_at: nowIso(),
  };
  if (renewal.issueDate) changes.issue_date = renewal.issueDate;
  const saved = await saveCertificate(
    trx,
    organizationId,
    certificateId,
    { changes, expiryDate: renewal.expiryDate, today: kolkataToday() },
    actorOf(caller),
  );
  if (saved?.status === 'renewed' && certificate.status !== 'renewed') {
    await queueWebhookEvents(trx, [
      certificateEvent(trx, 'certificate.renewed', organizationId, certificateId),
    ]);
  }
}

/** Stores an upload and records it; returns the new document's id. */
export async function saveUpload(
  db: Db,
  store: DocumentStore,
  caller: Caller,
  certificate: { id: string; expiry_date: string },
  upload: ReceivedUpload,
): Promise<string> {
  const organizationId = caller.organization_id;
  let renewal: Renewal | undefined;
  let pending: boolean;
  try {
    renewal = renewalOf(upload.fields);
    pending = !hasRole(caller, 'manager') && (await documentsNeedApproval(db, organizationId));
  } catch (error) {
    await rm(upload.staged.path, { force: true });
    throw error;
  }
  const key = storageKey(organizationId, upload.staged.sha256);
  try {
    await store.put(upload.staged.path, key);
  } catch (error) {
    await rm(upload.staged.path, { force: true });
    throw error;
  }
  const id = randomUUID();
  const filename = sanitizeFilename(upload.originalName, upload.kind.ext);
  try {
    await db.transaction().execute(async (trx) => {
      await insertDocument(trx, {
        organization_id: organizationId,
        id,
        certificate_id: certificate.id,
        storage_key: key,
        filename,
        content_type: upload.kind.mime,
        size: upload.staged.size,
        sha256: upload.staged.sha256,
        status: pending ? 'pending' : 'approved',
        rejection_reason: null,
        uploaded_by_user_id: caller.id,
        // A renewal applied now belongs to the new validity; a pending one moves there on
        // approval.
        valid_until: !pending && renewal ? renewal.expiryDate : certificate.expiry_date,
        proposed_issue_date: renewal?.issueDate ?? null,
        proposed_expiry_date: renewal?.expiryDate ?? null,
        decided_by_user_id: pending ? null : caller.id,
        decided_at: pending ? null : nowIso(),
        created_at: nowIso(),
      });
      await recordActivity(trx, actorOf(caller), [
        {
          organizationId,
          entityType: 'certificate',
          entityId: certificate.id,
          action: 'document_uploaded',
          changes: { document: [null, filename], status: [null, pending ? 'pending' : 'approved'] },
        },
      ]);
      if (!pending && renewal) await renew(trx, caller, organizationId, certificate.id, renewal);
    });
  } catch (error) {
    if (!(await isKeyUsed(db, organizationId, key))) await store.remove(key);
    throw error;
  }
  return id;
}

/** Deletes a document: managers any, an employee only their own pending upload. */
export async function deleteStoredDocument(
  db: Db,
  store: DocumentStore,
  caller: Caller,
  document: StoredDocument,
  isManager: boolean,
): Promise<{ unremovedKey?: string; error?: unknown }> {
  if (!isManager && !(document.uploaded_by.id === caller.id && document.status === 'pending')) {
    throw forbidden('Only a manager or an admin can delete this document');
  }
  const organizationId = caller.organization_id;
  const { keyStillUsed } = await db.transaction().execute(async (trx) => {
    const result = await deleteDocument(trx, organizationId, document.id, document.storage_key);
    await recordActivity(trx, actorOf(caller), [
      {
        organizationId,
        entityType: 'certificate',
        entityId: document.certificate_id,
        action: 'document_deleted',
        changes: { document: [document.filename, null] },
      },
    ]);
    return result;
  });
  // After the commit: a failed transaction keeps both; a crash here, or a store that is down,
  // leaves an unused file (returned, for the log), never a row without its file.
  if (keyStillUsed) return {};
  try {
    await store.remove(document.storage_key);
    return {};
  } catch (error) {
    return { unremovedKey: document.storage_key, error };
  }
}

function stillPending(document: StoredDocument): void {
  if (document.status !== 'pending') {
    throw conflict(`This document is already ${document.status}`);
  }
}

/** Approves one pending document inside `trx`: its history entry, and a renewal's dates. */
async function approveIn(trx: Trx, caller: Caller, document: StoredDocument): Promise<void> {
  const organizationId = caller.organization_id;
  const decided = await decideDocument(trx, organizationId, document.id, {
    status: 'approved',
    reason: null,
    by: caller.id,
    at: nowIso(),
    validUntil: document.proposed_expiry_date ?? undefined,
  });
  if (!decided) throw conflict('This document was decided by someone else meanwhile');
  await recordActivity(trx, actorOf(caller), [
    {
      organizationId,
      entityType: 'certificate',
      entityId: document.certificate_id,
      action: 'document_approved',
      changes: {
        document: [document.filename, document.filename],
        status: ['pending', 'approved'],
      },
    },
  ]);
  if (document.proposed_expiry_date) {
    await renew(trx, caller, organizationId, document.certificate_id, {
      issueDate: document.proposed_issue_date,
      expiryDate: document.proposed_expiry_date,
    });
  }
  // The uploader is told in the bell and by email, as of a rejection.
  await tellUploader(trx, organizationId, document, 'document_approved', nowIso(), {
    itemDate: document.proposed_expiry_date ?? document.valid_until,
  });
}

export async function approveDocument(
  db: Db,
  caller: Caller,
  document: StoredDocument,
): Promise<void> {
  await approveDocuments(db, caller, [document]);
}

/**
 * Approves several pending documents at once, all or none: one already decided is 409 and
 * nothing is approved. Renewals apply in upload order, so the latest dates win.
 */
export async function approveDocuments(
  db: Db,
  caller: Caller,
  documents: StoredDocument[],
): Promise<void> {
  for (const document of documents) stillPending(document);
  const inOrder = [...documents].sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id),
  );
  await db.transaction().execute(async (trx) => {
    for (const document of inOrder) await approveIn(trx, caller, document);
  });
}

/** A notice to the document's uploader about its decision (the notifications' outbox mails it). */
async function tellUploader(
  trx: Trx,
  organizationId: string,
  document: StoredDocument,
  kind: 'document_approved' | 'document_rejected',
  now: string,
  { itemDate }: { itemDate: string },
): Promise<void> {
  const [recipients] = await recipientsOfNamed(trx, [
    { organizationId, named: [document.uploaded_by.id] },
  ]);
  await recordNotices(trx, [
    {
      organizationId,
      kind,
      itemId: document.certificate_id,
      itemTitle: document.certificate_name,
      // One notice per certificate, validity and person (the ledger's key).
      itemDate,
      delivery: 'immediate',
      sendAfter: now,
      now,
      ...recipients,
    },
  ]);
}

export async function rejectDocument(
  db: Db,
  caller: Caller,
  document: StoredDocument,
  reasonText: string,
): Promise<void> {
  const reason = reasonText.trim();
  if (reason === '')
    throw new HttpError(400, 'validation_failed', 'Reason must not be blank.', [
      { path: 'reason', message: 'must not be blank' },
    ]);
  stillPending(document);
  const organizationId = caller.organization_id;
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const decided = await decideDocument(trx, organizationId, document.id, {
      status: 'rejected',
      reason,
      by: caller.id,
      at: now,
    });
    if (!decided) throw conflict('This document was decided by someone else meanwhile');
    await recordActivity(trx, actorOf(caller), [
      {
        organizationId,
        entityType: 'certificate',
        entityId: document.certificate_id,
        action: 'document_rejected',
        changes: { document: [document.filename, document.filename], reason: [null, reason] },
      },
    ]);
    // The uploader is told in the bell and by email (the notifications' outbox sends it).
    await tellUploader(trx, organizationId, document, 'document_rejected', now, {
      itemDate: document.valid_until,
    });
  });
}
