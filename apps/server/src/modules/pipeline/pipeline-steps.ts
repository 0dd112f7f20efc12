import pLimit, { type LimitFunction } from 'p-limit';
import type { ArticleStatus } from '@mining-hub/contract/articles';
import type { Prompt } from '@mining-hub/contract/prompts';
import { AnalysisError, type AiAnalyser } from '../../adapters/ai/ai-analyser.ts';
import type { ArticleExtractor } from '../../adapters/article-pages/article-extractor.ts';
import { PageFetchError, safeFetch, type SafeFetchOptions } from '../../adapters/article-pages/safe-fetch.ts';
import {
  CrmError,
  companyKey,
  type CrmAccount,
  type CrmAdapter,
  type CrmProjectRecord,
  type CrmPush,
} from '../../adapters/crm/crm-adapter.ts';
import { isDatabaseUnavailable } from '../../db/database-outage.ts';
import type { LiveBus } from '../../live/live-bus.ts';
import type { Logger } from '../../logging.ts';
import { readArticleFacts } from '../facts/facts.service.ts';
import type { CrmAccountFacts } from '../accounts/accounts.service.ts';
import type { StoriesService } from '../stories/stories.service.ts';
import { buildCrmPush } from './crm-note.ts';
import type { PipelineArticle, PipelineRepository, PipelineStep } from './pipeline.repository.ts';

/** Which statuses a step may start from, and what a failure of it is called (SPEC.md section 4). */
export const STEP_RULES: Record<PipelineStep, { from: ArticleStatus[]; failure: ArticleStatus }> = {
  expand: { from: ['fetched', 'failed_expansion'], failure: 'failed_expansion' },
  analyse: { from: ['expanded', 'failed_summary'], failure: 'failed_summary' },
  push: { from: ['summarised', 'failed_push'], failure: 'failed_push' },
};

// A running step refreshes its claim every 2 s; one not refreshed for 8 s belonged to a process that died.
// Its job comes back no sooner than that (the queue's heartbeat, jobs/queue.ts), and finds the claim stale.
const CLAIM_HEARTBEAT_MS = 2_000;
const CLAIM_STALE_AFTER_MS = 8_000;
/** A story's primary changes at most once per copy arriving; a step follows it this many times at most. */
const MAX_PRIMARY_MOVES = 3;

/** The next step for an article in a given status; undefined when it is done. */
export function nextStep(status: string): PipelineStep | undefined {
  return (Object.keys(STEP_RULES) as PipelineStep[]).find((step) =>
    STEP_RULES[step].from.includes(status as ArticleStatus),
  );
}

export interface PipelineStepsDeps {
  repository: PipelineRepository;
  /** Which article carries each story: a step claimed on a copy that stopped being its primary moves to it. */
  stories: Pick<StoriesService, 'primaryOf'>;
  analyser: AiAnalyser;
  crm: CrmAdapter;
  /** Reads the main text of fetched pages (on worker threads). */
  extractor: ArticleExtractor;
  getActivePrompt: () => Promise<Prompt>;
  bus: LiveBus;
  logger: Logger;
  /** The app's own origin: demo articles have relative URLs and live on it. */
  appOrigin: string;
  /** Other origins the operator trusts on private addresses (ALLOWED_PRIVATE_ORIGINS, the feeds' own). */
  privateOrigins?: string[];
  fetchOptions?: Partial<SafeFetchOptions>;
  /** A claim older than this belonged to a process that died and may be taken over. */
  claimStaleAfterMs?: number;
  /** How many runs of each step this process does at once (the AI and CRM services set different limits). */
  concurrency?: Partial<Record<PipelineStep, number>>;
  /** The account a push carries (modules/accounts, passed in by services.ts); unset pushes none. */
  accountOf?: (articleId: number) => Promise<CrmAccountFacts | null>;
}

export type StepOutcome =
  | { kind: 'done'; status: ArticleStatus }
  | { kind: 'failed'; status: ArticleStatus; reason: string }
  /** Transient failure left for a retry: the article keeps its status. */
  | { kind: 'retry'; reason: string; retryAfterMs: number | undefined }
  /** Another run holds the article, or its status does not allow the step. */
  | { kind: 'refused'; reason: string };

/** The three article steps, each claim → work → record → tell the browsers. */
export interface StepRunOptions {
  finalAttempt: boolean;
  actorId: number;
}

export function createPipelineSteps(deps: PipelineStepsDeps) {
  /** The account a push carries; a failure to read it costs the push its account, never the push. */
  const accountOf = async (articleId: number): Promise<CrmAccountFacts | null> => {
    if (!deps.accountOf) return null;
    try {
      return await deps.accountOf(articleId);
    } catch (error) {
      deps.logger.warn(`push of article ${articleId} goes without its account: ${String(error)}`);
      return null;
    }
  };
  const fetchOptions: SafeFetchOptions = {
    allowedOrigins: [deps.appOrigin, ...(deps.privateOrigins ?? [])],
    timeoutMs: 20_000,
    maxBytes: 10 * 1024 * 1024,
    maxRedirects: 3,
    contentTypes: ['text/html', 'application/xhtml+xml', 'text/plain', 'application/pdf'],
    ...deps.fetchOptions,
  };

  const announce = (articleId: number, status: ArticleStatus) => {
    deps.bus.publish('all', { type: 'article_status_update', article_id: articleId, status });
    deps.bus.publish('all', { type: 'article_updated', article_id: articleId });
    deps.bus.publish('all', { type: 'stats_updated' });
  };

  const work: Record<PipelineStep, (article: PipelineArticle, actorId: number) => Promise<void>> = {
    async expand(article) {
      const target = article.article_type === 'pdf' && article.pdf_iframe_url ? article.pdf_iframe_url : article.url;
      if (!target) throw new PageFetchError('the article has no URL to expand', false);
      const page = await safeFetch(new URL(target, deps.appOrigin).toString(), fetchOptions);
      const extracted = await deps.extractor.extract({
        body: page.body,
        contentType: page.contentType,
        url: page.finalUrl,
        contentTypeHeader: page.contentTypeHeader,
      });
      await deps.repository.expanded(article.id, {
        expanded_description: extracted.expandedDescription,
        full_content: extracted.fullContent,
        // Facts are read on every expanded article, whatever analyser is configured (issue 33).
        facts: readArticleFacts({ title: article.title, full_content: extracted.fullContent }),
      });
    },

    async analyse(article) {
      const prompt = await deps.getActivePrompt();
      const analysis = await deps.analyser.analyse({
        systemPrompt: prompt.prompt_text,
        functionSchema: prompt.function_schema,
        article: {
          title: article.title,
          text: article.full_content ?? article.content ?? article.description ?? '',
          source: article.source,
          url: article.url,
          publishedAt: article.published_at,
        },
      });
      await deps.repository.analysed(article.id, {
        analysis,
        promptId: prompt.id,
        promptVersion: prompt.version,
        promptUpdatedAt: new Date(prompt.updated_at),
      });
    },

    async push(article, actorId) {
      const input: CrmPush = buildCrmPush(article);
      const account = await accountOf(article.id);
      const key = companyKey(input.company);
      const crm = deps.crm.name;
      // Pushes of one company take turns across every worker, so only the first creates it in the CRM.
      const alreadyPushed = await deps.repository.withCompanyLock(key, async () => {
        // Read again under the lock: a run taken for dead may have pushed this article meanwhile.
        const now = await deps.repository.pushState(article.id);
        if (now?.status === 'pushed_to_hubspot') return true;
        const existing = now
          ? { companyId: now.crm_company_id, contactIds: now.crm_contact_ids, noteId: now.crm_note_id }
          : input.existing;
        const companyOfKey = await deps.repository.crmCompanyOfKey(crm, key);
        // Read under the lock too: every story of the company shares its projects' records.
        const written = account
          ? await deps.repository.crmProjectRecords(
              crm,
              account.projects.map((project) => project.id),
            )
          : new Map<number, CrmProjectRecord>();
        const withAccount: CrmAccount | undefined = account
          ? {
              heat: account.heat,
              stage: account.stage,
              latestFacts: account.latestFacts,
              url: new URL(account.path, deps.appOrigin).toString(),
              projects: account.projects.map((project) => ({ ...project, written: written.get(project.id) ?? null })),
            }
          : undefined;
        try {
          const result = await deps.crm.push({ ...input, existing, companyOfKey, account: withAccount });
          if (result.projects) await deps.repository.rememberCrmProjects(crm, result.projects);
          await deps.repository.crmIds(article.id, result);
          await deps.repository.rememberCrmCompany(crm, key, result.companyId);
        } catch (error) {
          // Keep what the CRM already created, so the retry updates those records instead of creating them again.
          const partial = error instanceof CrmError ? error.partial : undefined;
          if (partial?.projects?.length) await deps.repository.rememberCrmProjects(crm, partial.projects);
          if (partial?.companyId) {
            await deps.repository.crmIds(article.id, { ...partial, companyId: partial.companyId });
            await deps.repository.rememberCrmCompany(crm, key, partial.companyId);
          }
          throw error;
        }
        return false;
      });
      if (alreadyPushed) await deps.repository.release(article.id);
      else await deps.repository.pushed(article.id, actorId);
    },
  };

  const limits: Record<PipelineStep, LimitFunction> = {
    expand: pLimit(deps.concurrency?.expand ?? 8),
    analyse: pLimit(deps.concurrency?.analyse ?? 6),
    push: pLimit(deps.concurrency?.push ?? 2),
  };

  /**
   * Runs one step on one article for `actorId` (who asked, or the batch's owner). With `finalAttempt`
   * false, a transient failure is left for a retry.
   */
  function run(step: PipelineStep, articleId: number, options: StepRunOptions): Promise<StepOutcome> {
    return limits[step](() => runNow(step, articleId, options));
  }

  async function runNow(
    step: PipelineStep,
    articleId: number,
    options: StepRunOptions,
    moves = 0,
  ): Promise<StepOutcome> {
    const rule = STEP_RULES[step];
    const staleAfterMs = deps.claimStaleAfterMs ?? CLAIM_STALE_AFTER_MS;
    const article = await deps.repository.claim(articleId, step, rule.from, staleAfterMs);
    if (!article) {
      const current = await deps.repository.status(articleId);
      const reason = current?.step_running
        ? `Article ${articleId} is already being processed (${current.step_running})`
        : `Article ${articleId} is ${current?.status ?? 'unknown'}; ${step} needs ${rule.from.join(' or ')}`;
      return { kind: 'refused', reason };
    }
    // The caller looked up the story's primary before this claim; an earlier copy may have taken over since (the
    // switch and the claim both write this row, so one waits for the other: read after the claim, the primary is
    // final, and once claimed it can no longer change). The story's work goes to the primary, never a copy.
    const primaryId = (await deps.stories.primaryOf([articleId])).get(articleId) ?? articleId;
    if (primaryId !== articleId) {
      await deps.repository.release(articleId);
      if (moves >= MAX_PRIMARY_MOVES) {
        return { kind: 'refused', reason: `Article ${articleId}'s story changed its primary while claimed` };
      }
      return runNow(step, primaryId, options, moves + 1);
    }
    // Its card shows it processing (activity), and queued again if the step is left for a retry.
    deps.bus.publish('all', { type: 'article_updated', article_id: articleId });
    const heartbeat = setInterval(
      () => void deps.repository.touchClaim(articleId, step).catch(() => undefined),
      CLAIM_HEARTBEAT_MS,
    );
    try {
      await work[step](article, options.actorId);
      const status = step === 'expand' ? 'expanded' : step === 'analyse' ? 'summarised' : 'pushed_to_hubspot';
      announce(articleId, status);
      return { kind: 'done', status };
    } catch (error) {
      const { reason, retryable, retryAfterMs } = describeFailure(error);
      if (retryable && !options.finalAttempt) {
        await deps.repository.release(articleId);
        deps.bus.publish('all', { type: 'article_updated', article_id: articleId });
        deps.logger.warn(`${step} of article ${articleId} will be retried: ${reason}`);
        return { kind: 'retry', reason, retryAfterMs };
      }
      await deps.repository.fail(articleId, rule.failure, reason);
      deps.logger.warn(`${step} of article ${articleId} failed: ${reason}`);
      announce(articleId, rule.failure);
      return { kind: 'failed', status: rule.failure, reason };
    } finally {
      clearInterval(heartbeat);
    }
  }

  return { run };
}
export type PipelineSteps = ReturnType<typeof createPipelineSteps>;

function describeFailure(error: unknown): { reason: string; retryable: boolean; retryAfterMs: number | undefined } {
  if (error instanceof PageFetchError)
    return { reason: error.message, retryable: error.retryable, retryAfterMs: undefined };
  if (error instanceof AnalysisError)
    return { reason: error.message, retryable: error.retryable, retryAfterMs: error.retryAfterMs };
  if (error instanceof CrmError)
    return { reason: error.message, retryable: error.retryable, retryAfterMs: error.retryAfterMs };
  // A connection lost to a restart or failover: the article is fine, and the retry finds the database back.
  const reason = error instanceof Error ? error.message : String(error);
  return { reason, retryable: isDatabaseUnavailable(error), retryAfterMs: undefined };
}
