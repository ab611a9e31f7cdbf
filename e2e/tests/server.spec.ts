import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { signUp } from '../support/api';
import { REPO_ROOT, startDuly } from '../support/duly-server';
import { expect, openSignedIn, test } from '../support/test';

/** The server as `npm start` runs it (the `duly` fixture starts it through scripts/start.mjs). */
test.describe('one process serves everything', () => {
  test('the shell on every app route, config.json, the remotes and the API, with the right caching', async ({
    request,
  }) => {
    const page = await request.get('/tasks/some-id/edit', { headers: { accept: 'text/html' } });
    expect(page.status()).toBe(200);
    expect(page.headers()['content-type']).toMatch(/^text\/html/);
    expect(page.headers()['cache-control']).toBe('no-cache');
    const html = await page.text();
    const entry = /<script[^>]+src="?\/?([^"\s>]+\.js)/.exec(html)?.[1];
    expect(entry, 'the page loads a script').toBeTruthy();

    const script = await request.get(`/${entry}`);
    expect(script.status()).toBe(200);
    expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

    const config = await request.get('/config.json');
    expect(config.headers()['cache-control']).toBe('no-cache');
    const { apiBaseUrl, remotes } = await config.json();
    expect(apiBaseUrl).toBe('/api/v1');
    expect(remotes.remote_tasks.entry).toBe('/remotes/remote-tasks/mf-manifest.json');

    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const response = await request.get(`/remotes/remote-tasks/${file}`);
      expect(response.status(), file).toBe(200);
      expect(response.headers()['cache-control'], file).toBe('no-cache');
      expect(response.headers()['access-control-allow-origin'], file).toBe('*');
    }

    const health = await request.get('/api/v1/health');
    expect(health.ok()).toBe(true);
    const unknown = await request.get('/api/v1/no-such-route', {
      headers: { accept: 'text/html' },
    });
    expect(unknown.status()).toBe(404);
    expect(unknown.headers()['content-type']).toMatch(/^application\/json/);
  });

  test('a remote that is not built has no entry in config.json, keeps its menu item, and its routes show the fallback', async ({
    page,
  }) => {
    // A deployment folder holding the built shell and nothing else.
    const webRoot = mkdtempSync(path.join(tmpdir(), 'duly-web-root-'));
    symlinkSync(path.join(REPO_ROOT, 'shell'), path.join(webRoot, 'shell'));
    const server = await startDuly({ env: { DULY_WEB_ROOT: webRoot } });
    try {
      const config = await (await page.request.get(`${server.baseURL}/config.json`)).json();
      expect(config.apiBaseUrl).toBe('/api/v1');
      expect(config.remotes.remote_tasks).toMatchObject({ routes: ['/tasks/*'] });
      for (const remote of Object.values<object>(config.remotes))
        expect(remote).not.toHaveProperty('entry');

      const account = await signUp(server.baseURL);
      await openSignedIn(page, account.token, '/tasks', server.baseURL);
      await expect(page.getByText('This section could not be loaded.')).toBeVisible({
        timeout: 20_000,
      });
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Dashboard' })
        .click();
      await expect(page.getByRole('region', { name: 'Total Tasks' })).toContainText('0');
    } finally {
      await server.stop();
      rmSync(webRoot, { recursive: true, force: true });
    }
  });
});
