/**
 * Documents on certificates (issue 26, migration 2026-11-28-101). Every query names the
 * organisation; an employee's reads are limited to certificates they are in charge of
 * (`inchargePersonId`), through the certificate.
 */
import { totalOf, type Page } from '../list';
import type { Db, DocumentRow, DocumentStatus, DocumentsTable } from '../tables';

export interface DocumentScope {
  organizationId: string;
  /** An employee: only documents of certificates they are in charge of. */
  inchargePersonId?: string;
}

/** A document as the API shows it. */
export interface DocumentView {
  id: string;
  certificate_id: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  status: DocumentStatus;
  rejection_reason: string | null;
  uploaded_by: { id: string; full_name: string | null };
  created_at: string;
  valid_until: string;
  proposed_issue_date: string | null;
  proposed_expiry_date: string | null;
  certificate_name: string;
}

function selectDocuments(db: Db, scope: DocumentScope) {
  let query = db
    .selectFrom('documents as d')
    .innerJoin('certificates as c', (join) =>
      join
        .onRef('c.organization_id', '=', 'd.organization_id')
        .onRef('c.id', '=', 'd.certificate_id'),
    )
    .leftJoin('users as u', (join) =>
      join
        .onRef('u.organization_id', '=', 'd.organization_id')
        .onRef('u.id', '=', 'd.uploaded_by_user_id'),
    )
    .where('d.organization_id', '=', scope.organizationId);
  if (scope.inchargePersonId !== undefined) {
    query = query.where('c.incharge_person_id', '=', scope.inchargePersonId);
  }
  return query.select([
    'd.id',
    'd.certificate_id',
    'd.filename',
    'd.content_type',
    'd.size',
    'd.sha256',
    'd.status',
    'd.rejection_reason',
    'd.uploaded_by_user_id',
    'd.created_at',
    'd.valid_until',
    'd.proposed_issue_date',
    'd.proposed_expiry_date',
    'd.storage_key',
    'c.name as certificate_name',
    'u.full_name as uploader_full_name',
  ]);
}

type SelectedRow = Awaited<
  ReturnType<ReturnType<typeof selectDocuments>['executeTakeFirstOrThrow']>
>;

export type StoredDocument = DocumentView & { storage_key: string };

function toDocument(row: SelectedRow): StoredDocument {
  return {
    id: row.id,
    certificate_id: row.certificate_id,
    filename: row.filename,
    content_type: row.content_type,
    size: Number(row.size),
    sha256: row.sha256,
    status: row.status,
    rejection_reason: row.rejection_reason,
    uploaded_by: { id: row.uploaded_by_user_id, full_name: row.uploader_full_name ?? null },
    created_at: row.created_at,
    valid_until: row.valid_until,
    proposed_issue_date: row.proposed_issue_date,
    proposed_expiry_date: row.proposed_expiry_date,
    certificate_name: row.certificate_name,
    storage_key: row.storage_key,
  };
}

export async function findDocument(
  db: Db,
  scope: DocumentScope,
  id: string,
): Promise<StoredDocument | undefined> {
  const row = await selectDocuments(db, scope).where('d.id', '=', id).executeTakeFirst();
  return row && toDocument(row);
}

/** The documents of `ids` the scope sees (any order; an unknown id is simply missing). */
export async function findDocuments(
  db: Db,
  scope: DocumentScope,
  ids: readonly string[],
): Promise<StoredDocument[]> {
  if (ids.length === 0) return [];
  const rows = await selectDocuments(db, scope)
    .where('d.id', 'in', [...ids])
    .execute();
  return rows.map(toDocument);
}

/** A certificate's documents: the latest validity first, newest first within it. */
export async function listCertificateDocuments(
  db: Db,
  scope: DocumentScope,
  certificateId: string,
): Promise<StoredDocument[]> {
  const rows = await selectDocuments(db, scope)
    .where('d.certificate_id', '=', certificateId)
    .orderBy('d.valid_until', 'desc')
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .execute();
  return rows.map(toDocument);
}

/** The organisation's documents of one status (the approval queue), oldest first. */
export async function listDocuments(
  db: Db,
  scope: DocumentScope & { status?: DocumentStatus },
  page: Page,
): Promise<{ items: StoredDocument[]; total: number }> {
  let query = selectDocuments(db, scope);
  if (scope.status) query = query.where('d.status', '=', scope.status);
  const rows = await query
    .orderBy('d.created_at', 'asc')
    .orderBy('d.id', 'asc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const total = await totalOf(page, rows.length, async () => {
    let count = db
      .selectFrom('documents as d')
      .innerJoin('certificates as c', (join) =>
        join
          .onRef('c.organization_id', '=', 'd.organization_id')
          .onRef('c.id', '=', 'd.certificate_id'),
      )
      .where('d.organization_id', '=', scope.organizationId);
    if (scope.inchargePersonId !== undefined) {
      count = count.where('c.incharge_person_id', '=', scope.inchargePersonId);
    }
    if (scope.status) count = count.where('d.status', '=', scope.status);
    const { n } = await count
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  });
  return { items: rows.map(toDocument), total };
}

export async function insertDocument(db: Db, row: DocumentsTable): Promise<void> {
  await db.insertInto('documents').values(row).execute();
}

/** Deletes the row; returns whether its stored file is still used by another row. */
export async function deleteDocument(
  db: Db,
  organizationId: string,
  id: string,
  storageKey: string,
): Promise<{ keyStillUsed: boolean }> {
  await db
    .deleteFrom('documents')
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .execute();
  return { keyStillUsed: await isKeyUsed(db, organizationId, storageKey) };
}

export async function isKeyUsed(
  db: Db,
  organizationId: string,
  storageKey: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('documents')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('storage_key', '=', storageKey)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Approves or rejects a pending document; returns false when it was no longer pending (a
 * second manager decided first), so one decision wins.
 */
export async function decideDocument(
  db: Db,
  organizationId: string,
  id: string,
  decision: {
    status: 'approved' | 'rejected';
    reason: string | null;
    by: string;
    at: string;
    /** An approved renewal: the document belongs to the new validity. */
    validUntil?: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('documents')
    .set({
      status: decision.status,
      rejection_reason: decision.reason,
      decided_by_user_id: decision.by,
      decided_at: decision.at,
      ...(decision.validUntil ? { valid_until: decision.validUntil } : {}),
    })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The organisation's setting "documents from employees need approval" (default on). */
export async function documentsNeedApproval(db: Db, organizationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('organizations')
    .select('documents_need_approval')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return Number(row?.documents_need_approval ?? 1) === 1;
}

export type { DocumentRow };
