// Types of remote-registry.cjs for the TypeScript that reads it (the API's web plugin, jest).
export interface RemoteNav {
  label: string;
  to: string;
  icon: string;
  order: number;
}

export interface RemoteEntry {
  name: string;
  package: string;
  devPort: number;
  routes: string[];
  nav?: RemoteNav;
  /** Page path → the API request(s) it starts with (issue 32: sent from the served HTML). */
  firstRequests?: Record<string, FirstRequest | FirstRequest[]>;
}

/** What remotes.json says of the shell's own pages (/, /dashboard). */
export interface ShellEntry {
  firstRequests?: Record<string, FirstRequest | FirstRequest[]>;
}

/** A page's first API request and the RTK Query endpoint it answers. */
export interface FirstRequest {
  request: string;
  endpoint: string;
  /**
   * The arguments the screen calls the endpoint's hook with (`[]`: none). Absent: a list
   * endpoint whose argument is the request's query, the page URL's query added.
   */
  args?: unknown[];
  /** The roles that send it (absent: every signed-in person). */
  roles?: string[];
}

/** One remote in config.json. */
export interface RuntimeRemote {
  entry?: string;
  routes: string[];
  nav?: RemoteNav;
}

export const REGISTRY_FILE: string;
export function readRemoteRegistry(): readonly RemoteEntry[];
export function readShellEntry(): Readonly<ShellEntry>;
export function firstRequestList(declared: FirstRequest | FirstRequest[]): FirstRequest[];
export function registryProblems(registry: unknown): string[];
export function remoteOfPackage(dir: string): RemoteEntry;
export function remoteUrlEnvVar(name: string): string;
export function runtimeRemote(remote: RemoteEntry, entry: string | undefined): RuntimeRemote;
