import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

type Props = { children: ReactNode };
type State = { hasFailed: boolean };

/** Catches render errors outside the router (the router's own errorElement covers routes). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { hasFailed: false };

  static getDerivedStateFromError(): State {
    return { hasFailed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack);
  }

  override render() {
    return this.state.hasFailed ? <ErrorScreen /> : this.props.children;
  }
}
