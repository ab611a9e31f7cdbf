import { type ReactNode } from 'react';
import { Provider, type ProviderProps } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { SnackbarProvider } from 'notistack';
import { TOAST_ANCHOR, TOAST_DURATION_MS } from '../contract/constants';
import { GlobalStyle } from './GlobalStyle';
import { theme } from './theme';

export interface DulyProvidersProps {
  /** The app's store (`createAppStore()`); remotes inside the shell never mount their own. */
  store: ProviderProps['store'];
  children?: ReactNode;
}

/**
 * Everything a Duly screen expects around it: the redux store, the theme, the global style and
 * the toast host (top-right, 4 s). The router is deliberately not here: it belongs to the app.
 */
export function DulyProviders({ store, children }: DulyProvidersProps) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <SnackbarProvider anchorOrigin={TOAST_ANCHOR} autoHideDuration={TOAST_DURATION_MS}>
          {children}
        </SnackbarProvider>
      </ThemeProvider>
    </Provider>
  );
}
