export { ProfileScreen } from './ProfileScreen';
export { PROFILE_TEXTS } from './texts';
