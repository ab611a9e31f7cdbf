// Types of releases.cjs for the TypeScript that reads it (the API's web plugin, jest).
export interface Release {
  id: string;
  version: string | null;
  createdAt: string;
}
export interface RemoteReleases {
  active: string;
  /** The release active before this one: kept, as open tabs may still run it. */
  previous?: string;
  releases: Release[];
}
export interface ReleaseRegistry {
  remotes: Record<string, RemoteReleases>;
}
interface RemoteRef {
  name: string;
  package: string;
}
export const DEFAULT_KEEP: number;
export const LOCK_NAME: string;
export const RELEASE_ID: RegExp;
export class ReleaseError extends Error {}
export function activeReleases(dataDir: string): Record<string, string>;
export function contentId(dir: string): string;
export function readReleaseRegistry(dataDir: string): ReleaseRegistry;
export function releaseDir(dataDir: string, pkg: string, id: string): string;
export function releasesDir(dataDir: string): string;
export function releaseRemote(options: {
  dataDir: string;
  remote: RemoteRef;
  distDir: string;
  keep?: number;
  now?: Date;
}): { id: string; created: boolean; removed: string[] };
export function rollbackRemote(options: { dataDir: string; remote: RemoteRef; to?: string }): {
  id: string;
  from: string;
};
export function rollbackTarget(options: {
  dataDir: string;
  remote: RemoteRef;
  to?: string;
}): string | null;
