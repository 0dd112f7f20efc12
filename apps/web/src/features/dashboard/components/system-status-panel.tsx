import { Card } from '../../../components/card.tsx';
import { ConnectionBadge } from '../../../components/connection-badge.tsx';
import { useLiveStatus } from '../../../lib/live-context.tsx';

export function SystemStatusPanel() {
  const liveStatus = useLiveStatus();
  return (
    <Card title="System Status" description="Connection to the processing services">
      <dl className="divide-y divide-slate-100">
        <div className="flex items-center justify-between gap-4 pb-3">
          <dt className="text-sm text-slate-600">Live connection</dt>
          <dd>
            <ConnectionBadge status={liveStatus} />
          </dd>
        </div>
        <div className="flex items-center justify-between gap-4 pt-3">
          <dt className="text-sm text-slate-600">API status</dt>
          <dd>
            <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-medium text-emerald-700 ring-1 ring-emerald-200 ring-inset">
              <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-500" />
              Online
            </span>
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-xs text-slate-500">
        Live updates push article progress and statistics to this screen as they happen.
      </p>
    </Card>
  );
}
