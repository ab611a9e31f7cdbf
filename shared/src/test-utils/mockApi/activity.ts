import { http } from 'msw';
import { apiUrl } from '../server';
import { answerer, listAnswer } from './answers';
import type { MockStore } from './store';

/** GET /activity: the store's history, newest first, by entity and before an id. */
export function activityHandlers(store: MockStore) {
  const answer = answerer(store);
  return [
    http.get(
      apiUrl('/activity'),
      answer(({ query }) => {
        const entityId = query.get('entity_id');
        const before = query.get('before');
        const rows = store.activity.filter(
          (entry) =>
            (entityId === null || entry.entity_id === entityId) &&
            (before === null || entry.id < Number(before)),
        );
        return listAnswer(rows, query);
      }),
    ),
  ];
}
