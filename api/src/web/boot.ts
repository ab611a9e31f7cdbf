/**
 * One wave from the HTML (issue 32): what the shell's page carries for the app path it is
 * served on, so the browser asks for the route's files and data at once instead of through the
 * chain HTML → main.js → config.json → manifest → remote → API.
 *
 * - `<script type="application/json" id="duly-boot">`: the runtime config (what config.json
 *   says) and the manifest of the remote that owns the path, read from disk per request, so a
 *   remote released or rolled back alone is inlined as its current release. JSON is data, not a
 *   script: the CSP does not apply to it. The shell reads both from there (runtimeConfig.ts,
 *   remoteManifestPlugin.ts); config.json and the manifest files stay for anything that asks.
 * - the files a signed-in visit of the path loads, to preload: the shell's signed-in chunk and
 *   the packages it needs (the shell build's boot-preload.json), that remote's remoteEntry.js
 *   and exposed chunk, and the shell's copies of the shared packages that exposed module
 *   requires (the remote's mf-stats.json), none already preloaded by index.html itself.
 * - BOOT_SCRIPT, one fixed inline script (its hash is in the CSP) that, when a session token is
 *   stored and unexpired, sends the route's first API requests (those the token's role may
 *   send), declared per remote, and for / and /dashboard by the shell, in remotes.json
 *   (`firstRequests`), adds the preload links (an anonymous visitor, sent to
 *   /login, downloads none of them) and marks the page signed in, which shows SKELETON: the
 *   chrome without content until the app's first render, which waits for the screen's data
 *   (shell/src/app/firstScreen.ts). The shell seeds the answer into RTK Query's cache.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import {
  firstRequestList,
  readShellEntry,
  type FirstRequest,
} from '../../../scripts/remote-registry.cjs';
import { servedRemotes, servedShell } from '../../../scripts/served.cjs';
import type { WebOptions } from './options';
import { TOKEN_TAIL_LENGTH } from './session-cookie';
import { REMOTE_SITES, type RemoteSite } from './remotes';
import { runtimeConfig, type RuntimeConfig } from './runtime-config';

/** The id of the JSON element; the shell's runtimeConfig.ts reads the same id. */
export const BOOT_ELEMENT_ID = 'duly-boot';

/** The attribute BOOT_SCRIPT sets on `<html>` when a valid session is stored (shows SKELETON). */
export const SESSION_ATTRIBUTE = 'data-duly-session';

/**
 * The attribute BOOT_SCRIPT sets on `<html>` when the page's answers are used (the cookie held
 * the stored token): only then is the server's render of the screen shown (server-render.ts).
 */
export const ROWS_ATTRIBUTE = 'data-duly-rows';

/**
 * The id of the element around the server's render of the screen (server-render.ts; the page's
 * CSS and BOOT_SCRIPT read it).
 */
export const SERVER_MARKUP_ID = 'duly-server';

/**
 * Where BOOT_SCRIPT keeps the last button clicked in the server's render, which no script
 * answers yet: the shell clicks the app's own button once it has taken the page over
 * (shell/src/app/prerender/carryEarlyInput.ts reads the same name).
 */
export const EARLY_CLICK_GLOBAL = 'dulyEarlyClick';

/**
 * Reads the stored session like the shell's `hasStoredSession` (earlyStart.ts) and, when it is
 * valid: starts the requests the page's JSON names (`firstRequests`; one limited to some
 * `roles` only when the token's role is one of them), each kept in `window.dulyPrefetch` (a list)
 * with its URL, endpoint, arguments and a promise of its answer (null when it failed or was
 * refused: a 403 is never seeded), then adds the page's preload links and marks the page signed
 * in (and, when the cookie held the stored token, as showing the server's render, whose last
 * clicked button it keeps for the app: EARLY_CLICK_GLOBAL). A request the page carries with its
 * answer (the server asked it with the session cookie, first-answers.ts) is not sent: its answer
 * is used, when the cookie held the stored token.
 * Without a valid session it does nothing: no request, no download, no skeleton. The links
 * have no crossorigin: the runtime and webpack add these scripts without one, and a preload
 * only serves a request of the same mode. Plain ES5 in a string: written into the page as it
 * is, so its hash never changes.
 */
export const BOOT_SCRIPT = `(function (doc, win) {
  try {
    var boot = JSON.parse(doc.getElementById('${BOOT_ELEMENT_ID}').textContent);
    var token = win.localStorage.getItem('token');
    var payload = token && JSON.parse(win.atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    if (!payload || typeof payload.exp !== 'number' || payload.exp < Math.floor(Date.now() / 1000)) return;
    var role = String(payload.role || '').replace(/^\\s+|\\s+$/g, '').toLowerCase();
    var get = function (url) {
      return win.fetch(url, { headers: { authorization: 'Bearer ' + token } }).then(function (response) {
        if (!response.ok) return null;
        var headers = {};
        response.headers.forEach(function (value, name) { headers[name] = value; });
        return response.json().then(function (data) { return { status: response.status, headers: headers, data: data }; });
      }).catch(function () { return null; });
    };
    var requests = boot.firstRequests || [];
    var inlined = !!(boot.session && boot.session.cookie && token.slice(-${TOKEN_TAIL_LENGTH}) === boot.session.cookie);
    var prefetches = [];
    for (var r = 0; r < requests.length; r++) {
      var declared = requests[r];
      if (declared.roles && declared.roles.indexOf(role) < 0) continue;
      var answered = inlined && 'answer' in declared;
      prefetches.push({ url: declared.request, endpoint: declared.endpoint, args: declared.args, token: token, response: answered ? Promise.resolve(declared.answer) : get(declared.request) });
    }
    if (prefetches.length) win.dulyPrefetch = prefetches;
    var preload = boot.preload || [];
    for (var i = 0; i < preload.length; i++) {
      var link = doc.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = preload[i];
      doc.head.appendChild(link);
    }
    doc.documentElement.setAttribute('${SESSION_ATTRIBUTE}', '');
    if (inlined) {
      doc.documentElement.setAttribute('${ROWS_ATTRIBUTE}', '');
      doc.addEventListener('click', function (event) {
        var target = event.target;
        var button = target && target.closest ? target.closest('#${SERVER_MARKUP_ID} button') : null;
        if (button) win.${EARLY_CLICK_GLOBAL} = button;
      }, true);
    }
  } catch (error) {}
})(document, window);`;

export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT, 'utf8').digest('base64')}'`;

/** Path segments as the shell's route table compares them (routeTable.ts): lower case, no trailing slash. */
function segmentsOf(urlPath: string): string[] {
  return urlPath.toLowerCase().replace(/\/+$/, '').split('/').slice(1);
}

/** The remote owning `urlPath`, ranked like React Router: an exact path beats a splat, longer beats shorter. */
export function remoteOwning(urlPath: string): RemoteSite | undefined {
  const path = segmentsOf(urlPath);
  let best: { remote: RemoteSite; score: number } | undefined;
  for (const remote of REMOTE_SITES) {
    for (const route of remote.routes) {
      const splat = route.endsWith('/*');
      const segments = segmentsOf(splat ? route.slice(0, -2) : route);
      const matches =
        path.length >= segments.length &&
        (splat || path.length === segments.length) &&
        segments.every((segment, index) => segment === path[index]);
      const score = segments.length * 2 + (splat ? 0 : 1);
      if (matches && (!best || score > best.score)) best = { remote, score };
    }
  }
  return best?.remote;
}

/** One request the page starts with, as the page carries it (BOOT_SCRIPT sends it). */
export interface BootRequest {
  /** The URL, the API's base included (and, for a list, the page URL's query). */
  request: string;
  /** The RTK Query endpoint it answers (the shell seeds its cache). */
  endpoint: string;
  /** The arguments the screen calls the endpoint's hook with; absent: a list's (its query). */
  args?: unknown[];
  /** Only these roles send it (BOOT_SCRIPT reads the role from the stored token). */
  roles?: string[];
  /**
   * Its answer, when the server asked it with the session cookie's token (first-answers.ts):
   * BOOT_SCRIPT then does not send it. null: refused or failed (the screen asks itself).
   */
  answer?: InlinedAnswer | null;
}

/** One answer as BOOT_SCRIPT's prefetch gives it (shared/src/api/prefetched.ts). */
export interface InlinedAnswer {
  status: number;
  headers: Record<string, string>;
  data: unknown;
}

/**
 * The API requests the page at `urlPath?search` starts with, from `firstRequests` (its remote's,
 * or the shell's for a page no remote owns; exact path → request or list of requests). A list
 * request (no `args`) gets the page's query added (but `page`: the screen turns it into an
 * offset, so nothing is sent; a request that differs from the screen's own is simply never
 * used); a request with `args` is sent as declared (its screen reads no query).
 */
export function firstRequestsFor(
  declaredByPage: Record<string, FirstRequest | FirstRequest[]> | undefined,
  urlPath: string,
  search: string,
  apiBaseUrl: string,
): BootRequest[] {
  const wanted = segmentsOf(urlPath).join('/');
  const declared = Object.entries(declaredByPage ?? {}).find(
    ([page]) => segmentsOf(page).join('/') === wanted,
  )?.[1];
  if (!declared) return [];
  const query = new URLSearchParams(search);
  const base = apiBaseUrl.replace(/\/+$/, '');
  const requests: BootRequest[] = [];
  for (const { request, endpoint, args, roles } of firstRequestList(declared)) {
    const url = new URL(request, 'http://duly.invalid');
    if (!args) {
      if (query.has('page')) continue;
      for (const [name, value] of query) url.searchParams.set(name, value);
    }
    requests.push({
      request: `${base}${url.pathname}${url.search}`,
      endpoint,
      ...(args ? { args } : {}),
      ...(roles ? { roles } : {}),
    });
  }
  return requests;
}

/** What the shell's build says a signed-in page loads beyond index.html's own preloads. */
interface ShellPreload {
  signedIn?: string[];
  shared?: Record<string, string[]>;
}

/** The exposed modules of a remote's mf-stats.json, with the shared packages each requires. */
interface RemoteStats {
  exposes?: { path?: string; requires?: string[] }[];
}

/** The shell build's boot-preload.json, or nothing (an older build, a test without it). */
async function shellPreload(options: WebOptions): Promise<ShellPreload> {
  try {
    const file = path.join(servedShell(options).dir, 'boot-preload.json');
    return JSON.parse(await readFile(file, 'utf8')) as ShellPreload;
  } catch {
    return {};
  }
}

/**
 * The shared packages the remote's `./routes` consumes when it loads: its build's
 * exposes-shared.json beside the manifest (scripts/webpack/exposed-shared.cjs: every package
 * its chunks consume), or, from a build before that file, mf-stats.json's `requires` (only
 * what the exposed file itself imports).
 */
async function requiredShared(manifestFile: string): Promise<string[]> {
  const beside = (file: string) => path.join(path.dirname(manifestFile), file);
  try {
    const consumed = JSON.parse(await readFile(beside('exposes-shared.json'), 'utf8')) as Record<
      string,
      string[] | undefined
    >;
    if (Array.isArray(consumed['./routes'])) return consumed['./routes'];
  } catch {
    // An older build: its mf-stats.json says less.
  }
  try {
    const stats = JSON.parse(await readFile(beside('mf-stats.json'), 'utf8')) as RemoteStats;
    return stats.exposes?.find((expose) => expose.path === './routes')?.requires ?? [];
  } catch {
    return [];
  }
}

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { assets?: { js?: { sync?: string[] } } }[];
}

/** What the page carries for its path. */
export interface Boot {
  config: RuntimeConfig;
  /** The owning remote's manifest, keyed by the URL config.json gives for it. */
  manifests: Record<string, unknown>;
  /** The API requests the page starts with (BOOT_SCRIPT sends those the stored role may). */
  firstRequests?: BootRequest[];
  /**
   * Script URLs a signed-in visit preloads (BOOT_SCRIPT adds the links): the shell's
   * signed-in chunk, the route's remoteEntry.js and exposed chunk, the shared packages it needs.
   */
  preload: string[];
  /**
   * Where the shell mirrors its token into the session cookie, and the end of the token the
   * server found in it (session-cookie.ts); absent where no API runs in this process.
   */
  session?: { path: string; cookie: string | null };
}

/** The boot data of an app path; never throws (a missing manifest only means less is inlined). */
export async function bootFor(options: WebOptions, urlPath: string, search: string): Promise<Boot> {
  const config = runtimeConfig(options);
  const remote = remoteOwning(urlPath);
  const boot: Boot = { config, manifests: {}, preload: [] };
  const shell = await shellPreload(options);
  // The shell's files are served from the root (publicPath '/').
  boot.preload.push(...(shell.signedIn ?? []).map((file) => `/${file}`));
  const declared = remote ? remote.firstRequests : readShellEntry().firstRequests;
  const first = firstRequestsFor(declared, urlPath, search, config.apiBaseUrl);
  if (first.length > 0) boot.firstRequests = first;
  if (!remote) return boot;
  const entry = config.remotes[remote.name]?.entry;
  const served = servedRemotes(options)[remote.name];
  if (entry && served && served.kind !== 'url') {
    try {
      const manifest = JSON.parse(await readFile(served.manifest, 'utf8')) as Manifest;
      boot.manifests[entry] = manifest;
      const base = entry.slice(0, entry.lastIndexOf('/') + 1);
      const remoteEntry = manifest.metaData?.remoteEntry;
      if (remoteEntry?.name)
        boot.preload.push(`${base}${remoteEntry.path ?? ''}${remoteEntry.name}`);
      for (const expose of manifest.exposes ?? [])
        for (const file of expose.assets?.js?.sync ?? []) boot.preload.push(`${base}${file}`);
      // The shell's copies (shareStrategy 'loaded-first'), only of what this route needs.
      for (const name of await requiredShared(served.manifest))
        for (const file of shell.shared?.[name] ?? [])
          if (!boot.preload.includes(`/${file}`)) boot.preload.push(`/${file}`);
    } catch {
      // Not built or being replaced: the shell fetches the manifest itself.
    }
  }
  return boot;
}

/**
 * The chrome without content (issue 32, item 4): the top bar and, on a wide screen, the side
 * navigation's column, in the theme's colours and sizes (shared/src/ui/theme.ts). Shown only
 * while `#root` is empty on a page BOOT_SCRIPT marked signed in, so a cold signed-in page is
 * never blank and never shows a table without its rows; the app's first render (chrome and
 * data together) replaces it in the same frame. Inline style: the policy allows inline styles
 * (styled-components needs them), not inline scripts.
 */
export const SKELETON =
  '<style>#duly-skeleton{display:none}' +
  `html[${SESSION_ATTRIBUTE}] #root:empty~#duly-skeleton{display:block;position:fixed;inset:0;background:#f5f7fa}` +
  '#duly-skeleton>div:first-child{height:64px;background:#1976d2}' +
  '#duly-skeleton>div+div{position:absolute;top:64px;bottom:0;left:0;width:240px;background:#fff;border-right:1px solid #e5e7eb}' +
  '@media (max-width:899.98px){#duly-skeleton>div+div{display:none}}</style>' +
  '<div id="duly-skeleton" aria-hidden="true"><div></div><div></div></div>';

/** The shell's mount point in its index.html, minified or not. */
const ROOT_ELEMENT = /<div id=["']?root["']?\s*><\/div>/i;

/**
 * `html` with the boot data, BOOT_SCRIPT at the end of its <head> (after the charset, which must
 * stay in the first kilobyte) and SKELETON right after the empty `#root`.
 */
export function injectBoot(html: string, boot: Boot): string {
  // `<` escaped: no `</script>` inside the JSON can end the element.
  const json = JSON.stringify(boot).replace(/</g, '\\u003c');
  const tags = [
    `<script type="application/json" id="${BOOT_ELEMENT_ID}">${json}</script>`,
    `<script>${BOOT_SCRIPT}</script>`,
  ].join('');
  // A page without a head gets neither: the skeleton shows only on a page the script marks.
  if (!/<\/head>/i.test(html)) return html;
  return html
    .replace(/<\/head>/i, (end) => `${tags}${end}`)
    .replace(ROOT_ELEMENT, (root) => `${root}${SKELETON}`);
}
