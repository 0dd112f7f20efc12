import type { LiveStatus } from '../lib/live-socket.ts';

/** 'Connected' (green) or 'Disconnected' (grey) pill for the live connection. */
export function ConnectionBadge({ status }: { status: LiveStatus }) {
  const connected = status === 'connected';
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset ${
        connected ? 'bg-emerald-50 text-emerald-700 ring-emerald-200' : 'bg-slate-100 text-slate-600 ring-slate-300'
      }`}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${connected ? 'bg-emerald-500' : 'bg-slate-400'}`} />
      {connected ? 'Connected' : 'Disconnected'}
    </span>
  );
}
