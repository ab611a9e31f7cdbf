import { http, HttpResponse } from 'msw';
import type { Employee } from '../../contract/types';
import { uuid } from '../fixtures';
import { apiUrl } from '../server';
import { TEST_USER_CLAIMS } from '../tokens';
import { answerer, errorAnswer, listAnswer, notFound } from './answers';
import { contains, DEFAULT_SORT, MOCK_SORTS, sorted } from './ordering';
import type { MockStore } from './store';

function withFullName(person: Employee): Employee {
  const joined = [person.firstName, person.lastName].filter(Boolean).join(' ');
  return { ...person, full_name: joined || null };
}

export function employeeHandlers(store: MockStore) {
  const answer = answerer(store);
  const { employees } = store;
  return [
    http.get(
      apiUrl('/employees/'),
      answer(({ query }) => {
        const status = query.get('status');
        const role = query.get('role');
        const department = query.get('department');
        const q = query.get('q');
        const matching = [...employees.values()].filter(
          (person) =>
            (!status || person.status === status) &&
            (!role || person.role === role) &&
            (!department || person.department === department) &&
            (!q || contains(person.full_name, q) || contains(person.email, q)),
        );
        return listAnswer(
          sorted(matching, query, MOCK_SORTS.employees, DEFAULT_SORT.employees),
          query,
        );
      }),
    ),
    http.get(
      apiUrl('/employees/:id'),
      answer((_request, { id }) => {
        const person = employees.get(id);
        return person ? HttpResponse.json(person) : notFound('Employee');
      }),
    ),
    http.post(
      apiUrl('/employees/'),
      answer(({ body }) => {
        const input = body as Partial<Employee>;
        if ([...employees.values()].some((person) => person.email === input.email)) {
          return errorAnswer(409, 'Email already exists', 'CONFLICT');
        }
        const person = withFullName({
          firstName: null,
          lastName: null,
          phone: null,
          department: null,
          role: 'employee',
          status: 'active',
          organization_id: TEST_USER_CLAIMS.organization_id,
          ...input,
          id: uuid(),
          // A new person has no password until they accept the invitation the API mails.
          invitation_pending: true,
          pending_email: null,
        } as Employee);
        employees.set(person.id, person);
        return HttpResponse.json(person, { status: 201 });
      }),
    ),
    http.put(
      apiUrl('/employees/:id'),
      answer(({ body }, { id }) => {
        const person = employees.get(id);
        if (!person) return notFound('Employee');
        const changes = body as Partial<Employee>;
        // As the API: emails are kept lower-cased, and someone with a password keeps theirs
        // until they confirm the new one (pending_email).
        const email = changes.email?.trim().toLowerCase() ?? person.email;
        let updated = withFullName({ ...person, ...changes, email });
        if (email !== person.email && !person.invitation_pending) {
          updated = { ...updated, email: person.email, pending_email: email };
        }
        employees.set(id, updated);
        return HttpResponse.json(updated);
      }),
    ),
  ];
}
