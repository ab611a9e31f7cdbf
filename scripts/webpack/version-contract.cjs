// The build side of the version contract (docs/deploying.md):
// - ShellManifestPlugin: the shell's build writes dist/shell-manifest.json, what it provides to
//   remotes at runtime (every shared package and its version, and the federation runtime's).
// - CompatGatePlugin: a remote's build, given the production shell's manifest (file or URL) in
//   SHELL_MANIFEST, fails when the remote could not run in that shell, naming the package and
//   both versions.
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { compatVerdict, readShellManifest } = require('../compat.cjs');

const SHELL_MANIFEST_FILE = 'shell-manifest.json';

/** The federation runtime the shell's build bundles (and hands to remotes: externalRuntime). */
function federationRuntimeVersion() {
  // Its package.json is not in its exports: found beside its resolved entry (dist/index.cjs).
  const entry = require.resolve('@module-federation/runtime-core');
  const file = path.join(path.dirname(entry), '..', 'package.json');
  return JSON.parse(readFileSync(file, 'utf8')).version;
}

/**
 * The shell manifest of a `shared` option.
 * @param {Record<string, { version: string, singleton?: boolean }>} shared
 */
function shellManifest(shared) {
  const provides = {};
  for (const [name, config] of Object.entries(shared)) {
    provides[name] = { version: config.version, singleton: Boolean(config.singleton) };
  }
  return {
    name: 'shell',
    federationRuntime: federationRuntimeVersion(),
    externalRuntime: true,
    provides,
  };
}

class ShellManifestPlugin {
  /** @param {{ shared: Record<string, { version: string, singleton?: boolean }> }} options */
  constructor(options) {
    this.options = options;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(ShellManifestPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: ShellManifestPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          // The manifest promises what the build really provides: a shared name that no
          // module of the build provides (a request the shell no longer imports) would be a
          // promise remotes rely on and then load their own second copy of.
          const provided = new Set();
          for (const module of compilation.modules) {
            if (module.constructor.name !== 'ProvideSharedModule') continue;
            provided.add(/** @type {{ _name: string }} */ (/** @type {unknown} */ (module))._name);
          }
          const missing = Object.keys(this.options.shared).filter(
            (name) => !name.endsWith('/') && !provided.has(name),
          );
          if (missing.length > 0) {
            compilation.errors.push(
              new compiler.webpack.WebpackError(
                `ShellManifestPlugin: the build provides no ${missing.join(', ')}; import it or give its file as the shared \`import\`.`,
              ),
            );
          }
          const json = `${JSON.stringify(shellManifest(this.options.shared), null, 2)}\n`;
          compilation.emitAsset(SHELL_MANIFEST_FILE, new sources.RawSource(json));
        },
      );
    });
  }
}

class CompatGatePlugin {
  /** @param {{ shellManifest: string }} options a file path or an http(s) URL */
  constructor(options) {
    this.options = options;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, WebpackError } = compiler.webpack;
    const source = this.options.shellManifest;
    compiler.hooks.thisCompilation.tap(CompatGatePlugin.name, (compilation) => {
      // REPORT: after the federation plugin emitted mf-manifest.json (OPTIMIZE_TRANSFER).
      compilation.hooks.processAssets.tapPromise(
        { name: CompatGatePlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        async () => {
          const asset = compilation.getAsset('mf-manifest.json');
          if (!asset) {
            compilation.errors.push(
              new WebpackError('CompatGatePlugin: no mf-manifest.json was built.'),
            );
            return;
          }
          try {
            const shell = await readShellManifest(source);
            const verdict = compatVerdict(shell, JSON.parse(asset.source.source().toString()));
            console.log(`Version contract against ${source}: ${verdict.text}`);
            if (!verdict.ok) compilation.errors.push(new WebpackError(verdict.text));
          } catch (error) {
            compilation.errors.push(
              new WebpackError(
                `Could not check against the shell manifest ${source}: ${error.message}`,
              ),
            );
          }
        },
      );
    });
  }
}

module.exports = {
  SHELL_MANIFEST_FILE,
  ShellManifestPlugin,
  CompatGatePlugin,
  shellManifest,
  federationRuntimeVersion,
};
