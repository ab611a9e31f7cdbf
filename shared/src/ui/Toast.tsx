import { type ReactNode } from 'react';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import styled from 'styled-components';
import { TOAST_ANCHOR, TOAST_DURATION_MS } from '../contract/constants';
import { theme } from './theme';

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

/** The toast host: top-right, 4 s (spec 9), drawn in the theme's colours. */
export function ToastProvider({ children }: { children?: ReactNode }) {
  return (
    <SnackbarProvider
      anchorOrigin={TOAST_ANCHOR}
      autoHideDuration={TOAST_DURATION_MS}
      Components={TOAST_COMPONENTS}
    >
      {children}
    </SnackbarProvider>
  );
}
