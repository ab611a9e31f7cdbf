import { Component, type ErrorInfo, type ReactNode } from 'react';

interface RemoteErrorBoundaryProps {
  /** Only for the log: which remote failed. */
  remoteName: string;
  /** Shown instead of the children once they failed to load or to render (given the error). */
  fallback: ReactNode | ((error: unknown) => ReactNode);
  /** A new value (the next path, a Retry) clears a shown failure and renders the children again. */
  resetKey: string;
  children: ReactNode;
}

interface RemoteErrorBoundaryState {
  failed: boolean;
  error?: unknown;
  resetKey: string;
}

/**
 * Keeps a failing remote inside the content area: a load failure (thrown by
 * React.lazy) or an exception while rendering shows `fallback`, and nothing
 * above this boundary (top bar, side navigation, other routes) is touched.
 */
export class RemoteErrorBoundary extends Component<
  RemoteErrorBoundaryProps,
  RemoteErrorBoundaryState
> {
  constructor(props: RemoteErrorBoundaryProps) {
    super(props);
    this.state = { failed: false, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(error: unknown): Partial<RemoteErrorBoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(
    props: RemoteErrorBoundaryProps,
    state: RemoteErrorBoundaryState,
  ): Partial<RemoteErrorBoundaryState> | null {
    return props.resetKey === state.resetKey
      ? null
      : { failed: false, error: undefined, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`The remote ${this.props.remoteName} failed.`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const { fallback } = this.props;
    return typeof fallback === 'function' ? fallback(this.state.error) : fallback;
  }
}
