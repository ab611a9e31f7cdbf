import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import Fastify, { type FastifyInstance } from 'fastify';

import { BOOT_SCRIPT_SOURCE } from './boot';
import { IMMUTABLE, NO_CACHE } from './cache-control';
import { readRemoteRegistry } from '../../../scripts/remote-registry.cjs';
import { releaseBuild, rollbackRelease, SHELL } from '../../../scripts/releases.cjs';
import { webOptionsFromEnv, webPlugin } from './index';

const INDEX_HTML = '<!doctype html><title>Duly</title><div id="root"></div>';
const SHELL_CHUNK = 'main.0123456789.js';

/** A repository folder with a built shell and a built remote-tasks, like `npm start` sees. */
function makeWebRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'duly-web-'));
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  };
  write('shell/dist/index.html', INDEX_HTML);
  write(`shell/dist/${SHELL_CHUNK}`, 'console.log("shell");');
  write('remote-tasks/dist/mf-manifest.json', '{"name":"remote_tasks"}');
  write('remote-tasks/dist/remoteEntry.js', 'var remote_tasks;');
  write('remote-tasks/dist/__federation_expose_routes.abcdef0123.js', 'console.log("routes");');
  // The brotli and gzip copies a production build writes beside its text files.
  write(`shell/dist/${SHELL_CHUNK}.br`, 'brotli bytes of the shell chunk');
  write(`shell/dist/${SHELL_CHUNK}.gz`, 'gzip bytes of the shell chunk');
  write('remote-tasks/dist/remoteEntry.js.br', 'brotli bytes of remoteEntry.js');
  // A skeleton remote: a package folder without a build.
  mkdirSync(path.join(root, 'remote-certificates'));
  return root;
}

/** The API as the web plugin meets it (api/src/app.ts): routes and its own 404 under /api/v1. */
async function buildApp(env: NodeJS.ProcessEnv): Promise<FastifyInstance> {
  // The router options of api/src/app.ts (serverOptions) that change routing.
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  await app.register(
    async (api) => {
      api.setNotFoundHandler((request, reply) =>
        reply
          .code(404)
          .send({ message: `No route ${request.method} ${request.url}`, code: 'api_404' }),
      );
      api.get('/health', async () => ({ status: 'ok' }));
    },
    { prefix: '/api/v1' },
  );
  const options = webOptionsFromEnv(env);
  if (!options) throw new Error('DULY_WEB_ROOT must be set in these tests');
  await app.register(webPlugin, options);
  await app.ready();
  return app;
}

describe('web plugin', () => {
  let root: string;
  let app: FastifyInstance;

  beforeEach(async () => {
    root = makeWebRoot();
    app = await buildApp({ DULY_WEB_ROOT: root });
  });

  afterEach(async () => {
    // The folder goes even when building the app failed.
    rmSync(root, { recursive: true, force: true });
    await app?.close();
  });

  const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

  it('serves the shell page at / without caching it', async () => {
    const response = await app.inject({ url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe(NO_CACHE);
    expect(response.body).toBe(INDEX_HTML);
  });

  it.each(['/dashboard', '/tasks/0f8e2c1a-6a43-4a57-9f0e-4a4c7c1f2b77/edit', '/no/such/page'])(
    'falls back to the shell page for the app route %s',
    async (url) => {
      const response = await app.inject({ url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe(NO_CACHE);
    },
  );

  it('falls back for an extension-less path when the client accepts anything (curl)', async () => {
    const response = await app.inject({ url: '/tasks', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
  });

  it('caches content-hashed chunks for good', async () => {
    const response = await app.inject({ url: `/${SHELL_CHUNK}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body).toBe('console.log("shell");');
  });

  it('sends the precompressed copy the browser accepts, cached like the file itself', async () => {
    const brotli = await app.inject({
      url: `/${SHELL_CHUNK}`,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.body).toBe('brotli bytes of the shell chunk');

    const gzip = await app.inject({
      url: `/${SHELL_CHUNK}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toBe('gzip bytes of the shell chunk');

    const plain = await app.inject({ url: `/${SHELL_CHUNK}` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("shell");');
  });

  it('sends a file without a compressed copy as it is, whatever the browser accepts', async () => {
    const page = await app.inject({
      url: '/tasks',
      headers: { ...html, 'accept-encoding': 'gzip, br' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.body).toBe(INDEX_HTML);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers 404, not the page, for a missing script', async () => {
    const response = await app.inject({ url: '/main.fedcba9876.js', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<title>Duly</title>');
  });

  it('leaves /api to the API: routes answer, unknown paths are a JSON 404 even for a browser', async () => {
    const health = await app.inject({ url: '/api/v1/health', headers: html });
    expect(health.json()).toEqual({ status: 'ok' });

    const unknown = await app.inject({ url: '/api/v1/no-such-thing', headers: html });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'api_404' });

    // Outside the API's prefix, still JSON in the API's shape.
    const otherVersion = await app.inject({ url: '/api/v2/tasks', headers: html });
    expect(otherVersion.statusCode).toBe(404);
    expect(otherVersion.json()).toEqual({
      message: 'No route GET /api/v2/tasks',
      code: 'route_not_found',
    });
  });

  it('gives the page a content security policy and no other method than GET a page', async () => {
    const page = await app.inject({ url: '/tasks', headers: html });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    const post = await app.inject({ method: 'POST', url: '/tasks', headers: html });
    expect(post.statusCode).toBe(404);
  });

  describe('pre-rendered pages (shell/dist/prerendered/, issue 18)', () => {
    const EARLY_SCRIPT = 'alert(1)';
    // sha256 of "alert(1)", base64: the CSP source that allows exactly that script.
    const EARLY_SCRIPT_SOURCE = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='";
    const LOGIN_HTML = `<!doctype html><head><script>${EARLY_SCRIPT}</script><script defer src=/${SHELL_CHUNK}></script></head><div id="root" data-prerendered="/login"><h1>Sign in to the product</h1></div>`;

    beforeEach(() => {
      mkdirSync(path.join(root, 'shell/dist/prerendered'));
      writeFileSync(path.join(root, 'shell/dist/prerendered/login.html'), LOGIN_HTML);
    });

    it('sends /login its pre-rendered page, not cached, its inline script allowed by hash', async () => {
      const response = await app.inject({ url: '/login', headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe(NO_CACHE);
      expect(response.body).toBe(LOGIN_HTML);
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain(`script-src 'self' ${EARLY_SCRIPT_SOURCE};`);
      expect(policy).not.toContain("unsafe-inline'; connect");
    });

    it('keeps the shell page, and a policy with only the boot script (boot.ts), for every other route', async () => {
      for (const url of ['/signup', '/dashboard', '/login/extra', '/']) {
        const response = await app.inject({ url, headers: html });
        expect(response.body).toBe(INDEX_HTML);
        const policy = response.headers['content-security-policy'] as string;
        expect(policy.match(/'sha256-[^']+'/g)).toEqual([BOOT_SCRIPT_SOURCE]);
      }
    });

    it('follows a rebuild: a changed page gets the hash of its new script', async () => {
      await app.inject({ url: '/login', headers: html });
      const rebuilt = LOGIN_HTML.replace(EARLY_SCRIPT, 'alert(2)');
      const file = path.join(root, 'shell/dist/prerendered/login.html');
      writeFileSync(file, rebuilt);
      // A rebuild writes a new file: a new modification time.
      const later = new Date(Date.now() + 5_000);
      utimesSync(file, later, later);

      const response = await app.inject({ url: '/login', headers: html });
      expect(response.body).toBe(rebuilt);
      expect(response.headers['content-security-policy']).not.toContain(EARLY_SCRIPT_SOURCE);
      expect(response.headers['content-security-policy']).toContain("'sha256-");
    });
  });

  it("writes config.json from remotes.json and what is built: entries of built remotes only, every remote's routes and navigation", async () => {
    const response = await app.inject({ url: '/config.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(NO_CACHE);
    const config = response.json();
    expect(config.apiBaseUrl).toBe('/api/v1');
    expect(Object.keys(config.remotes).sort()).toEqual(
      readRemoteRegistry()
        .map((remote) => remote.name)
        .sort(),
    );
    expect(config.remotes.remote_tasks).toEqual({
      entry: '/remotes/remote-tasks/mf-manifest.json',
      routes: ['/tasks/*'],
      nav: { label: 'Tasks', to: '/tasks', icon: 'tasks', order: 10 },
    });
    // Not built: no entry, but its paths and its navigation entry are still known.
    expect(config.remotes.remote_team).toEqual({
      routes: ['/tasks/dashboard', '/employee/dashboard', '/team/documents'],
    });
  });

  it('lists a remote built after the server started at the next request', async () => {
    mkdirSync(path.join(root, 'remote-team/dist'), { recursive: true });
    writeFileSync(path.join(root, 'remote-team/dist/mf-manifest.json'), '{}');
    writeFileSync(path.join(root, 'remote-team/dist/remoteEntry.js'), 'var remote_team;');

    const config = (await app.inject({ url: '/config.json' })).json();
    expect(config.remotes.remote_team.entry).toBe('/remotes/remote-team/mf-manifest.json');
    const entry = await app.inject({ url: '/remotes/remote-team/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
  });

  it('serves a remote cross-origin: entry files revalidated, hashed chunks immutable', async () => {
    const manifest = await app.inject({ url: '/remotes/remote-tasks/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe(NO_CACHE);
    expect(manifest.headers['access-control-allow-origin']).toBe('*');

    const entry = await app.inject({ url: '/remotes/remote-tasks/remoteEntry.js' });
    expect(entry.headers['cache-control']).toBe(NO_CACHE);
    expect(entry.headers['access-control-allow-origin']).toBe('*');

    // Its brotli copy is still revalidated at every load.
    const compressedEntry = await app.inject({
      url: '/remotes/remote-tasks/remoteEntry.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressedEntry.headers['content-encoding']).toBe('br');
    expect(compressedEntry.headers['cache-control']).toBe(NO_CACHE);
    expect(compressedEntry.headers['access-control-allow-origin']).toBe('*');
    expect(compressedEntry.body).toBe('brotli bytes of remoteEntry.js');

    const chunk = await app.inject({
      url: '/remotes/remote-tasks/__federation_expose_routes.abcdef0123.js',
    });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    expect(chunk.headers['access-control-allow-origin']).toBe('*');
  });

  it.each([
    '/remotes/remote-certificates/remoteEntry.js',
    '/remotes/remote-nothing/mf-manifest.json',
  ])('answers 404 for %s (not built, or no such remote), never the page', async (url) => {
    const response = await app.inject({ url, headers: html });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<title>Duly</title>');
  });

  it('never serves a file outside the build folder', async () => {
    writeFileSync(path.join(root, 'shell/secret.txt'), 'TOP SECRET');
    for (const url of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt']) {
      const response = await app.inject({ url, headers: { accept: '*/*' } });
      expect(response.body).not.toContain('TOP SECRET');
    }
  });

  it('says how to build the app when the shell is not built yet', async () => {
    rmSync(path.join(root, 'shell/dist'), { recursive: true });
    const response = await app.inject({ url: '/dashboard', headers: html });
    expect(response.statusCode).toBe(503);
    expect(response.body).toBe('The web app is not built yet: run `npm start`, which builds it.');
  });
});

describe('web settings from the environment', () => {
  it('serves no front end without DULY_WEB_ROOT', () => {
    expect(webOptionsFromEnv({})).toBeNull();
  });

  it('serves the benchmark page under /__bench/ only when DULY_BENCH_PAGE_DIR is set', async () => {
    const root = makeWebRoot();
    const benchDir = path.join(root, 'bench-page');
    mkdirSync(benchDir);
    writeFileSync(path.join(benchDir, 'index.html'), '<!doctype html><title>Minimal</title>');
    const plain = await buildApp({ DULY_WEB_ROOT: root });
    const bench = await buildApp({ DULY_WEB_ROOT: root, DULY_BENCH_PAGE_DIR: benchDir });
    try {
      expect(
        (await plain.inject({ url: '/__bench/', headers: { accept: 'text/html' } })).statusCode,
      ).toBe(404);
      const withoutSlash = await bench.inject({ url: '/__bench' });
      expect(withoutSlash.statusCode).toBe(302);
      expect(withoutSlash.headers.location).toBe('/__bench/');
      const page = await bench.inject({ url: '/__bench/', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Minimal</title>');
    } finally {
      await Promise.all([plain.close(), bench.close()]);
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('lets API_BASE_URL and REMOTE_<NAME>_URL override config.json', async () => {
    const root = makeWebRoot();
    const app = await buildApp({
      DULY_WEB_ROOT: root,
      API_BASE_URL: 'https://api.example.com/api/v1',
      REMOTE_TASKS_URL: 'https://cdn.example.com/tasks/v2/mf-manifest.json',
      REMOTE_TEAM_URL: 'https://cdn.example.com/team/',
    });
    try {
      const config = (await app.inject({ url: '/config.json' })).json();
      expect(config.apiBaseUrl).toBe('https://api.example.com/api/v1');
      expect(config.remotes.remote_tasks.entry).toBe(
        'https://cdn.example.com/tasks/v2/mf-manifest.json',
      );
      expect(config.remotes.remote_team.entry).toBe(
        'https://cdn.example.com/team/mf-manifest.json',
      );
      // The page may load scripts and data from there.
      const policy = (await app.inject({ url: '/', headers: { accept: 'text/html' } })).headers[
        'content-security-policy'
      ];
      expect(policy).toContain(`script-src 'self' https://cdn.example.com ${BOOT_SCRIPT_SOURCE};`);
      expect(policy).toContain(
        "connect-src 'self' https://cdn.example.com https://api.example.com;",
      );
    } finally {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('immutable releases of remotes (scripts/releases.cjs)', () => {
  const remoteTasks = { name: 'remote_tasks', package: 'remote-tasks' };
  let root: string;
  let dataDir: string;
  let app: FastifyInstance;

  /** A build of remote-tasks whose chunk says which build it is. */
  function build(label: string): string {
    const dist = path.join(root, `build-${label}`);
    mkdirSync(dist, { recursive: true });
    writeFileSync(
      path.join(dist, 'mf-manifest.json'),
      JSON.stringify({ metaData: { buildInfo: { buildVersion: label } } }),
    );
    writeFileSync(path.join(dist, 'remoteEntry.js'), `var remote_tasks; // ${label}`);
    writeFileSync(path.join(dist, 'routes.0123456789.js'), `console.log(${JSON.stringify(label)})`);
    return dist;
  }

  beforeEach(async () => {
    root = makeWebRoot();
    dataDir = path.join(root, 'data');
    app = await buildApp({ DULY_WEB_ROOT: root, DATA_DIR: dataDir });
  });

  afterEach(async () => {
    rmSync(root, { recursive: true, force: true });
    await app?.close();
  });

  const entryOfTasks = async () =>
    (await app.inject({ url: '/config.json' })).json().remotes.remote_tasks;

  it('serves dist/ while no release was ever made', async () => {
    expect(await entryOfTasks()).toMatchObject({ entry: '/remotes/remote-tasks/mf-manifest.json' });
    expect((await entryOfTasks()).release).toBeUndefined();
  });

  it('points config.json at the active release at once, keeps every kept release served, and follows a rollback without a restart', async () => {
    const first = releaseBuild({ dataDir, target: remoteTasks, distDir: build('1.0.0') });
    expect(await entryOfTasks()).toMatchObject({
      entry: `/releases/remote-tasks/${first.id}/mf-manifest.json`,
      release: first.id,
      routes: ['/tasks/*'],
    });

    const second = releaseBuild({ dataDir, target: remoteTasks, distDir: build('1.1.0') });
    expect(second.id).not.toBe(first.id);
    expect((await entryOfTasks()).entry).toBe(
      `/releases/remote-tasks/${second.id}/mf-manifest.json`,
    );
    // A tab still on the first release keeps loading its files.
    const oldChunk = await app.inject({
      url: `/releases/remote-tasks/${first.id}/routes.0123456789.js`,
    });
    expect(oldChunk.statusCode).toBe(200);
    expect(oldChunk.body).toBe('console.log("1.0.0")');
    expect(oldChunk.headers['access-control-allow-origin']).toBe('*');
    const newEntry = await app.inject({
      url: `/releases/remote-tasks/${second.id}/remoteEntry.js`,
    });
    expect(newEntry.body).toBe('var remote_tasks; // 1.1.0');
    // Immutable: even the entry files of a release are cached for good; config.json moves.
    expect(newEntry.headers['cache-control']).toBe(IMMUTABLE);
    expect((await app.inject({ url: '/config.json' })).headers['cache-control']).toBe(NO_CACHE);

    rollbackRelease({ dataDir, target: remoteTasks });
    expect((await entryOfTasks()).release).toBe(first.id);
  });

  it('answers 404 for an unknown release, remote or id, and never outside a release folder', async () => {
    const { id } = releaseBuild({ dataDir, target: remoteTasks, distDir: build('1.0.0') });
    for (const url of [
      `/releases/remote-tasks/0123456789ab/remoteEntry.js`,
      `/releases/remote-nope/${id}/remoteEntry.js`,
      `/releases/remote-tasks/..%2F..%2Fjwt-secret/x`,
      `/releases/remote-tasks/${id}/..%2F..%2F..%2Freleases.json`,
    ]) {
      const response = await app.inject({ url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.json().code).toBe('route_not_found');
    }
  });
});

describe('source maps', () => {
  let root: string;
  let app: FastifyInstance | undefined;

  beforeEach(() => {
    root = makeWebRoot();
    writeFileSync(path.join(root, 'shell/dist', `${SHELL_CHUNK}.map`), '{"version":3}');
    writeFileSync(path.join(root, 'remote-tasks/dist/remoteEntry.js.map'), '{"version":3}');
  });

  afterEach(async () => {
    rmSync(root, { recursive: true, force: true });
    await app?.close();
  });

  it('are not served by default, from the shell or a remote', async () => {
    app = await buildApp({ DULY_WEB_ROOT: root });
    for (const url of [`/${SHELL_CHUNK}.map`, '/remotes/remote-tasks/remoteEntry.js.map']) {
      const response = await app.inject({ url, headers: { accept: '*/*' } });
      expect([url, response.statusCode]).toEqual([url, 404]);
      expect(response.body).not.toContain('version');
    }
  });

  it('are served when DULY_SERVE_SOURCE_MAPS=on', async () => {
    app = await buildApp({ DULY_WEB_ROOT: root, DULY_SERVE_SOURCE_MAPS: 'on' });
    const response = await app.inject({ url: `/${SHELL_CHUNK}.map` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"version":3}');
  });
});

describe('immutable releases of the shell (npm run release -- shell)', () => {
  let root: string;
  let dataDir: string;
  let app: FastifyInstance;

  /** A shell build: its page names its entry chunk; a lazy chunk stands for a screen's code. */
  function shellBuild(label: string, hash: string): string {
    const dist = path.join(root, `shell-build-${label}`);
    mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><title>Duly ${label}</title><script defer src="/main.${hash}.js"></script>`,
    );
    writeFileSync(path.join(dist, 'prerendered/login.html'), `<h1>Sign in ${label}</h1>`);
    writeFileSync(path.join(dist, `main.${hash}.js`), `// entry ${label}`);
    writeFileSync(path.join(dist, `tasks-screen.${hash}.js`), `// screen ${label}`);
    writeFileSync(path.join(dist, 'shell-manifest.json'), `{"label":"${label}"}`);
    writeFileSync(path.join(dist, `notes-${label}.txt`), label);
    return dist;
  }

  const releaseShell = (label: string, hash: string) =>
    releaseBuild({ dataDir, target: SHELL, distDir: shellBuild(label, hash) });
  const page = (url = '/tasks') =>
    app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });

  beforeEach(async () => {
    root = makeWebRoot();
    dataDir = path.join(root, 'data');
    app = await buildApp({ DULY_WEB_ROOT: root, DATA_DIR: dataDir });
  });

  afterEach(async () => {
    rmSync(root, { recursive: true, force: true });
    await app?.close();
  });

  it('serves the active shell release at once, and a tab opened on the previous one still loads its chunks', async () => {
    expect((await page()).body).toBe(INDEX_HTML); // shell/dist, before any release
    releaseShell('1', 'aaaaaaaaaa');
    expect((await page()).body).toContain('<title>Duly 1</title>');

    releaseShell('2', 'bbbbbbbbbb');
    const fresh = await page();
    expect(fresh.body).toContain('<title>Duly 2</title>');
    expect(fresh.headers['cache-control']).toBe(NO_CACHE);
    expect((await page('/login')).body).toBe('<h1>Sign in 2</h1>');

    // A tab opened on release 1 opens the tasks screen: its chunk is release 1's, cached for good.
    const oldChunk = await app.inject({ url: '/tasks-screen.aaaaaaaaaa.js' });
    expect(oldChunk.statusCode).toBe(200);
    expect(oldChunk.body).toBe('// screen 1');
    expect(oldChunk.headers['cache-control']).toBe(IMMUTABLE);
    expect((await app.inject({ url: '/main.bbbbbbbbbb.js' })).body).toBe('// entry 2');
    // Only content-hashed names come from an earlier release: the rest is the active one's.
    expect((await app.inject({ url: '/notes-1.txt', headers: { accept: '*/*' } })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ url: '/shell-manifest.json' })).body).toBe('{"label":"2"}');

    rollbackRelease({ dataDir, target: SHELL });
    expect((await page()).body).toContain('<title>Duly 1</title>');
  });

  it('keeps serving the released shell, page and chunks, while shell/dist is being rebuilt', async () => {
    releaseShell('1', 'aaaaaaaaaa');
    // A build with `clean: true` has emptied shell/dist and not written index.html yet.
    rmSync(path.join(root, 'shell/dist'), { recursive: true });
    mkdirSync(path.join(root, 'shell/dist'));

    for (const url of ['/', '/tasks', '/login']) {
      const response = await page(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    }
    expect((await app.inject({ url: '/main.aaaaaaaaaa.js' })).statusCode).toBe(200);
  });

  it('serves DULY_SHELL_DIR whatever the shell releases say', async () => {
    releaseShell('1', 'aaaaaaaaaa');
    const pinned = await buildApp({
      DULY_WEB_ROOT: root,
      DATA_DIR: dataDir,
      DULY_SHELL_DIR: 'shell/dist',
    });
    try {
      const response = await pinned.inject({ url: '/', headers: { accept: 'text/html' } });
      expect(response.body).toBe(INDEX_HTML);
      // The releases' chunks are not mixed into a shell pinned elsewhere.
      expect((await pinned.inject({ url: '/main.aaaaaaaaaa.js' })).statusCode).toBe(404);
    } finally {
      await pinned.close();
    }
  });
});
