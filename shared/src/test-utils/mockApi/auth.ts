import { http, HttpResponse } from 'msw';
import type { AuthUser } from '../../contract/types';
import { uuid } from '../fixtures';
import { apiUrl } from '../server';
import { makeToken } from '../tokens';
import { answerer, errorAnswer } from './answers';
import type { MockStore } from './store';

/** Sign-in against the store's accounts, and sign-up adding an account and an organisation. */
export function authHandlers(store: MockStore) {
  const answer = answerer(store);
  const { accounts } = store;
  return [
    http.post(
      apiUrl('/auth/login'),
      answer(({ body }) => {
        const { email, password } = (body ?? {}) as { email?: string; password?: string };
        const account = accounts.find(
          (candidate) =>
            candidate.email.toLowerCase() === email?.trim().toLowerCase() &&
            candidate.password === password,
        );
        if (!account) return errorAnswer(401, 'Invalid email or password', 'UNAUTHORIZED');
        const { user } = account;
        const token = makeToken({ ...user, sub: user.id });
        return HttpResponse.json({ token, user });
      }),
    ),
    http.post(
      apiUrl('/auth/signup'),
      answer(({ body }) => {
        const input = body as {
          email: string;
          password: string;
          name: string;
          organization_name: string;
        };
        if (accounts.some((account) => account.email.toLowerCase() === input.email.toLowerCase())) {
          return errorAnswer(409, 'Email already registered', 'CONFLICT');
        }
        const organization = {
          id: uuid(),
          name: input.organization_name,
          created_at: new Date().toISOString(),
        };
        store.organizations.set(organization.id, organization);
        const user: AuthUser = {
          id: uuid(),
          email: input.email,
          full_name: input.name,
          role: 'admin',
          organization_id: organization.id,
        };
        accounts.push({ email: input.email, password: input.password, user });
        const token = makeToken({ ...user, sub: user.id });
        return HttpResponse.json({ token, user }, { status: 201 });
      }),
    ),
  ];
}
