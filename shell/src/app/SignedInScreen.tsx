// The parts of the shell only a signed-in person sees, each a chunk of its own (screenPart.tsx):
// the chrome, the dashboard and the remotes' routes (signedInScreens.tsx), and the settings
// screens (settingsScreens.tsx: the profile with its forms, the organisation's settings, the
// webhooks), which a list screen never needs, nor formik and the date helpers they import.
import { screenPart } from './screenPart';
import type { SettingsScreenName, settingsScreens } from './settingsScreens';
import type { SignedInScreenName, signedInScreens } from './signedInScreens';

const signedInPart = screenPart<typeof signedInScreens>(() =>
  import(/* webpackChunkName: "signed-in" */ './signedInScreens').then(
    (part) => part.signedInScreens,
  ),
);

const settingsPart = screenPart<typeof settingsScreens>(() =>
  import(/* webpackChunkName: "settings" */ './settingsScreens').then(
    (part) => part.settingsScreens,
  ),
);

/** Starts (once) loading the signed-in part; resolves with its screens. */
export const loadSignedInPart = signedInPart.load;
/** The signed-in part, already loaded: what a page load with a session amounts to. */
export const provideSignedInPart = signedInPart.provide;
/** Starts (once) loading the settings screens (bootstrap.tsx, for a page that shows one). */
export const loadSettingsPart = settingsPart.load;
export const provideSettingsPart = settingsPart.provide;

/** The paths of the settings screens, for bootstrap.tsx to load their part before rendering. */
export const SETTINGS_PATHS = /^\/(profile|settings)(\/|$)/;

/** One screen of the signed-in part: rendered at once if loaded, else after a spinner. */
export function SignedInScreen({ name }: { name: SignedInScreenName }) {
  return <signedInPart.Screen name={name} />;
}

/** One settings screen, likewise. */
export function SettingsScreen({ name }: { name: SettingsScreenName }) {
  return <settingsPart.Screen name={name} />;
}
