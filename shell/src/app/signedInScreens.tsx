// The screens only a signed-in person sees: the chrome (top bar, side navigation, bell), the
// dashboard, the profile and the remotes' routes. A chunk of their own (SignedInScreen.tsx loads
// it), so the sign-in screen downloads and evaluates none of them, nor luxon, which the
// dashboard needs (issue 18).
import { AppLayout } from '../features/chrome';
import { DashboardScreen } from '../features/dashboard';
import { ProfileScreen } from '../features/profile';
import { preloadRemoteForPath, RemoteOrNotFound, remoteNavSections } from '../features/remotes';
import { OrganizationSettingsScreen } from '../features/organization-settings';
import { WebhookScreen, WebhooksScreen } from '../features/webhooks';
import { providedLibraryEntries } from './providedLibrary';

export const signedInScreens = {
  layout: () => <AppLayout navSections={remoteNavSections()} onLinkIntent={preloadRemoteForPath} />,
  dashboard: () => <DashboardScreen onLinkIntent={preloadRemoteForPath} />,
  profile: ProfileScreen,
  remoteOrNotFound: RemoteOrNotFound,
  organizationSettings: OrganizationSettingsScreen,
  webhooks: WebhooksScreen,
  webhook: WebhookScreen,
};

/** Referenced so that the build provides every entry point of @duly/shared (see the module). */
export const providedLibrary = providedLibraryEntries;

export type SignedInScreenName = keyof typeof signedInScreens;
