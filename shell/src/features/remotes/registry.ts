/**
 * The remotes the shell knows by name and where config.json says they live.
 * Nothing here is compiled in: `registerRemoteEntries` runs once at start-up
 * with the URLs from config.json (docs/module-federation.md).
 */
import { registerRemotes } from '@module-federation/enhanced/runtime';

export const REMOTE_NAMES = [
  'remote_tasks',
  'remote_certificates',
  'remote_employees',
  'remote_team',
] as const;

export type RemoteName = (typeof REMOTE_NAMES)[number];

/** `config.json` → `remotes`: a manifest (or remoteEntry.js) URL per remote. */
export type RemoteEntries = Partial<Record<RemoteName, string>>;

export function isRemoteName(value: string): value is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(value);
}

const entries = new Map<RemoteName, string>();

/** Registers every configured remote with the Module Federation runtime; loads none. */
export function registerRemoteEntries(remoteEntries: RemoteEntries): void {
  entries.clear();
  for (const name of REMOTE_NAMES) {
    const entry = remoteEntries[name];
    if (entry) entries.set(name, entry);
  }
  registerRemotes([...entries].map(([name, entry]) => ({ name, entry })));
}

export function remoteEntry(name: RemoteName): string | undefined {
  return entries.get(name);
}

/**
 * Forgets everything the runtime cached about a remote (its manifest, its
 * container, a failed entry script) so that the next load fetches it afresh.
 * This is what lets Retry succeed without a page reload once a remote that
 * was down is back: without it the runtime keeps answering with the failure.
 */
export function forgetRemote(name: RemoteName): void {
  const entry = entries.get(name);
  if (!entry) return;
  registerRemotes([{ name, entry }], { force: true });
}
