import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './Button';

interface Props {
  /** What failed, in words: "this page", "the Results tab". */
  what: string;
  children?: ReactNode;
}

/**
 * A part of the console that throws while drawing says so, with a way to draw it again, instead of
 * leaving the page blank: React unmounts everything below the nearest boundary on an error. The
 * usual cause is a console and a server of different versions (a page loaded before an upgrade).
 */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`Seedbed: ${this.props.what} failed to draw`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" data-testid="draw-error" className="grid gap-2 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
        <p>
          {this.props.what.charAt(0).toUpperCase() + this.props.what.slice(1)} could not be drawn: {error.message}. Reload the page; if it happens again, the console may be older or newer than the
          server (after an upgrade, reload with the cache cleared), and an administrator can find the details in the browser's console.
        </p>
        <div className="flex gap-2">
          <Button size="sm" onClick={() => this.setState({ error: null })}>
            Try again
          </Button>
          <Button size="sm" variant="ghost" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        </div>
      </div>
    );
  }
}
