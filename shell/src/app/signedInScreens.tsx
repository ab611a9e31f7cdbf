// The screens only a signed-in person sees: the chrome (top bar, side navigation, bell), the
// dashboard and the remotes' routes (the settings screens: settingsScreens.tsx). A chunk of
// their own (SignedInScreen.tsx loads it), so the sign-in screen downloads and evaluates none of them, nor luxon, which the
// dashboard needs (issue 18).
import { AppLayout } from '../features/chrome';
import { DashboardScreen } from '../features/dashboard';
import { preloadRemoteForPath, RemoteOrNotFound, remoteNavSections } from '../features/remotes';
import { providedLibraryEntries } from './providedLibrary';

export const signedInScreens = {
  layout: () => <AppLayout navSections={remoteNavSections()} onLinkIntent={preloadRemoteForPath} />,
  dashboard: () => <DashboardScreen onLinkIntent={preloadRemoteForPath} />,
  remoteOrNotFound: RemoteOrNotFound,
};

/** Referenced so that the build provides every entry point of @duly/shared (see the module). */
export const providedLibrary = providedLibraryEntries;

export type SignedInScreenName = keyof typeof signedInScreens;
