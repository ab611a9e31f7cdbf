/**
 * The standalone page: this remote on its own, for working without the shell. It mounts the
 * same providers the shell gives the remote (the one store, theme and toasts from @duly/shared,
 * and a browser router) and renders the exposed routes at the root, as the shell does.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { configureApi, createAppStore, DulyProviders, sessionRestored } from '@duly/shared';
import { StandaloneApp } from './standalone';

// Default: /api/v1 on this page's host (the dev server forwards it to API_PROXY_TARGET).
configureApi({ baseUrl: process.env.DULY_API_BASE_URL });

const store = createAppStore();
store.dispatch(sessionRestored());

const container = document.getElementById('root');
if (!container) throw new Error('Failed to find the root element');

createRoot(container).render(
  <StrictMode>
    <DulyProviders store={store}>
      <BrowserRouter>
        <StandaloneApp />
      </BrowserRouter>
    </DulyProviders>
  </StrictMode>,
);
