import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Icon } from '../icons/Icon';
import './feedback.css';

interface Props {
  children: ReactNode;
  /** Changing this value (e.g. the location) clears a caught error. */
  resetKey?: string;
}

interface State {
  error: Error | null;
  resetKey: string | undefined;
}

/**
 * Catches render errors and failed chunk loads below it and offers a reload instead of
 * a blank screen.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Vitalog: a screen failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div className="error-state" role="alert">
        <Icon name="warning" size={28} />
        <h2>This page couldn&apos;t be displayed</h2>
        <p>Something went wrong while loading it. Check your connection and reload the page.</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload page
        </button>
      </div>
    );
  }
}
