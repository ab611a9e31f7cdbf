import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectAccessible } from '../support/accessibility';
import { signUp } from '../support/api';
import { expect, openSignedIn, test } from '../support/test';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

test.describe('webhooks', () => {
  let receiver: http.Server;
  const received: Received[] = [];

  test.beforeAll(async () => {
    receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end('received by the test');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });
  test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  test('an admin adds a webhook, sends a test and sees it in the log', async ({
    page,
    baseURL,
  }, testInfo) => {
    const account = await signUp(baseURL!, {
      fullName: 'Kavya Menon',
      organizationName: 'Menon Logistics',
    });
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/duly`;
    await openSignedIn(page, account.token, '/dashboard');
    await page.getByRole('button', { name: 'KM, Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/settings\/webhooks$/);
    await expect(page.getByText('No webhooks yet.', { exact: false })).toBeVisible();

    await page.getByRole('button', { name: 'Add webhook' }).click();
    const form = page.getByRole('form', { name: 'Add webhook' });
    await form.getByLabel('Endpoint URL').fill(url);
    await form.getByLabel('Description').fill('Dispatch board');
    await expectAccessible(page, '/settings/webhooks (add)');
    await form.getByRole('button', { name: 'Add webhook' }).click();

    const secretCard = page.getByRole('region', { name: 'Signing secret' });
    const secret = (await secretCard.locator('code').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByRole('table', { name: 'Webhooks' })).toContainText(url);
    await expectAccessible(page, '/settings/webhooks');
    await page.screenshot({ path: testInfo.outputPath('webhooks-1280.png'), fullPage: true });
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(/\/settings\/webhooks\/[0-9a-f-]+$/);

    await page.getByRole('button', { name: 'Send test' }).click();
    const log = page.getByRole('table', { name: 'Delivery log' });
    const row = log.getByRole('row').filter({ hasText: 'ping' });
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText('200');
    await expect(row).toContainText('received by the test');
    await expectAccessible(page, '/settings/webhooks/:id');
    await page.screenshot({ path: testInfo.outputPath('webhook-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('webhook-390.png'), fullPage: true });

    // The receiver got it once, signed with the secret the screen showed.
    expect(received).toHaveLength(1);
    const [ping] = received;
    const signed = `${ping.headers['webhook-id']}.${ping.headers['webhook-timestamp']}.${ping.body}`;
    const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
      .update(signed)
      .digest('base64');
    expect(ping.headers['webhook-signature']).toBe(`v1,${expected}`);
    expect(JSON.parse(ping.body)).toMatchObject({ type: 'ping' });
  });
});
