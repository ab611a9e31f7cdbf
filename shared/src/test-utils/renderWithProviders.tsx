import { type ReactElement, type ReactNode } from 'react';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { sessionRestored } from '../auth/actions';
import { storeToken } from '../auth/tokenStorage';
import { createAppStore, type AppStore } from '../store/store';
import { DulyProviders } from '../ui';

export interface RenderWithProvidersOptions extends Pick<
  RenderOptions,
  'container' | 'baseElement' | 'hydrate'
> {
  /** The URL the router starts at. Default `/`. */
  route?: string;
  /** A route pattern (`/tasks/:taskId`) to render `ui` under, so `useParams` works. */
  path?: string;
  /** Default: a fresh `createAppStore()`. */
  store?: AppStore;
  /** Signs in: stores the token and restores the session before rendering (`makeToken()`). */
  token?: string;
}

export interface RenderWithProvidersResult extends RenderResult {
  store: AppStore;
  user: UserEvent;
  /** Where the router is now (`pathname + search`), e.g. after a form navigated away. */
  currentPath: () => string;
}

/**
 * Renders a screen the way the app does: the real store, the theme, the toast
 * host and a memory router.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    path,
    store = createAppStore(),
    token,
    ...renderOptions
  }: RenderWithProvidersOptions = {},
): RenderWithProvidersResult {
  if (token) {
    storeToken(token);
    store.dispatch(sessionRestored());
  }

  let currentPath = route;
  function LocationSpy() {
    const location = useLocation();
    currentPath = `${location.pathname}${location.search}`;
    return null;
  }

  const routed = path ? (
    <Routes>
      <Route path={path} element={ui} />
      <Route path="*" element={null} />
    </Routes>
  ) : (
    ui
  );

  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <DulyProviders store={store}>
        <MemoryRouter initialEntries={[route]}>
          {children}
          <LocationSpy />
        </MemoryRouter>
      </DulyProviders>
    );
  }

  const user = userEvent.setup();
  const result: RenderResult = render(routed, { ...renderOptions, wrapper: Wrapper });
  return { store, user, currentPath: () => currentPath, ...result };
}
