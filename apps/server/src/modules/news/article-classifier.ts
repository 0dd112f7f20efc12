import {
  ARTICLE_TYPE_GROUPS,
  COMMODITIES,
  COUNTRIES,
  STATES,
  expandArticleTypeFilter,
} from '@mining-hub/contract/reference-data';
import type { NewsQuery } from '@mining-hub/contract/news';
import type { ArticleTags, SourceArticle } from '../../adapters/news-sources/news-source.ts';

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One alternation of every word, longest first, so 'Papua New Guinea' wins over 'Guinea'. */
function wordMatcher(words: Map<string, string>): RegExp {
  const alternation = [...words.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');
  return new RegExp(`(?<![\\p{L}\\d])(${alternation})(?![\\p{L}\\d])`, 'giu');
}

function lookup<T>(entries: readonly T[], words: (entry: T) => readonly string[], value: (entry: T) => string) {
  const map = new Map<string, string>();
  for (const entry of entries)
    for (const word of words(entry)) if (!map.has(word.toLowerCase())) map.set(word.toLowerCase(), value(entry));
  return map;
}

// Names and aliases of three letters or more; bare symbols only in grade context ("3.2 g/t Au", "1.1% Cu").
const commodityWords = lookup(
  COMMODITIES,
  (c) => [c.name, ...(c.aliases ?? [])].filter((w) => w.length >= 3),
  (c) => c.symbol,
);
const commodityNames = wordMatcher(commodityWords);
const symbols = new Map(COMMODITIES.filter((c) => /^[A-Z][a-z]?$/.test(c.symbol)).map((c) => [c.symbol, c.symbol]));
const gradeSymbol = new RegExp(
  `\\d(?:[\\d.,]*)\\s*(?:g/t|%|ppm|ppb|oz/t|lb/t|kg/t)\\s*(${[...symbols.keys()].join('|')})(?:Eq)?\\b`,
  'g',
);
const countryWords = lookup(
  COUNTRIES,
  (c) => [c.name, ...(c.aliases ?? [])].filter((w) => w.length >= 4),
  (c) => c.code,
);
const countryNames = wordMatcher(countryWords);
const stateWords = lookup(
  STATES,
  (s) => [s.name],
  (s) => `${s.country}:${s.code}`,
);
const stateNames = wordMatcher(stateWords);

// Article types by wording, most specific first; the first rule whose pattern matches decides.
const TYPE_RULES: { type: string; pattern: RegExp }[] = [
  { type: 'maiden-resource', pattern: /maiden (mineral )?resource/i },
  { type: 'reserve-estimate', pattern: /(mineral|ore) reserve (estimate|update)/i },
  { type: 'resource-update', pattern: /(updated|increased|upgraded) (mineral )?resource|resource update/i },
  { type: 'mineral-resource-estimate', pattern: /mineral resource estimate|\bMRE\b|(indicated|inferred) resources?/i },
  { type: 'flow-through-financing', pattern: /flow[- ]through/i },
  { type: 'bought-deal', pattern: /bought deal/i },
  { type: 'private-placement', pattern: /private placement|placement of \$?[\d.]+ ?(million|m)\b/i },
  { type: 'rights-offering', pattern: /rights offering|entitlement offer/i },
  { type: 'royalty-stream', pattern: /\b(royalty|stream(ing)? agreement)\b/i },
  { type: 'debt-financing', pattern: /(credit|loan|debt) facility|convertible (note|debenture)/i },
  { type: 'government-funding', pattern: /government (grant|funding)|grant of \$/i },
  { type: 'takeover-bid', pattern: /takeover bid|tender offer/i },
  { type: 'merger', pattern: /\bmerger\b|\bmerge\b|business combination/i },
  { type: 'option-agreement', pattern: /option agreement|option to acquire/i },
  { type: 'earn-in', pattern: /earn[- ]in/i },
  { type: 'joint-venture', pattern: /joint venture/i },
  { type: 'divestiture', pattern: /\b(divest|divestiture|sale of (its|the))\b/i },
  { type: 'acquisition', pattern: /\bacqui(re|res|red|sition)\b/i },
  {
    type: 'drill-program',
    pattern:
      /(drill(ing)?|diamond|RC) program(me)?\b.*\b(plan|commence|begin|start|mobili[sz]e|upcoming)|(plan|commence|begin|start)s?\b.*\bdrill(ing)? program/i,
  },
  {
    type: 'drilling-commenced',
    pattern:
      /(commenced|begins|started|starts|underway).{0,30}drill|drill(ing)? (has )?(commenced|begun|started|underway)/i,
  },
  { type: 'drilling-completed', pattern: /(completes?|completed|completion of).{0,30}drill/i },
  { type: 'assay-results', pattern: /\bassays?\b/i },
  { type: 'drill-results', pattern: /\bdrill|intercepts?\b|\d\s*g\/t|\bintersect/i },
  { type: 'feasibility-study', pattern: /feasibility study|\bDFS\b|\bBFS\b|pre-?feasibility|\bPFS\b/i },
  { type: 'preliminary-economic-assessment', pattern: /preliminary economic assessment|\bPEA\b|scoping study/i },
  { type: 'permitting', pattern: /\bpermit(s|ting|ted)?\b|environmental (approval|licen[cs]e)/i },
  { type: 'construction', pattern: /\bconstruction\b/i },
  { type: 'production-update', pattern: /\bproduction\b|\bquarterly (results|report)\b/i },
  { type: 'management-change', pattern: /appoint(s|ed|ment)|\bresign(s|ed|ation)\b|new (CEO|CFO|president)/i },
  { type: 'exploration-update', pattern: /exploration|sampling|geophysic|soil|mapping/i },
];
const GROUP_OF_TYPE = new Map<string, string>(
  ARTICLE_TYPE_GROUPS.flatMap((g) => g.types.map((t) => [t.value, g.group] as const)),
);

const stripHtml = (value: string) => value.replace(/<[^>]*>/g, ' ').replace(/&nbsp;|&amp;|&lt;|&gt;|&#\d+;/g, ' ');

/** Tags an article from its title and text: commodities, countries, states/provinces and type. */
export function classifyArticle(title: string, body: string): ArticleTags {
  const text = `${title}\n${stripHtml(body)}`;
  const commodities = new Set<string>();
  for (const match of text.matchAll(commodityNames))
    commodities.add(commodityWords.get((match[1] ?? '').toLowerCase()) ?? '');
  for (const match of text.matchAll(gradeSymbol)) if (match[1]) commodities.add(match[1]);
  const countries = new Set<string>();
  for (const match of text.matchAll(countryNames))
    countries.add(countryWords.get((match[1] ?? '').toLowerCase()) ?? '');
  const states = new Set<string>();
  for (const match of text.matchAll(stateNames)) {
    const [country, code] = (stateWords.get((match[1] ?? '').toLowerCase()) ?? '').split(':');
    if (country && code) {
      states.add(code);
      countries.add(country);
    }
  }
  // The headline names the news; the body only breaks a tie when the headline says nothing.
  const rule = TYPE_RULES.find((r) => r.pattern.test(title)) ?? TYPE_RULES.find((r) => r.pattern.test(text));
  const type = rule?.type ?? 'corporate-update';
  commodities.delete('');
  countries.delete('');
  return {
    commodities: [...commodities],
    countries: [...countries],
    states: [...states],
    typeGroup: GROUP_OF_TYPE.get(type) ?? null,
    type,
    company: null,
    ticker: null,
    project: null,
  };
}

/** The source's own tags where it has them, the classifier's elsewhere. */
export function tagArticle(article: SourceArticle): ArticleTags {
  const known = article.tags;
  const needsClassifier =
    !known.commodities?.length || !known.countries?.length || !known.type || known.states === undefined;
  const guessed = needsClassifier
    ? classifyArticle(article.title, `${article.description ?? ''}\n${article.content ?? ''}`)
    : undefined;
  return {
    commodities: known.commodities?.length ? known.commodities : (guessed?.commodities ?? []),
    countries: known.countries?.length ? known.countries : (guessed?.countries ?? []),
    states: known.states ?? guessed?.states ?? [],
    typeGroup: known.type ? (known.typeGroup ?? GROUP_OF_TYPE.get(known.type) ?? null) : (guessed?.typeGroup ?? null),
    type: known.type ?? guessed?.type ?? null,
    company: known.company ?? null,
    ticker: known.ticker ?? null,
    project: known.project ?? null,
  };
}

const DAY_MS = 86_400_000;
const contains = (haystack: string | null | undefined, needle: string) =>
  needle === '' || (haystack ?? '').toLowerCase().includes(needle.toLowerCase());

/** Whether a tagged article satisfies the fetch query (for sources that cannot filter themselves). */
export function matchesQuery(article: SourceArticle, tags: ArticleTags, query: NewsQuery, now: Date): boolean {
  const published = article.publishedAt ?? now;
  if (published.getTime() < now.getTime() - query.dateRange * DAY_MS) return false;
  if (published.getTime() > now.getTime() + DAY_MS) return false;
  if (query.country && !tags.countries.includes(query.country)) return false;
  if (query.state && !tags.states.includes(query.state)) return false;
  if (query.commodity.length > 0 && !query.commodity.some((symbol) => tags.commodities.includes(symbol))) return false;
  if (query.type.length > 0) {
    const wanted: ReadonlySet<string> = expandArticleTypeFilter(query.type);
    if (!tags.type || !wanted.has(tags.type)) return false;
  }
  const fullText = `${article.title}\n${article.description ?? ''}\n${article.content ?? ''}`;
  return (
    contains(`${tags.company ?? ''} ${fullText}`, query.company) &&
    contains(`${tags.project ?? ''} ${fullText}`, query.project) &&
    contains(`${tags.ticker ?? ''} ${fullText}`, query.ticker) &&
    contains(article.title, query.article) &&
    contains(fullText, query.area) &&
    contains(fullText, query.free_text_search)
  );
}
