import { CopyButton } from '../../../components/copy-button.tsx';

/** A password the admin sees once (a new user's, a reset's): selectable text and a Copy button. */
export function OneTimePassword({ label, password }: { label: string; password: string }) {
  // Where the clipboard is unavailable the text can still be selected.
  return (
    <section aria-label={label} className="rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200 ring-inset">
      <p className="text-sm font-medium text-amber-900">{label}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 rounded-md bg-white px-3 py-2 font-mono text-sm break-all text-slate-900 ring-1 ring-amber-200 select-all">
          {password}
        </code>
        <CopyButton text={password} what="password" />
      </div>
      <p className="mt-2 text-xs text-amber-800">
        It is shown only now. Pass it on securely; the user should change it after signing in.
      </p>
    </section>
  );
}
