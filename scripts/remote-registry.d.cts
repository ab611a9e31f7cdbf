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
  /** Page path → the API request it starts with (issue 32: sent from the served HTML). */
  firstRequests?: Record<string, FirstRequest>;
}

/** A page's first API request and the RTK Query list endpoint it answers. */
export interface FirstRequest {
  request: string;
  endpoint: string;
}

/** One remote in config.json. */
export interface RuntimeRemote {
  entry?: string;
  routes: string[];
  nav?: RemoteNav;
}

export const REGISTRY_FILE: string;
export function readRemoteRegistry(): readonly RemoteEntry[];
export function registryProblems(registry: unknown): string[];
export function remoteOfPackage(dir: string): RemoteEntry;
export function remoteUrlEnvVar(name: string): string;
export function runtimeRemote(remote: RemoteEntry, entry: string | undefined): RuntimeRemote;
