// Types of releases.cjs for the TypeScript that reads it (the API's web plugin, jest).
export interface Release {
  id: string;
  version: string | null;
  createdAt: string;
}
export interface RemoteReleases {
  active: string;
  releases: Release[];
}
export interface ReleaseRegistry {
  remotes: Record<string, RemoteReleases>;
  shell?: RemoteReleases;
}
/** The shell (SHELL) or a remote of remotes.json. */
export interface Target {
  name: string;
  package: string;
}
export const DEFAULT_KEEP: number;
export const RELEASE_ID: RegExp;
export const SHELL: Readonly<Target>;
export class ReleaseError extends Error {}
export function activeReleases(dataDir: string): Record<string, string>;
export function activeShellRelease(dataDir: string): { id: string; dir: string } | null;
export function contentId(dir: string): string;
export function keptShellReleaseDirs(dataDir: string): string[];
export function readReleaseRegistry(dataDir: string): ReleaseRegistry;
export function releaseDir(dataDir: string, pkg: string, id: string): string;
export function releasesDir(dataDir: string): string;
export function releaseBuild(options: {
  dataDir: string;
  target: Target;
  distDir: string;
  keep?: number;
  now?: Date;
}): { id: string; created: boolean; removed: string[] };
export function rollbackTarget(options: { dataDir: string; target: Target; to?: string }): {
  release: Release;
  dir: string;
  from: string;
};
export function rollbackRelease(options: { dataDir: string; target: Target; to?: string }): {
  id: string;
  from: string;
};
export function withReleaseLock<T>(
  dataDir: string,
  work: () => T,
  options?: { waitMs?: number },
): T;
