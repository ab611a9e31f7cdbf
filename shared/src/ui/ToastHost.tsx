import { useEffect, useRef, useState } from 'react';
import { MaterialDesignContent, SnackbarProvider, enqueueSnackbar } from 'notistack';
import styled from 'styled-components';
import { TOAST_ANCHOR, TOAST_DURATION_MS } from '../contract/constants';
import { theme } from './theme';
import type { PendingToast, ShowToast } from './Toast';

/**
 * notistack's toast in the theme's colours. Its own success green (#43a047) gives white text
 * 3.3:1; the theme's green, red and blue all reach 4.5:1 (VISUAL, accessibility).
 */
const Toast = styled(MaterialDesignContent)`
  border-radius: ${theme.radii.control};
  font-family: inherit;

  &.notistack-MuiContent-success {
    background-color: ${theme.colors.status.green.main};
  }
  &.notistack-MuiContent-error {
    background-color: ${theme.colors.error};
  }
  &.notistack-MuiContent-info {
    background-color: ${theme.colors.primary};
  }
  &.notistack-MuiContent-warning {
    background-color: ${theme.colors.status.orange.text};
  }
`;

const TOAST_COMPONENTS = {
  default: Toast,
  success: Toast,
  error: Toast,
  info: Toast,
  warning: Toast,
};

/** Below the drawer breakpoint a toast rises from the bottom centre, never over the header. */
export const PHONE_TOAST_ANCHOR = { vertical: 'bottom', horizontal: 'center' } as const;

function useNarrowWindow(): boolean {
  const query = `(max-width: ${theme.breakpoints.narrow - 0.02}px)`;
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

const show: ShowToast = (message, options) => {
  enqueueSnackbar(message, options);
};

/**
 * The toast host itself (notistack, top-right, 4 s, spec 9; bottom-centre on a phone, issue 33):
 * loaded with the first message
 * (`ToastProvider`), which it shows with every message sent while it loaded.
 */
export default function ToastHost({
  pending,
  onReady,
}: {
  pending: readonly PendingToast[];
  onReady: (show: ShowToast) => void;
}) {
  const shown = useRef(0);
  const narrow = useNarrowWindow();
  // After SnackbarProvider has mounted, so notistack's enqueueSnackbar reaches it.
  useEffect(() => {
    for (const toast of pending.slice(shown.current)) show(toast.message, toast.options);
    shown.current = pending.length;
    onReady(show);
  }, [pending, onReady]);
  return (
    <SnackbarProvider
      anchorOrigin={narrow ? PHONE_TOAST_ANCHOR : TOAST_ANCHOR}
      autoHideDuration={TOAST_DURATION_MS}
      Components={TOAST_COMPONENTS}
    />
  );
}
