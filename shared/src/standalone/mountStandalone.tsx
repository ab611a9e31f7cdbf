import { StrictMode, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { configureApi, createAppStore, DulyProviders, sessionRestored } from '@duly/shared';
import { StandaloneApp } from './StandaloneApp';

export interface StandaloneOptions {
  /** The remote's container name, shown in the top bar (`remote_tasks`). */
  name: string;
  /** The remote's exposed routes component. */
  routes: ComponentType;
  /** Where `/` and a fresh sign-in lead (`/tasks`). */
  home: string;
  /** Default: the build's `DULY_API_BASE_URL`, else `/api/v1` on this page's host. */
  apiBaseUrl?: string;
  /** Default: `#root`. */
  container?: HTMLElement | null;
}

/**
 * A remote's standalone dev page: the same providers the shell gives the remote (the one store,
 * theme and toasts, a browser router), with a thin top bar and a sign-in form instead of the
 * shell's chrome. Call it from the remote's `bootstrap.tsx`, behind the async boundary.
 */
export function mountStandalone({
  name,
  routes,
  home,
  apiBaseUrl = process.env.DULY_API_BASE_URL,
  container = document.getElementById('root'),
}: StandaloneOptions): Root {
  if (!container) throw new Error('Failed to find the root element');
  // Empty: /api/v1 on this page's host (the dev server forwards it to API_PROXY_TARGET).
  configureApi({ baseUrl: apiBaseUrl });
  const store = createAppStore();
  store.dispatch(sessionRestored());
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <DulyProviders store={store}>
        <BrowserRouter>
          <StandaloneApp name={name} routes={routes} home={home} />
        </BrowserRouter>
      </DulyProviders>
    </StrictMode>,
  );
  return root;
}
