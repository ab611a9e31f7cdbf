import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

export type ToastVariant = 'default' | 'success' | 'error' | 'info' | 'warning';
export interface ToastOptions {
  variant?: ToastVariant;
}
export type ShowToast = (message: ReactNode, options?: ToastOptions) => void;
export interface PendingToast {
  message: ReactNode;
  options?: ToastOptions;
}

/** notistack and its own CSS-in-JS (goober): not on a screen's way until a message is shown. */
const ToastHost = lazy(() => import('./ToastHost'));

const ToastContext = createContext<ShowToast | null>(null);

/**
 * The toast host (top-right, 4 s, in the theme's colours: `ToastHost`), loaded when the first
 * message is shown (2.0.0, issue 32): until then a screen renders without notistack.
 */
export function ToastProvider({ children }: { children?: ReactNode }) {
  const [pending, setPending] = useState<readonly PendingToast[]>([]);
  const host = useRef<ShowToast | null>(null);
  const show = useCallback<ShowToast>((message, options) => {
    if (host.current) host.current(message, options);
    else setPending((list) => [...list, { message, options }]);
  }, []);
  const ready = useCallback((loaded: ShowToast) => {
    host.current = loaded;
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {pending.length > 0 ? (
        <Suspense fallback={null}>
          <ToastHost pending={pending} onReady={ready} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

/**
 * Shows a toast: `const { enqueueSnackbar } = useSnackbar(); enqueueSnackbar('Saved', {
 * variant: 'success' })`, notistack's spelling (2.0.0: import it from `@duly/shared/ui`, not
 * from notistack, whose provider now loads with the first message).
 */
export function useSnackbar(): { enqueueSnackbar: ShowToast } {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useSnackbar needs a ToastProvider (DulyProviders) around it.');
  return useMemo(() => ({ enqueueSnackbar: show }), [show]);
}
