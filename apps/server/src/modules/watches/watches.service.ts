import { canSeeDataOf, ownerFilterFor, type Viewer } from '@mining-hub/contract/auth';
import { BUYING_INTENT_LEVELS, buyingIntentSchema, type ArticleStatus } from '@mining-hub/contract/articles';
import { fetchNewsRequestSchema } from '@mining-hub/contract/news';
import { MAX_BATCH_ARTICLES, type BatchMode } from '@mining-hub/contract/pipeline';
import type { AccountRef } from '@mining-hub/contract/common';
import type { Watch, WatchChanges, WatchInput, WatchRun, WebhookFormat } from '@mining-hub/contract/watches';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { LiveBus } from '../../live/live-bus.ts';
import type { Logger } from '../../logging.ts';
import type { NewsService } from '../news/news.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PipelineService } from '../pipeline/pipeline.service.ts';
import type { AlertedArticle, RunCounts, WatchesRepository, WatchRow, WatchRunRow } from './watches.repository.ts';

/** What the alert delivery (modules/alerts, `sendDigest`) is handed for one run that found signals. */
export interface WatchDigest {
  watch: { id: number; name: string; webhook_url: string | null; webhook_format: WebhookFormat; email_to: string[] };
  signals: {
    article_id: number;
    title: string;
    url: string;
    company: string | null;
    buying_intent_score: string | null;
    signal_summary: string | null;
    intent_reasons: string[];
    account: AccountRef;
  }[];
}

export interface WatchesServiceDeps {
  repository: WatchesRepository;
  news: Pick<NewsService, 'startWatchFetch' | 'fetchState' | 'sessionArticleIds'>;
  pipeline: Pick<PipelineService, 'startBatch' | 'getBatchStatus'>;
  notifications: Pick<NotificationsService, 'notify'>;
  bus: LiveBus;
  logger: Logger;
  /** Queues the job of a run row. */
  enqueueRun: (runId: number) => Promise<void>;
  /**
   * Accounts (issue 34): joins these articles' stories to their companies now (not at the next sync) and alerts
   * the owners of high-intent ones; a run calls it before its own digest, so an owner is alerted first.
   */
  accounts?: { alertOwners: (articleIds: number[]) => Promise<void> };
  /** Hands a digest to the alert delivery (webhook, e-mail); it queues the deliveries and never throws for them. */
  sendDigest: (digest: WatchDigest) => Promise<void>;
  /** Why a webhook URL is refused (a private address outside ALLOWED_PRIVATE_ORIGINS), or null when it is fine. */
  checkWebhookUrl: (url: string) => Promise<string | null>;
  /** Makes the digest's article links absolute (demo articles have relative URLs on the app's origin). */
  appOrigin: string;
  /** How often a run looks at the fetch and batches it waits for. */
  pollMs?: number;
  /** Longest a run waits for its fetch or one of its batches. */
  waitTimeoutMs?: number;
  now?: () => Date;
}

/** Most watches one user may keep. */
export const MAX_WATCHES_PER_USER = 100;
/** Signals a bell notification lists, each opening its own. */
const NOTIFICATION_ITEMS = 5;
/** Most signals in one digest; the rest go in the next run's. */
const MAX_DIGEST_SIGNALS = 50;
/** A run's job expires after an hour: one unfinished for longer belonged to a worker that died. */
export const RUN_EXPIRY_SECONDS = 60 * 60;
const STALE_RUN_MS = (RUN_EXPIRY_SECONDS + 10 * 60) * 1000;
/** Statuses a push batch takes (analysed, or a failed push to retry); pushed articles are never pushed again. */
const PUSHABLE: ReadonlySet<string> = new Set<ArticleStatus>(['summarised', 'failed_push']);

const intentRank = (level: string | null) => (level ? BUYING_INTENT_LEVELS.indexOf(level as never) + 1 : 0);
const iso = (date: Date | null) => date?.toISOString() ?? null;

function toRun(row: WatchRunRow): WatchRun {
  const { watch_id: _watchId, queued_at, started_at, finished_at, ...rest } = row;
  return {
    ...rest,
    queued_at: queued_at.toISOString(),
    started_at: iso(started_at),
    finished_at: iso(finished_at),
  };
}

function toWatch(row: WatchRow, lastRun: WatchRunRow | undefined): Watch {
  return {
    id: row.id,
    owner_id: row.user_id,
    name: row.name,
    filters: fetchNewsRequestSchema.parse(row.filters),
    interval_minutes: row.interval_minutes,
    push_min_intent: buyingIntentSchema.nullable().parse(row.push_min_intent),
    webhook_url: row.webhook_url,
    webhook_format: row.webhook_format,
    email_to: row.email_to,
    enabled: row.enabled,
    my_accounts: row.my_accounts,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    next_run_at: row.enabled ? row.next_run_at.toISOString() : null,
    last_run: lastRun ? toRun(lastRun) : null,
  };
}

/**
 * Watches: saved fetch filters run on a schedule. A run fetches, analyses only the articles this watch has
 * not seen, pushes those at or above its threshold once, and alerts each signal at most once per watch.
 */
export function createWatchesService(deps: WatchesServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const pollMs = deps.pollMs ?? 500;
  const waitTimeoutMs = deps.waitTimeoutMs ?? 45 * 60_000;
  const runChanged = (userId: number, watchId: number) =>
    deps.bus.publish({ userId }, { type: 'watch_run_updated', watch_id: watchId });

  async function visibleWatch(viewer: Viewer, id: number): Promise<WatchRow> {
    const row = await deps.repository.find(id);
    // Another user's watch is as unknown as a missing one (admins see all).
    if (!row || !canSeeDataOf(viewer, row.user_id)) throw notFound(`Watch ${id} not found`);
    return row;
  }

  async function withLastRun(row: WatchRow): Promise<Watch> {
    return toWatch(row, (await deps.repository.lastRuns([row.id])).get(row.id));
  }

  async function checkWebhook(url: string | null | undefined): Promise<void> {
    if (!url) return;
    const refusal = await deps.checkWebhookUrl(url);
    if (refusal) throw badRequest(`body.webhook_url: ${refusal}`);
  }

  const nextRunFrom = (minutes: number) => new Date(now().getTime() + minutes * 60_000);

  /** Polls `check` until it answers something other than undefined, for at most the wait timeout. */
  async function waitFor<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
    const deadline = Date.now() + waitTimeoutMs;
    for (;;) {
      const result = await check();
      if (result !== undefined) return result;
      if (Date.now() > deadline)
        throw new Error(`${what} did not finish within ${Math.round(waitTimeoutMs / 60_000)} minutes`);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  /** Runs the articles through the pipeline as batches of `mode` (the owner's), waiting for each to finish. */
  async function runBatches(owner: Viewer, articleIds: number[], mode: BatchMode): Promise<void> {
    for (let start = 0; start < articleIds.length; start += MAX_BATCH_ARTICLES) {
      const chunk = articleIds.slice(start, start + MAX_BATCH_ARTICLES);
      const { batchId } = await deps.pipeline.startBatch(owner, chunk, mode);
      await waitFor(`the ${mode} batch`, async () =>
        (await deps.pipeline.getBatchStatus(owner, batchId)).status === 'completed' ? true : undefined,
      );
    }
  }

  /** The work of one run; `counts` is filled in as it goes, so a failure records what was done. */
  async function runWatch(watch: WatchRow, counts: RunCounts): Promise<void> {
    // The run acts as the watch's owner: the fetch session is theirs, so are the batches and pushes.
    const owner: Viewer = { id: watch.user_id, role: 'member' };
    const sessionId = await deps.news.startWatchFetch(owner.id, fetchNewsRequestSchema.parse(watch.filters));
    const fetched = await waitFor('the fetch', async () => {
      const state = await deps.news.fetchState(sessionId);
      return state && (state.status === 'completed' || state.status === 'failed') ? state : undefined;
    });
    if (fetched.status === 'failed') throw new Error(`the fetch failed: ${fetched.message}`);

    const seen = await deps.repository.markSeen(watch.id, await deps.news.sessionArticleIds(owner, sessionId));
    counts.new_articles = seen.length;
    // "My accounts": the rest is never analysed, pushed or alerted by this watch (nor later, unless the company
    // becomes theirs: an owned article seen before and never alerted is alerted then).
    if (watch.my_accounts) await alertOwners(watch, seen);
    const fresh = watch.my_accounts ? await deps.repository.ownedArticles(watch.user_id, seen) : seen;

    const toAnalyse = (await deps.repository.articleStates(fresh)).filter((a) => !a.analysed).map((a) => a.id);
    await runBatches(owner, toAnalyse, 'analyse');
    counts.analysed = (await deps.repository.articleStates(toAnalyse)).filter((a) => a.analysed).length;

    const minRank = intentRank(watch.push_min_intent);
    if (watch.push_min_intent) {
      const toPush = (await deps.repository.articleStates(fresh))
        .filter((a) => PUSHABLE.has(a.status) && a.intent_rank >= minRank)
        .map((a) => a.id);
      await runBatches(owner, toPush, 'push');
      counts.pushed = (await deps.repository.articleStates(toPush)).filter(
        (a) => a.status === 'pushed_to_hubspot',
      ).length;
    }

    await alertOwners(watch, fresh);
    const alerted = await deps.repository.claimAlerts(
      watch.id,
      minRank,
      MAX_DIGEST_SIGNALS,
      watch.my_accounts ? watch.user_id : undefined,
    );
    counts.alerted = alerted.length;
    if (alerted.length > 0) await deliverDigest(watch, alerted);
  }

  /** The owners' alerts before this watch's own; a failure there is logged, never the watchers' loss. */
  async function alertOwners(watch: WatchRow, articleIds: number[]): Promise<void> {
    try {
      await deps.accounts?.alertOwners(articleIds);
    } catch (failure) {
      deps.logger.warn({ err: failure }, `watch ${watch.id}: the account owners' alerts failed`);
    }
  }

  async function deliverDigest(watch: WatchRow, articles: AlertedArticle[]): Promise<void> {
    const signals = articles.map((article) => ({
      article_id: article.id,
      title: article.title,
      url: new URL(article.url ?? '/signals', deps.appOrigin).toString(),
      company: article.company,
      buying_intent_score: article.buying_intent_score,
      signal_summary: article.signal_summary,
      intent_reasons: article.intent_reasons,
      account:
        article.account_id === null || article.account_name === null
          ? null
          : { id: article.account_id, name: article.account_name },
    }));
    await deps.sendDigest({
      watch: {
        id: watch.id,
        name: watch.name,
        webhook_url: watch.webhook_url,
        webhook_format: watch.webhook_format,
        email_to: watch.email_to,
      },
      signals,
    });
    const count = `${signals.length} new signal${signals.length === 1 ? '' : 's'}`;
    // The title opens the strongest signal (the digest is ordered by intent); each line opens its own.
    const shown = signals.slice(0, NOTIFICATION_ITEMS);
    await deps.notifications.notify(watch.user_id, {
      title: `${watch.name}: ${count}`,
      body: signals.length > shown.length ? `…and ${signals.length - shown.length} more in the inbox` : '',
      link: signals[0] ? `/signals/${signals[0].article_id}` : '/signals',
      items: shown.map((signal) => ({
        label: `${signal.buying_intent_score ?? 'No intent'} · ${signal.company ?? signal.title}`,
        link: `/signals/${signal.article_id}`,
      })),
    });
  }

  return {
    /** The viewer's watches (everyone's for an admin) with their last run. */
    async list(viewer: Viewer): Promise<Watch[]> {
      const rows = await deps.repository.list(ownerFilterFor(viewer));
      const lastRuns = await deps.repository.lastRuns(rows.map((row) => row.id));
      return rows.map((row) => toWatch(row, lastRuns.get(row.id)));
    },

    get: async (viewer: Viewer, id: number): Promise<Watch> => withLastRun(await visibleWatch(viewer, id)),

    /** Creates a watch for the viewer; its schedule first runs one interval from now. */
    async create(viewer: Viewer, input: WatchInput): Promise<Watch> {
      await checkWebhook(input.webhook_url);
      if ((await deps.repository.countOf(viewer.id)) >= MAX_WATCHES_PER_USER) {
        throw conflict(`At most ${MAX_WATCHES_PER_USER} watches per user`);
      }
      return toWatch(await deps.repository.insert(viewer.id, input, nextRunFrom(input.interval_minutes)), undefined);
    },

    /** Changes a watch; a new schedule or switching it on counts the next run from now. */
    async update(viewer: Viewer, id: number, changes: WatchChanges): Promise<Watch> {
      const current = await visibleWatch(viewer, id);
      await checkWebhook(changes.webhook_url);
      const rescheduled =
        (changes.interval_minutes !== undefined && changes.interval_minutes !== current.interval_minutes) ||
        (changes.enabled === true && !current.enabled);
      const nextRunAt = rescheduled ? nextRunFrom(changes.interval_minutes ?? current.interval_minutes) : undefined;
      const row = await deps.repository.update(id, changes, nextRunAt);
      if (!row) throw notFound(`Watch ${id} not found`);
      return withLastRun(row);
    },

    async remove(viewer: Viewer, id: number): Promise<void> {
      await visibleWatch(viewer, id);
      await deps.repository.remove(id);
    },

    /** Queues a run now (whether the watch is switched on or not); its schedule is unchanged. */
    async runNow(viewer: Viewer, id: number): Promise<WatchRun> {
      const watch = await visibleWatch(viewer, id);
      const run = await deps.repository.insertRun(id, 'manual');
      await deps.enqueueRun(run.id);
      runChanged(watch.user_id, id);
      return toRun(run);
    },

    /** The watch's runs, newest first. */
    async runs(viewer: Viewer, id: number): Promise<WatchRun[]> {
      await visibleWatch(viewer, id);
      return (await deps.repository.listRuns(id)).map(toRun);
    },

    /**
     * The schedule's tick (every minute on one worker): queues a run of each enabled watch that is due
     * and records runs left unfinished by a dead worker as failed. Returns how many runs it queued.
     */
    async enqueueDue(at: Date = now()): Promise<number> {
      const stale = await deps.repository.failStaleRuns(new Date(at.getTime() - STALE_RUN_MS));
      if (stale > 0) deps.logger.warn(`${stale} watch runs were interrupted and are recorded as failed`);
      const due = await deps.repository.claimDue(at);
      for (const run of due) {
        await deps.enqueueRun(run.runId);
        runChanged(run.userId, run.watchId);
      }
      return due.length;
    },

    /** Does one queued run and records its outcome; never throws, so a failing run cannot take a worker down. */
    async executeRun(runId: number): Promise<void> {
      const started = await deps.repository.startRun(runId).catch(() => undefined);
      if (!started) return;
      const watch = await deps.repository.find(started.watch_id).catch(() => undefined);
      if (!watch) return; // deleted meanwhile: its runs went with it
      runChanged(watch.user_id, watch.id);
      const counts: RunCounts = { new_articles: 0, analysed: 0, pushed: 0, alerted: 0 };
      let error: string | null = null;
      try {
        await runWatch(watch, counts);
      } catch (failure) {
        error = failure instanceof Error ? failure.message : String(failure);
        deps.logger.warn(`watch ${watch.id} run ${runId} failed: ${error}`);
      }
      try {
        await deps.repository.finishRun(runId, counts, error);
        runChanged(watch.user_id, watch.id);
      } catch (failure) {
        deps.logger.error({ err: failure }, `watch ${watch.id} run ${runId}: could not record its outcome`);
      }
    },
  };
}
export type WatchesService = ReturnType<typeof createWatchesService>;
