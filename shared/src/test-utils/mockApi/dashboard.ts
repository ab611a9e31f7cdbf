import { http, HttpResponse } from 'msw';
import { kolkataToday } from '../../contract/dates';
import type { DashboardResponse } from '../../contract/types';
import { apiUrl } from '../server';
import { answerer } from './answers';
import type { MockStore } from './store';

/** The fixed answer a test gave, or the counts computed from the data as the API does. */
function dashboard(store: MockStore): DashboardResponse {
  if (store.data.dashboard) return store.data.dashboard;
  const now = new Date().toISOString();
  const today = kolkataToday();
  const allTasks = [...store.tasks.values()];
  const allCertificates = [...store.certificates.values()];
  return {
    tasks: {
      total_tasks: allTasks.length,
      overdue_tasks: allTasks.filter(
        (task) => task.status === 'overdue' || (task.status !== 'completed' && task.due_date < now),
      ).length,
    },
    certificates: {
      total_certificates: allCertificates.length,
      expired_certificates: allCertificates.filter(
        (item) =>
          item.status === 'expired' || (item.status !== 'renewed' && item.expiry_date < today),
      ).length,
    },
    employee_count: store.employees.size,
  };
}

export function dashboardHandlers(store: MockStore) {
  const answer = answerer(store);
  return [
    http.get(
      apiUrl('/dashboard/'),
      answer(() => HttpResponse.json(dashboard(store))),
    ),
  ];
}
