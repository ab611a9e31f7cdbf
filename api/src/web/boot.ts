/**
 * One wave from the HTML (issue 32): what the shell's page carries for the app path it is
 * served on, so the browser asks for the route's files and data at once instead of through the
 * chain HTML → main.js → config.json → manifest → remote → API.
 *
 * - `<script type="application/json" id="duly-boot">`: the runtime config (what config.json
 *   says) and the manifest of the remote that owns the path, read from disk per request, so a
 *   remote released or rolled back alone is inlined as its current release. JSON is data, not a
 *   script: the CSP does not apply to it. The shell reads both from there (runtimeConfig.ts,
 *   inlineManifestPlugin.ts); config.json and the manifest files stay for anything that asks.
 * - `<link rel="preload" as="script">` for that remote's remoteEntry.js and its exposed chunk
 *   (classic scripts, as the federation runtime loads them), and nothing else of it.
 * - BOOT_SCRIPT, one fixed inline script (its hash is in the CSP), that sends the route's first
 *   API request, declared per remote in remotes.json (`firstRequests`), when a session token is
 *   stored and unexpired; the shell hands the answer to the screen's query (shared's
 *   axiosBaseQuery takes it instead of asking again).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

import { servedRemotes } from '../../../scripts/served.cjs';
import type { WebOptions } from './options';
import { REMOTE_SITES, type RemoteSite } from './remotes';
import { runtimeConfig, type RuntimeConfig } from './runtime-config';

/** The id of the JSON element; the shell's runtimeConfig.ts reads the same id. */
export const BOOT_ELEMENT_ID = 'duly-boot';

/**
 * Reads the stored session like the shell's `hasStoredSession` (earlyStart.ts) and, when it is
 * valid, starts the request the page's JSON names; its promise waits on `window.dulyPrefetch`.
 * Plain ES5 in a string: written into the page as it is, so its hash never changes.
 */
export const BOOT_SCRIPT = `(function (doc, win) {
  try {
    var boot = JSON.parse(doc.getElementById('${BOOT_ELEMENT_ID}').textContent);
    var request = boot.firstRequest;
    if (!request) return;
    var token = win.localStorage.getItem('token');
    var payload = token && JSON.parse(win.atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    if (!payload || typeof payload.exp !== 'number' || payload.exp < Math.floor(Date.now() / 1000)) return;
    win.dulyPrefetch = {
      url: request,
      token: token,
      response: win.fetch(request, { headers: { authorization: 'Bearer ' + token } }).then(function (response) {
        if (!response.ok) return null;
        var headers = {};
        response.headers.forEach(function (value, name) { headers[name] = value; });
        return response.json().then(function (data) { return { status: response.status, headers: headers, data: data }; });
      }).catch(function () { return null; })
    };
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

/**
 * The API request the page at `urlPath?search` starts with, from its remote's `firstRequests`
 * (exact path → request), the page's query added (but `page`: the screen turns it into an
 * offset; a request that differs from the screen's own is simply never used).
 */
export function firstRequestFor(
  remote: RemoteSite | undefined,
  urlPath: string,
  search: string,
  apiBaseUrl: string,
): string | undefined {
  const wanted = segmentsOf(urlPath).join('/');
  const declared = Object.entries(remote?.firstRequests ?? {}).find(
    ([path]) => segmentsOf(path).join('/') === wanted,
  )?.[1];
  if (!declared) return undefined;
  const query = new URLSearchParams(search);
  if (query.has('page')) return undefined;
  const url = new URL(declared, 'http://duly.invalid');
  for (const [name, value] of query) url.searchParams.set(name, value);
  return `${apiBaseUrl.replace(/\/+$/, '')}${url.pathname}${url.search}`;
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
  firstRequest?: string;
  /** Script URLs to preload: remoteEntry.js and the exposed chunks. */
  preload: string[];
}

/** The boot data of an app path; never throws (a missing manifest only means less is inlined). */
export async function bootFor(options: WebOptions, urlPath: string, search: string): Promise<Boot> {
  const config = runtimeConfig(options);
  const remote = remoteOwning(urlPath);
  const boot: Boot = { config, manifests: {}, preload: [] };
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
    } catch {
      // Not built or being replaced: the shell fetches the manifest itself.
    }
  }
  const firstRequest = firstRequestFor(remote, urlPath, search, config.apiBaseUrl);
  if (firstRequest) boot.firstRequest = firstRequest;
  return boot;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * `html` with the boot data, BOOT_SCRIPT and the preload links at the end of its <head> (after
 * the charset, which must stay in the first kilobyte; the preload scanner finds them anyway).
 */
export function injectBoot(html: string, boot: Boot): string {
  const { preload, ...data } = boot;
  // `<` escaped: no `</script>` inside the JSON can end the element.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const tags = [
    `<script type="application/json" id="${BOOT_ELEMENT_ID}">${json}</script>`,
    `<script>${BOOT_SCRIPT}</script>`,
    ...preload.map(
      // No crossorigin: the runtime and webpack add these scripts without one, and a preload
      // only serves a request of the same mode.
      (href) => `<link rel="preload" as="script" href="${escapeAttribute(href)}">`,
    ),
  ].join('');
  return html.replace(/<\/head>/i, (end) => `${tags}${end}`);
}
