/**
 * Why a remote could not be loaded, and the one place every failed load is counted.
 *
 * Two kinds of failure need two answers (docs/deploying.md):
 * - **unavailable**: the network, the server, a missing file. It may pass: the load is retried
 *   once automatically and the user gets "This section could not be loaded." with Retry.
 * - **incompatible**: the remote was built against versions this shell does not provide (a
 *   singleton outside the remote's range, another federation runtime). Loading it again can
 *   never succeed, so it is not retried, and the user is told the section needs another version
 *   of the app. The version contract plugin (versionContractPlugin.ts) detects it from the
 *   remote's manifest before any of its code runs; the runtime's own strict-version error
 *   (a remote loaded without a manifest) is recognised by its message.
 *
 * React-free: the entry chunk and the federation runtime plugin use it.
 */
import type { RemoteName } from './registry';

export type LoadFailureReason = 'unavailable' | 'incompatible';

/** One package the remote needs at a version the shell does not provide. */
export interface VersionMismatch {
  package: string;
  required: string;
  provided: string;
}

export class IncompatibleRemoteError extends Error {
  readonly remote: RemoteName;
  readonly mismatches: readonly VersionMismatch[];

  constructor(remote: RemoteName, mismatches: readonly VersionMismatch[]) {
    const list = mismatches
      .map((m) => `${m.package} ${m.required} (the shell provides ${m.provided})`)
      .join(', ');
    super(`The remote "${remote}" needs ${list}.`);
    this.name = 'IncompatibleRemoteError';
    this.remote = remote;
    this.mismatches = mismatches;
  }
}

/** The federation runtime's strict singleton check (runtime-core, getRegisteredShare). */
const RUNTIME_VERSION_REFUSAL = /of shared singleton module .+ does not satisfy the requirement/;

export function classifyLoadFailure(error: unknown): LoadFailureReason {
  if (error instanceof IncompatibleRemoteError) return 'incompatible';
  const message = error instanceof Error ? error.message : String(error);
  return RUNTIME_VERSION_REFUSAL.test(message) ? 'incompatible' : 'unavailable';
}

/** The build version each remote's manifest announced this session (its package.json version). */
const announcedVersions = new Map<RemoteName, string>();

export function recordRemoteVersion(remote: RemoteName, version: string | undefined): void {
  if (version) announcedVersions.set(remote, version);
}

export interface LoadFailureReport {
  remote: RemoteName;
  /** The remote's build version from its manifest, when the manifest was read. */
  version: string | null;
  /** The active release (config.json), when the server serves releases. */
  release: string | null;
  reason: LoadFailureReason;
  /** Whether the automatic retry was made before giving up. */
  retried: boolean;
  detail: string;
}

let failureCount = 0;

/**
 * Counts a load that failed for good (after its automatic retry, if any) and prints one line a
 * deployment can forward to its monitoring: `[duly] remote load failed {"remote":…}`.
 */
export function reportLoadFailure(
  remote: RemoteName,
  error: unknown,
  context: { release?: string; retried: boolean },
): LoadFailureReport {
  failureCount += 1;
  const report: LoadFailureReport = {
    remote,
    version: announcedVersions.get(remote) ?? null,
    release: context.release ?? null,
    reason: classifyLoadFailure(error),
    retried: context.retried,
    detail: error instanceof Error ? error.message : String(error),
  };
  console.error(`[duly] remote load failed ${JSON.stringify(report)}`);
  return report;
}

/** How many remote loads failed for good in this session. */
export function loadFailureCount(): number {
  return failureCount;
}

/** Test helper. */
export function resetLoadFailures(): void {
  failureCount = 0;
  announcedVersions.clear();
}
