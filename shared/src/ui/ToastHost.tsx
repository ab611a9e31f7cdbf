import { useEffect, useRef } from 'react';
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

const show: ShowToast = (message, options) => {
  enqueueSnackbar(message, options);
};

/**
 * The toast host itself (notistack, top-right, 4 s, spec 9): loaded with the first message
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
  // After SnackbarProvider has mounted, so notistack's enqueueSnackbar reaches it.
  useEffect(() => {
    for (const toast of pending.slice(shown.current)) show(toast.message, toast.options);
    shown.current = pending.length;
    onReady(show);
  }, [pending, onReady]);
  return (
    <SnackbarProvider
      anchorOrigin={TOAST_ANCHOR}
      autoHideDuration={TOAST_DURATION_MS}
      Components={TOAST_COMPONENTS}
    />
  );
}
