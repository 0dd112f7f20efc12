import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/spinner.tsx';

// The page brings the date picker, the comboboxes and the HTML sanitiser; loading it on first visit keeps them
// out of the bundle every other screen waits for.
const MarketIntelligencePage = lazy(async () => ({
  default: (await import('./market-intelligence-page.tsx')).MarketIntelligencePage,
}));

/** /news-signals: Market Intelligence (SPEC.md section 2). */
export function NewsSignalsPage() {
  return (
    <Suspense
      fallback={
        <div role="status" className="flex items-center gap-3 py-16 text-sm text-slate-600">
          <Spinner /> Loading...
        </div>
      }
    >
      <MarketIntelligencePage />
    </Suspense>
  );
}
