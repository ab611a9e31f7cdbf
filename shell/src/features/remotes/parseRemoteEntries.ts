/**
 * Reads config.json's `remotes` defensively: what is well-formed is kept, anything else is
 * named in the console and left out, so one bad entry never stops the shell. React-free (the
 * entry chunk reads config.json).
 */
import type { RemoteConfig, RemoteEntries, RemoteNav } from './registry';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const ROUTE = /^(\/[^/*]+)+(\/\*)?$/;

function parseNav(name: string, raw: unknown): RemoteNav | undefined {
  if (raw === undefined) return undefined;
  if (
    isRecord(raw) &&
    typeof raw.label === 'string' &&
    typeof raw.to === 'string' &&
    raw.to.startsWith('/') &&
    typeof raw.icon === 'string' &&
    typeof raw.order === 'number'
  ) {
    return { label: raw.label, to: raw.to, icon: raw.icon, order: raw.order };
  }
  console.warn(`config.json: remote "${name}" has a malformed nav entry; it is not in the menu.`);
  return undefined;
}

function parseRemote(name: string, raw: unknown): RemoteConfig | null {
  if (!isRecord(raw) || !Array.isArray(raw.routes)) {
    console.warn(`config.json: remote "${name}" has no routes; it is ignored.`);
    return null;
  }
  const routes = raw.routes.filter(
    (route): route is string => typeof route === 'string' && ROUTE.test(route),
  );
  if (routes.length !== raw.routes.length) {
    console.warn(`config.json: remote "${name}" lists malformed routes; they are ignored.`);
  }
  const config: RemoteConfig = { routes };
  if (typeof raw.entry === 'string' && raw.entry.trim() !== '') config.entry = raw.entry.trim();
  const nav = parseNav(name, raw.nav);
  if (nav) config.nav = nav;
  if (typeof raw.release === 'string' && raw.release !== '') config.release = raw.release;
  return config;
}

export function parseRemoteEntries(raw: unknown): RemoteEntries {
  const remotes: RemoteEntries = {};
  if (!isRecord(raw)) return remotes;
  for (const [name, value] of Object.entries(raw)) {
    const remote = parseRemote(name, value);
    if (remote) remotes[name] = remote;
  }
  return remotes;
}
