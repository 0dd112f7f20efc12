import pLimit from 'p-limit';
import { describeSourceReport, NO_COMPANY_DATA, type FetchSourceReport } from '@mining-hub/contract/live';
import type { NewsQuery } from '@mining-hub/contract/news';
import type { KnownCompany, NewsSource, SourcePage } from '../../adapters/news-sources/news-source.ts';
import type { LiveBus } from '../../live/live-bus.ts';
import type { Logger } from '../../logging.ts';
import type { StoriesService } from '../stories/stories.service.ts';
import { matchesQuery, tagArticle } from './article-classifier.ts';
import { createCompanyIndex, filtersByCompanySize, rangeVerdict, type CompanyIndex } from './company-figures.ts';
import { htmlToText, sanitizeArticleHtml } from '../../lib/article-html.ts';
import type { NewsRepository, NewsSessionRecord, StoredArticleInput } from './news.repository.ts';

export interface NewsFetchDeps {
  repository: NewsRepository;
  /** Gives each stored article its story; a session lists each story once, as its primary article. */
  stories: Pick<StoriesService, 'assignStored' | 'primaryOf'>;
  sources: NewsSource[];
  bus: LiveBus;
  logger: Logger;
  now?: () => Date;
  /** Longest a single source may take before it is skipped. */
  sourceTimeoutMs?: number | undefined;
  /** Companies whose market cap and share count the product knows, for the range filters on feed articles. */
  knownCompanies?: () => Promise<KnownCompany[]>;
}

type Progress = Pick<
  NewsSessionRecord,
  'status' | 'message' | 'progress' | 'current_page' | 'total_pages' | 'articles_found'
>;

/** How a session that could not finish ends, for its user. */
const FAILED = { status: 'failed', message: 'Error occurred' } as const;

/** Stores a session's progress (finished once it no longer runs) and sends it to the user who started it. */
async function saveProgress(
  deps: Pick<NewsFetchDeps, 'repository' | 'bus'>,
  session: Pick<NewsSessionRecord, 'id' | 'user_id'>,
  state: Progress,
  sources?: FetchSourceReport[],
): Promise<void> {
  await deps.repository.updateSession(session.id, {
    ...state,
    ...(state.status === 'running' ? {} : { finished_at: new Date() }),
  });
  deps.bus.publish(
    { userId: session.user_id },
    { type: 'progress_update', session_id: session.id, data: { ...state, ...(sources ? { sources } : {}) } },
  );
}

/** Sources fetched at once: a feed mostly waits on its server, so one slow feed should not hold up the rest. */
const SOURCE_CONCURRENCY = 6;

/**
 * Runs one fetch session: up to SOURCE_CONCURRENCY sources at once, each page by page; each page is tagged,
 * filtered, stored once, given its story (a copy of a release already stored joins that release's story), and
 * the stories' primaries are linked to the session (one page at a time, which keeps positions 1..n), and a
 * `progress_update` goes to the user who started it. A failing source is skipped with a WARNING and named in
 * the final message; the session completes with what the others gave. The final update also reports, per
 * source, how many items it read and how many it could not use, and why.
 */
export async function runFetchSession(sessionId: string, deps: NewsFetchDeps): Promise<void> {
  const session = await deps.repository.findSession(sessionId);
  if (!session) return;
  if (session.status === 'completed' || session.status === 'failed') return;
  const query = session.query as NewsQuery;
  const now = (deps.now ?? (() => new Date()))();
  const state: Progress = {
    status: 'running',
    message: 'Starting fetch...',
    progress: 0,
    current_page: 0,
    total_pages: deps.sources.length,
    articles_found: 0,
  };
  const report = async (values: Partial<Progress>, sources?: FetchSourceReport[]) => {
    Object.assign(state, values);
    await saveProgress(deps, session, state, sources);
  };

  // Per source: pages fetched so far and expected (one until the source says), whether it has ended, the
  // items it read and those it could not use (by reason), and why it failed.
  type SourceRun = {
    source: NewsSource;
    fetched: number;
    total: number;
    ended: boolean;
    report: FetchSourceReport;
  };
  // The size ranges need each article's company figures: the source's own, else those of a known company.
  const companies = filtersByCompanySize(query) ? await loadCompanyIndex(deps, sessionId) : undefined;
  const runs: SourceRun[] = deps.sources.map((source) => ({
    source,
    fetched: 0,
    total: 1,
    ended: false,
    report: { name: source.name, read: 0, skipped: 0, skip_reasons: {}, error: null },
  }));
  const sum = (of: (run: SourceRun) => number) => runs.reduce((total, run) => total + of(run), 0);
  const progressPercent = () =>
    Math.min(99, Math.round((100 * sum((run) => (run.ended ? 1 : run.fetched / run.total))) / runs.length));
  const oneAtATime = pLimit(1);
  // The articles this fetch stored: less the stories they are copies of, the copies merged.
  const storedIds = new Set<number>();

  async function fetchSource(run: SourceRun): Promise<void> {
    const { source } = run;
    const budgetMs = deps.sourceTimeoutMs ?? 120_000;
    const signal = AbortSignal.timeout(budgetMs);
    const deadline = Date.now() + budgetMs;
    try {
      for await (const page of source.fetchPages(query, { now, signal, deadline })) {
        countItems(run.report, page);
        const kept: StoredArticleInput[] = [];
        for (const article of page.articles) {
          const tags = tagArticle(article);
          if (!source.filtersServerSide && !matchesQuery(article, tags, query, now)) continue;
          if (companies) {
            const verdict = rangeVerdict(article.companyFigures ?? companies.find(article, tags), query);
            if (verdict === 'out') continue;
            // A source that filters itself applied the ranges to what it knows; others' unknowns are left out.
            if (verdict === 'unknown' && !source.filtersServerSide) {
              run.report.no_company_data = (run.report.no_company_data ?? 0) + 1;
              continue;
            }
          }
          kept.push({
            ...article,
            description: htmlToText(article.description),
            content: sanitizeArticleHtml(article.content),
            tags,
          });
        }
        const stored = await deps.repository.storeArticles(kept);
        const ids = stored.map(({ id }) => id);
        // Matched on the rows in hand (what was just stored), not read back.
        await deps.stories.assignStored(
          stored.map(({ id, fetched_at }, i) => {
            const article = kept[i] as StoredArticleInput;
            return {
              id,
              title: article.title,
              description: article.description,
              content: article.content,
              company: article.tags.company,
              published_at: article.publishedAt,
              fetched_at,
            };
          }),
        );
        for (const id of ids) storedIds.add(id);
        await oneAtATime(async () => {
          // Each as its story's primary when linked: another source's page may have made an earlier copy primary.
          const found = await deps.repository.linkToSession(sessionId, ids);
          Object.assign(run, { fetched: page.page, total: page.totalPages });
          await report({
            message: `Fetching ${source.name}: page ${page.page} of ${page.totalPages}`,
            progress: progressPercent(),
            current_page: sum((run) => run.fetched),
            total_pages: sum((run) => run.total),
            articles_found: found,
          });
        });
      }
    } catch (error) {
      // The source's whole budget ran out: say so, not the time limit of the request it was in.
      const reason = signal.aborted
        ? `timed out after ${budgetMs / 1000} s`
        : error instanceof Error
          ? error.message
          : String(error);
      deps.logger.warn(`news source ${source.name} skipped in session ${sessionId}: ${reason}`);
      run.report.error = reason;
    }
    run.ended = true;
  }

  try {
    await report({});
    const limit = pLimit(SOURCE_CONCURRENCY);
    await Promise.all(runs.map((run) => limit(() => fetchSource(run))));
    const leftOut = sum((run) => run.report.no_company_data ?? 0);
    // Read at the end: a later page's earlier copy may have become a story's primary.
    const primaries = await deps.stories.primaryOf([...storedIds]);
    const merged = storedIds.size - new Set(primaries.values()).size;
    const summary = `Found ${state.articles_found.toLocaleString('en-US')} articles${
      merged > 0
        ? `; ${storedIds.size.toLocaleString('en-US')} items, ${merged.toLocaleString('en-US')} ${merged === 1 ? 'copy' : 'copies'} merged`
        : ''
    }${leftOut > 0 ? `; ${leftOut.toLocaleString('en-US')} left out: ${NO_COMPANY_DATA}` : ''}`;
    const skipped = runs.flatMap(({ report }) => (report.error ? [`${report.name} (${report.error})`] : []));
    const sources = runs.map((run) => run.report);
    await report(
      {
        status: 'completed',
        progress: 100,
        total_pages: state.current_page,
        message: skipped.length > 0 ? `${summary}; skipped ${skipped.join(', ')}` : summary,
      },
      sources,
    );
    deps.logger.info(`fetch session ${sessionId} completed: ${state.message}`);
    for (const source of sources.filter((source) => source.skipped > 0)) {
      deps.logger.info(`news source ${source.name} in session ${sessionId}: ${describeSourceReport(source)}`);
    }
  } catch (error) {
    deps.logger.error({ err: error }, `fetch session ${sessionId} failed`);
    await report(FAILED).catch(() => undefined);
  }
}

/**
 * A fetch given up on: every attempt's worker died (its heartbeat stopped), so no run will finish the session.
 * If it is still pending or running, it ends as failed, and its user's page hears so.
 */
export async function abandonFetchSession(
  sessionId: string,
  deps: Pick<NewsFetchDeps, 'repository' | 'bus' | 'logger'>,
): Promise<void> {
  const session = await deps.repository.findSession(sessionId);
  if (!session || (session.status !== 'pending' && session.status !== 'running')) return;
  const { progress, current_page, total_pages, articles_found } = session;
  await saveProgress(deps, session, { ...FAILED, progress, current_page, total_pages, articles_found });
  deps.logger.error(`fetch session ${sessionId} failed: the worker running it stopped on every attempt`);
}

/** The known companies, indexed; none when they cannot be read (the fetch goes on, leaving unknowns out). */
async function loadCompanyIndex(deps: NewsFetchDeps, sessionId: string): Promise<CompanyIndex> {
  try {
    return createCompanyIndex((await deps.knownCompanies?.()) ?? []);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    deps.logger.warn(`fetch session ${sessionId}: known companies unavailable: ${reason}`);
    return createCompanyIndex([]);
  }
}

function countItems(report: FetchSourceReport, page: SourcePage): void {
  report.read += page.articles.length + (page.skipped?.count ?? 0);
  report.skipped += page.skipped?.count ?? 0;
  for (const [reason, count] of Object.entries(page.skipped?.reasons ?? {})) {
    report.skip_reasons[reason] = (report.skip_reasons[reason] ?? 0) + count;
  }
}
