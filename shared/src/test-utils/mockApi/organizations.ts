import { http, HttpResponse } from 'msw';
import { apiUrl } from '../server';
import { answerer, notFound } from './answers';
import type { MockStore } from './store';

export function organizationHandlers(store: MockStore) {
  const answer = answerer(store);
  return [
    http.get(
      apiUrl('/organizations/:id'),
      answer((_request, { id }) => {
        const organization = store.organizations.get(id);
        return organization ? HttpResponse.json(organization) : notFound('Organization');
      }),
    ),
  ];
}
