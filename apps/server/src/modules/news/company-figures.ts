import { isInRange, isWholeRange, type NewsQuery, type NumberRange } from '@mining-hub/contract/news';
import type {
  ArticleTags,
  CompanyFigures,
  KnownCompany,
  SourceArticle,
} from '../../adapters/news-sources/news-source.ts';
import { EXCHANGES } from '../../lib/company-names.ts';

/**
 * The market-cap and outstanding-shares filters: which company an article is about (when its source does not
 * say what the company is worth) and whether its figures fall in the ranges asked for.
 */

/** 'TSX-V', 'TSX Venture' and 'TSXV' are one board; 'Nasdaq' is NASDAQ. */
function exchangeKey(exchange: string | null | undefined): string {
  const upper = (exchange ?? '').trim().toUpperCase();
  return /^TSX[- ]?V/.test(upper) ? 'TSXV' : upper;
}

const LEGAL_SUFFIX =
  /[\s,]+(?:corp\.?|corporation|inc\.?|incorporated|ltd\.?|limited|plc|nl|llc|pty(?: ltd)?|s\.a\.|sa|ag|ab|asa|co\.)$/i;

/** 'Karnavik Gold Corp.' → 'karnavik gold': lower case, spacing collapsed, no legal suffix. */
export function nameKey(name: string): string {
  let key = name.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
  while (LEGAL_SUFFIX.test(key)) key = key.replace(LEGAL_SUFFIX, '').trim();
  return key;
}

// '(TSXV: KNV)', 'ASX:QKR', '(NYSE American: JMG)'.
const LISTING = new RegExp(`(?<![\\p{L}])(${EXCHANGES})\\s*:\\s*([A-Z0-9.]{1,8})(?![\\p{L}\\d])`, 'gu');
const WORD = /[\p{L}\d][\p{L}\d'’&.-]*/gu;
/** Names are looked for in the headline and the opening, where a release names its company. */
const OPENING_CHARS = 1_500;
const MAX_NAME_WORDS = 6;

export interface CompanyIndex {
  /** The known company an article is about: by its tagged ticker or name, a listing in its text, or its name there. */
  find(article: Pick<SourceArticle, 'title' | 'description' | 'content'>, tags: ArticleTags): KnownCompany | undefined;
}

/** Indexes known companies by ticker (per exchange) and by name; a ticker two boards share needs its board. */
export function createCompanyIndex(companies: readonly KnownCompany[]): CompanyIndex {
  const byListing = new Map<string, KnownCompany>();
  const byTicker = new Map<string, KnownCompany | null>();
  const byName = new Map<string, KnownCompany>();
  for (const company of companies) {
    if (company.marketCapMusd === null && company.sharesOutstandingM === null) continue;
    const ticker = company.ticker?.trim().toUpperCase();
    if (ticker) {
      byListing.set(`${exchangeKey(company.exchange)}:${ticker}`, company);
      byTicker.set(ticker, byTicker.has(ticker) && byTicker.get(ticker) !== company ? null : company);
    }
    const key = nameKey(company.name);
    // One word ('Gold') would match too much; names are at least two words.
    if (key.includes(' ') && !byName.has(key)) byName.set(key, company);
  }

  const byTickerText = (text: string) => {
    const [exchange, ticker] = text.includes(':') ? text.split(':') : [undefined, text];
    const symbol = (ticker ?? '').trim().toUpperCase();
    return (exchange && byListing.get(`${exchangeKey(exchange)}:${symbol}`)) ?? byTicker.get(symbol) ?? undefined;
  };

  return {
    find(article, tags) {
      if (tags.ticker) {
        const known = byTickerText(tags.ticker);
        if (known) return known;
      }
      if (tags.company) {
        const known = byName.get(nameKey(tags.company));
        if (known) return known;
      }
      const opening = `${article.title}\n${article.description ?? ''}\n${(article.content ?? '').slice(0, OPENING_CHARS)}`;
      for (const match of opening.matchAll(LISTING)) {
        const known = byListing.get(`${exchangeKey(match[1])}:${match[2]}`) ?? byTicker.get(match[2] ?? '');
        if (known) return known;
      }
      if (byName.size === 0) return undefined;
      const words = [...opening.matchAll(WORD)].map((match) => match[0].toLowerCase());
      for (let start = 0; start < words.length; start++) {
        for (let length = 2; length <= MAX_NAME_WORDS && start + length <= words.length; length++) {
          const known = byName.get(nameKey(words.slice(start, start + length).join(' ')));
          if (known) return known;
        }
      }
      return undefined;
    },
  };
}

export type RangeVerdict = 'in' | 'out' | 'unknown';

/**
 * Whether a company's figures satisfy the query's market-cap and outstanding-shares ranges: 'unknown' when a
 * range is set and the figure it tests is not known. Whole ranges (the defaults) test nothing.
 */
export function rangeVerdict(figures: CompanyFigures | undefined, query: NewsQuery): RangeVerdict {
  const tests: [NumberRange, number | null | undefined][] = [
    [query.marketcap, figures?.marketCapMusd],
    [query.outstandingshares, figures?.sharesOutstandingM],
  ];
  let verdict: RangeVerdict = 'in';
  for (const [range, value] of tests) {
    if (isWholeRange(range)) continue;
    if (value === null || value === undefined) verdict = 'unknown';
    else if (!isInRange(value, range)) return 'out';
  }
  return verdict;
}

/** Whether the query filters by company size at all. */
export function filtersByCompanySize(query: NewsQuery): boolean {
  return !isWholeRange(query.marketcap) || !isWholeRange(query.outstandingshares);
}
