// Public face of the remotes feature: the app composes these; nothing else reaches inside.
export {
  REMOTE_NAMES,
  isRemoteName,
  registerRemoteEntries,
  type RemoteEntries,
  type RemoteName,
} from './registry';
export { loadRemoteRoutes, preloadRemote } from './loadRemoteRoutes';
export { RemoteRoute, REMOTE_FAILED_TEXT } from './RemoteRoute';
