/**
 * API answers are compressed for clients that accept it (lib/compression.ts), the same
 * bytes whether the answer was computed or came from the response cache.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { call, createOrganization, createTask, setupTestApp, testDatabases } from './helper';

describe.each(testDatabases())('compressed answers on %s', (kind) => {
  const context = setupTestApp(kind);

  test('a list page comes in brotli or gzip, the same JSON and count as uncompressed', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    for (let i = 0; i < 30; i += 1) await createTask(db, org, { title: `Task number ${i}` });

    const plain = await call(app, 'GET', '/tasks/', { token: org.manager.token });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.body;
    expect(Buffer.byteLength(json)).toBeGreaterThan(4096);

    // Twice each: computed (or cached by the plain call), then kept compressed.
    for (const round of [1, 2]) {
      const br = await call(app, 'GET', '/tasks/', {
        token: org.manager.token,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect({ round, encoding: br.headers['content-encoding'] }).toEqual({
        round,
        encoding: 'br',
      });
      expect(br.headers.vary).toContain('accept-encoding');
      expect(br.headers['x-total-count']).toBe('30');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(json);
      expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(json) / 4);

      const gzip = await call(app, 'GET', '/tasks/', {
        token: org.manager.token,
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(json);
    }
  });

  test('a full page is compressed in one piece: its Content-Length is known', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    for (let i = 0; i < 60; i += 1) await createTask(db, org, { title: `Task number ${i}` });

    const page = await call(app, 'GET', '/tasks/?limit=60', {
      token: org.manager.token,
      headers: { 'accept-encoding': 'br' },
    });
    const json = brotliDecompressSync(page.rawPayload).toString();
    // Above the 8 KB where @fastify/compress would stream it (chunked, no length) on 2 cores.
    expect(Buffer.byteLength(json)).toBeGreaterThan(16 * 1024);
    expect(JSON.parse(json)).toHaveLength(60);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-length']).toBe(String(page.rawPayload.length));
  });

  test('a small answer is sent as it is', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const dashboard = await call(app, 'GET', '/dashboard/', {
      token: org.admin.token,
      headers: { 'accept-encoding': 'br' },
    });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.headers['content-encoding']).toBeUndefined();
    expect(dashboard.json().tasks).toEqual({ total_tasks: 0, overdue_tasks: 0 });
  });
});
