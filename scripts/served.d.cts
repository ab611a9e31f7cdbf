// Types of served.cjs for the TypeScript that reads it (the API's web plugin, jest).
export interface ServedSources {
  dataDir?: string;
  /** shell/dist: served while no shell release was made. */
  shellDir: string;
  /** DULY_SHELL_DIR: a shell build kept elsewhere, served whatever was released. */
  pinnedShellDir?: string;
  remoteDirs: Record<string, string>;
  remoteUrls: Record<string, string>;
}
export interface ServedShell {
  dir: string;
  source: 'DULY_SHELL_DIR' | 'release' | 'dist';
  release?: string;
}
export type ServedRemote =
  | { kind: 'url'; manifest: string }
  | { kind: 'release'; id: string; dir: string; manifest: string }
  | { kind: 'dist'; dir: string; manifest: string };
export const MANIFEST_FILE: string;
export const SHELL_MANIFEST_FILE: string;
export function dataDirFromEnv(env?: NodeJS.ProcessEnv): string;
export function manifestUrl(value: string): string;
export function servedSourcesFromEnv(root: string, env?: NodeJS.ProcessEnv): ServedSources;
export function servedShell(sources: ServedSources): ServedShell;
export function servedShellManifest(sources: ServedSources): { file: string; from: string };
export function servedRemotes(sources: ServedSources): Record<string, ServedRemote>;
