import { randomBytes } from 'node:crypto';

import type {
  AuthResponse,
  Certificate,
  CertificateType,
  CertificateTypePayload,
  CreateCertificatePayload,
  CreateEmployeePayload,
  CreateTaskPayload,
  Employee,
  Task,
  UpdateCertificatePayload,
} from '@duly/shared/contract';

import { mailboxOf } from './duly-server';

/**
 * Test data through the real API (never mocked): what a test needs before the part it is
 * about (an organisation and its admin, tasks to list).
 */
export interface Account extends AuthResponse {
  email: string;
  password: string;
  fullName: string;
  organizationName: string;
}

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
}

async function call<T>(
  baseURL: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${baseURL}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * A new organisation and its admin, signed in; the admin's address is confirmed through the
 * link mailed to the server's mailbox (as a person would), so it also signs in by email.
 */
export async function signUp(
  baseURL: string,
  { fullName = 'Asha Verma', organizationName = 'Acme Labs' } = {},
): Promise<Account> {
  const email = uniqueEmail();
  const password = 'correct-horse-battery';
  await call<AuthResponse>(baseURL, 'POST', '/auth/signup', {
    email,
    password,
    name: fullName,
    organization_name: organizationName,
  });
  const answer = await confirmEmail(baseURL, email);
  return { ...answer, email, password, fullName, organizationName };
}

/** Follows the sign-up confirmation mailed to `email` (POST /auth/verify-email). */
export async function confirmEmail(baseURL: string, email: string): Promise<AuthResponse> {
  const mailbox = mailboxOf(baseURL);
  if (!mailbox) {
    throw new Error(
      `No mailbox for ${baseURL}: start the server with startDuly (its own mailbox, or mailbox: smtp)`,
    );
  }
  const mail = await mailbox.waitForMail(email, (m) =>
    m.links.some((link) => link.includes('/verify-email?')),
  );
  const link = new URL(mail.links.find((each) => each.includes('/verify-email?'))!);
  return call<AuthResponse>(baseURL, 'POST', '/auth/verify-email', {
    token: link.searchParams.get('token'),
  });
}

export function createTask(
  baseURL: string,
  account: Account,
  task: CreateTaskPayload,
): Promise<Task> {
  return call<Task>(
    baseURL,
    'POST',
    '/tasks/',
    {
      organization_id: account.user.organization_id,
      created_by_user_id: account.user.id,
      assigner_id: account.user.id,
      assigned_to_user_id: account.user.id,
      ...task,
    },
    account.token,
  );
}

export function listTasks(baseURL: string, account: Account): Promise<Task[]> {
  return call<Task[]>(baseURL, 'GET', '/tasks/', undefined, account.token);
}

/** A user added by an admin (POST /employees/): no password until one is given. */
export function createEmployee(
  baseURL: string,
  admin: Account,
  employee: CreateEmployeePayload,
): Promise<Employee> {
  return call<Employee>(
    baseURL,
    'POST',
    '/employees/',
    { organization_id: admin.user.organization_id, status: 'active', ...employee },
    admin.token,
  );
}

export function createCertificate(
  baseURL: string,
  account: Account,
  certificate: Omit<CreateCertificatePayload, 'incharge_person_id'> & {
    /** Default: the account itself; null: nobody in charge yet (the API allows it). */
    incharge_person_id?: string | null;
  },
): Promise<Certificate> {
  return call<Certificate>(
    baseURL,
    'POST',
    '/certificates/',
    {
      organization_id: account.user.organization_id,
      created_by_user_id: account.user.id,
      incharge_person_id: account.user.id,
      ...certificate,
    },
    account.token,
  );
}

/** Mark as Done through the API (PATCH /tasks/{id}). */
export function completeTask(baseURL: string, account: Account, taskId: string): Promise<Task> {
  return call<Task>(baseURL, 'PATCH', `/tasks/${taskId}`, { status: 'completed' }, account.token);
}

export function updateCertificate(
  baseURL: string,
  account: Account,
  id: string,
  changes: UpdateCertificatePayload,
): Promise<Certificate> {
  return call<Certificate>(baseURL, 'PUT', `/certificates/${id}/`, changes, account.token);
}

export function listCertificates(baseURL: string, account: Account): Promise<Certificate[]> {
  return call<Certificate[]>(baseURL, 'GET', '/certificates/', undefined, account.token);
}

/** A certificate type of the admin's organisation (POST /certificate-types/, issue 28). */
export function createCertificateType(
  baseURL: string,
  admin: Account,
  type: CertificateTypePayload,
): Promise<CertificateType> {
  return call<CertificateType>(baseURL, 'POST', '/certificate-types/', type, admin.token);
}
