import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme';
import { ToastProvider } from '../Toast';

/**
 * Renders a screen-kit part at `url` inside the theme, a router and the toasts, and tells where
 * the router is after (`currentPath()`: `/tasks?status=done`).
 */
export function renderInRouter(ui: ReactElement, url = '/') {
  let path = '';
  function Where() {
    const location = useLocation();
    path = `${location.pathname}${location.search}`;
    return null;
  }
  const user = userEvent.setup();
  const result = render(
    <ThemeProvider theme={theme}>
      <ToastProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
          <Where />
        </MemoryRouter>
      </ToastProvider>
    </ThemeProvider>,
  );
  return { ...result, user, currentPath: () => path };
}
