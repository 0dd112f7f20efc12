import type { AuditEntry } from '@mining-hub/contract/audit';
import { formatDateTime } from '../../../lib/format.ts';
import { AUDIT_ACTION_LABELS } from '../audit-labels.ts';
import { TableScroll } from '../../../components/table-scroll.tsx';

/** The entries of one page, newest first. A missing actor is the system itself (the throttle, the command line). */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <TableScroll label="Audit log entries" className="-mx-5">
      <table className="table-cards min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-5 py-3">
              Time
            </th>
            <th scope="col" className="px-3 py-3">
              Actor
            </th>
            <th scope="col" className="px-3 py-3">
              Action
            </th>
            <th scope="col" className="px-3 py-3">
              Target
            </th>
            <th scope="col" className="px-5 py-3">
              Detail
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <tr key={entry.id} className="align-top">
              <td className="px-5 py-2.5 whitespace-nowrap text-slate-600 tabular-nums max-sm:font-medium">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </td>
              <td data-label="Actor" className="px-3 py-2.5 break-words text-slate-800">
                {entry.actor_email ?? <span className="text-slate-500 italic">System</span>}
              </td>
              <td data-label="Action" className="px-3 py-2.5 whitespace-nowrap">
                <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200 ring-inset">
                  {AUDIT_ACTION_LABELS[entry.action]}
                </span>
              </td>
              <td data-label="Target" className="px-3 py-2.5 break-words text-slate-800">
                {entry.target ?? '—'}
              </td>
              <td data-label="Detail" className="px-5 py-2.5 break-words text-slate-600">
                {entry.detail ?? ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
