import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type * as FederationRuntime from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { BOOT_ELEMENT_ID } from '../inlineBoot';
import { IncompatibleRemoteError } from '../loadFailures';
import remoteManifestPlugin, { resetInlineManifests } from '../remoteManifestPlugin';

/**
 * The real federation runtime, built as the shell's build makes it: without its own snapshot
 * (manifest) handling, which remoteManifestPlugin replaces. The define is read when the runtime
 * module is evaluated, so a fresh copy of the runtime is required after it is set (the copy the
 * imports above loaded has the snapshot plugin).
 */
(
  globalThis as { FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN?: boolean }
).FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN = true;
let createInstance!: typeof FederationRuntime.createInstance;
jest.isolateModules(() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- after the define above
  ({ createInstance } = require('@module-federation/enhanced/runtime'));
});

/**
 * Each test loads its own release folder: the runtime keeps loaded entries in globals across
 * its instances, by remote name and entry URL.
 */
let release = 0;
let BASE = '';
let MANIFEST = '';
beforeEach(() => {
  release += 1;
  BASE = `https://cdn.example.test/remote-tasks/releases/r${release}/`;
  MANIFEST = `${BASE}mf-manifest.json`;
});
const ROUTES = { default: function Routes() {} };

function manifest(sharedRange = '^3.0.0') {
  return {
    metaData: {
      name: 'remote_tasks',
      globalName: 'remote_tasks',
      pluginVersion: '2.9.2',
      publicPath: 'auto',
      buildInfo: { buildVersion: '0.4.0' },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
    },
    shared: [{ name: '@duly/shared', requiredVersion: sharedRange, singleton: true }],
    exposes: [
      {
        name: 'routes',
        assets: { js: { sync: ['__federation_expose_routes.abc.js'] }, css: { sync: [] } },
      },
    ],
  };
}

const manifestRequests: string[] = [];
const server = setupServer(
  http.get(
    'https://cdn.example.test/remote-tasks/releases/:release/mf-manifest.json',
    ({ request }) => {
      manifestRequests.push(request.url);
      return HttpResponse.json(manifest());
    },
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** Stands in for the remoteEntry.js script: records the entry the runtime was pointed at. */
function fakeEntry(loaded: string[]): ModuleFederationRuntimePlugin {
  return {
    name: 'test-entry',
    loadEntry({ remoteInfo }) {
      loaded.push(remoteInfo.entry);
      return {
        init: () => undefined,
        get: async () => () => ROUTES,
      } as never;
    },
  };
}

let instanceCount = 0;
function runtime(loaded: string[]) {
  return createInstance({
    name: `shell_test_${(instanceCount += 1)}`,
    remotes: [{ name: 'remote_tasks', entry: MANIFEST }],
    shared: {
      '@duly/shared': {
        version: '3.0.0',
        lib: () => ({}),
        shareConfig: { singleton: true, requiredVersion: '^3.0.0' },
      },
    },
    plugins: [remoteManifestPlugin('2.9.2'), fakeEntry(loaded)],
  });
}

function inlineInPage(manifests: Record<string, unknown>) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = BOOT_ELEMENT_ID;
  script.textContent = JSON.stringify({ manifests });
  document.body.appendChild(script);
}

let consoleWarn: jest.SpyInstance;
beforeEach(() => {
  // The runtime warns when a remote is registered again (force), as `forgetRemote` does.
  consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  consoleWarn.mockRestore();
  document.getElementById(BOOT_ELEMENT_ID)?.remove();
  document.head.querySelectorAll('link').forEach((link) => link.remove());
  resetInlineManifests();
  manifestRequests.length = 0;
});

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map(
    (link) => link.href,
  );

describe('a remote registered by its manifest, without the runtime’s snapshot handling', () => {
  it('loads the remoteEntry.js beside the inlined manifest, which is not fetched', async () => {
    inlineInPage({ [MANIFEST]: manifest() });
    const loaded: string[] = [];
    await expect(runtime(loaded).loadRemote('remote_tasks/routes')).resolves.toBe(ROUTES);
    expect(loaded).toEqual([`${BASE}remoteEntry.js`]);
    expect(manifestRequests).toEqual([]);
    // The page that inlines the manifest preloads its files itself (api/src/web/boot.ts).
    expect(preloaded()).toEqual([]);
  });

  it('preloads the exposed module of a fetched manifest beside remoteEntry.js', async () => {
    const loaded: string[] = [];
    await expect(runtime(loaded).loadRemote('remote_tasks/routes')).resolves.toBe(ROUTES);
    expect(manifestRequests).toEqual([MANIFEST]);
    expect(preloaded()).toEqual([`${BASE}__federation_expose_routes.abc.js`]);
  });

  it('fetches the manifest when the page carries none, and adds no preload the page has', async () => {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.href = `${BASE}__federation_expose_routes.abc.js`;
    document.head.appendChild(link);
    const loaded: string[] = [];
    await expect(runtime(loaded).loadRemote('remote_tasks/routes')).resolves.toBe(ROUTES);
    expect(manifestRequests).toEqual([MANIFEST]);
    expect(loaded).toEqual([`${BASE}remoteEntry.js`]);
    expect(preloaded()).toHaveLength(1);
  });

  it('uses an inlined manifest once: a reload after forgetting the remote fetches it', async () => {
    inlineInPage({ [MANIFEST]: manifest() });
    const loaded: string[] = [];
    const host = runtime(loaded);
    await host.loadRemote('remote_tasks/routes');
    host.registerRemotes([{ name: 'remote_tasks', entry: MANIFEST }], { force: true });
    await expect(host.loadRemote('remote_tasks/routes')).resolves.toBe(ROUTES);
    expect(manifestRequests).toEqual([MANIFEST]);
    expect(loaded).toEqual([`${BASE}remoteEntry.js`, `${BASE}remoteEntry.js`]);
  });

  it('refuses a remote this shell cannot run before its remoteEntry.js is loaded', async () => {
    inlineInPage({ [MANIFEST]: manifest('^2.0.0') });
    const loaded: string[] = [];
    const load = runtime(loaded).loadRemote('remote_tasks/routes');
    await expect(load).rejects.toBeInstanceOf(IncompatibleRemoteError);
    await expect(load).rejects.toThrow(
      'The remote "remote_tasks" needs @duly/shared ^2.0.0 (the shell provides 3.0.0).',
    );
    expect(loaded).toEqual([]);
    expect(preloaded()).toEqual([]);
  });

  it('passes a remote registered by its remoteEntry.js URL through untouched', async () => {
    const loaded: string[] = [];
    const host = runtime(loaded);
    host.registerRemotes([{ name: 'remote_tasks', entry: `${BASE}remoteEntry.js` }], {
      force: true,
    });
    await expect(host.loadRemote('remote_tasks/routes')).resolves.toBe(ROUTES);
    expect(loaded).toEqual([`${BASE}remoteEntry.js`]);
    expect(manifestRequests).toEqual([]);
  });
});
