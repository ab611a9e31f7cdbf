/**
 * A federation runtime plugin (shell/webpack.config.cjs `runtimePlugins`): what the runtime's
 * own snapshot plugin did for a remote registered by its `mf-manifest.json`, reduced to what
 * Duly uses, so that the build can leave the runtime's manifest and snapshot handling out
 * (`experiments.optimization.disableSnapshot`, issue 32: 1.5 KB gzipped of `main.js`).
 *
 * Before a remote's first load (and again after `forgetRemote`), when its entry is a manifest:
 * - the manifest comes from the page itself when the page carries it (api/src/web/boot.ts
 *   writes the current release's copy into the HTML), once per URL; otherwise it is fetched;
 * - the version contract is checked (versionContractPlugin.ts) before any code of the remote
 *   is fetched;
 * - the runtime is pointed at the manifest's `remoteEntry.js` (beside the manifest, its
 *   `publicPath` being `auto`), and the exposed module's first files start downloading beside
 *   it when the page has not preloaded them (what the snapshot plugin's preload did: a hovered
 *   link's remote arrives in one wave).
 * A remote registered by its `remoteEntry.js` URL passes through untouched.
 *
 * Free of React: the entry chunk loads the runtime plugins before the shared singletons.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { inlineBoot } from './inlineBoot';
import { checkRemoteManifest, type RemoteManifestJson } from './versionContractPlugin';

/** The parts of mf-manifest.json this plugin reads (beyond the version contract's). */
export interface ManifestJson extends RemoteManifestJson {
  metaData?: RemoteManifestJson['metaData'] & {
    publicPath?: string;
    globalName?: string;
    remoteEntry?: { name: string; path?: string; type?: string };
  };
  exposes?: { name: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

let unused: Map<string, unknown> | undefined;

/** The inlined manifest for `url`, once; undefined when the page carries none for it. */
export function takeInlineManifest(url: string, doc: Document = document): unknown {
  unused ??= new Map(Object.entries(inlineBoot(doc)?.manifests ?? {}));
  const key = new URL(url, doc.baseURI).href;
  for (const [entry, manifest] of unused) {
    if (new URL(entry, doc.baseURI).href !== key) continue;
    unused.delete(entry);
    return manifest;
  }
  return undefined;
}

/** Test helper: read the page's boot data again. */
export function resetInlineManifests(): void {
  unused = undefined;
}

/** Whether a registered entry is a manifest (the runtime's own test: isPureRemoteEntry). */
export function isManifestEntry(entry: string): boolean {
  return entry.includes('.json');
}

/** The manifest at `url`, and whether it came from the page (whose HTML preloads its files). */
async function manifestAt(url: string): Promise<{ manifest: ManifestJson; inline: boolean }> {
  const inline = typeof document === 'undefined' ? undefined : takeInlineManifest(url);
  if (inline !== undefined) return { manifest: inline as ManifestJson, inline: true };
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The manifest ${url} answered ${response.status}.`);
  return { manifest: (await response.json()) as ManifestJson, inline: false };
}

/**
 * Where the manifest's files are: its `publicPath`, or with `auto` (every Duly remote) the
 * manifest's own folder (the runtime's inferAutoPublicPath).
 */
export function manifestPublicPath(manifest: ManifestJson, manifestUrl: string): string {
  const publicPath = manifest.metaData?.publicPath;
  if (publicPath && publicPath !== 'auto') return publicPath;
  return manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
}

/** The remote's `remoteEntry.js` URL, its type and global name, from its manifest. */
export function remoteEntryOf(
  manifest: ManifestJson,
  manifestUrl: string,
): { entry: string; type: string; entryGlobalName?: string; buildVersion?: string } {
  const remoteEntry = manifest.metaData?.remoteEntry;
  if (!remoteEntry?.name) throw new Error(`The manifest ${manifestUrl} names no remoteEntry.`);
  const dir = remoteEntry.path ? `${remoteEntry.path.replace(/\/$/, '')}/` : '';
  return {
    entry: `${manifestPublicPath(manifest, manifestUrl)}${dir}${remoteEntry.name}`,
    type: remoteEntry.type ?? 'global',
    ...(manifest.metaData?.globalName ? { entryGlobalName: manifest.metaData.globalName } : {}),
    // As the runtime's snapshot plugin set it: how the runtime finds the remote's instance when
    // the remote is forgotten.
    ...(manifest.metaData?.buildInfo?.buildVersion
      ? { buildVersion: manifest.metaData.buildInfo.buildVersion }
      : {}),
  };
}

/**
 * `<link rel="preload">` for the exposed module's first files, unless the page has one already
 * (the boot script's). No crossorigin: the runtime adds these scripts without one.
 */
export function preloadExposed(
  manifest: ManifestJson,
  manifestUrl: string,
  expose: string,
  doc: Document = document,
): void {
  const name = expose.replace(/^\.\//, '');
  const assets = manifest.exposes?.find((item) => item.name === name)?.assets;
  const base = new URL(manifestPublicPath(manifest, manifestUrl), doc.baseURI).href;
  const links = [
    ...(assets?.js?.sync ?? []).map((file) => ({ file, as: 'script' })),
    ...(assets?.css?.sync ?? []).map((file) => ({ file, as: 'style' })),
  ];
  const present = new Set(
    [...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => link.href),
  );
  for (const { file, as } of links) {
    const href = new URL(file, base).href;
    if (present.has(href)) continue;
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.as = as;
    link.href = href;
    doc.head.appendChild(link);
  }
}

export default function remoteManifestPlugin(
  runtimeVersion: string | undefined = process.env.DULY_FEDERATION_RUNTIME_VERSION,
): ModuleFederationRuntimePlugin {
  return {
    name: 'duly-remote-manifest',
    async afterResolve(args) {
      const { remote, remoteInfo, expose, origin, options } = args;
      // Already loaded (or loading): the runtime's module keeps the entry resolved before.
      if (!('entry' in remote) || !isManifestEntry(remote.entry)) return args;
      if (origin.moduleCache.has(remote.name)) return args;
      const { manifest, inline } = await manifestAt(remote.entry);
      checkRemoteManifest(remote.name, manifest, options, runtimeVersion);
      Object.assign(remoteInfo, remoteEntryOf(manifest, remote.entry));
      // An inlined manifest's files are preloaded by the page itself (api/src/web/boot.ts): no
      // DOM work on the start-up's path.
      if (!inline) preloadExposed(manifest, remote.entry, expose);
      return args;
    },
  };
}
