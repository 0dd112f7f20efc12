import { useEffect, useState } from 'react';
import { Button } from './button.tsx';

/** How long 'Copied' (or 'Copy failed') shows after a click. */
export const COPIED_MS = 2_000;

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies `text` to the clipboard; says 'Copied' for a moment, or that it could not where the clipboard
 * is unavailable (it needs a secure origin and the user's permission). `what` names it in the console.
 */
export function CopyButton({ text, label = 'Copy', what }: { text: string; label?: string; what: string }) {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch (error) {
      console.error(`Copying the ${what} failed`, error);
      setState('failed');
    }
  };

  return (
    <Button variant="secondary" size="sm" onClick={() => void copy()} aria-live="polite">
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}
    </Button>
  );
}
