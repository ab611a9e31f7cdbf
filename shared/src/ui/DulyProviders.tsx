import { type ReactNode } from 'react';
import { Provider, type ProviderProps } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from './GlobalStyle';
import { theme } from './theme';
import { ToastProvider } from './Toast';

export interface DulyProvidersProps {
  /** The app's store (`createAppStore()`); remotes inside the shell never mount their own. */
  store: ProviderProps['store'];
  children?: ReactNode;
}

/**
 * Everything a Duly screen expects around it: the redux store, the theme, the global style and
 * the toast host (top-right, 4 s, in the theme's colours). The router is
 * deliberately not here: it belongs to the app.
 */
export function DulyProviders({ store, children }: DulyProvidersProps) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <ToastProvider>{children}</ToastProvider>
      </ThemeProvider>
    </Provider>
  );
}
