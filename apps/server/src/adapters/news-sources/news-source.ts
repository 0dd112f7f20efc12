import type { NewsQuery } from '@mining-hub/contract/news';

/** What a source may already know about an article; the classifier fills in what it does not. */
export interface ArticleTags {
  commodities: string[];
  countries: string[];
  states: string[];
  typeGroup: string | null;
  type: string | null;
  company: string | null;
  ticker: string | null;
  project: string | null;
}

/** The size of an article's company, in millions, as far as it is known: what the range filters test. */
export interface CompanyFigures {
  /** Market capitalisation in millions of US dollars. */
  marketCapMusd: number | null;
  /** Shares outstanding, in millions. */
  sharesOutstandingM: number | null;
}

/** A listed company whose figures the product knows (the demo corpus's, the scraper's project owners). */
export interface KnownCompany extends CompanyFigures {
  name: string;
  ticker: string | null;
  exchange: string | null;
}

/** One article as a news source delivers it, before it is stored. */
export interface SourceArticle {
  /** Stable across fetches and sessions: the dedup key (feed guid or link, API id, corpus id). */
  sourceKey: string;
  title: string;
  source: string;
  url: string | null;
  description: string | null;
  content: string | null;
  articleType: 'news' | 'pdf';
  pdfUrl: string | null;
  publishedAt: Date | null;
  tags: Partial<ArticleTags>;
  /** The company's figures when the source gives them (demo, MiningHub); feeds' come from known companies. */
  companyFigures?: CompanyFigures;
  raw: Record<string, unknown>;
}

export interface SourcePage {
  articles: SourceArticle[];
  page: number;
  totalPages: number;
  /** Items of this page the source could not use, counted by reason ({"no title": 2}). */
  skipped?: { count: number; reasons: Record<string, number> };
}

export interface NewsSource {
  /** Shown in progress messages ("skipped RSS feed https://…: timed out"). */
  name: string;
  /** True when the source applies the query itself (MiningHub); otherwise the fetch filters what it yields. */
  filtersServerSide: boolean;
  /**
   * `signal` ends when the source's time budget does; `deadline` (epoch ms) is when that is, so that a source
   * does not start waiting to retry when no time is left for the retry.
   */
  fetchPages(
    query: NewsQuery,
    options: { now: Date; signal: AbortSignal; deadline?: number },
  ): AsyncIterable<SourcePage>;
}
