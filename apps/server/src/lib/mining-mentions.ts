import { COMMODITIES, COUNTRIES, MINING_REGIONS, STATES } from '@mining-hub/contract/reference-data';
import { blankCompanyNames } from './company-names.ts';
import { isInName, keepsCommodity } from './mining-mention-rules.ts';
import { trieSource } from './word-trie.ts';
import { resolvePlaces, salientPlaces, type PlaceHit, type PlaceKind } from './mining-place-rules.ts';
import {
  ABBREVIATIONS,
  DEMONYMS,
  DISTRICTS,
  EXONYMS,
  SHARED_NAMES,
  postalCodes,
  type Place,
  type PlaceName,
} from './mining-places.ts';

/**
 * Commodities and places a mining press release is about, read from its words as a geologist would: one
 * pass over the text in which the longest name wins and a matched span is not matched again ('New South
 * Wales' is a state, never Wales; 'China Clay' a commodity, never China), company names and listings are
 * blanked first, and ambiguous words count only in their mining sense (rules in mining-mention-rules.ts).
 */

export interface Mentions {
  /** Commodity symbols: those named in words first, about in the order named, then those read from symbols. */
  commodities: string[];
  /** ISO country codes; a state or region also names its country. */
  countries: string[];
  /** State and province codes of the reference data (US, Canada, Australia). */
  states: string[];
}

type Entry =
  | { kind: 'commodity'; symbol: string }
  | { kind: 'place'; place: Place; alternatives?: readonly Place[]; of: PlaceKind };
interface Word {
  entry: Entry;
  /** Set when only this exact spelling counts ('DRC', 'SOP', 'U3O8'). */
  exact?: string;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
/** `fold` character by character, keeping the offsets of the text: the matcher reads 'Québec' as 'Quebec'. */
const foldInPlace = (text: string) =>
  text.replace(/[^\p{ASCII}]/gu, (char) => {
    const folded = fold(char);
    return folded.length === char.length ? folded : char;
  });
// Aliases with inner capitals or digits are abbreviations or formulas: case matters ('SOP', 'NdPr', 'Li2O').
const isAbbreviation = (word: string) => !/\s/.test(word) && /^.+[A-Z\d]|^[A-Z\d.]+$/.test(word);

const WORDS = new Map<string, Word>();
function add(word: string, entry: Entry, exact = false) {
  for (const spelling of new Set([word, fold(word), word.replace(/’/g, "'")])) {
    const key = spelling.toLowerCase();
    if (!WORDS.has(key)) WORDS.set(key, exact ? { entry, exact: spelling } : { entry });
  }
}

// Places outside the reference lists that would otherwise be read as one: a region named like a country
// ('New England', 'Niger State'), a city or landform that contains a commodity ('Salt Lake City', 'Gold Coast').
const PLACE_OVERRIDES: readonly [string, Place][] = [
  ['New England', { country: null, state: null }],
  ['Lake Victoria', { country: null, state: null }],
  ['Victoria Falls', { country: null, state: null }],
  ['Sierra Nevada', { country: null, state: null }],
  ['Salt Lake City', { country: null, state: null }],
  ['Great Salt Lake', { country: null, state: null }],
  ['Gold Coast', { country: null, state: null }],
  // A road through Yukon and northern British Columbia that projects there are reached from.
  ['Alaska Highway', { country: null, state: null }],
  ['Niger State', { country: 'NG', state: null }],
  ['Niger Delta', { country: 'NG', state: null }],
  ['Republic of Georgia', { country: 'GE', state: null }],
  ['Washington, D.C.', { country: 'US', state: null }],
  ['District of Columbia', { country: 'US', state: null }],
  ['Guinea Bissau', { country: 'GW', state: null }],
  ['North America', { country: null, state: null }],
  ['South America', { country: null, state: null }],
  ['Latin America', { country: null, state: null }],
  ['Central America', { country: null, state: null }],
];
const addPlace = (of: PlaceKind, { names, place, alternatives, exact }: PlaceName) => {
  for (const name of names) add(name, { kind: 'place', place, of, ...(alternatives ? { alternatives } : {}) }, exact);
};
for (const [name, place] of PLACE_OVERRIDES) add(name, { kind: 'place', place, of: 'district' });
for (const name of SHARED_NAMES) addPlace('state', name);
for (const name of DISTRICTS) addPlace('district', name);
for (const name of ABBREVIATIONS) addPlace('abbreviation', name);
for (const state of STATES)
  for (const name of [state.name, ...(state.aliases ?? [])])
    add(name, { kind: 'place', place: { country: state.country, state: state.code }, of: 'state' });
for (const region of MINING_REGIONS)
  for (const name of [region.name, ...(region.aliases ?? [])])
    add(name, { kind: 'place', place: { country: region.country, state: null }, of: 'state' });
for (const country of COUNTRIES) {
  for (const name of [country.name, ...(country.aliases ?? [])]) {
    // Abbreviations ('UK', 'USA', 'DRC', 'U.S.') count in capitals only; the ISO codes themselves not at all.
    add(
      name,
      { kind: 'place', place: { country: country.code, state: null }, of: 'country' },
      name.length < 4 || name.includes('.'),
    );
  }
}
for (const name of EXONYMS) addPlace('country', name);
for (const name of DEMONYMS) addPlace('demonym', name);
for (const commodity of COMMODITIES) {
  const entry: Entry = { kind: 'commodity', symbol: commodity.symbol };
  for (const word of [commodity.name, ...(commodity.aliases ?? [])])
    if (word.length >= 3) add(word, entry, isAbbreviation(word));
  // Formulas and capitalised symbols of three letters or more: 'U3O8', 'P2O5', 'PGM', 'REE'.
  if (commodity.symbol.length >= 3 && /\d|^[A-Z]+$/.test(commodity.symbol) && commodity.symbol !== 'HMS')
    add(commodity.symbol, entry, true);
}
// Words that only ever mean diamonds.
for (const word of ['kimberlite', 'kimberlites', 'microdiamonds', 'micro-diamonds', 'macrodiamonds', 'diamondiferous'])
  add(word, { kind: 'commodity', symbol: 'Diamonds' });

// One case-insensitive trie of every name (exact spellings are checked after the match): its cost per character
// does not grow with the vocabulary, as a flat alternation's does.
const MATCHER = new RegExp(`(?<![\\p{L}\\d])(${trieSource(WORDS.keys())})(?![\\p{L}\\d])`, 'giu');

// US and Canadian postal codes after a town and a comma ('Elko, NV', 'Timmins, ON'), in capitals: a matcher of
// their own, as two-letter words ('IN', 'OR', 'ON') must not be tried at every word of the text.
const POSTAL = new Map(postalCodes(STATES).map((code) => [code.names[0] ?? '', code.place]));
const POSTAL_CODE = new RegExp(
  `(?<=\\p{Lu}[\\p{L}'.-]*,[ \\t]?)(${[...POSTAL.keys()].join('|')})(?![\\p{L}\\d])`,
  'gu',
);

/** Whether a single word names a commodity or place (so it may not stand alone as a company's short name). */
export const isDictionaryWord = (word: string) => WORDS.has(word.toLowerCase());
const commodityOf = (word: string) => {
  const entry = WORDS.get(word.toLowerCase())?.entry;
  return entry?.kind === 'commodity' ? entry.symbol : undefined;
};

// ---------------------------------------------------------------------------------------------------
// Element symbols: in grade context ('3.2 g/t Au', '0.6% Nb2O5'), joined ('Cu-Au', 'Zn+Pb', 'Ni-Cu-PGE'),
// and alone for the few a release never means otherwise ('Au-in-soil', 'Pb').
// ---------------------------------------------------------------------------------------------------

const ELEMENTS = new Map<string, string>(
  COMMODITIES.filter((c) => /^[A-Z][a-z]?$/.test(c.symbol)).map((c) => [c.symbol, c.symbol]),
);
const GROUP_SYMBOLS = new Map([...ELEMENTS, ['PGE', 'PGM'], ['PGM', 'PGM'], ['REE', 'REE']]);
const ALONE = new Set(['Au', 'Ag', 'Cu', 'Zn', 'Pb', 'Ni', 'Sn', 'Sb']);
const element = [...ELEMENTS.keys()].sort((a, b) => b.length - a.length).join('|');
const groupSymbol = [...GROUP_SYMBOLS.keys()].sort((a, b) => b.length - a.length).join('|');
const GRADE_SYMBOL = new RegExp(
  `\\d[\\d.,]*\\s*(?:g\\/t|%|ppm|ppb|oz\\/t|lb\\/t|kg\\/t)\\s*(${element})(Eq|\\d*O\\d*)?(?![\\p{L}\\d])`,
  'gu',
);
const SYMBOL_GROUP = new RegExp(
  `(?<![\\p{L}\\d])\\d?(?:${groupSymbol})(?:[-+/]\\d?(?:${groupSymbol}))+(?![\\p{L}\\d])`,
  'gu',
);
const LONE_SYMBOL = new RegExp(`(?<![\\p{L}\\d])(${[...ALONE].join('|')})(?![\\p{L}\\d])`, 'gu');
// Isotope dating ('U-Pb zircon', 'Pb-Pb ages') names no commodity.
const DATING = /(?<![\p{L}])(?:U|Th)[-–/](?:Th[-–/])?Pb(?![\p{L}])|(?<![\p{L}])Pb[-–/]Pb(?![\p{L}])/gu;

function symbolsIn(text: string, found: Set<string>) {
  for (const match of text.matchAll(GRADE_SYMBOL)) {
    // '98% SiO2' is silica sand, not silicon.
    const formula = commodityOf(`${match[1] ?? ''}${match[2] ?? ''}`);
    found.add(formula ?? match[1] ?? '');
  }
  for (const match of text.matchAll(SYMBOL_GROUP)) {
    const parts = match[0].split(/[-+/]/).map((part) => GROUP_SYMBOLS.get(part.replace(/^\d/, '')) ?? '');
    if (new Set(parts).size > 1) for (const part of parts) found.add(part);
  }
  for (const match of text.matchAll(LONE_SYMBOL)) found.add(match[1] ?? '');
}

// ---------------------------------------------------------------------------------------------------
// Places
// ---------------------------------------------------------------------------------------------------

// What says which Georgia a release means: the country's capital, towns, mines, geology and history, or the US
// state's counties, cities and kaolin belt.
const GEORGIA_THE_COUNTRY =
  /\b(?:Tbilisi|Caucasus|Caucasian|Georgian|Bolnisi|Madneuli|Kutaisi|Batumi|Adjara|Chiatura|Rustavi|Soviet|independence in 1991|Armenia|Azerbaijan)\b/;
const GEORGIA_THE_STATE =
  /\b(?:[Cc]ount(?:y|ies)|Atlanta|Savannah|Macon|Augusta|(?:North|Middle|South) Georgia|kaolin belt|among the states|U\.S\.|United States|USA|Piedmont|Fall Line)\b/;

/** A place word as the release uses it: the words that need their context ('Washington', 'Georgia') made explicit. */
function withContext(hit: PlaceHit, text: string): PlaceHit | null {
  const key = fold(hit.word).toLowerCase();
  if (key === 'washington')
    return /^\s+[Ss]tate\b/.test(hit.after) || /State of\s+$/.test(hit.before)
      ? hit
      : { ...hit, place: { country: 'US', state: null } };
  if (key === 'north west')
    return /^\s+[Pp]rovince\b|^,?\s+South Africa/.test(hit.after) ||
      (text.includes('South Africa') && !/^\s+\p{Lu}/u.test(hit.after))
      ? hit
      : null;
  if (key === 'georgia') {
    if (GEORGIA_THE_COUNTRY.test(text)) return { ...hit, place: { country: 'GE', state: null } };
    if (GEORGIA_THE_STATE.test(text)) return hit;
    return { ...hit, place: { country: null, state: null }, alternatives: [hit.place] };
  }
  // 'Para o CEO', 'para la empresa': the Portuguese and Spanish preposition, not the state of Pará.
  if (
    hit.word === 'Para' &&
    /^\s+(?:o|a|os|as|que|el|la|los|las|un|una|um|uma|este|esta|isso|eso|ello|mais|ser)\b/.test(hit.after)
  )
    return null;
  return hit;
}

// ---------------------------------------------------------------------------------------------------

const SMALL_WORDS = /^(?:from|with|into|onto|over|than|that|this|after|near|under|upon|for|and|the)$/;
/**
 * Headlines capitalise every word, so there capitals say nothing about names. A line of running text has at
 * least two lower-case words of four letters or more besides the small ones headlines also leave lower-case.
 */
function isTitleCase(line: string): boolean {
  const lower = (line.match(/(?<![\p{L}])\p{Ll}[\p{L}'’-]{3,}/gu) ?? []).filter((word) => !SMALL_WORDS.test(word));
  return lower.length < 2;
}

/** The capitalised words around a span: 'Flat Iron Creek' around 'Iron'. */
function capitalisedRun(text: string, start: number, end: number): string {
  const left = /(?:\p{Lu}[\p{L}'’-]*[ \t]+)*$/u.exec(text.slice(Math.max(0, start - 80), start))?.[0] ?? '';
  const right = /^(?:[ \t]+\p{Lu}[\p{L}'’-]*)*/u.exec(text.slice(end, end + 80))?.[0] ?? '';
  return `${left}${text.slice(start, end)}${right}`
    .trim()
    .replace(/^(?:(?:The|A|An|Its|In|At|On|To|For|From|By|As)\s+)+/, '');
}

// The lead paragraph: what a release says first about its news, in characters after the headline.
const LEAD_LENGTH = 500;

/**
 * The commodities and places a text names; `whole` is the release as it came, for hints. With `release`, the text
 * is a release's headline (its first line) and news, and only the places its project is in count (salientPlaces).
 */
export function findMentions(text: string, whole = text, { release = false } = {}): Mentions {
  const blanked = blankCompanyNames(text.normalize('NFC').replace(/’/g, "'"), isDictionaryWord);
  const found: Mentions = { commodities: [], countries: [], states: [] };
  const commodities = new Set<string>();
  const places: PlaceHit[] = [];
  // Names the running text shows to be names ('Flat Iron Creek'), and headline words that may be one.
  const names = new Set<string>();
  const headlineHits: { symbol: string; start: number; end: number; line: string; lineStart: number }[] = [];
  const lines = new Map<number, { text: string; titleCase: boolean }>();
  const lineAt = (start: number) => {
    const end = blanked.indexOf('\n', start);
    const line = blanked.slice(start, end < 0 ? undefined : end);
    const read = { text: line, titleCase: isTitleCase(line) };
    lines.set(start, read);
    return read;
  };
  // Names are listed without accents and matched in a folded copy; the word itself is read from the text.
  for (const match of foldInPlace(blanked).matchAll(MATCHER)) {
    const word = blanked.slice(match.index, match.index + (match[1] ?? '').length);
    const known = WORDS.get(word.toLowerCase()) ?? WORDS.get(fold(word).toLowerCase());
    if (!known || (known.exact !== undefined && known.exact !== word)) continue;
    const end = match.index + word.length;
    const before = blanked.slice(Math.max(0, match.index - 60), match.index);
    const after = blanked.slice(end, end + 60);
    // Place names are proper nouns: 'Chile', not 'chile' or 'turkey'.
    if (known.entry.kind === 'place' && !/^\p{Lu}/u.test(word)) continue;
    const lineStart = blanked.lastIndexOf('\n', match.index) + 1;
    const line = lines.get(lineStart) ?? lineAt(lineStart);
    if (known.entry.kind === 'place') {
      const { place, alternatives, of } = known.entry;
      const hit = withContext(
        {
          place,
          of,
          word,
          start: match.index,
          end,
          // Long enough for 'exported 4.2 Mt of bauxite from its mine in Guinea to a refinery in China'.
          before: blanked.slice(Math.max(0, match.index - 120), match.index),
          after,
          titleCase: line.titleCase,
          ...(alternatives ? { alternatives } : {}),
        },
        whole,
      );
      if (hit) places.push(hit);
      continue;
    }
    const context = { word, before, after, text: blanked, titleCase: line.titleCase };
    if (!keepsCommodity(context)) continue;
    if (isInName(context, (other) => commodityOf(other) !== undefined)) {
      const name = capitalisedRun(blanked, match.index, end);
      if (name.includes(' ')) names.add(name);
    } else if (context.titleCase && /^\p{Lu}/u.test(word)) {
      headlineHits.push({ symbol: known.entry.symbol, start: match.index, end, line: line.text, lineStart });
    } else {
      commodities.add(known.entry.symbol);
    }
  }
  for (const hit of headlineHits) {
    const inName = [...names].some((name) => {
      for (let at = hit.line.indexOf(name); at >= 0; at = hit.line.indexOf(name, at + 1))
        if (hit.lineStart + at <= hit.start && hit.end <= hit.lineStart + at + name.length) return true;
      return false;
    });
    if (!inName) commodities.add(hit.symbol);
  }
  symbolsIn(
    blanked.replace(DATING, (dating) => ' '.repeat(dating.length)),
    commodities,
  );
  commodities.delete('');
  found.commodities = [...commodities];

  const matched = new Set(places.map((hit) => hit.start));
  for (const match of blanked.matchAll(POSTAL_CODE)) {
    const place = matched.has(match.index) ? undefined : POSTAL.get(match[1] ?? '');
    const end = match.index + match[0].length;
    if (place)
      places.push({
        place,
        of: 'abbreviation',
        word: match[0],
        start: match.index,
        end,
        before: blanked.slice(Math.max(0, match.index - 60), match.index),
        after: blanked.slice(end, end + 60),
        titleCase: false,
      });
  }
  places.sort((a, b) => a.start - b.start);
  const countries = new Set<string>();
  const states = new Set<string>();
  const isCommodityWord = (word: string) => commodityOf(word) !== undefined;
  const resolved = resolvePlaces(places, { context: whole, isCommodityWord });
  const titleEnd = Math.max(0, blanked.indexOf('\n'));
  const layout = { titleEnd, leadEnd: titleEnd + LEAD_LENGTH, isCommodityWord };
  for (const place of release ? salientPlaces(resolved, layout) : resolved.map((at) => at.place)) {
    if (place.country) countries.add(place.country);
    if (place.state) states.add(place.state);
  }
  found.countries = [...countries];
  found.states = [...states];
  return found;
}
