import { Component, type ErrorInfo, type ReactNode } from 'react';

interface RemoteErrorBoundaryProps {
  /** Only for the log: which remote failed. */
  remoteName: string;
  /** Shown instead of the children once they failed to load or to render. */
  fallback: ReactNode;
  /** A new value (the next path, a Retry) clears a shown failure and renders the children again. */
  resetKey: string;
  children: ReactNode;
}

interface RemoteErrorBoundaryState {
  failed: boolean;
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

  static getDerivedStateFromError(): Partial<RemoteErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: RemoteErrorBoundaryProps,
    state: RemoteErrorBoundaryState,
  ): Partial<RemoteErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`The remote ${this.props.remoteName} failed.`, error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
