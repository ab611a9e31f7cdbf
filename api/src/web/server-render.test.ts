import { copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';
import webpack from 'webpack';

import {
  createOrganization,
  createCertificate,
  createTask,
  openTestDatabase,
  testDatabases,
  type TestDatabase,
  type TestOrganization,
} from '../../test/helper';
import { dulyWithWeb, webOptionsFor, webRootWithShell } from '../../test/web-app';
import type { WebOptions } from './index';
import { SERVER_ROUTES_FILE } from './server-render';
import { SESSION_COOKIE } from './session-cookie';

/**
 * The rows in the server's HTML (issue 32, increment 3): the HTML route renders the screen of
 * the page's first answers from the Node build of the owning remote's routes (the real build
 * of remote-tasks, made here with the config `npm run build` uses) and writes it into `#root`.
 */
const REPO = path.resolve(__dirname, '../../..');
const MANIFEST = JSON.stringify({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
});

const EMPTY_ROOT = '<div id="root"></div>';
const SERVER_ROOT = '<div id="root" data-duly-snapshot><div id="duly-server">';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { serverRoutesConfig } = require('../../../scripts/webpack/remote.cjs') as {
  serverRoutesConfig(options: { dir: string; outputDir: string }): webpack.Configuration;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { shellServerRoutesConfig } = require('../../../shell/webpack.config.cjs') as {
  shellServerRoutesConfig(options: { outputDir: string }): webpack.Configuration;
};

/** Each remote's routes and the shell's built for Node, once for the file (both databases use them). */
const PACKAGES = [
  'remote-tasks',
  'remote-certificates',
  'remote-employees',
  'remote-team',
  'shell',
] as const;
type Package = (typeof PACKAGES)[number];
let built: Promise<Record<Package, string>> | undefined;
function buildRoutes(pkg: Package): Promise<string> {
  const outputDir = mkdtempSync(path.join(tmpdir(), `duly-server-routes-${pkg}-`));
  const config =
    pkg === 'shell'
      ? shellServerRoutesConfig({ outputDir })
      : serverRoutesConfig({ dir: path.join(REPO, pkg), outputDir });
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error || !stats || stats.hasErrors())
        reject(error ?? new Error(stats?.toString('errors-only')));
      else resolve(path.join(outputDir, 'routes.cjs'));
    });
  });
}

afterAll(async () => {
  const files = await built?.catch(() => undefined);
  for (const file of Object.values(files ?? {}))
    rmSync(path.dirname(file), { recursive: true, force: true });
});

function buildAllRoutes(): Promise<Record<Package, string>> {
  built ??= (async () => {
    const files = {} as Record<Package, string>;
    // One after the other: two cores, shared with the database.
    for (const pkg of PACKAGES) files[pkg] = await buildRoutes(pkg);
    return files;
  })();
  return built;
}

/** The server's render in a page (from its `#root` on), which must be there. */
function serverMarkupOf(body: string): string {
  expect(body).toContain(SERVER_ROOT);
  return body.slice(body.indexOf(SERVER_ROOT));
}

/** The text of a page's rows: each `<tr>` of the markup's body. */
function rowCount(html: string): number {
  return html.match(/<tr[\s>]/g)?.length ?? 0;
}

describe.each(testDatabases())('the screen rendered in the page (%s)', (kind) => {
  let database: TestDatabase;
  let root: string;
  let app: FastifyInstance;
  let lateApp: FastifyInstance;
  let org: TestOrganization;
  let routesFile: string;
  let builtRoutes: string;

  beforeAll(async () => {
    const files = await buildAllRoutes();
    builtRoutes = files['remote-tasks'];
    database = await openTestDatabase(kind);
    root = webRootWithShell('duly-server-render-');
    for (const pkg of PACKAGES) {
      const dist = path.join(root, pkg, 'dist');
      mkdirSync(path.join(dist, 'server'), { recursive: true });
      if (pkg !== 'shell') writeFileSync(path.join(dist, 'mf-manifest.json'), MANIFEST);
      copyFileSync(files[pkg], path.join(dist, SERVER_ROUTES_FILE));
    }
    routesFile = path.join(root, 'remote-tasks/dist', SERVER_ROUTES_FILE);

    const options = webOptionsFor(root);
    app = await dulyWithWeb(database, options);
    // A render that takes longer than its limit is discarded: a limit of 0 ms discards every one.
    const late: WebOptions = { ...options, serverRenderLimitMs: 0 };
    lateApp = await dulyWithWeb(database, late);

    org = await createOrganization(database.db);
    await createTask(database.db, org, {
      title: 'Renew the </script><script>alert(1)</script> permit',
    });
    await createTask(database.db, org, { title: 'File the GST return', status: 'completed' });
    await createCertificate(database.db, org, { name: 'Fire safety <NOC>' });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await lateApp?.close();
    await database?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  const page = (url: string, token?: string, server = app) =>
    server.inject({
      url,
      headers: { accept: 'text/html', ...(token ? { cookie: `${SESSION_COOKIE}=${token}` } : {}) },
    });

  it('renders /tasks with its rows into #root, the titles escaped, the styles in <head>, with the same policy', async () => {
    const response = await page('/tasks', org.manager.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const html = response.body;
    const markup = serverMarkupOf(html);
    // A header row and the two tasks.
    expect(rowCount(markup)).toBe(3);
    expect(markup).toContain('File the GST return');
    expect(markup).toContain(
      'Renew the &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; permit',
    );
    expect(html).not.toContain('<script>alert(1)');
    // The boot JSON and BOOT_SCRIPT remain the page's only scripts.
    expect(html.match(/<script/g)).toHaveLength(2);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<style[^>]*data-styled/);
    expect(head).toContain('html:not([data-duly-rows]) #duly-server{display:none}');
    const anonymous = await page('/tasks');
    expect(response.headers['content-security-policy']).toBe(
      anonymous.headers['content-security-policy'],
    );
  });

  it("renders the page URL's list: a filter's rows only", async () => {
    const { body } = await page('/tasks?status=completed', org.manager.token);
    const markup = serverMarkupOf(body);
    expect(markup).toContain('File the GST return');
    expect(markup).not.toContain('permit');
    expect(rowCount(markup)).toBe(2);
  });

  it("another organisation's session renders its own rows only", async () => {
    const other = await createOrganization(database.db);
    await createTask(database.db, other, { title: 'Only the other organisation sees this' });
    const { body } = await page('/tasks', other.admin.token);
    const markup = serverMarkupOf(body);
    expect(markup).toContain('Only the other organisation sees this');
    expect(body).not.toContain('File the GST return');
  });

  it('renders /certificates and /employees with their rows', async () => {
    const certificates = (await page('/certificates', org.manager.token)).body;
    const certificateMarkup = serverMarkupOf(certificates);
    expect(certificateMarkup).toContain('Fire safety &lt;NOC&gt;');
    expect(rowCount(certificateMarkup)).toBe(2);

    const employees = (await page('/employees', org.admin.token)).body;
    const employeeMarkup = serverMarkupOf(employees);
    // The organisation's four people (an admin, a manager, two employees) and the header.
    for (const user of [org.admin, org.manager, org.employee])
      expect(employeeMarkup).toContain(user.full_name);
    expect(rowCount(employeeMarkup)).toBe(5);
  });

  it("renders a manager's /tasks/dashboard with its three tables and its summary, seeded through their endpoints", async () => {
    const { body } = await page('/tasks/dashboard', org.manager.token);
    const markup = serverMarkupOf(body);
    expect(markup).toContain('Team Dashboard');
    for (const title of ['Team Members', 'Team Tasks', 'Team Certificates'])
      expect(markup).toContain(title);
    expect(markup).toContain(
      'Renew the &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; permit',
    );
    expect(markup).toContain('Fire safety &lt;NOC&gt;');
    expect(markup).toContain(org.employee.full_name);
    // No table waits for its data: no spinner, no "Loading".
    expect(markup).not.toMatch(/role="progressbar"|Loading/);
  });

  it("renders an employee's /employee/dashboard with their own tasks and certificates", async () => {
    const { body } = await page('/employee/dashboard', org.employee.token);
    const markup = serverMarkupOf(body);
    expect(markup).toContain(
      'Renew the &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; permit',
    );
    expect(markup).toContain('Fire safety &lt;NOC&gt;');
    expect(markup).not.toMatch(/role="progressbar"|Loading/);
  });

  it("renders the shell's /dashboard with its cards: an admin's with the compliance card, a manager's without it", async () => {
    const admin = (await page('/dashboard', org.admin.token)).body;
    const adminMarkup = serverMarkupOf(admin);
    expect(adminMarkup).toContain('Overview of tasks, certificates, and employees');
    expect(adminMarkup).toContain('Compliance');
    expect(adminMarkup).not.toMatch(/role="progressbar"|Loading/);

    // The compliance request is the admin's alone: a manager's page is rendered without it.
    const manager = (await page('/', org.manager.token)).body;
    const managerMarkup = serverMarkupOf(manager);
    expect(managerMarkup).toContain('Overview of tasks, certificates, and employees');
    expect(managerMarkup).not.toContain('Compliance');
    expect(managerMarkup).not.toMatch(/role="progressbar"|Loading/);
  });

  it("gives today's page for a team dashboard the role may not see: its requests were not answered", async () => {
    const { body, statusCode } = await page('/tasks/dashboard', org.employee.token);
    expect(statusCode).toBe(200);
    expect(body).toContain(EMPTY_ROOT);
    expect(body).not.toContain('data-duly-snapshot');
  });

  it("gives today's page without a cookie, with a token this server did not sign, and for a remote without a Node build", async () => {
    expect((await page('/tasks')).body).not.toContain('File the GST return');
    expect((await page('/tasks', `${org.manager.token.slice(0, -4)}AAAA`)).body).not.toContain(
      'File the GST return',
    );
    // A remote built by the dev server: a browser build only.
    renameSync(routesFile, `${routesFile}.away`);
    let withoutBuild;
    try {
      withoutBuild = await page('/tasks', org.manager.token);
    } finally {
      renameSync(`${routesFile}.away`, routesFile);
    }
    // Increment 2's page: the answers carried, no render.
    expect(withoutBuild.body).toContain('File the GST return');
    for (const response of [await page('/tasks'), withoutBuild]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(EMPTY_ROOT);
      expect(response.body).not.toContain('data-duly-snapshot');
    }
  });

  it("gives today's page, answers carried, never a 500, when the render throws", async () => {
    writeFileSync(
      routesFile,
      "'use strict';\nmodule.exports = { default: function Routes() { throw new Error('broken release'); } };\n",
    );
    try {
      const response = await page('/tasks', org.manager.token);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(EMPTY_ROOT);
      expect(response.body).not.toContain('data-duly-snapshot');
      // Increment 2's page: the answers are still in the boot JSON.
      expect(response.body).toContain('File the GST return');
    } finally {
      copyFileSync(builtRoutes, routesFile);
    }
    // The rebuilt file is loaded again (a dist/ rebuilt while the server runs).
    expect((await page('/tasks', org.manager.token)).body).toContain(SERVER_ROOT);
  });

  it("gives today's page when the render is later than its limit", async () => {
    const response = await page('/tasks', org.manager.token, lateApp);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(EMPTY_ROOT);
    expect(response.body).not.toContain('data-duly-snapshot');
    expect(response.body).toContain('File the GST return');
  });

  it('never serves a Node build over HTTP', async () => {
    const response = await app.inject({ url: '/remotes/remote-tasks/server/routes.cjs' });
    expect(response.statusCode).toBe(404);
    for (const url of ['/server/routes.cjs', '/x/../server/routes.cjs', '/server/'])
      expect((await app.inject({ url })).statusCode).toBe(404);
    const encoded = await app.inject({ url: '/remotes/remote-tasks/x/../server/routes.cjs' });
    expect(encoded.statusCode).toBe(404);
    // The browser build beside it is served.
    expect((await app.inject({ url: '/remotes/remote-tasks/mf-manifest.json' })).statusCode).toBe(
      200,
    );
  });
});
