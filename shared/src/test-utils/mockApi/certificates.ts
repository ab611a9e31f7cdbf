import { http, HttpResponse } from 'msw';
import { isInReminderWindow, kolkataToday } from '../../contract/dates';
import type { Certificate } from '../../contract/types';
import { uuid } from '../fixtures';
import { apiUrl } from '../server';
import { TEST_USER_CLAIMS } from '../tokens';
import { answerer, BadRequest, listAnswer, notFound } from './answers';
import { contains, DEFAULT_SORT, MOCK_SORTS, sorted } from './ordering';
import { personOf, type MockStore } from './store';

/** `YYYY-MM-DD` + days, as a calendar date. */
function addDays(date: string, days: number): string {
  if (!Number.isInteger(days) || days < 0) throw new BadRequest('expiring_within_days');
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A page of certificates: the filters of GET /certificates/, or one person's (`inchargeScope`). */
export function listCertificates(store: MockStore, query: URLSearchParams, inchargeScope?: string) {
  const status = query.get('status');
  const incharge = inchargeScope ?? query.get('incharge_person_id');
  const q = query.get('q');
  const within = query.get('expiring_within_days');
  const inWindow = query.get('in_reminder_window') === 'true';
  const today = kolkataToday();
  const until = within === null ? null : addDays(today, Number(within));
  const matching = [...store.certificates.values()].filter(
    (item) =>
      (!status || item.status === status) &&
      (!incharge || item.incharge_person_id === incharge) &&
      (!q || contains(item.name, q)) &&
      (until === null || (item.expiry_date >= today && item.expiry_date <= until)) &&
      (!inWindow || isInReminderWindow(item, today)),
  );
  return listAnswer(
    sorted(matching, query, MOCK_SORTS.certificates, DEFAULT_SORT.certificates),
    query,
  );
}

export function applyCertificateChanges(
  store: MockStore,
  item: Certificate,
  body: Record<string, unknown>,
): Certificate {
  const next = { ...item, ...body } as Certificate;
  if ('incharge_person_id' in body) {
    const known = personOf(store, next.incharge_person_id);
    if (!next.incharge_person_id) delete next.assigned_to;
    else if (known) next.assigned_to = known;
  }
  return next;
}

export function certificateHandlers(store: MockStore) {
  const answer = answerer(store);
  const { certificates } = store;
  return [
    http.get(
      apiUrl('/certificate-types/'),
      answer(() => {
        const types = store.data.certificateTypes ?? [];
        return HttpResponse.json(types, {
          headers: { 'X-Total-Count': String(types.length) },
        });
      }),
    ),
    http.get(
      apiUrl('/certificates/'),
      answer(({ query }) => listCertificates(store, query)),
    ),
    http.get(
      apiUrl('/certificates/:id/'),
      answer((_request, { id }) => {
        const item = certificates.get(id);
        return item ? HttpResponse.json(item) : notFound('Certificate');
      }),
    ),
    http.post(
      apiUrl('/certificates/'),
      answer(({ body }) => {
        const now = new Date().toISOString();
        const base = {
          description: null,
          issue_date: null,
          department: null,
          incharge_person_id: null,
          organization_id: TEST_USER_CLAIMS.organization_id,
          created_by_user_id: store.userId,
          status: 'active',
          created_at: now,
          updated_at: now,
        } as unknown as Certificate;
        const changes = body as Record<string, unknown>;
        const item = { ...applyCertificateChanges(store, base, changes), id: uuid() };
        certificates.set(item.id, item);
        return HttpResponse.json(item, { status: 201 });
      }),
    ),
    http.put(
      apiUrl('/certificates/:id/'),
      answer(({ body }, { id }) => {
        const item = certificates.get(id);
        if (!item) return notFound('Certificate');
        const updated = applyCertificateChanges(store, item, body as Record<string, unknown>);
        // The API's renewal (ARCHITECTURE 6): a lapsed certificate saved with an expiry date of
        // today or later becomes renewed.
        const lapsed = updated.status === 'expired' || updated.status === 'escalated';
        if (lapsed && updated.expiry_date >= kolkataToday()) updated.status = 'renewed';
        updated.updated_at = new Date().toISOString();
        certificates.set(id, updated);
        return HttpResponse.json(updated);
      }),
    ),
  ];
}
