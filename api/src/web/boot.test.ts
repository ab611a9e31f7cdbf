import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import Fastify, { type FastifyInstance } from 'fastify';

import { releaseBuild, rollbackRelease } from '../../../scripts/releases.cjs';
import { BOOT_SCRIPT, BOOT_SCRIPT_SOURCE } from './boot';
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
  firstRequest?: string;
} {
  const json = /<script type="application\/json" id="duly-boot">([\s\S]*?)<\/script>/.exec(html);
  if (!json) throw new Error(`no boot data in ${html}`);
  return JSON.parse(json[1]!);
}

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((match) => match[1]);

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
    write(
      'remote-tasks/dist/mf-manifest.json',
      JSON.stringify(manifest('dist', '__federation_expose_routes.0123456789.js')),
    );
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

  it("inlines the config and /tasks' remote manifest, preloads its entry and exposed chunk only, and names the list's first request with the page's query", async () => {
    const response = await app.inject({ url: '/tasks?status=overdue', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const boot = bootOf(response.body);
    const entry = '/remotes/remote-tasks/mf-manifest.json';
    expect(boot.config.remotes.remote_tasks!.entry).toBe(entry);
    expect(Object.keys(boot.manifests)).toEqual([entry]);
    expect(boot.manifests[entry]!.metaData.buildInfo.buildVersion).toBe('dist');
    expect(boot.firstRequest).toBe('/api/v1/tasks/?limit=50&offset=0&status=overdue');
    expect(preloads(response.body)).toEqual([
      '/remotes/remote-tasks/remoteEntry.js',
      '/remotes/remote-tasks/__federation_expose_routes.0123456789.js',
    ]);
    // The charset stays first; the boot script is the one the policy allows by hash.
    expect(response.body.indexOf('<meta charset')).toBeLessThan(response.body.indexOf('duly-boot'));
    expect(response.body).toContain(`<script>${BOOT_SCRIPT}</script>`);
    const hash = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;
    expect(BOOT_SCRIPT_SOURCE).toBe(hash);
    expect(response.headers['content-security-policy']).toContain(hash);
  });

  it('sends no first request for a page it cannot predict (another page of the list, a detail page) and inlines nothing of a remote on a shell page', async () => {
    expect(
      bootOf((await app.inject({ url: '/tasks?page=2', headers: html })).body).firstRequest,
    ).toBeUndefined();
    const detail = bootOf((await app.inject({ url: '/tasks/123', headers: html })).body);
    expect(detail.firstRequest).toBeUndefined();
    expect(Object.keys(detail.manifests)).toHaveLength(1);
    const dashboard = await app.inject({ url: '/dashboard', headers: html });
    expect(bootOf(dashboard.body).manifests).toEqual({});
    expect(preloads(dashboard.body)).toEqual([]);
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
