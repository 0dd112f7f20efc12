import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '../components/button.tsx';
import { WarningIcon } from '../components/icons.tsx';

/** The global crash screen (SPEC.md section 2). */
export function ErrorScreen() {
  return (
    <main role="alert" className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
          <WarningIcon className="size-6" />
        </div>
        <h1 className="text-xl font-semibold text-slate-900">Something went wrong</h1>
        <p className="mt-2 text-sm text-slate-600">
          An unexpected error occurred. Please refresh the page to try again.
        </p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
      </div>
    </main>
  );
}

/** Route-level boundary: React Router catches render errors inside routes itself and shows this. */
export function RouteErrorScreen() {
  const error = useRouteError();
  console.error('Unhandled error while rendering a route', error);
  return <ErrorScreen />;
}

/** Outermost boundary for anything that fails outside the router (providers). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled application error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
