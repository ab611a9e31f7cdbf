import { useEffect, useState, type ReactNode } from 'react';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import styled, { useTheme } from 'styled-components';
import { TOAST_ANCHOR, TOAST_DURATION_MS } from '../contract/constants';

/**
 * notistack's toast in the theme's colours. Its own success green (#43a047) gives white text
 * 3.3:1; the theme's green, red and blue all reach 4.5:1 (VISUAL, accessibility).
 */
const Toast = styled(MaterialDesignContent)`
  border-radius: ${({ theme }) => theme.radii.control};
  font-family: inherit;

  &.notistack-MuiContent-success {
    background-color: ${({ theme }) => theme.colors.status.green.main};
  }
  &.notistack-MuiContent-error {
    background-color: ${({ theme }) => theme.colors.error};
  }
  &.notistack-MuiContent-info {
    background-color: ${({ theme }) => theme.colors.primary};
  }
  &.notistack-MuiContent-warning {
    background-color: ${({ theme }) => theme.colors.status.orange.text};
  }
`;

const TOAST_COMPONENTS = {
  default: Toast,
  success: Toast,
  error: Toast,
  info: Toast,
  warning: Toast,
};

/** On a phone a toast rises from the bottom centre, where it never covers the header. */
export const PHONE_TOAST_ANCHOR = { vertical: 'bottom', horizontal: 'center' } as const;

/** Whether the window is below the drawer breakpoint now, following its resizes. */
function useNarrowWindow(): boolean {
  const narrowBelow = useTheme()?.breakpoints?.narrow ?? 900;
  const query = `(max-width: ${narrowBelow - 0.02}px)`;
  const [narrow, setNarrow] = useState(
    () => typeof window !== 'undefined' && Boolean(window.matchMedia?.(query).matches),
  );
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return undefined;
    const follow = () => setNarrow(list.matches);
    follow();
    list.addEventListener('change', follow);
    return () => list.removeEventListener('change', follow);
  }, [query]);
  return narrow;
}

/**
 * The toast host: top-right, 4 s (spec 9), drawn in the theme's colours; below the drawer
 * breakpoint bottom-centre instead, so a toast never hides the phone's header (issue 33).
 */
export function ToastProvider({ children }: { children?: ReactNode }) {
  const narrow = useNarrowWindow();
  return (
    <SnackbarProvider
      anchorOrigin={narrow ? PHONE_TOAST_ANCHOR : TOAST_ANCHOR}
      autoHideDuration={TOAST_DURATION_MS}
      Components={TOAST_COMPONENTS}
    >
      {children}
    </SnackbarProvider>
  );
}
