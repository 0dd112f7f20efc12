import type { ArticleActivity } from '@mining-hub/contract/articles';
import type { Article } from '@mining-hub/contract/news';
import { findCommodity, findCountry, findState } from '@mining-hub/contract/reference-data';

export type BadgeTone = 'success' | 'processing' | 'info' | 'error' | 'default';

export interface StatusBadge {
  label: string;
  tone: BadgeTone;
}

const STATUS_BADGES: Record<string, StatusBadge> = {
  summarised: { label: 'Analyzed', tone: 'processing' },
  expanded: { label: 'Expanded', tone: 'info' },
};

const FAILURE_STATUSES = new Set(['failed_expansion', 'failed_summary', 'failed_push']);

/** 'failed_push' → 'Failed Push'. */
export function titleCaseStatus(status: string): string {
  return status
    .split('_')
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * Badge label and colour of an article status (SPEC.md section 4): pushed_to_hubspot is the CRM's name
 * (`crmLabel`: 'HubSpot' or 'CRM (local outbox)'; success), summarised 'Analyzed' (processing), expanded info,
 * failures error, anything else default; statuses without a fixed label are shown with underscores replaced
 * and title-cased. While a batch holds the article or a step runs on it (`activity`), 'Queued' or 'Processing'.
 */
export function statusBadge(status: string, crmLabel = 'HubSpot', activity: ArticleActivity = null): StatusBadge {
  // Queued again after a failure, the article shows what is happening now, not how the last attempt ended.
  if (activity === 'queued') return { label: 'Queued', tone: 'default' };
  if (activity === 'processing') return { label: 'Processing', tone: 'processing' };
  if (status === 'pushed_to_hubspot') return { label: crmLabel, tone: 'success' };
  const fixed = STATUS_BADGES[status];
  if (fixed) return fixed;
  return { label: titleCaseStatus(status), tone: FAILURE_STATUSES.has(status) ? 'error' : 'default' };
}

const shortUsDate = new Intl.DateTimeFormat('en-US', { month: 'numeric', day: 'numeric', year: 'numeric' });
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseArticleDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  // A bare calendar date means that day where the reader is, not midnight UTC (which is the day before in the Americas).
  const dateOnly = DATE_ONLY.exec(value);
  const date = dateOnly ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The card's date (SPEC.md section 2): raw_json.date when present and readable, else fetched_at, as 1/15/2025. */
export function articleDate(article: Pick<Article, 'raw_json' | 'fetched_at'>): string {
  const date = parseArticleDate(article.raw_json.date) ?? parseArticleDate(article.fetched_at);
  return date ? shortUsDate.format(date) : '';
}

export type ArticleBody =
  /** `text`: what the expansion read out of the PDF, shown under the frame (which a host may refuse to fill). */
  | { kind: 'pdf'; url: string; text: string | null }
  | { kind: 'html'; html: string }
  | { kind: 'text'; text: string }
  | { kind: 'none' };

/** Only links the browser can safely follow or frame: http(s) URLs or paths on the app's own origin. */
export function isSafeUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The PDF the article is, when it is one. */
export function articlePdfUrl(article: Pick<Article, 'pdf_iframe_url' | 'raw_json'>): string | null {
  const url = article.pdf_iframe_url ?? article.raw_json.pdf_iframe_url;
  return isSafeUrl(url) ? url : null;
}

/**
 * What the article body shows (SPEC.md section 2): a PDF in a frame, with the text the expansion read from it;
 * otherwise the fullest text field, as HTML when it contains '<' and as plain text when not; 'No content
 * available' when there is no text at all. The description is not a body: the card shows it on its own.
 */
export function articleBody(
  article: Pick<
    Article,
    'pdf_iframe_url' | 'raw_json' | 'full_content' | 'content' | 'text' | 'expanded_description' | 'excerpt'
  >,
): ArticleBody {
  const pdf = articlePdfUrl(article);
  if (pdf) return { kind: 'pdf', url: pdf, text: article.full_content?.trim() || null };
  const text = [
    article.full_content,
    article.content,
    article.text,
    article.expanded_description,
    article.excerpt,
  ].find((value): value is string => typeof value === 'string' && value.trim() !== '');
  if (text === undefined) return { kind: 'none' };
  return text.includes('<') ? { kind: 'html', html: text } : { kind: 'text', text };
}

/** The product's own page for one article: the Market Intelligence page with its detail open. */
export function articlePagePath(articleId: number): string {
  return `/news-signals?article=${articleId}`;
}

/**
 * Where 'Source' opens (in a new tab): the article's own URL, else the link its source gave, else the product's
 * own page for the article (SPEC.md section 2).
 */
export function sourceLink(article: Pick<Article, 'article_id' | 'url' | 'raw_json'>): {
  href: string;
  external: boolean;
} {
  const external = [article.url, article.raw_json.link].find(isSafeUrl);
  return external ? { href: external, external: true } : { href: articlePagePath(article.article_id), external: false };
}

/**
 * The story's other copies, for the card's "also from" line: each source's name and where its copy is (its own
 * link, else the app's page of it). Empty when the article is the only copy of its release.
 */
export function alsoFrom(
  article: Pick<Article, 'article_id' | 'story'>,
): { name: string; href: string; external: boolean }[] {
  return (article.story?.sources ?? [])
    .filter((source) => source.article_id !== article.article_id)
    .map((source) =>
      isSafeUrl(source.url)
        ? { name: source.name, href: source.url, external: true }
        : { name: source.name, href: articlePagePath(source.article_id), external: false },
    );
}

/** The one next pipeline step an article's status allows (SPEC.md section 4), with its labels. */
export type PipelineAction = 'expand' | 'summarize' | 'push';

export const PIPELINE_ACTIONS: Record<PipelineAction, { label: string; busyLabel: string }> = {
  expand: { label: 'Expand', busyLabel: 'Expanding...' },
  summarize: { label: 'Summarize', busyLabel: 'Summarizing...' },
  push: { label: 'Push to CRM', busyLabel: 'Pushing...' },
};

/**
 * Expand only when fetched, Summarize only when expanded, Push to CRM only when summarised; a step that failed
 * may be run again from its failure status (the server allows the same).
 */
export function nextPipelineAction(status: string): PipelineAction | null {
  if (status === 'fetched' || status === 'failed_expansion') return 'expand';
  if (status === 'expanded' || status === 'failed_summary') return 'summarize';
  if (status === 'summarised' || status === 'failed_push') return 'push';
  return null;
}

/** Whether the status is one of the failure statuses, whose reason the detail modal shows. */
export function isFailureStatus(status: string): boolean {
  return FAILURE_STATUSES.has(status);
}

/** An article's commodity and place tags, by name (symbols and codes the reference data does not know stay as they are). */
export function articleTags(article: Pick<Article, 'commodities' | 'countries' | 'states'>): string[] {
  return [
    ...article.commodities.map((symbol) => findCommodity(symbol)?.name ?? symbol),
    ...article.states.map((code) => findState(code)?.name ?? code),
    ...article.countries.map((code) => findCountry(code)?.name ?? code),
  ];
}
