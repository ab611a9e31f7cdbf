import { expectAccessible } from '../support/accessibility';
import { signUp } from '../support/api';
import { expect, openSignedIn, test } from '../support/test';

test.describe('profile → API tokens and calendar (issue 30)', () => {
  test('a token is shown once, works, and stops when revoked; the calendar URL is copied and fetched', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const account = await signUp(baseURL!, {
      fullName: 'Ravi Menon',
      organizationName: 'Menon Labs',
    });
    await openSignedIn(page, account.token, '/profile');

    const tokens = page.getByRole('region', { name: 'API tokens' });
    await tokens.getByLabel('Token name').fill('Nightly export');
    await tokens.getByRole('button', { name: 'Create token' }).click();
    const shown = tokens.getByLabel('New token “Nightly export”');
    await expect(shown).toHaveValue(/^duly_pat_/);
    const token = await shown.inputValue();
    await expectAccessible(page, '/profile (API token shown once)');

    const table = tokens.getByRole('table', { name: 'Your API tokens' });
    await expect(table).toContainText('Nightly export');
    const withToken = { headers: { authorization: `Bearer ${token}` } };
    expect((await page.request.get(`${baseURL}/api/v1/tasks/`, withToken)).status()).toBe(200);

    // Done: the token is gone from the page, and reloading never shows it again.
    await tokens.getByRole('button', { name: 'Done' }).click();
    await page.reload();
    await expect(table).toContainText('Nightly export');
    expect(await page.content()).not.toContain(token);

    await tokens.getByRole('button', { name: 'Revoke Nightly export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke token?' });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Token “Nightly export” revoked')).toBeVisible();
    await expect(tokens.getByText('No API tokens yet.')).toBeVisible();
    expect((await page.request.get(`${baseURL}/api/v1/tasks/`, withToken)).status()).toBe(401);

    const calendar = page.getByRole('region', { name: 'Calendar' });
    await calendar.getByRole('button', { name: 'Create calendar URL' }).click();
    await expect(calendar.getByLabel('Calendar URL')).toHaveValue(/\/api\/v1\/calendar\/.+\.ics$/);
    await expect(calendar.getByRole('link', { name: 'Add to Google Calendar' })).toBeVisible();
    await expectAccessible(page, '/profile (calendar URL)');
    await calendar.getByRole('button', { name: 'Copy URL' }).click();
    await expect(page.getByText('Calendar URL copied')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await page.request.get(`${baseURL}${new URL(copied).pathname}`);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('text/calendar');
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');
  });
});
