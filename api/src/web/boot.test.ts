import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';

import Fastify, { type FastifyInstance } from 'fastify';

import { releaseBuild, rollbackRelease } from '../../../scripts/releases.cjs';
import { BOOT_SCRIPT, BOOT_SCRIPT_SOURCE, SKELETON } from './boot';
import { webOptionsFromEnv, webPlugin } from './index';

/** One wave from the HTML (issue 32): what an app page carries for its path. */
const INDEX_HTML =
  '<!doctype html><html><head><meta charset="utf-8"><title>Duly</title></head><body><div id="root"></div></body></html>';

function manifest(label: string, chunk: string) {
  return {
    metaData: {
      name: 'remote_tasks',
      buildInfo: { buildVersion: label },
      remoteEntry: { name: 'remoteEntry.js', path: '' },
    },
    exposes: [{ name: 'routes', assets: { js: { sync: [chunk], async: ['16.aaaaaaaaaa.js'] } } }],
    shared: [],
  };
}

/** The JSON the page carries, parsed. */
function bootOf(html: string): {
  config: { remotes: Record<string, { entry?: string }> };
  manifests: Record<string, { metaData: { buildInfo: { buildVersion: string } } }>;
  firstRequests?: { request: string; endpoint: string; args?: unknown[]; roles?: string[] }[];
  preload: string[];
} {
  const json = /<script type="application\/json" id="duly-boot">([\s\S]*?)<\/script>/.exec(html);
  if (!json) throw new Error(`no boot data in ${html}`);
  return JSON.parse(json[1]!);
}

/** What a signed-in visit preloads (BOOT_SCRIPT adds the links); the page itself has none. */
const preloads = (html: string) => {
  expect(html).not.toMatch(/<link rel="?preload/);
  return bootOf(html).preload;
};

/** The shell build's list of what a signed-in page loads beyond index.html's preloads. */
const SHELL_PRELOAD = {
  signedIn: ['signed-in.0123456789.js', 'list.0123456789.js'],
  shared: {
    '@duly/shared/list': ['list.0123456789.js'],
    'react-router-dom': ['router.0123456789.js'],
    formik: ['forms.0123456789.js'],
  },
};

/** remote-tasks' build stats: its ./routes requires these shared packages. */
const STATS = {
  exposes: [{ path: './routes', requires: ['@duly/shared/list', 'react-router-dom', 'react'] }],
};

describe('the app page carries its route in one wave (api/src/web/boot.ts)', () => {
  let root: string;
  let dataDir: string;
  let app: FastifyInstance;
  const html = { accept: 'text/html' };

  beforeEach(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'duly-boot-'));
    dataDir = path.join(root, 'data');
    const write = (file: string, content: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), content);
    };
    write('shell/dist/index.html', INDEX_HTML);
    write('shell/dist/boot-preload.json', JSON.stringify(SHELL_PRELOAD));
    write(
      'remote-tasks/dist/mf-manifest.json',
      JSON.stringify(manifest('dist', '__federation_expose_routes.0123456789.js')),
    );
    write('remote-tasks/dist/mf-stats.json', JSON.stringify(STATS));
    const fastify = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    await fastify.register(
      webPlugin,
      webOptionsFromEnv({ DULY_WEB_ROOT: root, DATA_DIR: dataDir })!,
    );
    await fastify.ready();
    app = fastify;
  });

  afterEach(async () => {
    rmSync(root, { recursive: true, force: true });
    await app?.close();
  });

  it("inlines the config and /tasks' remote manifest, names for preloading the signed-in chunk, its entry, exposed chunk and the shared packages it requires only, the list's first request with the page's query and its endpoint, and the chrome's skeleton", async () => {
    const response = await app.inject({ url: '/tasks?status=overdue', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const boot = bootOf(response.body);
    const entry = '/remotes/remote-tasks/mf-manifest.json';
    expect(boot.config.remotes.remote_tasks!.entry).toBe(entry);
    expect(Object.keys(boot.manifests)).toEqual([entry]);
    expect(boot.manifests[entry]!.metaData.buildInfo.buildVersion).toBe('dist');
    expect(boot.firstRequests).toEqual([
      { request: '/api/v1/tasks/?limit=50&offset=0&status=overdue', endpoint: 'tasksList' },
    ]);
    // Not forms: /tasks' ./routes does not require formik.
    expect(preloads(response.body)).toEqual([
      '/signed-in.0123456789.js',
      '/list.0123456789.js',
      '/remotes/remote-tasks/remoteEntry.js',
      '/remotes/remote-tasks/__federation_expose_routes.0123456789.js',
      '/router.0123456789.js',
    ]);
    expect(response.body).toContain(`<div id="root"></div>${SKELETON}`);
    // The charset stays first; the boot script is the one the policy allows by hash.
    expect(response.body.indexOf('<meta charset')).toBeLessThan(response.body.indexOf('duly-boot'));
    expect(response.body).toContain(`<script>${BOOT_SCRIPT}</script>`);
    const hash = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;
    expect(BOOT_SCRIPT_SOURCE).toBe(hash);
    expect(response.headers['content-security-policy']).toContain(hash);
  });

  it("preloads every shared package the remote's exposed chunks consume when its build lists them (exposes-shared.json), beyond what mf-stats.json's requires names", async () => {
    writeFileSync(
      path.join(root, 'remote-tasks/dist/exposes-shared.json'),
      JSON.stringify({ './routes': ['@duly/shared/list', 'react', 'formik'] }),
    );
    const response = await app.inject({ url: '/tasks', headers: html });
    // formik, consumed by a screen ./routes imports, which mf-stats.json's requires leaves out;
    // react-router-dom, which only mf-stats.json names, is not consumed there.
    expect(preloads(response.body)).toEqual([
      '/signed-in.0123456789.js',
      '/list.0123456789.js',
      '/remotes/remote-tasks/remoteEntry.js',
      '/remotes/remote-tasks/__federation_expose_routes.0123456789.js',
      '/forms.0123456789.js',
    ]);
  });

  it('sends no first request for a page it cannot predict (another page of the list, a detail page, a settings page) and inlines nothing of a remote on a shell page', async () => {
    expect(
      bootOf((await app.inject({ url: '/tasks?page=2', headers: html })).body).firstRequests,
    ).toBeUndefined();
    const detail = bootOf((await app.inject({ url: '/tasks/123', headers: html })).body);
    expect(detail.firstRequests).toBeUndefined();
    expect(Object.keys(detail.manifests)).toHaveLength(1);
    const profile = bootOf((await app.inject({ url: '/profile', headers: html })).body);
    expect(profile.firstRequests).toBeUndefined();
    const dashboard = await app.inject({ url: '/dashboard', headers: html });
    expect(bootOf(dashboard.body).manifests).toEqual({});
    expect(preloads(dashboard.body)).toEqual(SHELL_PRELOAD.signedIn.map((file) => `/${file}`));
  });

  it.each(['/dashboard', '/'])(
    "starts the shell's %s with its counts, the organisation's compliance for admins only",
    async (url) => {
      const boot = bootOf((await app.inject({ url: `${url}?ignored=1`, headers: html })).body);
      expect(boot.firstRequests).toEqual([
        { request: '/api/v1/dashboard/', endpoint: 'dashboardGet', args: [] },
        {
          request: '/api/v1/certificates/?in_reminder_window=true&limit=1',
          endpoint: 'dashboardReminderWindow',
          args: [],
        },
        {
          request: '/api/v1/compliance?limit=1',
          endpoint: 'dashboardCompliance',
          args: [],
          roles: ['admin'],
        },
      ]);
    },
  );

  it("starts the team dashboards with every request of their screen, as declared (the page's query is not theirs), the managers' for managers and admins only", async () => {
    const team = bootOf((await app.inject({ url: '/tasks/dashboard?page=2', headers: html })).body);
    expect(team.firstRequests!.map(({ request, endpoint }) => [endpoint, request])).toEqual([
      ['teamMembers', '/api/v1/manager/team?limit=10&offset=0'],
      ['teamTasks', '/api/v1/manager/tasks?limit=10&offset=0&sort=urgency'],
      ['teamCertificates', '/api/v1/manager/certificates?limit=10&offset=0&sort=expiry_date'],
      ['teamSummary', '/api/v1/manager/summary'],
    ]);
    for (const request of team.firstRequests!) expect(request.roles).toEqual(['manager', 'admin']);
    const mine = bootOf((await app.inject({ url: '/employee/dashboard', headers: html })).body);
    expect(mine.firstRequests).toEqual([
      {
        request: '/api/v1/employee/tasks?limit=10&offset=0&sort=urgency',
        endpoint: 'teamMyTasks',
        args: [{ limit: 10, offset: 0 }],
      },
      {
        request: '/api/v1/employee/certificates?limit=10&offset=0&sort=expiry_date',
        endpoint: 'teamMyCertificates',
        args: [{ limit: 10, offset: 0 }],
      },
    ]);
  });

  it("inlines the current release's manifest: a remote released and rolled back alone is followed at the next page load", async () => {
    const remoteTasks = { name: 'remote_tasks', package: 'remote-tasks' };
    const build = (label: string) => {
      const dist = path.join(root, `build-${label}`);
      mkdirSync(dist, { recursive: true });
      writeFileSync(
        path.join(dist, 'mf-manifest.json'),
        JSON.stringify(
          manifest(label, `__federation_expose_routes.${label.replace(/\./g, '')}0000000.js`),
        ),
      );
      writeFileSync(path.join(dist, 'remoteEntry.js'), `var remote_tasks; // ${label}`);
      return dist;
    };
    const versionServed = async () => {
      const page = await app.inject({ url: '/tasks', headers: html });
      const boot = bootOf(page.body);
      const entry = boot.config.remotes.remote_tasks!.entry!;
      return {
        entry,
        version: boot.manifests[entry]!.metaData.buildInfo.buildVersion,
        preload: preloads(page.body),
      };
    };
    const first = releaseBuild({ dataDir, target: remoteTasks, distDir: build('1.0.0') });
    const second = releaseBuild({ dataDir, target: remoteTasks, distDir: build('1.1.0') });
    expect(await versionServed()).toEqual({
      entry: `/releases/remote-tasks/${second.id}/mf-manifest.json`,
      version: '1.1.0',
      preload: [
        ...SHELL_PRELOAD.signedIn.map((file) => `/${file}`),
        `/releases/remote-tasks/${second.id}/remoteEntry.js`,
        `/releases/remote-tasks/${second.id}/__federation_expose_routes.1100000000.js`,
      ],
    });
    rollbackRelease({ dataDir, target: remoteTasks });
    expect(await versionServed()).toMatchObject({
      entry: `/releases/remote-tasks/${first.id}/mf-manifest.json`,
      version: '1.0.0',
    });
  });
});

/** BOOT_SCRIPT run against a stand-in page holding `boot` and, in local storage, `token`. */
function runBootScript(boot: object, token: string | null) {
  const fetched: { url: string; headers: unknown }[] = [];
  const links: { rel: string; as: string; href: string }[] = [];
  const attributes: string[] = [];
  const listeners: { type: string; listener: ClickListener; capture: boolean }[] = [];
  const doc = {
    getElementById: (id: string) =>
      id === 'duly-boot' ? { textContent: JSON.stringify(boot) } : null,
    createElement: () => ({ rel: '', as: '', href: '' }),
    head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
    documentElement: { setAttribute: (name: string) => attributes.push(name) },
    addEventListener: (type: string, listener: ClickListener, capture: boolean) =>
      listeners.push({ type, listener, capture }),
  };
  const win: Record<string, unknown> = {
    localStorage: { getItem: () => token },
    atob: (text: string) => Buffer.from(text, 'base64').toString('binary'),
    fetch: (url: string, init: { headers: unknown }) => {
      fetched.push({ url, headers: init.headers });
      return new Promise(() => {});
    },
  };
  runInNewContext(BOOT_SCRIPT, { document: doc, window: win, JSON, Date, Math });
  const clickOn = (target: { closest?: (selector: string) => unknown }) =>
    listeners.forEach(({ type, listener }) => type === 'click' && listener({ target }));
  return {
    fetched,
    links,
    attributes,
    prefetch: win.dulyPrefetch,
    listeners,
    clickOn,
    earlyClick: () => win.dulyEarlyClick,
  };
}

type ClickListener = (event: { target: unknown }) => void;

/** A JWT whose payload says it expires at `exp` (seconds); the signature is not read. */
const jwt = (exp: number, role = 'admin') =>
  `e30.${Buffer.from(JSON.stringify({ sub: 'u', role, exp })).toString('base64url')}.sig`;

describe('the boot script of the app page (BOOT_SCRIPT)', () => {
  const list = { request: '/api/v1/tasks/?limit=50&offset=0', endpoint: 'tasksList' };
  const boot = {
    firstRequests: [list],
    preload: ['/signed-in.0123456789.js', '/remotes/remote-tasks/remoteEntry.js'],
  };
  const now = Math.floor(Date.now() / 1000);

  it('with an unexpired token sends the first request with it, adds the preload links and marks the page signed in', () => {
    const token = jwt(now + 600);
    const run = runBootScript(boot, token);
    expect(run.fetched).toEqual([
      { url: list.request, headers: { authorization: `Bearer ${token}` } },
    ]);
    expect(run.prefetch).toMatchObject([{ url: list.request, endpoint: 'tasksList', token }]);
    expect(run.links.map((link) => [link.rel, link.as, link.href])).toEqual(
      boot.preload.map((href) => ['preload', 'script', href]),
    );
    expect(run.attributes).toEqual(['data-duly-session']);
  });

  it.each([
    ['manager', ['members', 'overview', 'mine']],
    [' Manager ', ['members', 'overview', 'mine']],
    ['admin', ['members', 'overview', 'compliance', 'mine']],
    ['employee', ['mine']],
  ])(
    "with a %s's token sends only the requests that role may send, each with its endpoint and arguments",
    (role, sent) => {
      const token = jwt(now + 600, role);
      const request = (name: string, roles?: string[]) => ({
        request: `/api/v1/${name}`,
        endpoint: name,
        args: [],
        ...(roles ? { roles } : {}),
      });
      const run = runBootScript(
        {
          firstRequests: [
            request('members', ['manager', 'admin']),
            request('overview', ['manager', 'admin']),
            request('compliance', ['admin']),
            request('mine'),
          ],
        },
        token,
      );
      expect(run.fetched.map((fetched) => fetched.url)).toEqual(
        sent.map((name) => `/api/v1/${name}`),
      );
      expect(run.prefetch).toEqual(
        sent.map((name) => ({
          url: `/api/v1/${name}`,
          endpoint: name,
          args: [],
          token,
          response: expect.any(Object),
        })),
      );
    },
  );

  it('with a role that may send none of the requests leaves no prefetch, and still preloads', () => {
    const run = runBootScript(
      {
        firstRequests: [{ request: '/api/v1/manager/team', endpoint: 'x', roles: ['manager'] }],
        preload: boot.preload,
      },
      jwt(now + 600, 'employee'),
    );
    expect(run.fetched).toEqual([]);
    expect(run.prefetch).toBeUndefined();
    expect(run.links).toHaveLength(2);
  });

  it('uses the answers the server inlined (the session cookie held this very token) instead of sending their requests; a null answer stands as a failure', async () => {
    const token = jwt(now + 600, 'employee');
    const answer = { status: 200, headers: { 'x-total-count': '1' }, data: [{ id: 't1' }] };
    const run = runBootScript(
      {
        firstRequests: [
          { ...list, answer },
          { request: '/api/v1/refused', endpoint: 'refused', args: [], answer: null },
          {
            request: '/api/v1/managers',
            endpoint: 'm',
            args: [],
            roles: ['manager'],
            answer: null,
          },
        ],
        session: { path: '/web/session', cookie: token.slice(-16) },
      },
      token,
    );
    expect(run.fetched).toEqual([]);
    const prefetch = run.prefetch as { url: string; token: string; response: Promise<unknown> }[];
    expect(prefetch.map(({ url }) => url)).toEqual([list.request, '/api/v1/refused']);
    expect(await prefetch[0]!.response).toEqual(answer);
    expect(await prefetch[1]!.response).toBeNull();
    // The page shows the server's render of the screen (server-render.ts) only in this case.
    expect(run.attributes).toEqual(['data-duly-session', 'data-duly-rows']);
    // And keeps the last button clicked in it, for the app to click once it has taken over.
    expect(run.listeners).toEqual([
      { type: 'click', listener: expect.any(Function), capture: true },
    ]);
    const button = { name: 'Next page' };
    const selectors: string[] = [];
    run.clickOn({ closest: (selector) => (selectors.push(selector), null) });
    expect(run.earlyClick()).toBeUndefined();
    run.clickOn({ closest: () => button });
    expect(selectors).toEqual(['#duly-server button']);
    expect(run.earlyClick()).toBe(button);
  });

  it.each([
    ['the cookie held another token', 'another-token-end'],
    ['the page had no cookie', null],
  ])('sends the requests itself when %s, whatever answers the page carries', (_case, cookie) => {
    const token = jwt(now + 600);
    const run = runBootScript(
      {
        firstRequests: [{ ...list, answer: { status: 200, headers: {}, data: [] } }],
        session: { path: '/web/session', cookie },
      },
      token,
    );
    expect(run.fetched.map(({ url }) => url)).toEqual([list.request]);
    // Signed in, the skeleton shown; the server's render (of another session) hidden.
    expect(run.attributes).toEqual(['data-duly-session']);
    expect(run.listeners).toEqual([]);
  });

  it.each([
    ['no token', null],
    ['an expired token', jwt(now - 60)],
    ['a token without an expiry', `e30.${Buffer.from('{"sub":"u"}').toString('base64url')}.sig`],
    ['a malformed token', 'not-a-jwt'],
  ])('with %s requests nothing, preloads nothing and shows no skeleton', (_case, token) => {
    const { fetched, links, attributes, prefetch, listeners } = runBootScript(boot, token);
    expect({ fetched, links, attributes, prefetch, listeners }).toEqual({
      fetched: [],
      links: [],
      attributes: [],
      prefetch: undefined,
      listeners: [],
    });
  });
});
