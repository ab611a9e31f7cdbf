/**
 * The rows in the server's HTML (issue 32, increment 3): for an app path whose first answers
 * the page carries (first-answers.ts), the screen rendered here, from the Node build of the
 * owning remote's routes in its active release (`server/routes.cjs`,
 * scripts/webpack/server-routes.cjs), or of the shell's own for its dashboard, and those answers, written into the page's `#root` with its CSS in `<head>`. The browser
 * paints the screen, rows included, from the HTML; the app takes it over at its first commit
 * (shell/src/app/prerender/mountShell.tsx keeps the markup until then: no blank frame).
 *
 * Any doubt gives today's page, never a 500: no Node build (a remote built by the dev server,
 * or on another origin), a page whose answers were not all answered and seeded, a render
 * that throws, or one that took longer than RENDER_LIMIT_MS. `renderToString` is synchronous:
 * a late render cannot be cut short, only discarded (its CPU is spent); it is logged.
 */
import { stat, readFile } from 'node:fs/promises';
import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';

import { servedRemotes, servedShell } from '../../../scripts/served.cjs';
import { remoteOwning, ROWS_ATTRIBUTE, SERVER_MARKUP_ID, SESSION_ATTRIBUTE } from './boot';
import type { AnsweredRequest } from './first-answers';
import type { WebOptions } from './options';

/** A render slower than this is discarded (today's page); measured 60-65 ms for /tasks' 50 rows. */
export const RENDER_LIMIT_MS = 1000;

/** The routes' Node build inside a remote's build or release folder. */
export const SERVER_ROUTES_FILE = path.join('server', 'routes.cjs');

/** On `#root` when it holds the server's render (mountShell.tsx keeps it until the first commit). */
export const SNAPSHOT_ATTRIBUTE = 'data-duly-snapshot';

/**
 * The server's markup is shown only when the browser holds the very session it was rendered
 * for (BOOT_SCRIPT marks the page): a browser whose stored token differs, or has none, sees the
 * skeleton or nothing, as on today's page, until the app's first commit replaces it.
 */
const VISIBILITY_CSS =
  `html:not([${ROWS_ATTRIBUTE}]) #${SERVER_MARKUP_ID}{display:none}` +
  `html[${SESSION_ATTRIBUTE}]:not([${ROWS_ATTRIBUTE}]) #root:has(>#${SERVER_MARKUP_ID})~#duly-skeleton{display:block;position:fixed;inset:0;background:#f5f7fa}`;

export interface RenderedScreen {
  html: string;
  css: string;
}

/** @duly/shared/server, loaded on the first render (the API alone never loads React). */
interface SharedServer {
  renderScreen(options: {
    Routes: unknown;
    location: string;
    token: string;
    answers: readonly AnsweredRequest[];
    apiBaseUrl: string;
  }): Promise<RenderedScreen | null>;
}

let sharedServer: SharedServer | undefined;

/**
 * What the Node build's `require` answers: the server's own modules, so the singletons (React,
 * the router, styled-components, every @duly/shared entry) are the very copies the render uses.
 * Plain `require`, resolved from here: under the API's transform (tsx), @duly/shared's
 * TypeScript source; under jest, jest's registry.
 */
const serverRequire = (id: string): unknown => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a module named at run time, by the build
  const loadedModule = require(id) as Record<string, unknown>;
  return id.startsWith('@duly/shared') && loadedModule.baseApi
    ? releaseAwareEntry(id, loadedModule)
    : loadedModule;
};

interface EndpointsApi {
  injectEndpoints(options: { overrideExisting?: boolean | 'throw' }): unknown;
}

const releaseAwareEntries = new Map<string, Record<string, unknown>>();

/**
 * A @duly/shared entry as a Node build sees it: its `baseApi` injects endpoints replacing those
 * of the same name instead of refusing them. In a page one release of each remote injects its
 * endpoints once; this process loads a remote's next release (a release, a rollback, a rebuilt
 * dist/) into the same one `baseApi`, whose definitions that release's then replace. Two remotes
 * naming an endpoint alike still fail where it matters, at the browser's start-up.
 */
function releaseAwareEntry(id: string, entry: Record<string, unknown>): Record<string, unknown> {
  let wrapped = releaseAwareEntries.get(id);
  if (!wrapped) {
    const api = entry.baseApi as EndpointsApi;
    const injectEndpoints = (options: object) =>
      api.injectEndpoints({ ...options, overrideExisting: true });
    wrapped = {
      ...entry,
      baseApi: new Proxy(api, {
        get: (target, property, receiver) =>
          property === 'injectEndpoints'
            ? injectEndpoints
            : (Reflect.get(target, property, receiver) as unknown),
      }),
    };
    releaseAwareEntries.set(id, wrapped);
  }
  return wrapped;
}

/** The routes component of each Node build, by file; a dist/ rebuilt in place is loaded again. */
const loaded = new Map<string, { version: string; Routes: unknown }>();

async function routesOf(file: string): Promise<unknown> {
  let version: string;
  try {
    const info = await stat(file);
    version = `${info.mtimeMs}:${info.size}`;
  } catch {
    return null;
  }
  const cached = loaded.get(file);
  if (cached?.version === version) return cached.Routes;
  const source = await readFile(file, 'utf8');
  // The build is CommonJS (`library: commonjs2`); evaluated with the server's `require` so it
  // resolves the singletons from the server's modules wherever the release folder lies
  // (DATA_DIR), rather than from node_modules above that folder. Trusted code: the server's own
  // release, as a `require` of it would be.
  const module: { exports: { default?: unknown } } = { exports: {} };
  const evaluate = new Function('require', 'module', 'exports', '__filename', '__dirname', source);
  evaluate(serverRequire, module, module.exports, file, path.dirname(file));
  const Routes = module.exports.default;
  if (typeof Routes !== 'function' && typeof Routes !== 'object')
    throw new Error(`${file} exports no routes component`);
  loaded.set(file, { version, Routes });
  return Routes;
}

/**
 * The folder whose Node build renders `urlPath`: the owning remote's served build or release,
 * or, for a page no remote owns (the dashboard at / and /dashboard), the served shell's. None
 * for a remote served from a URL (another origin: no build on this disk).
 */
function buildDirOf(options: WebOptions, urlPath: string): string | undefined {
  const remote = remoteOwning(urlPath);
  if (!remote) return servedShell(options).dir;
  const served = servedRemotes(options)[remote.name];
  return served && served.kind !== 'url' ? served.dir : undefined;
}

/**
 * The screen at `urlPath` rendered with the page's answers, or null (today's page): see the
 * module's comment. Never throws.
 */
export async function renderedScreen(
  log: FastifyBaseLogger,
  options: WebOptions,
  page: { urlPath: string; search: string; token: string; apiBaseUrl: string },
  answers: readonly AnsweredRequest[],
  limitMs = RENDER_LIMIT_MS,
): Promise<RenderedScreen | null> {
  const dir = buildDirOf(options, page.urlPath);
  if (!dir) return null;
  try {
    const Routes = await routesOf(path.join(dir, SERVER_ROUTES_FILE));
    if (!Routes) return null;
    sharedServer ??= serverRequire('@duly/shared/server') as SharedServer;
    const started = performance.now();
    const rendered = await sharedServer.renderScreen({
      Routes,
      location: `${page.urlPath}${page.search}`,
      token: page.token,
      answers,
      apiBaseUrl: page.apiBaseUrl,
    });
    const took = performance.now() - started;
    if (rendered && took > limitMs) {
      log.warn({ path: page.urlPath, ms: Math.round(took) }, 'The server render was late');
      return null;
    }
    return rendered;
  } catch (error) {
    log.warn({ err: error, path: page.urlPath }, 'The page was sent without its server render');
    return null;
  }
}

/** The shell's mount point in its index.html, minified or not. */
const ROOT_ELEMENT = /<div id=["']?root["']?\s*><\/div>/i;

/** `html` with the render's CSS at the end of its head and its markup in `#root`. */
export function injectRender(html: string, rendered: RenderedScreen): string {
  if (!/<\/head>/i.test(html) || !ROOT_ELEMENT.test(html)) return html;
  return html
    .replace(/<\/head>/i, (end) => `${rendered.css}<style>${VISIBILITY_CSS}</style>${end}`)
    .replace(
      ROOT_ELEMENT,
      () =>
        `<div id="root" ${SNAPSHOT_ATTRIBUTE}><div id="${SERVER_MARKUP_ID}">${rendered.html}</div></div>`,
    );
}
