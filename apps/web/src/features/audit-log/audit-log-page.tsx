import { AUDIT_ACTIONS, type AuditAction } from '@mining-hub/contract/audit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '../../components/card.tsx';
import { SelectField, TextField } from '../../components/form-controls.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { auditPageQueryOptions } from './api.ts';
import { AUDIT_ACTION_LABELS } from './audit-labels.ts';
import { AuditTable } from './components/audit-table.tsx';

/** The actor filter applies this long after the last keystroke, like the log search. */
export const ACTOR_DEBOUNCE_MS = 500;

/** Audit Log (/audit-log, admins only): what admins did, newest first, by action and actor. */
export function AuditLogPage() {
  const [action, setAction] = useState<AuditAction | ''>('');
  const [actorInput, setActorInput] = useState('');
  const [actor] = useDebouncedValue(actorInput.trim(), ACTOR_DEBOUNCE_MS);
  // Another filter starts again at page 1.
  const filterKey = `${action}\n${actor}`;
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;

  const log = useQuery(auditPageQueryOptions({ page, action, actor }));

  return (
    <div className="space-y-6">
      <PageHeader
        title="Audit Log"
        description="Everything an admin did (users, prompts, the scraper, settings), sign-ins stopped by the throttle and password changes, newest first. Entries are never changed or removed."
      />
      <Card title="Filters">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Action"
            value={action}
            onChange={(event) => setAction(event.target.value as AuditAction | '')}
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {AUDIT_ACTION_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Actor"
            type="search"
            placeholder="Part of an email address"
            value={actorInput}
            onChange={(event) => setActorInput(event.target.value)}
          />
        </div>
      </Card>

      <Card>
        <PagedList
          query={log}
          what="The audit log"
          itemName="entries"
          onPageChange={(next) => setPaging({ key: filterKey, page: next })}
          empty={action || actor ? 'No entries match these filters.' : 'Nothing has been recorded yet.'}
        >
          {(entries) => <AuditTable entries={entries} />}
        </PagedList>
      </Card>
    </div>
  );
}
