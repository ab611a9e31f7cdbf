/**
 * A federation runtime plugin (shell/webpack.config.cjs `runtimePlugins`): the manifest of the
 * page's remote comes from the page itself (api/src/web/boot.ts writes the current release's
 * copy into the HTML), so the runtime does not wait for a request that only asks the server
 * again what it already said (issue 32). Each inlined copy is used once, for its URL; any
 * other manifest, and a later load (a Retry), is fetched as before. The version contract check
 * (versionContractPlugin.ts) still reads whatever manifest the runtime ends up with.
 *
 * Free of React: the entry chunk loads the runtime plugins before the shared singletons.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { inlineBoot } from './inlineBoot';

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

export default function inlineManifestPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'duly-inline-manifest',
    fetch(url) {
      const manifest = typeof document === 'undefined' ? undefined : takeInlineManifest(url);
      if (manifest === undefined) return undefined;
      return Promise.resolve(
        new Response(JSON.stringify(manifest), {
          headers: { 'content-type': 'application/json' },
        }),
      );
    },
  };
}
