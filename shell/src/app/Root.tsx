import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { DulyProviders } from '@duly/shared/ui';
import { type AppStore } from '@duly/shared/core';
import { AuthProvider } from '../features/auth';
import { App } from './App';

/** The providers every screen (the shell's and the remotes') renders inside. */
export function Root({ store }: { store: AppStore }) {
  return (
    <StrictMode>
      <DulyProviders store={store}>
        <BrowserRouter>
          <AuthProvider>
            <App />
          </AuthProvider>
        </BrowserRouter>
      </DulyProviders>
    </StrictMode>
  );
}
