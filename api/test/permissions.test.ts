/**
 * The permission matrix of ARCHITECTURE 6, route by route, for each role;
 * and that a refused request changes nothing. The matrix is checked against the
 * route table (what Fastify registered): a route added without its row in the
 * matrix fails the suite, and every route but the public ones refuses a request
 * without a token.
 */
import type { Role } from '@duly/shared/contract';
import {
  LEGACY_COST,
  createUser,
  apiPath,
  call,
  createCertificate,
  createCertificateType,
  createNotification,
  createOrganization,
  createTask,
  createWebhook,
  setupTestApp,
  snapshot,
  routeTable,
  testDatabases,
  type Method,
  type TestOrganization,
  type TestUser,
} from './helper';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '../src/lib/passwords';
import { MULTIPART_TYPE, PDF, multipart, uploadDocument } from './document-files';

interface Fixture {
  org: TestOrganization;
  ownTask: string;
  otherTask: string;
  ownCertificate: string;
  otherCertificate: string;
  /** A notice addressed to each role's user: everyone reads and marks only their own. */
  notices: Record<Role, string>;
  /**
   * One more person per role with a known password, for the password change: it ends the
   * caller's other sessions, so it must not be made with the tokens the other rows use.
   */
  withPassword: Record<Role, TestUser>;
  /** A webhook endpoint and a delivery of its log; another one the admin deletes. */
  webhook: { id: string; deliveryId: string };
  doomedWebhook: { id: string; deliveryId: string };
  /** A certificate type, and another the admin deletes. */
  certificateType: string;
  doomedCertificateType: string;
  /** Documents (issue 26): on the employee's certificate and on a colleague's. */
  ownDocument: string;
  otherDocument: string;
  /** Per role, an employee's pending upload to approve, one to reject, one to delete. */
  toApprove: Record<Role, string>;
  /** Two pending uploads the first role allowed approves at once (issue 26's queue). */
  toApproveTogether: Record<Role, string[]>;
  toReject: Record<Role, string>;
  toDelete: Record<Role, string>;
  /**
   * Per role, a user of an organisation of their own to upload an import: one import runs at a
   * time per organisation, so the manager's must not hold up the admin's.
   */
  importers: Record<Role, TestUser>;
}

/** The password of `withPassword`'s people. */
const KNOWN_PASSWORD = 'known-password-1';

interface RouteCase {
  /** The route as the route table names it, without the /api/v1 prefix. */
  route: string;
  method: Method;
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** Status for employee, manager, admin. */
  expect: [number, number, number];
  /** Who calls, when not the organisation's person of that role. */
  caller?: (f: Fixture, role: Role) => TestUser;
  /** Request headers beyond the token (a multipart upload's content type). */
  headers?: Record<string, string>;
}

/** A dry-run import of one employee, as a browser uploads it (issue 27; test/imports.test.ts). */
const UPLOAD_BOUNDARY = 'permissions-boundary';
const UPLOAD = [
  `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nemployees`,
  `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="dry_run"\r\n\r\ntrue`,
  `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\n` +
    'Content-Type: text/csv\r\n\r\nemail\r\nmatrix@example.test',
  `--${UPLOAD_BOUNDARY}--\r\n`,
].join('\r\n');

/** An id no row has. */
const NOBODYS_ID = '00000000-0000-4000-8000-000000000000';

let emailSequence = 0;
const newEmail = () => `new-${Date.now()}-${(emailSequence += 1)}@example.test`;

const ROUTES: RouteCase[] = [
  {
    route: 'GET /organizations/:id',
    method: 'GET',
    path: (f) => `/organizations/${f.org.id}`,
    expect: [200, 200, 200],
  },
  {
    route: 'GET /organizations/:id/settings',
    method: 'GET',
    path: (f) => `/organizations/${f.org.id}/settings`,
    expect: [200, 200, 200],
  },
  {
    route: 'PATCH /organizations/:id/settings',
    method: 'PATCH',
    path: (f) => `/organizations/${f.org.id}/settings`,
    body: () => ({ documents_need_approval: true }),
    expect: [403, 403, 200],
  },
  { route: 'GET /dashboard/', method: 'GET', path: () => '/dashboard/', expect: [200, 200, 200] },
  { route: 'GET /employees/', method: 'GET', path: () => '/employees/', expect: [200, 200, 200] },
  {
    route: 'GET /employees/:id',
    method: 'GET',
    path: (f) => `/employees/${f.org.colleague.id}`,
    expect: [200, 200, 200],
  },
  {
    route: 'POST /employees/',
    method: 'POST',
    path: () => '/employees/',
    body: () => ({ email: newEmail(), firstName: 'New' }),
    expect: [403, 201, 201],
  },
  {
    route: 'POST /employees/:id/invitation',
    method: 'POST',
    // The colleague has no password yet: a new invitation is mailed.
    path: (f) => `/employees/${f.org.colleague.id}/invitation`,
    expect: [403, 202, 202],
  },
  {
    route: 'PUT /employees/:id',
    method: 'PUT',
    path: (f) => `/employees/${f.org.colleague.id}`,
    body: () => ({ department: 'Sales' }),
    expect: [403, 200, 200],
  },
  { route: 'GET /tasks/', method: 'GET', path: () => '/tasks/', expect: [200, 200, 200] },
  {
    route: 'GET /tasks/:id',
    method: 'GET',
    path: (f) => `/tasks/${f.ownTask}`,
    expect: [200, 200, 200],
  },
  {
    route: 'GET /tasks/:id',
    method: 'GET',
    path: (f) => `/tasks/${f.otherTask}`,
    expect: [404, 200, 200],
  },
  {
    route: 'POST /tasks/',
    method: 'POST',
    path: () => '/tasks/',
    body: () => ({ title: 'Made', due_date: '2030-01-01T00:00:00Z' }),
    expect: [403, 201, 201],
  },
  {
    route: 'PUT /tasks/:id',
    method: 'PUT',
    path: (f) => `/tasks/${f.ownTask}`,
    body: () => ({ title: 'Renamed' }),
    expect: [403, 200, 200],
  },
  {
    route: 'PATCH /tasks/:id',
    method: 'PATCH',
    path: (f) => `/tasks/${f.ownTask}`,
    body: () => ({ status: 'completed' }),
    expect: [200, 200, 200],
  },
  {
    route: 'PATCH /tasks/:id',
    method: 'PATCH',
    path: (f) => `/tasks/${f.otherTask}`,
    body: () => ({ status: 'completed' }),
    expect: [404, 200, 200],
  },
  {
    route: 'GET /certificates/',
    method: 'GET',
    path: () => '/certificates/',
    expect: [200, 200, 200],
  },
  {
    route: 'GET /certificates/:id/',
    method: 'GET',
    path: (f) => `/certificates/${f.ownCertificate}/`,
    expect: [200, 200, 200],
  },
  {
    route: 'GET /certificates/:id/',
    method: 'GET',
    path: (f) => `/certificates/${f.otherCertificate}/`,
    expect: [404, 200, 200],
  },
  {
    route: 'POST /certificates/',
    method: 'POST',
    path: () => '/certificates/',
    body: () => ({ name: 'Made', expiry_date: '2030-01-01', reminder_days_before: 7 }),
    // An employee's own certificate (issue 26): in their charge.
    expect: [201, 201, 201],
  },
  {
    route: 'POST /certificates/',
    method: 'POST',
    path: () => '/certificates/',
    body: (f) => ({
      name: 'Made',
      expiry_date: '2030-01-01',
      reminder_days_before: 7,
      incharge_person_id: f.org.colleague.id,
    }),
    expect: [403, 201, 201],
  },
  {
    route: 'PUT /certificates/:id/',
    method: 'PUT',
    path: (f) => `/certificates/${f.ownCertificate}/`,
    body: () => ({ reminder_days_before: 60 }),
    expect: [403, 200, 200],
  },
  {
    route: 'GET /certificates/:id/documents/',
    method: 'GET',
    path: (f) => `/certificates/${f.ownCertificate}/documents/`,
    expect: [200, 200, 200],
  },
  {
    route: 'GET /certificates/:id/documents/',
    method: 'GET',
    path: (f) => `/certificates/${f.otherCertificate}/documents/`,
    expect: [404, 200, 200],
  },
  {
    route: 'POST /certificates/:id/documents/',
    method: 'POST',
    path: (f) => `/certificates/${f.ownCertificate}/documents/`,
    headers: { 'content-type': MULTIPART_TYPE },
    body: () => multipart([{ filename: 'a.pdf', content: PDF }]).toString('latin1'),
    expect: [201, 201, 201],
  },
  {
    route: 'POST /certificates/:id/documents/',
    method: 'POST',
    path: (f) => `/certificates/${f.otherCertificate}/documents/`,
    headers: { 'content-type': MULTIPART_TYPE },
    body: () => multipart([{ filename: 'a.pdf', content: PDF }]).toString('latin1'),
    expect: [404, 201, 201],
  },
  { route: 'GET /documents/', method: 'GET', path: () => '/documents/', expect: [200, 200, 200] },
  {
    route: 'GET /documents/:id/',
    method: 'GET',
    path: (f) => `/documents/${f.ownDocument}/`,
    expect: [200, 200, 200],
  },
  {
    route: 'GET /documents/:id/',
    method: 'GET',
    path: (f) => `/documents/${f.otherDocument}/`,
    expect: [404, 200, 200],
  },
  {
    route: 'GET /documents/:id/content',
    method: 'GET',
    path: (f) => `/documents/${f.ownDocument}/content`,
    expect: [200, 200, 200],
  },
  {
    route: 'GET /documents/:id/content',
    method: 'GET',
    path: (f) => `/documents/${f.otherDocument}/content`,
    expect: [404, 200, 200],
  },
  {
    route: 'POST /documents/:id/approve',
    method: 'POST',
    path: (f) => `/documents/${f.toApprove.employee}/approve`,
    expect: [403, 200, 409],
  },
  {
    route: 'POST /documents/approve',
    method: 'POST',
    path: () => '/documents/approve',
    body: (f) => ({ ids: f.toApproveTogether.employee }),
    expect: [403, 200, 409],
  },
  {
    route: 'GET /documents/:id/preview-url',
    method: 'GET',
    path: (f) => `/documents/${f.ownDocument}/preview-url`,
    expect: [200, 200, 200],
  },
  {
    route: 'GET /documents/:id/preview-url',
    method: 'GET',
    path: (f) => `/documents/${f.otherDocument}/preview-url`,
    expect: [404, 200, 200],
  },
  {
    route: 'POST /documents/:id/reject',
    method: 'POST',
    path: (f) => `/documents/${f.toReject.employee}/reject`,
    body: () => ({ reason: 'Blurred' }),
    expect: [403, 200, 409],
  },
  {
    // The manager's own upload: an employee may not delete it.
    route: 'DELETE /documents/:id/',
    method: 'DELETE',
    path: (f) => `/documents/${f.ownDocument}/`,
    expect: [403, 204, 404],
  },
  {
    // An employee's own pending upload: theirs to withdraw.
    route: 'DELETE /documents/:id/',
    method: 'DELETE',
    path: (f) => `/documents/${f.toDelete.employee}/`,
    expect: [204, 404, 404],
  },
  {
    route: 'GET /manager/team',
    method: 'GET',
    path: () => '/manager/team',
    expect: [403, 200, 200],
  },
  {
    route: 'GET /manager/tasks',
    method: 'GET',
    path: () => '/manager/tasks',
    expect: [403, 200, 200],
  },
  {
    route: 'GET /manager/certificates',
    method: 'GET',
    path: () => '/manager/certificates',
    expect: [403, 200, 200],
  },
  {
    route: 'GET /manager/summary',
    method: 'GET',
    path: () => '/manager/summary',
    expect: [403, 200, 200],
  },
  {
    route: 'POST /manager/tasks/assign',
    method: 'POST',
    path: () => '/manager/tasks/assign',
    body: (f) => ({ task_id: f.otherTask, employee_id: f.org.colleague.id }),
    expect: [403, 200, 200],
  },
  {
    route: 'POST /manager/certificates/assign',
    method: 'POST',
    path: () => '/manager/certificates/assign',
    body: (f) => ({ certificate_id: f.otherCertificate, employee_id: f.org.colleague.id }),
    expect: [403, 200, 200],
  },
  {
    route: 'GET /employee/tasks',
    method: 'GET',
    path: () => '/employee/tasks',
    expect: [200, 200, 200],
  },
  {
    route: 'GET /employee/certificates',
    method: 'GET',
    path: () => '/employee/certificates',
    expect: [200, 200, 200],
  },
  // Whether reminders run: admins only.
  {
    route: 'GET /reminders/status',
    method: 'GET',
    path: () => '/reminders/status',
    expect: [403, 403, 200],
  },
  // Certificate types (issue 28): everyone reads the catalogue, admins change it.
  {
    route: 'GET /certificate-types/',
    method: 'GET',
    path: () => '/certificate-types/',
    expect: [200, 200, 200],
  },
  {
    route: 'GET /certificate-types/:id',
    method: 'GET',
    path: (f) => `/certificate-types/${f.certificateType}`,
    expect: [200, 200, 200],
  },
  {
    route: 'POST /certificate-types/',
    method: 'POST',
    path: () => '/certificate-types/',
    body: () => ({ name: `Type ${newEmail()}` }),
    expect: [403, 403, 201],
  },
  {
    route: 'PUT /certificate-types/:id',
    method: 'PUT',
    path: (f) => `/certificate-types/${f.certificateType}`,
    body: () => ({ description: 'Changed' }),
    expect: [403, 403, 200],
  },
  {
    route: 'POST /certificate-types/:id/link-certificates',
    method: 'POST',
    path: (f) => `/certificate-types/${f.certificateType}/link-certificates`,
    expect: [403, 403, 200],
  },
  {
    route: 'DELETE /certificate-types/:id',
    method: 'DELETE',
    path: (f) => `/certificate-types/${f.doomedCertificateType}`,
    expect: [403, 403, 204],
  },
  // The compliance matrix (issue 28): managers and admins.
  { route: 'GET /compliance', method: 'GET', path: () => '/compliance', expect: [403, 200, 200] },
  {
    route: 'GET /compliance/export',
    method: 'GET',
    path: () => '/compliance/export',
    expect: [403, 200, 200],
  },
  // Webhooks (issue 30): admins only.
  { route: 'GET /webhooks/', method: 'GET', path: () => '/webhooks/', expect: [403, 403, 200] },
  {
    route: 'POST /webhooks/',
    method: 'POST',
    path: () => '/webhooks/',
    body: () => ({ url: 'https://hooks.example.invalid/new', events: ['ping'] }),
    expect: [403, 403, 201],
  },
  {
    route: 'GET /webhooks/:id',
    method: 'GET',
    path: (f) => `/webhooks/${f.webhook.id}`,
    expect: [403, 403, 200],
  },
  {
    route: 'PUT /webhooks/:id',
    method: 'PUT',
    path: (f) => `/webhooks/${f.webhook.id}`,
    body: () => ({ description: 'Payroll' }),
    expect: [403, 403, 200],
  },
  {
    route: 'GET /webhooks/:id/deliveries',
    method: 'GET',
    path: (f) => `/webhooks/${f.webhook.id}/deliveries`,
    expect: [403, 403, 200],
  },
  {
    route: 'POST /webhooks/:id/deliveries/:delivery_id/redeliver',
    method: 'POST',
    path: (f) => `/webhooks/${f.webhook.id}/deliveries/${f.webhook.deliveryId}/redeliver`,
    expect: [403, 403, 200],
  },
  {
    route: 'POST /webhooks/:id/test',
    method: 'POST',
    path: (f) => `/webhooks/${f.webhook.id}/test`,
    expect: [403, 403, 200],
  },
  {
    route: 'DELETE /webhooks/:id',
    method: 'DELETE',
    path: (f) => `/webhooks/${f.doomedWebhook.id}`,
    expect: [403, 403, 204],
  },
  // Notices are personal, whatever the role: another person's is a 404 (even for an admin).
  {
    route: 'GET /notifications/',
    method: 'GET',
    path: () => '/notifications/',
    expect: [200, 200, 200],
  },
  {
    route: 'GET /notifications/unread-count',
    method: 'GET',
    path: () => '/notifications/unread-count',
    expect: [200, 200, 200],
  },
  {
    route: 'PATCH /notifications/:id',
    method: 'PATCH',
    path: (f) => `/notifications/${f.notices.employee}`,
    body: () => ({ read: true }),
    expect: [200, 404, 404],
  },
  {
    route: 'PATCH /notifications/:id',
    method: 'PATCH',
    path: (f) => `/notifications/${f.notices.manager}`,
    body: () => ({ read: true }),
    expect: [404, 200, 404],
  },
  {
    route: 'POST /notifications/read-all',
    method: 'POST',
    path: () => '/notifications/read-all',
    expect: [200, 200, 200],
  },
  {
    route: 'GET /profile/email-preferences',
    method: 'GET',
    path: () => '/profile/email-preferences',
    expect: [200, 200, 200],
  },
  {
    route: 'PUT /profile/email-preferences',
    method: 'PUT',
    path: () => '/profile/email-preferences',
    body: () => ({ task_overdue: false }),
    expect: [200, 200, 200],
  },
  { route: 'GET /profile/', method: 'GET', path: () => '/profile/', expect: [200, 200, 200] },
  {
    route: 'PATCH /profile/',
    method: 'PATCH',
    path: () => '/profile/',
    body: () => ({ full_name: 'Renamed Person' }),
    expect: [200, 200, 200],
  },
  {
    route: 'PUT /profile/password',
    method: 'PUT',
    path: () => '/profile/password',
    body: () => ({ current_password: KNOWN_PASSWORD, new_password: 'a-new-password-2' }),
    expect: [200, 200, 200],
    caller: (f, role) => f.withPassword[role],
  },
  // Every list exports as its readers see it (issue 27; test/export.test.ts).
  ...(['employees', 'tasks', 'certificates'] as const).map((list): RouteCase => ({
    route: `GET /${list}/export`,
    method: 'GET',
    path: () => `/${list}/export?format=csv`,
    expect: [200, 200, 200],
  })),
  // Imports are for whoever may add employees and certificates: managers and admins (issue 27;
  // test/imports.test.ts). An id nobody has is a 404.
  {
    route: 'POST /imports',
    method: 'POST',
    path: () => '/imports',
    body: () => UPLOAD,
    headers: { 'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}` },
    caller: (f, role) => f.importers[role],
    expect: [403, 202, 202],
  },
  ...(['', '/rows', '/errors.csv'] as const).map((tail): RouteCase => ({
    route: `GET /imports/:id${tail}`,
    method: 'GET',
    path: () => `/imports/${NOBODYS_ID}${tail}`,
    expect: [403, 404, 404],
  })),
  // The history (issue 29): each reads what they may see; the export and the chain's check are
  // the admins' (test/activity.test.ts).
  { route: 'GET /activity', method: 'GET', path: () => '/activity', expect: [200, 200, 200] },
  {
    route: 'GET /activity/export',
    method: 'GET',
    path: () => '/activity/export?format=csv',
    expect: [403, 403, 200],
  },
  {
    route: 'GET /activity/verify',
    method: 'GET',
    path: () => '/activity/verify',
    expect: [403, 403, 200],
  },
  // Each person's own API tokens and calendar URL; the organisation's tokens are the admins'
  // (issue 30; test/integrations.test.ts). An id nobody has is a 404 once the role may ask.
  {
    route: 'GET /profile/api-tokens',
    method: 'GET',
    path: () => '/profile/api-tokens',
    expect: [200, 200, 200],
  },
  {
    route: 'POST /profile/api-tokens',
    method: 'POST',
    path: () => '/profile/api-tokens',
    body: () => ({ name: 'Matrix', scope: 'read' }),
    expect: [201, 201, 201],
  },
  {
    route: 'DELETE /profile/api-tokens/:id',
    method: 'DELETE',
    path: () => `/profile/api-tokens/${NOBODYS_ID}`,
    expect: [404, 404, 404],
  },
  { route: 'GET /api-tokens', method: 'GET', path: () => '/api-tokens', expect: [403, 403, 200] },
  {
    route: 'DELETE /api-tokens/:id',
    method: 'DELETE',
    path: () => `/api-tokens/${NOBODYS_ID}`,
    expect: [403, 403, 404],
  },
  {
    route: 'GET /profile/calendar-url',
    method: 'GET',
    path: () => '/profile/calendar-url',
    expect: [200, 200, 200],
  },
  {
    route: 'POST /profile/calendar-url',
    method: 'POST',
    path: () => '/profile/calendar-url',
    body: () => ({}),
    expect: [200, 200, 200],
  },
  // Anyone signed in may hear what changed that they may see (test/live-updates.test.ts).
  {
    route: 'POST /events/ticket',
    method: 'POST',
    path: () => '/events/ticket',
    expect: [200, 200, 200],
  },
  // The stream itself stays open (test/live-updates.test.ts opens it for each role); here a
  // ticket that is not one is refused for every role alike.
  {
    route: 'GET /events',
    method: 'GET',
    path: () => '/events?ticket=not-a-ticket',
    expect: [401, 401, 401],
  },
];

/** Routes anyone may call, without a token. */
const PUBLIC_ROUTES = [
  'GET /docs',
  // The API's reference page and its files (plugins/docs.ts), beside the API at /api/docs.
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/static/*',
  'GET /health',
  // A person's calendar feed: its secret in the path is the authority (issue 30).
  'GET /calendar/:file',
  // A document's signed preview URL: its signature is the authority (issue 26,
  // test/document-queue.test.ts).
  'GET /document-previews/:token',
  'POST /auth/login',
  'POST /auth/signup',
  // The link of a reminder mail: its signed token names the one person and kind it turns off
  // (test/unsubscribe.test.ts).
  'GET /unsubscribe',
  'POST /unsubscribe',
  // The link's token is the proof (issue 14).
  'GET /auth/invitation',
  'POST /auth/accept-invite',
  'POST /auth/forgot-password',
  'POST /auth/reset-password',
  // The link's token and the person's password are the proof (issue 24).
  'GET /auth/email-change',
  'POST /auth/confirm-email',
  // A sign-up's confirmation link (issue 24).
  'POST /auth/verify-email',
];

const ROLES: Role[] = ['employee', 'manager', 'admin'];

const routeKeys = routeTable().then((table) =>
  table.map((route) => `${route.method} ${apiPath(route.url)}`),
);

test('the matrix has a row for every route of the route table, and no row for a route that is not', async () => {
  const registered = await routeKeys;
  const inMatrix = new Set(ROUTES.map((route) => route.route));
  expect(registered.filter((key) => !PUBLIC_ROUTES.includes(key) && !inMatrix.has(key))).toEqual(
    [],
  );
  expect([...inMatrix, ...PUBLIC_ROUTES].filter((key) => !registered.includes(key))).toEqual([]);
  for (const route of ROUTES) expect(route.route.startsWith(`${route.method} `)).toBe(true);
});

/** Names the ids in test titles. */
const PLACEHOLDERS = {
  org: { id: '{org}', colleague: { id: '{colleague}' } },
  ownTask: '{own task}',
  otherTask: '{other task}',
  ownCertificate: '{own certificate}',
  otherCertificate: '{other certificate}',
  notices: { employee: "{employee's notice}", manager: "{manager's notice}", admin: '' },
  webhook: { id: '{webhook}', deliveryId: '{delivery}' },
  doomedWebhook: { id: '{doomed webhook}', deliveryId: '' },
  certificateType: '{certificate type}',
  doomedCertificateType: '{doomed certificate type}',
  ownDocument: '{own document}',
  otherDocument: '{other document}',
  toApprove: { employee: '{pending document}' },
  toApproveTogether: { employee: ['{pending document}', '{pending document}'] },
  toReject: { employee: '{pending document}' },
  toDelete: { employee: "{employee's pending document}" },
} as unknown as Fixture;

const routeName = (route: RouteCase) => `${route.method} ${route.path(PLACEHOLDERS)}`;

const CASES = ROUTES.flatMap((route) =>
  ROLES.map((role, index) => ({
    name: `${routeName(route)} as ${role}`,
    route,
    role,
    status: route.expect[index],
  })),
);

describe.each(testDatabases())('permissions on %s', (kind) => {
  const context = setupTestApp(kind, {
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'duly-permissions-')),
  });
  let fixture: Fixture;

  beforeAll(async () => {
    const { db } = context();
    const org = await createOrganization(db);
    fixture = {
      org,
      ownTask: await createTask(db, org, { assigned_to_user_id: org.employee.id }),
      otherTask: await createTask(db, org, { assigned_to_user_id: org.colleague.id }),
      ownCertificate: await createCertificate(db, org, { incharge_person_id: org.employee.id }),
      otherCertificate: await createCertificate(db, org, { incharge_person_id: org.colleague.id }),
      notices: {
        employee: await createNotification(db, org.employee),
        manager: await createNotification(db, org.manager),
        admin: await createNotification(db, org.admin),
      },
      withPassword: {} as Record<Role, TestUser>,
      webhook: await createWebhook(db, org),
      doomedWebhook: await createWebhook(db, org),
      certificateType: await createCertificateType(db, org),
      doomedCertificateType: await createCertificateType(db, org),
      ownDocument: '',
      otherDocument: '',
      toApprove: {} as Record<Role, string>,
      toApproveTogether: {} as Record<Role, string[]>,
      toReject: {} as Record<Role, string>,
      toDelete: {} as Record<Role, string>,
      importers: {} as Record<Role, TestUser>,
    };
    const { app } = context();
    fixture.ownDocument = await uploadDocument(app, org.manager.token, fixture.ownCertificate);
    fixture.otherDocument = await uploadDocument(app, org.manager.token, fixture.otherCertificate);
    // One pending upload each, decided by the first role allowed: the next one finds it decided.
    const pending = () => uploadDocument(app, org.employee.token, fixture.ownCertificate);
    fixture.toApprove.employee = await pending();
    fixture.toApproveTogether.employee = [await pending(), await pending()];
    fixture.toReject.employee = await pending();
    fixture.toDelete.employee = await pending();
    for (const role of ROLES) fixture.importers[role] = (await createOrganization(db))[role];
    const passwordHash = await hashPassword(KNOWN_PASSWORD, LEGACY_COST);
    for (const role of ROLES) {
      fixture.withPassword[role] = await createUser(db, org.id, {
        role,
        password_hash: passwordHash,
      });
    }
  });

  test.each(CASES)('$name → $status', async ({ route, role, status }) => {
    const { app, db } = context();
    const user = route.caller?.(fixture, role) ?? fixture.org[role];
    const before = status >= 400 ? await snapshot(db) : undefined;

    const response = await call(app, route.method, route.path(fixture), {
      token: user.token,
      body: route.body?.(fixture),
      headers: route.headers,
    });

    expect(response.statusCode).toBe(status);
    if (before !== undefined) {
      expect(await snapshot(db)).toEqual(before);
      const codes: Record<number, string> = {
        401: 'unauthorized',
        403: 'forbidden',
        409: 'conflict',
      };
      expect(response.json().code).toBe(codes[status] ?? 'not_found');
    }
  });

  test('every route of the route table but the public ones → 401 without a token, nothing changed', async () => {
    const { app, db } = context();
    const before = await snapshot(db);
    const answers: string[] = [];
    for (const key of await routeKeys) {
      if (PUBLIC_ROUTES.includes(key)) continue;
      const [method, template] = key.split(' ') as [Method, string];
      const body = ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined;
      const response = await call(app, method, template.replace(':id', fixture.ownTask), { body });
      answers.push(`${key} → ${response.statusCode} ${response.json().code}`);
    }
    expect(answers).toEqual(answers.map((answer) => answer.replace(/→ .*$/, '→ 401 unauthorized')));
    expect(await snapshot(db)).toEqual(before);
  });

  describe('ids in a payload must name the caller (403 otherwise)', () => {
    test.each([
      ['POST', '/tasks/', 'organization_id'],
      ['POST', '/tasks/', 'created_by_user_id'],
      ['POST', '/tasks/', 'assigner_id'],
      ['POST', '/certificates/', 'organization_id'],
      ['POST', '/certificates/', 'created_by_user_id'],
      ['POST', '/employees/', 'organization_id'],
      ['PUT', '/tasks/{task}', 'organization_id'],
      ['PUT', '/tasks/{task}', 'created_by_user_id'],
      ['PUT', '/certificates/{certificate}/', 'organization_id'],
      ['PUT', '/employees/{employee}', 'organization_id'],
    ] as const)('%s %s with another %s', async (method, template, field) => {
      const { app, db } = context();
      const other = await createOrganization(db);
      const foreignValue = field === 'organization_id' ? other.id : other.manager.id;
      const bodies: Record<string, Record<string, unknown>> = {
        '/tasks/': { title: 'T', due_date: '2030-01-01T00:00:00Z' },
        '/certificates/': { name: 'C', expiry_date: '2030-01-01', reminder_days_before: 7 },
        '/employees/': { email: newEmail() },
      };
      const path = template
        .replace('{task}', fixture.ownTask)
        .replace('{certificate}', fixture.ownCertificate)
        .replace('{employee}', fixture.org.colleague.id);
      const before = await snapshot(db);

      const response = await call(app, method, path, {
        token: fixture.org.admin.token,
        body: { ...(bodies[template] ?? {}), [field]: foreignValue },
      });

      expect(response.statusCode).toBe(403);
      expect(response.json().message).toContain(field);
      expect(await snapshot(db)).toEqual(before);
    });
  });
});
