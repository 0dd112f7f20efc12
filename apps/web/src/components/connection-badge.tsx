import type { LiveStatus } from '../lib/live-socket.ts';

const LOOKS: Record<LiveStatus, { label: string; pill: string; dot: string }> = {
  connecting: { label: 'Connecting', pill: 'bg-slate-50 text-slate-600 ring-slate-200', dot: 'bg-slate-300' },
  connected: { label: 'Connected', pill: 'bg-emerald-50 text-emerald-700 ring-emerald-200', dot: 'bg-emerald-500' },
  disconnected: { label: 'Disconnected', pill: 'bg-slate-100 text-slate-600 ring-slate-300', dot: 'bg-slate-400' },
  // The server answers but its database does not (a restart, a failover): saving may fail for a moment.
  database_unavailable: {
    label: 'Database unavailable',
    pill: 'bg-amber-50 text-amber-800 ring-amber-300',
    dot: 'bg-amber-500',
  },
};

/**
 * 'Connecting' (pale, until the first attempt ends), 'Connected' (green), 'Disconnected' (grey) or 'Database
 * unavailable' (amber) pill for the live connection.
 */
export function ConnectionBadge({ status }: { status: LiveStatus }) {
  const look = LOOKS[status];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset ${look.pill}`}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${look.dot}`} />
      {look.label}
    </span>
  );
}
