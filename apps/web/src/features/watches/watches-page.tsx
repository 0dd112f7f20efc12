import type { Watch } from '@mining-hub/contract/watches';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { PencilIcon, PlayIcon, PlusIcon, TrashIcon } from '../../components/icons.tsx';
import { Modal } from '../../components/modal.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { LoadFailure } from '../../components/paged-list.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useLiveMessages } from '../../lib/live-context.tsx';
import { createWatch, deleteWatch, runWatchNow, updateWatch, watchesQueryOptions, watchKeys } from './api.ts';
import { WatchForm } from './components/watch-form.tsx';
import { WatchRuns } from './components/watch-runs.tsx';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { describeInterval, draftOf, EMPTY_DRAFT } from './watch-draft.ts';
import type { CreateWatchRequest } from '@mining-hub/contract/watches';

type Editing = { mode: 'create' } | { mode: 'edit'; watch: Watch } | null;

const messageOf = (error: unknown) => (isApiError(error) ? error.message : 'Something went wrong; try again.');

type WatchAction = 'run' | 'toggle' | 'delete';
/** What an action button says while its call runs, and what failed when it fails. */
const ACTION_WORDS: Record<WatchAction, { busy: string; failed: string }> = {
  run: { busy: 'Queuing...', failed: 'Could not run' },
  toggle: { busy: 'Switching...', failed: 'Could not switch' },
  delete: { busy: 'Deleting...', failed: 'Could not delete' },
};

/** Watches (/watches): saved filters that run on a schedule and alert on new signals. */
export function WatchesPage() {
  const queryClient = useQueryClient();
  const watches = useQuery(watchesQueryOptions());
  const [editing, setEditing] = useState<Editing>(null);
  const { ask, dialog } = useConfirm();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: watchKeys.all });
  useLiveMessages((message) => {
    if (message.type === 'watch_run_updated') refresh();
  });

  const save = useMutation({
    mutationFn: (request: CreateWatchRequest) =>
      editing?.mode === 'edit' ? updateWatch(editing.watch.id, request) : createWatch(request),
    onSuccess: () => {
      setEditing(null);
      refresh();
    },
  });
  const act = useMutation({
    mutationFn: async ({ watch, action }: { watch: Watch; action: WatchAction }) => {
      if (action === 'run') await runWatchNow(watch.id);
      else if (action === 'toggle') await updateWatch(watch.id, { enabled: !watch.enabled });
      else await deleteWatch(watch.id);
    },
    onSettled: refresh,
  });

  // The action running (or last failed) and on which watch, for its button's busy label and the failure line.
  const acted = act.variables;
  const busyWith = (watch: Watch, action: WatchAction) =>
    act.isPending && acted?.watch.id === watch.id && acted.action === action;

  const startEditing = (next: Editing) => {
    save.reset();
    setEditing(next);
  };
  const toggleRuns = (id: number) => {
    const next = new Set(open);
    if (!next.delete(id)) next.add(id);
    setOpen(next);
  };

  return (
    <div>
      {dialog}
      <PageHeader
        title="Watches"
        description="Saved filters that fetch on a schedule, analyse only new articles, push the hot ones and alert you once per article."
        actions={
          <Button onClick={() => startEditing({ mode: 'create' })}>
            <PlusIcon className="size-4" />
            New watch
          </Button>
        }
      />
      {act.isError && acted && (
        <p role="alert" className="mb-4 text-sm text-red-700">
          {ACTION_WORDS[acted.action].failed} &ldquo;{acted.watch.name}&rdquo;: {messageOf(act.error)}
        </p>
      )}
      {watches.isPending && <p className="text-sm text-slate-500">Loading watches…</p>}
      {watches.isError && !watches.data && (
        <LoadFailure what="The watches" error={watches.error} onRetry={() => void watches.refetch()} />
      )}
      {watches.data?.length === 0 && (
        <Card>
          <p className="text-sm text-slate-600">
            No watches yet. Create one to have new signals found and sent to you while you do other things.
          </p>
        </Card>
      )}
      <ul className="space-y-4">
        {watches.data?.map((watch) => (
          <li key={watch.id}>
            <Card>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h2 className="text-base font-semibold text-slate-900">
                    {watch.name}
                    {!watch.enabled && <span className="ml-2 text-xs font-medium text-slate-500">(off)</span>}
                  </h2>
                  <p className="mt-0.5 text-sm text-slate-600">{summaryOf(watch)}</p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" onClick={() => act.mutate({ watch, action: 'run' })} disabled={act.isPending}>
                    <PlayIcon className="size-4" />
                    {busyWith(watch, 'run') ? ACTION_WORDS.run.busy : 'Run now'}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={act.isPending}
                    onClick={() => act.mutate({ watch, action: 'toggle' })}
                  >
                    {busyWith(watch, 'toggle') ? ACTION_WORDS.toggle.busy : watch.enabled ? 'Switch off' : 'Switch on'}
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => startEditing({ mode: 'edit', watch })}>
                    <PencilIcon className="size-4" />
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete ${watch.name}`}
                    aria-busy={busyWith(watch, 'delete') || undefined}
                    disabled={act.isPending}
                    onClick={() =>
                      void ask(`Delete the watch "${watch.name}" and its run history?`).then(
                        (confirmed) => confirmed && act.mutate({ watch, action: 'delete' }),
                      )
                    }
                  >
                    <TrashIcon className="size-4" />
                  </Button>
                </div>
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
                <Figure label="Last run" value={lastRunOf(watch)} />
                <Figure label="Next run" value={watch.next_run_at ? formatDateTime(watch.next_run_at) : 'Off'} />
                <Figure
                  label="Last counts"
                  value={
                    watch.last_run
                      ? `${watch.last_run.new_articles} new · ${watch.last_run.pushed} pushed · ${watch.last_run.alerted} alerted`
                      : '–'
                  }
                />
                <Figure label="Alerts to" value={destinationsOf(watch)} />
              </dl>
              <button
                type="button"
                className="mt-3 text-sm font-medium text-blue-700 hover:underline"
                aria-expanded={open.has(watch.id)}
                onClick={() => toggleRuns(watch.id)}
              >
                {open.has(watch.id) ? 'Hide run history' : 'Show run history'}
              </button>
              {open.has(watch.id) && (
                <div className="mt-2">
                  <WatchRuns watchId={watch.id} />
                </div>
              )}
            </Card>
          </li>
        ))}
      </ul>
      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? `Edit ${editing.watch.name}` : 'New watch'}
      >
        {editing && (
          <WatchForm
            key={editing.mode === 'edit' ? editing.watch.id : 'new'}
            initial={editing.mode === 'edit' ? draftOf(editing.watch) : EMPTY_DRAFT}
            submitLabel={editing.mode === 'edit' ? 'Save watch' : 'Save as watch'}
            saving={save.isPending}
            error={save.isError ? messageOf(save.error) : null}
            onSubmit={(request) => save.mutate(request)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="break-words text-slate-800">{value}</dd>
    </div>
  );
}

function summaryOf(watch: Watch): string {
  const { filters } = watch;
  const parts = [
    filters.commodity.length > 0 ? filters.commodity.join(', ') : 'any commodity',
    filters.country || 'any country',
    `last ${filters.dateRange} day${filters.dateRange === 1 ? '' : 's'}`,
    describeInterval(watch.interval_minutes),
    watch.push_min_intent ? `push ${watch.push_min_intent}+` : 'never push',
  ];
  return parts.join(' · ');
}

function lastRunOf(watch: Watch): string {
  const run = watch.last_run;
  if (!run) return 'Never';
  if (run.status === 'queued' || run.status === 'running') return run.status === 'queued' ? 'Queued…' : 'Running…';
  const at = formatDateTime(run.finished_at ?? run.queued_at);
  return run.status === 'failed' ? `Failed ${at}` : at;
}

function destinationsOf(watch: Watch): string {
  const parts = ['in-app'];
  if (watch.webhook_url) parts.push('webhook');
  if (watch.email_to.length > 0) parts.push(`${watch.email_to.length} e-mail${watch.email_to.length === 1 ? '' : 's'}`);
  return parts.join(', ');
}
