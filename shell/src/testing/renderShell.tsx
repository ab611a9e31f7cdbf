import {
  renderWithProviders,
  type RenderWithProvidersOptions,
  type RenderWithProvidersResult,
} from '@duly/shared/test-utils';
import { createAppStore, sessionRestored } from '@duly/shared';
import { App } from '../app/App';
import { providePublicPart } from '../app/PublicScreen';
import { publicScreens } from '../app/publicScreens';
import { settingsScreens } from '../app/settingsScreens';
import { provideSettingsPart, provideSignedInPart } from '../app/SignedInScreen';
import { signedInScreens } from '../app/signedInScreens';
import { AuthProvider } from '../features/auth';
import { registerRemoteEntries, type RemoteEntries } from '../features/remotes';
import { configuredRemotes } from './remotes';

/**
 * Renders the whole shell (routes, guards, chrome) at `route`, the way
 * Root.tsx does, with the session already read from local storage unless
 * `sessionLoading` keeps it in its start-up state, and `remotes` (default: every remote of
 * remotes.json, none deployed) registered as config.json would register them.
 */
export function renderShell(
  options: RenderWithProvidersOptions & { sessionLoading?: boolean; remotes?: RemoteEntries } = {},
): RenderWithProvidersResult {
  const {
    sessionLoading = false,
    store = createAppStore(),
    remotes = configuredRemotes(),
    ...rest
  } = options;
  registerRemoteEntries(remotes);
  // As after a page load: the screens render in the first pass.
  provideSignedInPart(signedInScreens);
  provideSettingsPart(settingsScreens);
  providePublicPart(publicScreens);
  if (!sessionLoading && !rest.token) store.dispatch(sessionRestored());
  return renderWithProviders(
    <AuthProvider>
      <App />
    </AuthProvider>,
    { store, ...rest },
  );
}
