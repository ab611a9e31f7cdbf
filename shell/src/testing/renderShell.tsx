import {
  renderWithProviders,
  type RenderWithProvidersOptions,
  type RenderWithProvidersResult,
} from '@duly/shared/test-utils';
import { createAppStore, sessionRestored } from '@duly/shared';
import { App } from '../app/App';
import { AuthProvider } from '../features/auth';

/**
 * Renders the whole shell (routes, guards, chrome) at `route`, the way
 * Root.tsx does, with the session already read from local storage unless
 * `sessionLoading` keeps it in its start-up state.
 */
export function renderShell(
  options: RenderWithProvidersOptions & { sessionLoading?: boolean } = {},
): RenderWithProvidersResult {
  const { sessionLoading = false, store = createAppStore(), ...rest } = options;
  if (!sessionLoading && !rest.token) store.dispatch(sessionRestored());
  return renderWithProviders(
    <AuthProvider>
      <App />
    </AuthProvider>,
    { store, ...rest },
  );
}
