import { http, HttpResponse } from 'msw';
import { isInReminderWindow, kolkataToday } from '../../contract/dates';
import type { TeamMember } from '../../contract/types';
import { apiUrl } from '../server';
import { TEST_USER_CLAIMS } from '../tokens';
import { answerer, BadRequest, listAnswer, notFound } from './answers';
import { applyCertificateChanges, listCertificates } from './certificates';
import { sorted } from './ordering';
import { personOf, type MockStore } from './store';
import { applyTaskChanges, listTasks } from './tasks';

/** A team member's counts, as the API tells them (open, overdue, in the reminder window). */
function workOf(store: MockStore, personId: string) {
  const now = new Date().toISOString();
  const today = kolkataToday();
  const open = [...store.tasks.values()].filter(
    (task) => task.assigned_to_user_id === personId && task.status !== 'completed',
  );
  return {
    open_tasks: open.length,
    overdue_tasks: open.filter((task) => task.status === 'overdue' || task.due_date < now).length,
    expiring_certificates: [...store.certificates.values()].filter(
      (item) => item.incharge_person_id === personId && isInReminderWindow(item, today),
    ).length,
  };
}

/** The manager's dashboard: /manager/team, its task and certificate lists, and assigning. */
export function managerHandlers(store: MockStore) {
  const answer = answerer(store);
  const { tasks, certificates, employees, userId } = store;
  return [
    http.get(
      apiUrl('/manager/team'),
      answer(({ query }) => {
        const team: TeamMember[] = [...employees.values()]
          .filter((person) => person.status === 'active')
          .map(({ id, full_name, email }) => ({ id, full_name, email, ...workOf(store, id) }));
        return listAnswer(sorted(team, query, { full_name: ['full_name'] }, 'full_name'), query);
      }),
    ),
    http.get(
      apiUrl('/manager/tasks'),
      answer(({ query }) => listTasks(store, query)),
    ),
    http.get(
      apiUrl('/manager/certificates'),
      answer(({ query }) => listCertificates(store, query)),
    ),
    // The team dashboard's summary line in one answer (issue 32), counted as the API does.
    http.get(
      apiUrl('/manager/summary'),
      answer(() => {
        const now = new Date().toISOString();
        const today = kolkataToday();
        return HttpResponse.json({
          overdue_tasks: [...tasks.values()].filter(
            (task) =>
              task.status === 'overdue' || (task.status !== 'completed' && task.due_date < now),
          ).length,
          certificates_in_reminder_window: [...certificates.values()].filter((item) =>
            isInReminderWindow(item, today),
          ).length,
          pending_documents: [...store.documents.values()].filter(
            (document) => document.status === 'pending',
          ).length,
        });
      }),
    ),
    http.post(
      apiUrl('/manager/tasks/assign'),
      answer(({ body }) => {
        const { task_id, employee_id } = body as { task_id: string; employee_id: string };
        const task = tasks.get(task_id);
        if (!task) return notFound('Task');
        if (!employees.has(employee_id)) return notFound('Employee');
        const updated = {
          ...applyTaskChanges(store, task, { assigned_to_user_id: employee_id }),
          assigner_id: userId,
          assigner: personOf(store, userId) ?? {
            id: userId,
            full_name: TEST_USER_CLAIMS.full_name,
          },
          updated_at: new Date().toISOString(),
        };
        tasks.set(task_id, updated);
        return HttpResponse.json(updated);
      }),
    ),
    http.post(
      apiUrl('/manager/certificates/assign'),
      answer(({ body }) => {
        const { certificate_id, employee_id } = body as {
          certificate_id: string;
          employee_id: string;
        };
        const item = certificates.get(certificate_id);
        if (!item) return notFound('Certificate');
        if (!employees.has(employee_id)) return notFound('Employee');
        const updated = {
          ...applyCertificateChanges(store, item, { incharge_person_id: employee_id }),
          updated_at: new Date().toISOString(),
        };
        certificates.set(certificate_id, updated);
        return HttpResponse.json(updated);
      }),
    ),
  ];
}

/** The employee's own lists, /employee/*: the store's user's tasks and certificates. */
export function myHandlers(store: MockStore) {
  const answer = answerer(store);
  return [
    http.get(
      apiUrl('/employee/tasks'),
      answer(({ query }) => {
        // ARCHITECTURE 6: pending = every status but completed; done = completed.
        const filter = query.get('status');
        if (filter !== null && filter !== 'pending' && filter !== 'done') {
          throw new BadRequest('status');
        }
        return listTasks(store, query, {
          assignedTo: store.userId,
          statusFilter: (task) =>
            filter === 'done'
              ? task.status === 'completed'
              : filter === 'pending'
                ? task.status !== 'completed'
                : true,
        });
      }),
    ),
    http.get(
      apiUrl('/employee/certificates'),
      answer(({ query }) => listCertificates(store, query, store.userId)),
    ),
  ];
}
