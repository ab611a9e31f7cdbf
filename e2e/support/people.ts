import { createEmployee, uniqueEmail, type Account } from './api';
import type { DulyServer } from './duly-server';
import { givePassword } from './passwords';

const PASSWORD = 'correct-horse-battery';

export interface SignedInPerson {
  id: string;
  email: string;
  token: string;
}

/**
 * A person of the admin's organisation with `role`, given a password and signed in through the
 * API (POST /auth/login), as the demo seed's people are: for specs that look at what each role
 * sees.
 */
export async function addSignedInPerson(
  duly: DulyServer,
  admin: Account,
  role: 'manager' | 'employee',
  names: { firstName: string; lastName: string } = {
    firstName: role === 'manager' ? 'Rahul' : 'Arjun',
    lastName: 'Menon',
  },
): Promise<SignedInPerson> {
  const email = uniqueEmail(role);
  const person = await createEmployee(duly.baseURL, admin, { email, role, ...names });
  await givePassword(duly, email, PASSWORD);
  const response = await fetch(`${duly.baseURL}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`${email} could not sign in: ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  return { id: person.id, email, token };
}
