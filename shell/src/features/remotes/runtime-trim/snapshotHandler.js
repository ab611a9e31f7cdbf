/**
 * Replaces the federation runtime's `plugins/snapshot/SnapshotHandler.js` in the shell's build
 * (shell/webpack.config.cjs, `trimmedRuntimeModules`, issue 32). The handler fetches and caches
 * remotes' manifests and keeps their "snapshots" in a global; with `disableSnapshot` its only
 * callers left are `preloadRemote` (which Duly never calls: a remote is preloaded by loading
 * it, loadRemoteRoutes.ts) and `removeRemote`'s clean-up, and remoteManifestPlugin.ts reads
 * the manifests instead. What remains here is what those callers touch.
 *
 * Free of React, like every runtime plugin: it runs in the entry chunk. JavaScript, not
 * TypeScript: it takes the place of a node_modules file, which no loader compiles.
 */

/** No snapshot hooks: no Duly plugin listens to them (remoteManifestPlugin.ts replaces them). */
const noHooks = {
  registerPlugins: {},
  lifecycle: {},
  lifecycleKeys: [],
  applyPlugin() {},
  removePlugin() {},
};

export class SnapshotHandler {
  hooks = noHooks;
  /** removeRemote deletes the remote's entry from it. */
  manifestCache = new Map();

  loadRemoteSnapshotInfo() {
    throw new Error(
      'preloadRemote is not part of the shell build (shell/webpack.config.cjs): load the remote.',
    );
  }
}

/**
 * What removeRemote asks for: the host's snapshot of the remote, which only the snapshot
 * handling (left out) would have written.
 */
export function getGlobalRemoteInfo() {
  return { hostGlobalSnapshot: undefined };
}
