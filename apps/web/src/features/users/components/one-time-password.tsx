import { useEffect, useState } from 'react';
import { Button } from '../../../components/button.tsx';

/** How long 'Copied' shows after copying. */
export const COPIED_MS = 2_000;

type CopyState = 'idle' | 'copied' | 'failed';

/** A password the admin sees once (a new user's, a reset's): selectable text and a Copy button. */
export function OneTimePassword({ label, password }: { label: string; password: string }) {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setState('copied');
    } catch (error) {
      // The clipboard needs a secure origin and the user's permission; the text can still be selected.
      console.error('Copying the password failed', error);
      setState('failed');
    }
  };

  return (
    <section aria-label={label} className="rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200 ring-inset">
      <p className="text-sm font-medium text-amber-900">{label}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 rounded-md bg-white px-3 py-2 font-mono text-sm break-all text-slate-900 ring-1 ring-amber-200 select-all">
          {password}
        </code>
        <Button variant="secondary" size="sm" onClick={() => void copy()} aria-live="polite">
          {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}
        </Button>
      </div>
      <p className="mt-2 text-xs text-amber-800">
        It is shown only now. Pass it on securely; the user should change it after signing in.
      </p>
    </section>
  );
}
