import { useQuery } from '@tanstack/react-query';
import { LoadFailure } from '../../../components/paged-list.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { watchRunsQueryOptions } from '../api.ts';
import { TableScroll } from '../../../components/table-scroll.tsx';

/** A watch's run history, newest first. */
export function WatchRuns({ watchId }: { watchId: number }) {
  const runs = useQuery(watchRunsQueryOptions(watchId));
  if (runs.isPending) return <p className="text-sm text-slate-500">Loading runs…</p>;
  if (runs.isError) return <LoadFailure what="The runs" error={runs.error} onRetry={() => void runs.refetch()} />;
  if (runs.data.length === 0) {
    return <p className="text-sm text-slate-500">No runs yet. Run now queues one; scheduled runs show here too.</p>;
  }
  return (
    <TableScroll label="Run history">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Run history</caption>
        <thead className="text-xs uppercase text-slate-500">
          <tr>
            <th className="py-1 pr-3 font-medium">Started</th>
            <th className="py-1 pr-3 font-medium">Status</th>
            <th className="py-1 pr-3 text-right font-medium">New</th>
            <th className="py-1 pr-3 text-right font-medium">Analysed</th>
            <th className="py-1 pr-3 text-right font-medium">Pushed</th>
            <th className="py-1 pr-3 text-right font-medium">Alerted</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {runs.data.map((run) => (
            <tr key={run.id}>
              <td className="py-1.5 pr-3 whitespace-nowrap text-slate-700">
                {formatDateTime(run.started_at ?? run.queued_at)}
                <span className="ml-1 text-xs text-slate-500">{run.trigger === 'manual' ? 'manual' : 'scheduled'}</span>
              </td>
              <td className="py-1.5 pr-3">
                <span className={run.status === 'failed' ? 'text-red-700' : 'text-slate-700'}>{run.status}</span>
                {run.error && <span className="block text-xs text-red-600">{run.error}</span>}
              </td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{run.new_articles}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{run.analysed}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{run.pushed}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{run.alerted}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
