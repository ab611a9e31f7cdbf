import { http, HttpResponse } from 'msw';
import { TOTAL_COUNT_HEADER } from '../../contract/constants';
import type { CertificateDocument } from '../../api/documents';
import { personRef, uuid } from '../fixtures';
import { apiUrl } from '../server';
import { answerer, errorAnswer, notFound } from './answers';
import type { MockStore } from './store';

/** A certificate's documents (issue 26): listing, uploading, the content, approving, rejecting. */
export function documentHandlers(store: MockStore) {
  const answer = answerer(store);
  const { documents, certificates, employees, userId } = store;

  function decided(id: string, changes: Partial<CertificateDocument>) {
    const document = documents.get(id);
    if (!document) return notFound('Document');
    if (document.status !== 'pending') {
      return errorAnswer(409, `This document is already ${document.status}`, 'conflict');
    }
    const next = { ...document, ...changes };
    documents.set(id, next);
    return HttpResponse.json(next);
  }

  return [
    http.get(
      apiUrl('/certificates/:id/documents/'),
      answer((_request, { id }) => {
        const items = [...documents.values()].filter((item) => item.certificate_id === id);
        return HttpResponse.json(items, {
          headers: { [TOTAL_COUNT_HEADER]: String(items.length) },
        });
      }),
    ),
    // Multipart: logged with its fields and the file's name and size, not through answer().
    http.post(apiUrl('/certificates/:id/documents/'), async ({ request, params }) => {
      const id = String(params.id);
      const form = await request.formData();
      const file = form.get('file') as File | null;
      const fields = Object.fromEntries(
        [...form.entries()]
          .filter(([name]) => name !== 'file')
          .map(([name, value]) => [name, String(value)]),
      );
      store.requests.push({
        method: 'POST',
        path: `/certificates/${id}/documents/`,
        query: new URL(request.url).searchParams,
        body: { ...fields, file: file ? { name: file.name, size: file.size } : null },
      });
      const certificate = certificates.get(id);
      if (!certificate) return notFound('Certificate');
      if (!file)
        return errorAnswer(400, 'A file is required in the field "file"', 'validation_failed');
      const employee = employees.get(userId);
      const item: CertificateDocument = {
        id: uuid(),
        certificate_id: id,
        certificate_name: certificate.name,
        filename: file.name,
        content_type: file.type || 'application/pdf',
        size: file.size,
        sha256: '0'.repeat(64),
        status: 'approved',
        rejection_reason: null,
        uploaded_by: employee ? personRef(employee) : { id: userId, full_name: null },
        created_at: new Date().toISOString(),
        valid_until: fields.expiry_date ?? certificate.expiry_date,
        proposed_issue_date: fields.issue_date ?? null,
        proposed_expiry_date: fields.expiry_date ?? null,
      };
      documents.set(item.id, item);
      return HttpResponse.json(item, { status: 201 });
    }),
    http.get(
      apiUrl('/documents/:id/content'),
      answer((_request, { id }) => {
        const document = documents.get(id);
        if (!document) return notFound('Document');
        return new HttpResponse(new Uint8Array([1, 2, 3]), {
          headers: { 'Content-Type': document.content_type },
        });
      }),
    ),
    http.post(
      apiUrl('/documents/:id/approve'),
      answer((_request, { id }) => decided(id, { status: 'approved' })),
    ),
    http.post(
      apiUrl('/documents/:id/reject'),
      answer(({ body }, { id }) =>
        decided(id, {
          status: 'rejected',
          rejection_reason: (body as { reason: string }).reason,
        }),
      ),
    ),
    http.delete(
      apiUrl('/documents/:id/'),
      answer((_request, { id }) => {
        if (!documents.delete(id)) return notFound('Document');
        return new HttpResponse(null, { status: 204 });
      }),
    ),
  ];
}
