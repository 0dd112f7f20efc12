import { ARTICLE_TYPE_GROUPS, expandArticleTypeFilter, STATES } from '@mining-hub/contract/reference-data';
import { isAllTime, type NewsQuery } from '@mining-hub/contract/news';
import { articleToText } from '../../adapters/ai/article-text.ts';
import {
  ABOUT_HEADING,
  BOILERPLATE,
  CONTACT_HEADING,
  isHeadingLine,
  stripDateline,
} from '../../adapters/ai/rules-document.ts';
import type { ArticleTags, SourceArticle } from '../../adapters/news-sources/news-source.ts';
import { financingInstruments } from '../../lib/financing.ts';
import { findMentions } from '../../lib/mining-mentions.ts';

// Article types by wording, most specific first; the first rule whose pattern matches decides. Financings are
// typed by their instrument (lib/financing.ts): a placement that repays a loan is a placement.
const FINANCING = 'financing';
const TYPE_RULES: { type: string; pattern: { test(text: string): boolean } }[] = [
  { type: 'maiden-resource', pattern: /maiden (mineral )?resource/i },
  { type: 'reserve-estimate', pattern: /(mineral|ore) reserve (estimate|update)/i },
  { type: 'resource-update', pattern: /(updated|increased|upgraded) (mineral )?resource|resource update/i },
  { type: 'mineral-resource-estimate', pattern: /mineral resource estimate|\bMRE\b|(indicated|inferred) resources?/i },
  { type: FINANCING, pattern: { test: (text) => financingInstruments(text).length > 0 } },
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

// 'PERTH, Western Australia – ', 'SALT LAKE CITY, Utah – ': a capitalised city and a dash, no date.
const CITY_DATELINE = /^[A-Z]{2,}(?:[ .'-]+[A-Z]{2,})*,[^\n]{0,100}?\s[-–—]{1,2}\s+/;
// A dateline's place: a town and up to three regions, 'Sydney, New South Wales, Australia'.
const DATELINE_PLACE = String.raw`\p{Lu}[\p{L}.'’-]*(?:[ -]\p{Lu}[\p{L}.'’-]*){0,3}(?:,\s*\p{Lu}[\p{L}.'’-]*(?:[ -]\p{Lu}[\p{L}.'’-]*){0,3}){0,3}`;
const DATELINE_DATE = String.raw`(?:\d{1,2}(?:st|nd|rd|th)?\s+[A-Z][a-z]{2,8}\.?,?\s+\d{4}|[A-Z][a-z]{2,8}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4})`;
const DATELINES = [
  // 'Sydney, Australia, Mar 3, 2026 AEST (ABN Newswire) - ', 'Perth, Western Australia: 11 April 2017: ',
  // 'Vancouver, British Columbia, June 22, 2023 – '
  new RegExp(
    `^${DATELINE_PLACE}[,:]?\\s*\\(?${DATELINE_DATE}(?:\\s+[A-Z]{3,5})?\\)?\\s*(?:\\([^():\\n]{2,50}\\)\\s*)?(?:[-–—:|/]+\\s*|$)`,
    'u',
  ),
  // 'May 30, 2017 (Vancouver, Canada) - ': the date first, the place in brackets.
  new RegExp(`^${DATELINE_DATE}\\s*\\(${DATELINE_PLACE}\\)\\s*[-–—:]+\\s*`, 'u'),
  // 'Sydney, Australia (ABN Newswire) - ', 'Shanghai (Gasgoo) - ', 'JOHANNESBURG (miningweekly.com) – '
  new RegExp(`^${DATELINE_PLACE},?\\s*\\([^():\\n]{2,50}\\)\\s*[-–—:]+\\s*`, 'u'),
];
// Letterheads and addresses: 'ABN: 44 103 423 981 | 21 Ord Street, West Perth', 'Level 2, 16 Ord Street'.
const ADDRESS =
  /\b(?:ABN|ACN|ARBN)\s*:?\s*\d{2}\s?\d{3}|\b(?:Level|Suite|Unit)\s+\d+\b|\b\d+[A-Za-z]?\s+(?:\p{Lu}[\p{L}'’-]*\s+){1,3}(?:Street|St|Road|Rd|Avenue|Ave|Terrace|Tce|Parade|Boulevard|Blvd|Highway|Hwy)\b\.?,/u;

// A page's links to other stories, cut short: 'Romania: Parapet and Alerion sign seven new contracts...'.
const TEASER = /^[^\n]{0,160}?(?:\.\.\.|…)$/;

/** The line without its newswire dateline, if it starts with one (datelines open a release: its first lines). */
function withoutDateline(line: string, opening: boolean): string {
  const undated = stripDateline(line);
  if (undated !== line) return undated;
  for (const pattern of opening ? DATELINES : []) {
    const match = pattern.exec(line);
    if (match && match[0].length < 200) return line.slice(match[0].length);
  }
  return line.replace(CITY_DATELINE, '');
}

/**
 * A release's own news, without datelines, contact block and forward-looking or qualified-person boilerplate
 * (where the geologists' professional bodies are named), and apart from it the 'About the Company' section,
 * which names the company's other projects too.
 */
function releaseParts(text: string): { news: string; about: string } {
  const news: string[] = [];
  const about: string[] = [];
  let part = news;
  const lines = text.split(/\n+/).map((line) => line.trim());
  // A run of them: a single cut-short line may be the release's own summary, as feeds send it.
  const teaser = lines.map((line) => TEASER.test(line));
  const inTeasers = (index: number) =>
    teaser[index] === true && (teaser[index - 1] === true || teaser[index + 1] === true);
  for (const [index, line] of lines.entries()) {
    const heading = isHeadingLine(line);
    if (heading && CONTACT_HEADING.test(line)) break;
    if (heading && ABOUT_HEADING.test(line)) part = about;
    if (BOILERPLATE.test(line) || ADDRESS.test(line) || inTeasers(index)) continue;
    part.push(withoutDateline(line, index < 4));
  }
  return { news: news.join('\n'), about: about.join('\n') };
}

function typeOf(text: string): string | undefined {
  const rule = TYPE_RULES.find((r) => r.pattern.test(text));
  return rule?.type === FINANCING ? financingInstruments(text)[0]?.type : rule?.type;
}

const COUNTRY_OF_STATE = new Map<string, string>(STATES.map((state) => [state.code, state.country]));

/**
 * The news names the country, the company's description its province ('the Solaroz project … in Jujuy
 * Province'): a country the news tags without a state takes the states of it the description names (up to three;
 * more is a company's map, not its projects).
 */
function withAboutStates(
  found: { countries: string[]; states: string[] },
  about: () => { states: string[] } | null,
): string[] {
  const stated = new Set(found.states.map((state) => COUNTRY_OF_STATE.get(state)));
  const unstated = found.countries.filter((country) => !stated.has(country));
  const described = unstated.length === 0 ? [] : (about()?.states ?? []);
  if (described.length === 0) return found.states;
  const added = unstated.flatMap((country) => {
    // 'mines … in the state of Guanajuato … the Topia mine in north-western Durango': each of a few states.
    const own = described.filter((state) => COUNTRY_OF_STATE.get(state) === country);
    return own.length <= 3 ? own : [];
  });
  return [...found.states, ...added];
}

/** Tags an article from its title and text: commodities, countries, states/provinces and type. */
export function classifyArticle(title: string, body: string): ArticleTags {
  const plain = articleToText(body);
  const text = `${title}\n${plain}`;
  const parts = releaseParts(plain);
  const found = findMentions(`${title}\n${parts.news}`, text, { release: true });
  // Where the news names no place or commodity (a new CFO, a financing), the company's own description does;
  // read once, when first needed.
  let aboutRead: ReturnType<typeof findMentions> | null | undefined;
  const aboutMentions = () => (aboutRead ??= parts.about ? findMentions(parts.about, text) : null);
  const about = !found.countries.length || !found.commodities.length ? aboutMentions() : null;
  const commodities = found.commodities.length ? found.commodities : (about?.commodities ?? []);
  const [countries, states] = found.countries.length
    ? [found.countries, withAboutStates(found, aboutMentions)]
    : [about?.countries ?? [], about?.states ?? []];
  // The headline names the news; the body only breaks a tie when the headline says nothing.
  const type = typeOf(title) ?? typeOf(text) ?? 'corporate-update';
  return {
    commodities,
    countries,
    states,
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
  if (!isAllTime(query.dateRange) && published.getTime() < now.getTime() - query.dateRange * DAY_MS) return false;
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
