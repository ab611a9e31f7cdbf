import {
  approveDocumentMutation,
  approveDocumentsMutation,
  deleteDocumentMutation,
  documentDecisionTags,
  rejectDocumentMutation,
} from '../documentEndpoints';
import {
  countQuery,
  createMutation,
  deleteMutation,
  updateMutation,
  withParams,
} from '../endpoints';

const meta = (total: string) => ({ status: 200, headers: { 'x-total-count': total } });

describe('the writes’ other tags (`also`)', () => {
  it('replace the dashboard on a create, an update and a delete', () => {
    const also = ['Compliance'] as const;
    expect(
      createMutation('CertificateType', '/certificate-types/', { also }).invalidatesTags,
    ).toEqual([{ type: 'CertificateType', id: 'LIST' }, 'Compliance']);
    const update = updateMutation('CertificateType', '/certificate-types/', { also });
    expect(update.invalidatesTags(undefined, undefined, { id: 't1', changes: {} })).toEqual([
      { type: 'CertificateType', id: 't1' },
      { type: 'CertificateType', id: 'LIST' },
      'Compliance',
    ]);
  });
});

describe('deleteMutation', () => {
  it('deletes the encoded item and invalidates it, its lists and the dashboard', () => {
    const remove = deleteMutation('Task', '/tasks/');
    expect(remove.query('a b')).toEqual({ url: '/tasks/a%20b', method: 'DELETE' });
    expect(remove.invalidatesTags(null, undefined, 'a b')).toEqual([
      { type: 'Task', id: 'a b' },
      { type: 'Task', id: 'LIST' },
      'Dashboard',
    ]);
  });
});

describe('countQuery', () => {
  it('asks for one row with the fixed query and reads the total', () => {
    const count = countQuery('/documents/', { status: 'pending' }, ['Dashboard']);
    expect(count.query()).toEqual({ url: '/documents/', params: { status: 'pending', limit: 1 } });
    expect(count.transformResponse([{}], meta('42'))).toBe(42);
    expect(count.transformResponse([], undefined)).toBe(0);
    expect(count.providesTags).toEqual(['Dashboard']);
  });
});

describe('withParams', () => {
  it("adds the fixed parameters to the list's arguments, winning over them", () => {
    expect(withParams({ sort: 'urgency' })({ limit: 5, offset: 0, sort: 'x' })).toEqual({
      limit: 5,
      offset: 0,
      sort: 'urgency',
    });
  });
});

describe('the decisions on documents', () => {
  const document = { id: 'd 1', certificate_id: 'c1' };

  it('send to the document’s URL', () => {
    expect(approveDocumentMutation().query(document)).toEqual({
      url: '/documents/d%201/approve',
      method: 'POST',
    });
    expect(
      approveDocumentsMutation().query([document, { id: 'd2', certificate_id: 'c2' }]),
    ).toEqual({ url: '/documents/approve', method: 'POST', data: { ids: ['d 1', 'd2'] } });
    expect(rejectDocumentMutation().query({ document, reason: 'Blurred' })).toEqual({
      url: '/documents/d%201/reject',
      method: 'POST',
      data: { reason: 'Blurred' },
    });
    expect(deleteDocumentMutation().query(document)).toEqual({
      url: '/documents/d%201/',
      method: 'DELETE',
    });
  });

  it('refetch the documents and their certificates; an approval also the lists, dashboards and compliance', () => {
    const decided = [
      { type: 'Document', id: 'd 1' },
      { type: 'Document', id: 'LIST' },
      { type: 'Certificate', id: 'c1' },
    ];
    expect(
      rejectDocumentMutation().invalidatesTags(null, undefined, { document, reason: '' }),
    ).toEqual(decided);
    expect(approveDocumentMutation().invalidatesTags(null, undefined, document)).toEqual([
      ...decided,
      { type: 'Certificate', id: 'LIST' },
      'Dashboard',
      'Compliance',
    ]);
    expect(documentDecisionTags([document, { id: 'd2', certificate_id: 'c2' }], false)).toEqual([
      { type: 'Document', id: 'd 1' },
      { type: 'Document', id: 'd2' },
      { type: 'Document', id: 'LIST' },
      { type: 'Certificate', id: 'c1' },
      { type: 'Certificate', id: 'c2' },
    ]);
  });

  it('refetch nothing when the decision failed', () => {
    const failed = { status: 409, message: 'Already decided' };
    expect(approveDocumentMutation().invalidatesTags(null, failed, document)).toEqual([]);
    expect(deleteDocumentMutation().invalidatesTags(null, failed, document)).toEqual([]);
  });
});
