// Live screens (issue 31): the API's change stream turned into refetches of what is open.
export { useLiveUpdates } from './useLiveUpdates';
