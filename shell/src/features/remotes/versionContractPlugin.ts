/**
 * The version contract at runtime: each remote's manifest is checked against what this shell
 * provides before any of the remote's code is fetched (`checkRemoteManifest`, called by
 * remoteManifestPlugin.ts), and the runtime plugin registered in webpack.config.cjs
 * `runtimePlugins` turns the runtime's own refusal into the same IncompatibleRemoteError, which
 * the loader does not retry (loadFailures.ts).
 *
 * The rule is the one `npm run check:compat` applies before a deploy (scripts/compat.cjs), with
 * the runtime's own `satisfy`: every singleton the remote requires must be provided by the shell
 * within the remote's range, and the federation runtime (which production remotes take from the
 * shell: externalRuntime) must satisfy `^<the remote's plugin version>`.
 */
import { satisfy, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { IncompatibleRemoteError, recordRemoteVersion, type VersionMismatch } from './loadFailures';

/** What a remote's mf-manifest.json says about itself and what it needs. */
export interface RemoteManifestJson {
  metaData?: { name?: string; pluginVersion?: string; buildInfo?: { buildVersion?: string } };
  shared?: {
    name: string;
    requiredVersion?: string | false;
    singleton?: boolean;
    /** The files of the remote's own copy; none in a production remote (issue 32). */
    assets?: { js?: { sync?: string[]; async?: string[] } };
  }[];
}

/** Whether the remote carries its own copy of a shared package (scripts/compat.cjs's rule). */
function carriesOwnCopy(shared: NonNullable<RemoteManifestJson['shared']>[number]): boolean {
  const js = shared.assets?.js;
  if (!js) return true;
  return (js.sync?.length ?? 0) + (js.async?.length ?? 0) > 0;
}

/** The version this shell provides of each shared name (its own entries of the share config). */
export type ProvidedVersions = Record<string, string>;

/** `react/jsx-runtime` → react, `@reduxjs/toolkit/query/react` → @reduxjs/toolkit. */
function packageOf(name: string): string {
  const parts = name.split('/');
  return (name.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

export const FEDERATION_RUNTIME_PACKAGE = '@module-federation/runtime';

/** Every way `manifest` cannot run with `provided` and `runtimeVersion`; empty when it can. */
export function versionMismatches(
  provided: ProvidedVersions,
  manifest: RemoteManifestJson,
  runtimeVersion: string | undefined,
): VersionMismatch[] {
  const mismatches: VersionMismatch[] = [];
  const named = new Set<string>();
  for (const shared of manifest.shared ?? []) {
    const pkg = packageOf(shared.name);
    const version = provided[shared.name] ?? provided[pkg];
    // Not provided, and the remote has no copy of its own (a production build): it cannot load.
    if (!version && !carriesOwnCopy(shared) && !named.has(pkg)) {
      named.add(pkg);
      const required = typeof shared.requiredVersion === 'string' ? shared.requiredVersion : '*';
      mismatches.push({ package: pkg, required, provided: 'none' });
      continue;
    }
    if (!shared.singleton || typeof shared.requiredVersion !== 'string') continue;
    // Not provided by the shell: the remote uses its own copy, nothing to agree on.
    if (!version || satisfy(version, shared.requiredVersion) || named.has(pkg)) continue;
    named.add(pkg);
    mismatches.push({ package: pkg, required: shared.requiredVersion, provided: version });
  }
  const runtime = manifest.metaData?.pluginVersion;
  if (runtime && runtimeVersion && !satisfy(runtimeVersion, `^${runtime}`)) {
    mismatches.push({
      package: FEDERATION_RUNTIME_PACKAGE,
      required: `^${runtime}`,
      provided: runtimeVersion,
    });
  }
  return mismatches;
}

interface HostShared {
  version?: string;
  from?: string;
}

/** The shell's own shared versions, out of the runtime's options (which also list remotes'). */
export function providedVersions(options: {
  name: string;
  shared?: Record<string, HostShared[]>;
}): ProvidedVersions {
  const provided: ProvidedVersions = {};
  for (const [name, entries] of Object.entries(options.shared ?? {})) {
    const own = entries.find((entry) => entry.from === options.name) ?? entries[0];
    if (own?.version) provided[name] = own.version;
  }
  return provided;
}

/** The runtime's strict singleton error (runtime-core getRegisteredShare), read back. */
const RUNTIME_REFUSAL =
  /Version (\S+) from .* of shared singleton module (\S+) does not satisfy the requirement of .* which needs ([^)\s]+)/;

export function runtimeRefusal(error: unknown): VersionMismatch | null {
  if (error instanceof IncompatibleRemoteError) return null;
  const match = RUNTIME_REFUSAL.exec(error instanceof Error ? error.message : String(error));
  return match ? { package: match[2]!, required: match[3]!, provided: match[1]! } : null;
}

/**
 * Refuses a remote whose manifest this shell cannot run, before any of its code is fetched
 * (remoteManifestPlugin.ts calls it with the manifest it resolved), and records the remote's
 * build version for the failure reports.
 */
export function checkRemoteManifest(
  remote: string,
  manifest: RemoteManifestJson,
  options: { name: string; shared?: Record<string, HostShared[]> },
  runtimeVersion: string | undefined,
): void {
  recordRemoteVersion(remote, manifest.metaData?.buildInfo?.buildVersion);
  const mismatches = versionMismatches(providedVersions(options), manifest, runtimeVersion);
  if (mismatches.length > 0) throw new IncompatibleRemoteError(remote, mismatches);
}

export default function versionContractPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'duly-version-contract',
    // A refusal of the runtime itself (a remote registered without a manifest, so nothing was
    // checked before its code ran) becomes the same error, with the same facts.
    errorLoadRemote({ error, remote }) {
      const refusal = remote && runtimeRefusal(error);
      if (refusal) throw new IncompatibleRemoteError(remote.name, [refusal]);
      return undefined;
    },
  };
}
