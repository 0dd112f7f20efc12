import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from './error-screen.tsx';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <AppErrorBoundary>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  );
}
