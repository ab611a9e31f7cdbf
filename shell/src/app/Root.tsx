import { StrictMode, type ReactNode } from 'react';
import { BrowserRouter, StaticRouter } from 'react-router-dom';
import { DulyProviders } from '@duly/shared/kit';
import { type AppStore } from '@duly/shared/core';
import { AuthProvider } from '../features/auth';
import { App } from './App';

export interface RootProps {
  store: AppStore;
  /** Render at this path without a browser (the build's pre-render); else at the browser's URL. */
  location?: string;
}

/** The providers every screen (the shell's and the remotes') renders inside. */
export function Root({ store, location }: RootProps) {
  const app: ReactNode = (
    <AuthProvider>
      <App />
    </AuthProvider>
  );
  return (
    <StrictMode>
      <DulyProviders store={store}>
        {location === undefined ? (
          <BrowserRouter>{app}</BrowserRouter>
        ) : (
          <StaticRouter location={location}>{app}</StaticRouter>
        )}
      </DulyProviders>
    </StrictMode>
  );
}
