/**
 * The remotes the shell knows, all of them from config.json (the server writes it from
 * remotes.json): where each lives, the paths it owns and its navigation entry. Nothing here is
 * compiled in: `registerRemoteEntries` runs once at start-up (docs/module-federation.md), so a
 * remote's routes or a new remote need no shell build; the runtime learns of them when the
 * first remote loads (`registerWithRuntime`).
 *
 * Free of React: the entry chunk (app/earlyStart.ts) uses it before the shared singletons load.
 */
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteOwningPath, setRemoteRouteTable, type RemoteName } from './routeTable';

export type { RemoteName };

/** A remote's entry in the side navigation. */
export interface RemoteNav {
  label: string;
  to: string;
  /** An icon of the UI kit by name (`tasks`); an unknown name gets a generic icon. */
  icon: string;
  /** Position in the navigation; the shell's Dashboard comes first (0). */
  order: number;
}

/** `config.json` → `remotes.<name>`. */
export interface RemoteConfig {
  /** Manifest (or remoteEntry.js) URL; absent: not deployed, its routes show the failure. */
  entry?: string;
  /** Paths the remote owns: static segments, optionally ending in `/*`. */
  routes: string[];
  nav?: RemoteNav;
  /** The release it is served from (`npm run release`), for the failure reports. */
  release?: string;
}

export type RemoteEntries = Record<RemoteName, RemoteConfig>;

let registered: ReadonlyMap<RemoteName, RemoteConfig> = new Map();
let navSections: readonly RemoteNavSection[] = [];
/** Deployed remotes not yet handed to the Module Federation runtime (see `registerWithRuntime`). */
let awaitingRuntime: { name: RemoteName; entry: string }[] = [];

/**
 * Takes config.json's remotes: makes their paths the shell's route table and their entries
 * known, so that the first load registers every deployed one with the Module Federation runtime.
 */
export function registerRemoteEntries(remotes: RemoteEntries): void {
  registered = new Map(Object.entries(remotes));
  navSections = [...registered]
    .flatMap(([name, { nav }]) =>
      nav ? [{ ...nav, isCurrent: (pathname: string) => remoteOwningPath(pathname) === name }] : [],
    )
    .sort((a, b) => a.order - b.order);
  setRemoteRouteTable(
    [...registered].flatMap(([remote, { routes }]) => routes.map((path) => ({ path, remote }))),
  );
  awaitingRuntime = [...registered].flatMap(([name, { entry }]) =>
    entry ? [{ name, entry }] : [],
  );
}

/**
 * Hands config.json's deployed remotes to the Module Federation runtime, once, before the first
 * remote loads. Not at start-up: the runtime's registration is main-thread work (about 100 ms
 * on a slow phone) that a visitor of /login, who loads no remote, would pay while the
 * pre-rendered form waits to respond (issue 18).
 */
export function registerWithRuntime(): void {
  if (awaitingRuntime.length === 0) return;
  registerRemotes(awaitingRuntime);
  awaitingRuntime = [];
}

export function remoteEntry(name: RemoteName): string | undefined {
  return registered.get(name)?.entry;
}

/** The release config.json names for a remote, if the server serves releases. */
export function remoteRelease(name: RemoteName): string | undefined {
  return registered.get(name)?.release;
}

/** The paths a remote owns (empty for a remote config.json does not name). */
export function remoteRoutes(name: RemoteName): readonly string[] {
  return registered.get(name)?.routes ?? [];
}

/** A remote's navigation entry, current wherever that remote renders the page. */
export interface RemoteNavSection extends RemoteNav {
  isCurrent(pathname: string): boolean;
}

/** The remotes' navigation entries, in their order. */
export function remoteNavSections(): readonly RemoteNavSection[] {
  return navSections;
}

/**
 * Forgets everything the runtime cached about a remote (its manifest, its
 * container, a failed entry script) so that the next load fetches it afresh.
 * This is what lets Retry succeed without a page reload once a remote that
 * was down is back: without it the runtime keeps answering with the failure.
 */
export function forgetRemote(name: RemoteName): void {
  const entry = remoteEntry(name);
  if (!entry) return;
  registerRemotes([{ name, entry }], { force: true });
}
