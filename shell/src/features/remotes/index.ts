// Public face of the remotes feature: the app composes these; nothing else reaches inside.
export {
  registerRemoteEntries,
  remoteNavSections,
  type RemoteConfig,
  type RemoteEntries,
  type RemoteName,
  type RemoteNav,
} from './registry';
export { remoteOwningPath } from './routeTable';
export { loadRemoteRoutes, preloadRemote, preloadRemoteForPath } from './loadRemoteRoutes';
export { RemoteRoute, REMOTE_FAILED_TEXT, REMOTE_INCOMPATIBLE_TEXT } from './RemoteRoute';
export { RemoteOrNotFound } from './RemoteOrNotFound';
