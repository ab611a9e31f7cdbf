/**
 * One-click unsubscribe (RFC 8058) from a reminder mail: the link's page asks first and
 * changes nothing; the POST a mail client (or the page's button) sends turns that one kind
 * of email off for that one person.
 */
import { randomUUID } from 'node:crypto';
import { unsubscribeToken } from '../src/reminders/unsubscribe-token';
import {
  call,
  createOrganization,
  createUser,
  setupTestApp,
  snapshot,
  TEST_JWT_SECRET,
  testDatabases,
  type TestOrganization,
} from './helper';

/**
 * The token with the last character of its signature changed in the bits base64url does not
 * use: 32 bytes are 43 characters, whose last one carries 4 bits of the digest and 2 spare.
 */
function withLastBitsFlipped(token: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const last = alphabet.indexOf(token.at(-1)!);
  return token.slice(0, -1) + alphabet[last ^ 0b01];
}

/** The token with its signature's `-` and `_` spelt `+` and `/`, as standard base64 has them. */
function inStandardBase64(token: string): string {
  const [userId, kind, mac] = token.split('.');
  return `${userId}.${kind}.${mac.replace(/-/g, '+').replace(/_/g, '/')}`;
}

describe.each(testDatabases())('unsubscribe on %s', (kind) => {
  const context = setupTestApp(kind);
  let org: TestOrganization;
  let token: string;
  /** A real person's token whose signature has a `-` or a `_` (a quarter of them have none). */
  let tokenWithUrlCharacters: string;

  beforeAll(async () => {
    const { db } = context();
    org = await createOrganization(db);
    token = unsubscribeToken(TEST_JWT_SECRET, org.employee.id, 'certificate_reminder');
    let id: string;
    do {
      id = randomUUID();
      tokenWithUrlCharacters = unsubscribeToken(TEST_JWT_SECRET, id, 'task_overdue');
    } while (!/[-_]/.test(tokenWithUrlCharacters.split('.')[2]));
    await createUser(db, org.id, { id, first_name: `spelt-${id.slice(0, 8)}` });
  });

  const optOuts = () =>
    context()
      .db.selectFrom('email_opt_outs')
      .select(['organization_id', 'user_id', 'kind'])
      .execute();

  test('the link opens a page that asks to confirm and changes nothing', async () => {
    const { app, db } = context();
    const before = await snapshot(db);
    const response = await call(app, 'GET', '/unsubscribe', { query: { token } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain(`Stop sending certificate reminders to ${org.employee.email}?`);
    expect(response.body).toContain('<button type="submit">Unsubscribe</button>');
    expect(await optOuts()).toEqual([]);
    expect(await snapshot(db)).toEqual(before);
  });

  test('a one-click POST turns that kind off for that person, and doing it twice is harmless', async () => {
    const { app } = context();
    for (let i = 0; i < 2; i += 1) {
      const response = await call(app, 'POST', '/unsubscribe', {
        query: { token },
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('will no longer get certificate reminders by email');
    }
    expect(await optOuts()).toEqual([
      { organization_id: org.id, user_id: org.employee.id, kind: 'certificate_reminder' },
    ]);
  });

  test.each([
    [
      'a token signed with another secret',
      () => unsubscribeToken('x'.repeat(40), org.employee.id, 'task_overdue'),
    ],
    ['a token whose kind was changed', () => token.replace('certificate_reminder', 'task_overdue')],
    ['a token for nobody', () => unsubscribeToken(TEST_JWT_SECRET, 'no-such-user', 'task_overdue')],
    ['text that is no token', () => 'hello'],
    // Base64url decoding forgives much: each of these decodes to the very signature bytes.
    ['the signature with base64 padding added', () => `${token}=`],
    ['the signature with a character the decoder skips', () => `${token}!`],
    ['the signature with its unused last bits changed', () => withLastBitsFlipped(token)],
    ['the signature spelt in standard base64', () => inStandardBase64(tokenWithUrlCharacters)],
  ])('%s → 400, nothing changed', async (_what, makeToken) => {
    const { app, db } = context();
    const before = await snapshot(db);
    const optedOut = await optOuts();
    for (const method of ['GET', 'POST'] as const) {
      const response = await call(app, method, '/unsubscribe', { query: { token: makeToken() } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'This unsubscribe link is not valid.',
        code: 'invalid_token',
      });
    }
    expect(await optOuts()).toEqual(optedOut);
    expect(await snapshot(db)).toEqual(before);
  });
});
