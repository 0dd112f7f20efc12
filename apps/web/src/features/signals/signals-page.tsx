import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BatchStatus } from '@mining-hub/contract/pipeline';
import type { Signal } from '@mining-hub/contract/signals';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { NoticeStack, useNotices } from '../../components/notices.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { IntentRubric } from './components/intent-rubric.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useCrmLabel } from '../../lib/crm-destination.ts';
import { formatNumber } from '../../lib/format.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import {
  BATCH_POLL_LIMIT_MS,
  BATCH_POLL_MS,
  fetchBatchStatus,
  signalKeys,
  signalsPageQueryOptions,
  useDismissal,
  usePushSignals,
} from './api.ts';
import { SignalsFilters } from './components/signals-filters.tsx';
import { SignalDetailActions } from './components/signal-detail-actions.tsx';
import { SignalsTable } from './components/signals-table.tsx';
import { heldView } from './held-inbox.ts';
import { inboxCommand, movedFocus, neighboursOf } from './inbox-keys.ts';
import { DEFAULT_SIGNAL_FILTERS, isFiltered, type SignalFilters } from './signal-filters.ts';

/** The search applies this long after the last keystroke, like the other search boxes. */
export const SEARCH_DEBOUNCE_MS = 400;

const ids = (signals: readonly Signal[]) => signals.map((signal) => signal.article_id);
const plural = (count: number, one: string) => `${formatNumber(count)} ${one}${count === 1 ? '' : 's'}`;

interface SignalsPageProps {
  /**
   * The article detail for `e` and a title click, with the signal's own `actions` for its footer. The app passes
   * the news feature's modal (features never import each other); without it, opening does nothing.
   */
  renderArticle?: (articleId: number, onClose: () => void, actions: ReactNode) => ReactNode;
}

/** Signals (/signals): every analysed article the user can see, ranked by buying intent, to review and route. */
export function SignalsPage({ renderArticle }: SignalsPageProps) {
  const queryClient = useQueryClient();
  const crmLabel = useCrmLabel();
  const { notices, notify, dismiss: dismissNotice } = useNotices();

  const [chosen, setChosen] = useState<SignalFilters>(DEFAULT_SIGNAL_FILTERS);
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const filters: SignalFilters = { ...chosen, q: search };
  // Other filters start again at page 1 with nothing selected.
  const filterKey = JSON.stringify(filters);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const [selection, setSelection] = useState({ key: filterKey, ids: new Set<number>() });
  const selected = selection.key === filterKey ? selection.ids : new Set<number>();
  const setSelected = (ids: Set<number>) => setSelection({ key: filterKey, ids });

  const inbox = useQuery(signalsPageQueryOptions(filters, page));
  // The rows on screen hold still while live updates arrive (issue 35): refreshed in place, never reordered,
  // removed or added to until the rep asks (the banner), changes the filters or page, or acts on them.
  const viewKey = `${filterKey}#${page}`;
  const [held, setHeld] = useState<{ key: string; rows: Signal[] } | null>(null);
  // The signals the rep pushed, dismissed or restored in this view: their change shows at once.
  const [own, setOwn] = useState({ key: viewKey, ids: new Set<number>() });
  const ownIds = own.key === viewKey ? own.ids : new Set<number>();
  const markOwn = (changed: readonly number[]) => setOwn({ key: viewKey, ids: new Set([...ownIds, ...changed]) });
  const latest = inbox.data?.data;
  if (latest && !inbox.isPlaceholderData && held?.key !== viewKey) setHeld({ key: viewKey, rows: latest });
  const view = latest && held?.key === viewKey ? heldView(held.rows, latest, ownIds) : null;
  const signals = view?.rows ?? latest ?? [];
  const showLatest = () => setHeld(null);
  const heldInbox = { ...inbox, data: inbox.data && { ...inbox.data, data: signals } };

  const [focusIndex, setFocusIndex] = useState(-1);
  const rowRefs = useRef<(HTMLTableRowElement | null)[]>([]);
  // The open signal is the address's (`/signals/{id}`), so alerts and the back button open and close it.
  const navigate = useNavigate();
  const { articleId: openParam } = useParams();
  const openId = openParam && /^\d+$/.test(openParam) ? Number(openParam) : null;
  const setOpenId = (id: number | null) => {
    if (id !== null) {
      const index = signals.findIndex((signal) => signal.article_id === id);
      if (index >= 0) setFocusIndex(index);
    }
    void navigate(id === null ? '/signals' : `/signals/${id}`, { replace: id !== null && openId !== null });
  };

  const dismissing = useDismissal('dismiss');
  const restoring = useDismissal('restore');
  const pushing = usePushSignals();
  const [pushBatch, setPushBatch] = useState<{ id: string; count: number; status?: BatchStatus } | null>(null);
  const dismissedView = filters.status === 'dismissed';
  const busy = dismissing.isPending || restoring.isPending || pushing.isPending;
  const dismissalLabel = dismissedView
    ? restoring.isPending
      ? 'Restoring...'
      : 'Restore'
    : dismissing.isPending
      ? 'Dismissing...'
      : 'Dismiss';

  /** A push batch stopped: say how it went (or that it is still running) and show the signals' new status. */
  const pushEnded = useEffectEvent((status: BatchStatus | undefined) => {
    setPushBatch(null);
    void queryClient.invalidateQueries({ queryKey: signalKeys.all });
    if (!status || status.status !== 'completed') {
      notify('error', `The push to ${crmLabel} is taking long`, 'Its signals show their status here as they finish.');
    } else if (status.failed > 0) {
      notify(
        'error',
        `${plural(status.failed, 'signal')} could not be pushed to ${crmLabel}`,
        // The first reason is usually the one that matters (a refusal repeats for every article).
        status.failures[0]
          ? `${status.failures[0].reason}${status.failed > 1 ? ' Filter by "Push failed" to see the others.' : ''}`
          : 'Filter by "Push failed" to see why.',
      );
    } else {
      notify('success', `Pushed ${plural(status.completed, 'signal')} to ${crmLabel}`);
    }
  });
  // Follows a push batch every 2 s until it completes, for 5 minutes at most.
  const pushBatchId = pushBatch?.id;
  useEffect(() => {
    if (!pushBatchId) return;
    let stopped = false;
    const follow = async () => {
      const deadline = Date.now() + BATCH_POLL_LIMIT_MS;
      let status: BatchStatus | undefined;
      while (!stopped && Date.now() < deadline) {
        status = await fetchBatchStatus(pushBatchId).catch(() => status);
        if (stopped) return;
        if (status?.status === 'completed') break;
        if (status) setPushBatch({ id: pushBatchId, count: status.total_articles, status });
        await new Promise((resolve) => setTimeout(resolve, BATCH_POLL_MS));
      }
      if (!stopped) pushEnded(status);
    };
    void follow();
    return () => {
      stopped = true;
    };
  }, [pushBatchId]);

  const toggle = (articleId: number) => {
    const next = new Set(selected);
    if (!next.delete(articleId)) next.add(articleId);
    setSelected(next);
  };
  const toggleAll = () => {
    const everyOne = signals.length > 0 && signals.every((signal) => selected.has(signal.article_id));
    const next = new Set(selected);
    for (const signal of signals) {
      if (everyOne) next.delete(signal.article_id);
      else next.add(signal.article_id);
    }
    setSelected(next);
  };

  // j/k move the focus row, x selects it, e opens it; not while typing. With a signal open, j/k walk the inbox.
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const { key, altKey, ctrlKey, metaKey } = event;
    const target = event.target instanceof HTMLElement ? event.target : null;
    const command = inboxCommand({ key, altKey, ctrlKey, metaKey, target });
    if (openId !== null) {
      if (command?.kind !== 'move') return;
      const { previous, next } = neighboursOf(ids(signals), openId);
      const to = command.by === 1 ? next : previous;
      event.preventDefault();
      if (to !== null) setOpenId(to);
      return;
    }
    if (!command || signals.length === 0) return;
    event.preventDefault();
    const current = Math.min(focusIndex, signals.length - 1);
    if (command.kind === 'move') {
      const next = movedFocus(current, command.by, signals.length);
      setFocusIndex(next);
      rowRefs.current[next]?.focus();
      return;
    }
    const signal = signals[current];
    if (!signal) return;
    if (command.kind === 'toggle') toggle(signal.article_id);
    else setOpenId(signal.article_id);
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const selectedIds = [...selected];
  const changeDismissal = (action: 'dismiss' | 'restore') => {
    const mutation = action === 'dismiss' ? dismissing : restoring;
    mutation.mutate(selectedIds, {
      onSuccess: () => {
        setSelected(new Set());
        // The rep's own change shows at once; other people's updates still wait behind the banner.
        markOwn(selectedIds);
        notify('success', `${action === 'dismiss' ? 'Dismissed' : 'Restored'} ${plural(selectedIds.length, 'signal')}`);
      },
      onError: (error) =>
        notify('error', `Could not ${action} the selected signals`, isApiError(error) ? error.detail : undefined),
    });
  };
  const push = () =>
    pushing.mutate(selectedIds, {
      onSuccess: (started) => {
        setSelected(new Set());
        setPushBatch({ id: started.batch_session_id, count: started.article_count });
        // The pushed rows say 'Queued' at once, not when the batch's live updates come.
        markOwn(selectedIds);
        void queryClient.invalidateQueries({ queryKey: signalKeys.all });
        if (started.skipped_count > 0) {
          notify('success', `${plural(started.skipped_count, 'signal')} already in a running batch were left out`);
        }
      },
      onError: (error) =>
        notify('error', `Could not push to ${crmLabel}`, isApiError(error) ? error.detail : undefined),
    });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Signals"
        description="Every analysed article you can see, across all your fetches, ranked by buying intent with the reasons. Review them, push the good ones to the CRM and dismiss the rest."
        actions={<IntentRubric />}
      />
      <NoticeStack notices={notices} onDismiss={dismissNotice} />
      <Card
        title="Filters"
        actions={
          isFiltered(filters) && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setSearchInput('');
                setChosen({ ...DEFAULT_SIGNAL_FILTERS, sort: chosen.sort });
              }}
            >
              Clear filters
            </Button>
          )
        }
      >
        <SignalsFilters
          filters={chosen}
          onChange={setChosen}
          search={searchInput}
          onSearchChange={setSearchInput}
          crmLabel={crmLabel}
        />
      </Card>

      <Card
        title={dismissedView ? 'Dismissed signals' : 'Inbox'}
        description={
          <span className="max-sm:hidden">
            Keys: <kbd className="font-mono">j</kbd>/<kbd className="font-mono">k</kbd> move,{' '}
            <kbd className="font-mono">x</kbd> selects, <kbd className="font-mono">e</kbd> opens.
          </span>
        }
      >
        <div role="toolbar" aria-label="Selected signals" className="mb-4 flex flex-wrap items-center gap-2">
          <div className="mr-auto flex items-center gap-1">
            <span className="text-sm text-slate-600 tabular-nums" aria-live="polite">
              {formatNumber(selected.size)} selected
            </span>
            {selected.size > 0 && (
              <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
                Clear
              </Button>
            )}
          </div>
          <Button
            variant="secondary"
            size="sm"
            disabled={selected.size === 0 || busy}
            onClick={() => changeDismissal(dismissedView ? 'restore' : 'dismiss')}
          >
            {dismissalLabel}
          </Button>
          {!dismissedView && (
            <Button size="sm" disabled={selected.size === 0 || busy || pushBatch !== null} onClick={push}>
              {pushing.isPending ? 'Pushing...' : `Push to ${crmLabel}`}
            </Button>
          )}
        </div>
        {pushBatch && (
          <p
            role="status"
            className="mb-4 flex items-center gap-2 rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-800"
          >
            <Spinner className="size-4" />
            Pushing {plural(pushBatch.count, 'signal')} to {crmLabel}
            {pushBatch.status &&
              `: ${formatNumber(pushBatch.status.completed + pushBatch.status.failed)} of ${formatNumber(pushBatch.status.total_articles)} done`}
          </p>
        )}
        {view?.changed && (
          <p
            role="status"
            className="mb-4 flex flex-wrap items-center gap-2 rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-800 ring-1 ring-blue-200 ring-inset"
          >
            {view.added > 0 ? `${plural(view.added, 'new signal')} —` : 'The inbox has changed —'}
            <button
              type="button"
              className="font-semibold underline hover:text-blue-950"
              onClick={() => {
                showLatest();
                setFocusIndex(-1);
              }}
            >
              show
            </button>
          </p>
        )}
        <PagedList
          query={heldInbox}
          what="The signals"
          itemName="signals"
          onPageChange={(next) => {
            setPaging({ key: filterKey, page: next });
            setFocusIndex(-1);
          }}
          empty={
            dismissedView
              ? 'No dismissed signals. Signals you dismiss from the inbox show here, to restore.'
              : isFiltered(filters)
                ? 'No signals match these filters. Widen them, or press Clear filters.'
                : 'No signals yet - analyse articles on the News Signals page and they show here, highest buying intent first.'
          }
        >
          {(items) => (
            <SignalsTable
              signals={items}
              selected={selected}
              focusIndex={Math.min(focusIndex, items.length - 1)}
              onFocusRow={setFocusIndex}
              onToggle={toggle}
              onToggleAll={toggleAll}
              onOpen={setOpenId}
              rowRefs={rowRefs}
              crmLabel={crmLabel}
            />
          )}
        </PagedList>
      </Card>
      {openId !== null &&
        renderArticle?.(
          openId,
          () => {
            // What the rep did in the detail (a Push that took it out of a filtered list) shows at once.
            markOwn([openId]);
            setOpenId(null);
          },
          <SignalDetailActions
            articleId={openId}
            ids={ids(signals)}
            dismissed={signals.find((signal) => signal.article_id === openId)?.dismissed_at != null}
            crmLabel={crmLabel}
            onOpen={setOpenId}
            onClose={() => setOpenId(null)}
            onChanged={(articleId) => markOwn([articleId])}
            onError={(title, detail) => notify('error', title, detail)}
          />,
        )}
    </div>
  );
}
