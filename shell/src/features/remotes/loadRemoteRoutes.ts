/**
 * Loads a remote's one exposed module, `./routes`, with one automatic retry.
 * A successful load is kept for the rest of the session, so revisiting a
 * section (or hovering its link again) costs nothing.
 */
// Type-only: this module also runs in the entry chunk (app/earlyStart.ts), where React, a
// shared singleton, is not available yet.
import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { classifyLoadFailure, reportLoadFailure } from './loadFailures';
import {
  forgetRemote,
  registerWithRuntime,
  remoteEntry,
  remoteRelease,
  remoteRoutes,
  type RemoteName,
} from './registry';
import { remoteOwningPath, routesOutside } from './routeTable';

/** What every remote's `./routes` exports (docs/module-federation.md). */
export interface RemoteRoutesModule {
  default: ComponentType;
  /** The route paths the component renders, checked against the remote's owned paths. */
  routePaths?: readonly string[];
}

export class RemoteNotConfiguredError extends Error {
  constructor(name: RemoteName) {
    super(`The remote "${name}" is not in config.json.`);
    this.name = 'RemoteNotConfiguredError';
  }
}

export class InvalidRemoteModuleError extends Error {
  constructor(name: RemoteName) {
    super(`The remote "${name}" did not expose a component as the default export of ./routes.`);
    this.name = 'InvalidRemoteModuleError';
  }
}

/** Pause before the automatic retry: long enough for a flaky request to pass. */
export const AUTO_RETRY_DELAY_MS = 300;

const loaded = new Map<RemoteName, Promise<RemoteRoutesModule>>();
/** The same loads once they have succeeded, readable without waiting. */
const ready = new Map<RemoteName, RemoteRoutesModule>();

function isRoutesModule(value: unknown): value is RemoteRoutesModule {
  if (value === null || typeof value !== 'object' || !('default' in value)) return false;
  const component = (value as { default: unknown }).default;
  // A function component, or an object component (memo, forwardRef, lazy).
  return typeof component === 'function' || (typeof component === 'object' && component !== null);
}

/**
 * In development, names the routes a remote renders outside the paths it owns in remotes.json:
 * the shell never sends those paths to it, so they are dead (a test checks the same for every
 * registered remote).
 */
function reportRoutesOutsideOwnedPaths(name: RemoteName, module: RemoteRoutesModule): void {
  if (process.env.NODE_ENV === 'production' || !module.routePaths) return;
  const outside = routesOutside(module.routePaths, remoteRoutes(name));
  if (outside.length > 0) {
    console.error(
      `${name} renders ${outside.join(', ')} outside the paths it owns (${remoteRoutes(name).join(', ')}): add them to its routes in remotes.json.`,
    );
  }
}

async function loadOnce(name: RemoteName): Promise<RemoteRoutesModule> {
  registerWithRuntime();
  const module = await loadRemote<unknown>(`${name}/routes`);
  if (!isRoutesModule(module)) throw new InvalidRemoteModuleError(name);
  reportRoutesOutsideOwnedPaths(name, module);
  return module;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One load, retried once after a short pause when it may pass (network, server); a remote that
 * is incompatible with this shell is not retried: it can never succeed (loadFailures.ts). A load
 * that fails for good is reported once, in the one place failures are counted.
 */
async function loadWithRetry(name: RemoteName): Promise<RemoteRoutesModule> {
  let retried = false;
  try {
    if (!remoteEntry(name)) throw new RemoteNotConfiguredError(name);
    try {
      return await loadOnce(name);
    } catch (firstError) {
      // Leave the runtime clean either way, so that a later load really fetches again.
      forgetRemote(name);
      if (classifyLoadFailure(firstError) === 'incompatible') throw firstError;
      console.warn(`Loading ${name} failed; retrying once.`, firstError);
      retried = true;
      await wait(AUTO_RETRY_DELAY_MS);
      try {
        return await loadOnce(name);
      } catch (secondError) {
        forgetRemote(name);
        throw secondError;
      }
    }
  } catch (error) {
    reportLoadFailure(name, error, { release: remoteRelease(name), retried });
    throw error;
  }
}

/**
 * The remote's routes component. Concurrent callers share one load; a failed
 * load is not kept, so the next call (Retry, revisit, hover) tries again.
 */
export function loadRemoteRoutes(name: RemoteName): Promise<RemoteRoutesModule> {
  const pending = loaded.get(name);
  if (pending) return pending;
  const attempt = loadWithRetry(name);
  loaded.set(name, attempt);
  attempt.then(
    (module) => {
      if (loaded.get(name) === attempt) ready.set(name, module);
    },
    () => {
      if (loaded.get(name) === attempt) loaded.delete(name);
    },
  );
  return attempt;
}

/** The remote's routes if they have already loaded in this session, so a render need not wait. */
export function loadedRemoteRoutes(name: RemoteName): RemoteRoutesModule | undefined {
  return ready.get(name);
}

/** Starts loading a remote ahead of a visit (hover or focus of its link); never throws. */
export function preloadRemote(name: RemoteName): void {
  loadRemoteRoutes(name).catch(() => {
    // The visit itself shows the failure; a preload stays silent.
  });
}

/** Hover or focus of a link to `to`: starts loading the remote behind it, if any. */
export function preloadRemoteForPath(to: string): void {
  const remote = remoteOwningPath(to);
  if (remote && remoteEntry(remote)) preloadRemote(remote);
}

/**
 * Loads started at start-up for the page's own route, before anything rendered
 * (loadPageRemoteAtStartup). The first render of that remote takes over the very same
 * load, even when it has already failed, so the page still makes one attempt
 * plus one automatic retry before it shows the failure; only Retry starts anew.
 */
const startupLoads = new Map<RemoteName, Promise<RemoteRoutesModule>>();

/** Starts loading the remote that owns the page being opened; its first render takes it over. */
export function loadRemoteAtStartup(name: RemoteName): void {
  const attempt = loadRemoteRoutes(name);
  attempt.catch(() => {
    // Reported by the render that takes this load over.
  });
  startupLoads.set(name, attempt);
}

/** At start-up, starts loading the remote that owns `pathname`, if one does and is deployed. */
export function loadPageRemoteAtStartup(pathname: string): void {
  const remote = remoteOwningPath(pathname);
  if (remote && remoteEntry(remote)) loadRemoteAtStartup(remote);
}

/**
 * The start-up load of this remote, if one was started, without taking it over: what the first
 * render waits for (firstScreen.ts) before the remote's own render takes it.
 */
export function startupLoadOf(name: RemoteName): Promise<RemoteRoutesModule> | undefined {
  return startupLoads.get(name);
}

/** The start-up load of this remote, once: later renders (Retry, revisits) load as usual. */
export function takeStartupLoad(name: RemoteName): Promise<RemoteRoutesModule> | undefined {
  const attempt = startupLoads.get(name);
  startupLoads.delete(name);
  return attempt;
}

/** Test helper: forget every load of this session. */
export function resetLoadedRemotes(): void {
  loaded.clear();
  ready.clear();
  startupLoads.clear();
}
