/**
 * Replaces the federation runtime's `utils/preload.js` in the shell's build
 * (shell/webpack.config.cjs, `trimmedRuntimeModules`, issue 32): the runtime's asset preloading
 * serves `preloadRemote` and the snapshot plugin, neither of which the shell's build has
 * (`disableSnapshot`; a remote is preloaded by loading it, and remoteManifestPlugin.ts preloads
 * the exposed module's files). JavaScript: it takes the place of a node_modules file.
 */
function notInThisBuild() {
  throw new Error(
    'preloadRemote is not part of the shell build (shell/webpack.config.cjs): load the remote.',
  );
}

export const defaultPreloadArgs = notInThisBuild;
export const formatPreloadArgs = notInThisBuild;
export const normalizePreloadExposes = notInThisBuild;
export const preloadAssets = notInThisBuild;
