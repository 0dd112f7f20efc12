/**
 * Entity resolution for accounts (issue 34): pure, no I/O. A mention (a name as a release or a scraper writes
 * it, with any listings) is matched to a known company, or called new, or sent to review when two companies
 * could be meant. It never guesses: a wrong merge costs a rep more than a review does
 * (docs/ARCHITECTURE.md, "Accounts").
 */

/** Legal forms dropped from the end of a name ('Labrador Gold Corp.' → 'labrador gold'). */
const LEGAL_SUFFIXES = new Set([
  'ltd',
  'limited',
  'corp',
  'corporation',
  'inc',
  'incorporated',
  'plc',
  'pty',
  'nl',
  'llc',
  'lp',
  'sa',
  'sac',
  'saa',
  'ag',
  'ab',
  'asa',
  'co',
  'company',
  'nv',
  'ltda',
  'gmbh',
  'se',
  'spa',
  'tbk',
  'bhd',
  'berhad',
  'oyj',
  'cv',
  'de',
  'publ',
]);

/**
 * Words that describe what a company digs rather than who it is. Kept in the name key (so 'Sandfire
 * Resources' and 'Sandfire Mining' are two names), dropped from the core key, which only finds candidates.
 */
const DESCRIPTORS = new Set([
  'resources',
  'resource',
  'mining',
  'mines',
  'mine',
  'metals',
  'minerals',
  'mineral',
  'gold',
  'silver',
  'copper',
  'nickel',
  'lithium',
  'uranium',
  'exploration',
  'explorations',
  'ventures',
  'group',
  'holdings',
  'holding',
  'international',
  'global',
  'energy',
  'royalties',
  'royalty',
]);

/** Lower case, accents and punctuation gone, '&' as 'and', one space between words. */
function words(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\(.*?\)/g, ' ') // '(TSXV: ABC)', '("Company")'
    .replace(/['’]s\b/g, '') // 'Rio Tinto’s'
    .replace(/&/g, ' and ')
    .replace(/\bs\.a\.(?=\s|$)/g, ' sa ')
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((word) => word.length > 0);
}

function withoutLegalForms(list: string[]): string[] {
  const kept = list[0] === 'the' && list.length > 1 ? list.slice(1) : [...list];
  while (kept.length > 1 && LEGAL_SUFFIXES.has(kept.at(-1) ?? '')) kept.pop();
  return kept;
}

/** The key two spellings of one name share: 'Labrador Gold Corp.' and 'LABRADOR GOLD CORPORATION' → 'labrador gold'. */
export function nameKey(name: string): string {
  return withoutLegalForms(words(name)).join(' ');
}

/** The name key without trailing descriptors: 'barrick gold' and 'barrick mining' → 'barrick'. */
export function coreKey(name: string): string {
  return coreAndDescriptors(name).core;
}

/** The core key and the descriptors taken off it ('Blackwolf Copper and Gold' → 'blackwolf', {copper, gold}). */
function coreAndDescriptors(name: string): { core: string; descriptors: Set<string> } {
  const kept = withoutLegalForms(words(name));
  const descriptors = new Set<string>();
  while (kept.length > 1 && (DESCRIPTORS.has(kept.at(-1) ?? '') || kept.at(-1) === 'and')) {
    const word = kept.pop() ?? '';
    if (word !== 'and') descriptors.add(word);
  }
  return { core: kept.join(' '), descriptors };
}

/**
 * Whether two names of one core can be one company: one's descriptors are among the other's ('Barrick' and
 * 'Barrick Gold', 'Blackwolf Copper' and 'Blackwolf Copper and Gold'). 'Osisko Mining' and 'Osisko Metals'
 * are two companies; a rename such as 'Barrick Gold' to 'Barrick Mining' goes to review, or joins by listing.
 */
function descriptorsAgree(a: Set<string>, b: Set<string>): boolean {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  return [...small].every((word) => large.has(word));
}

const SYMBOL = String.raw`[A-Z0-9][A-Z0-9.]{0,7}`;
const EXCHANGE_WORDS = String.raw`[A-Za-z][A-Za-z .\-/]{0,24}?`;
const PAIR = new RegExp(String.raw`(${EXCHANGE_WORDS})\s*:\s*(${SYMBOL})(?![A-Za-z0-9])`, 'g');
const DASHED = new RegExp(
  String.raw`(?<![A-Za-z0-9])(${SYMBOL})-(TSXV|TSX|ASX|CSE|OTCQB|OTCQX|OTC|AIM|LSE|JSE|NYSE|NASDAQ|V|T)\b`,
  'g',
);
// Reuters codes where the code is the symbol: 'OSK.TO', 'AEM.TO', 'NST.AX' (a JSE code adds a letter: 'GFIJ.J').
const RIC = /(?<![A-Za-z0-9.])([A-Z0-9]{1,6})\.(TO|V|AX|CN)\b/g;
const RIC_EXCHANGES: Record<string, string> = { TO: 'TSX', V: 'TSXV', AX: 'ASX', CN: 'CSE' };

/** The exchange codes of `EXCHANGE:SYMBOL`, with the ways releases and scraped pages write each market. */
const EXCHANGE_ALIASES: Record<string, string[]> = {
  TSXV: ['tsxv', 'tsx-v', 'tsx.v', 'tsx v', 'tsx venture', 'tsx venture exchange', 'tsx-venture', 'cdnx', 'cve', 'v'],
  TSX: ['tsx', 'tse', 't', 'toronto', 'toronto stock exchange'],
  CSE: ['cse', 'cnsx', 'canadian securities exchange'],
  ASX: ['asx', 'australian securities exchange'],
  'NYSE American': ['nyse american', 'nyse mkt', 'nysemkt', 'nyse-a', 'amex', 'nyse amex'],
  NYSE: ['nyse', 'new york stock exchange'],
  NASDAQ: ['nasdaq'],
  OTCQX: ['otcqx'],
  OTCQB: ['otcqb'],
  'OTC Pink': ['otc pink', 'otcpink', 'pink'],
  OTC: ['otc', 'otcmkts', 'otc markets', 'otcbb'],
  AIM: ['aim', 'lse aim', 'aim lse'],
  LSE: ['lse', 'lon', 'london', 'london stock exchange'],
  JSE: ['jse'],
  FSE: ['fse', 'fra', 'fwb', 'frankfurt', 'fsx', 'fnr', 'xetra'],
  NZX: ['nzx'],
  BVL: ['bvl', 'bvlac'],
};
const EXCHANGES = new Map(
  Object.entries(EXCHANGE_ALIASES).flatMap(([code, aliases]) => aliases.map((alias) => [alias, code] as const)),
);

/** An exchange as `EXCHANGE:SYMBOL` writes it ('TSX-V' → 'TSXV', 'NYSE MKT' → 'NYSE American'), or null. */
export function exchangeCode(name: string): string | null {
  return EXCHANGES.get(name.trim().toLowerCase().replace(/\s+/g, ' ')) ?? null;
}

/**
 * One listing as `EXCHANGE:SYMBOL` ('TSX-V: abc' → 'TSXV:ABC', 'NYSE MKT:AAU' → 'NYSE American:AAU'), or null
 * when the exchange is not one the product knows.
 */
export function normaliseTicker(raw: string): string | null {
  const match = /^\s*\(?\s*([A-Za-z][A-Za-z .\-/]*?)\s*:\s*([A-Za-z0-9][A-Za-z0-9.]{0,7})\s*\)?\s*$/.exec(raw);
  if (!match) return null;
  const exchange = exchangeCode((match[1] ?? '').split('/')[0] ?? '');
  return exchange ? `${exchange}:${(match[2] ?? '').toUpperCase()}` : null;
}

/** Every listing a text names: '(TSXV: ABC) (OTCQB: ABCDF)', 'ASX/LSE: RSG', '[PRB-TSXV]'. */
export function tickersIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(PAIR)) {
    const symbol = match[2] ?? '';
    for (const part of (match[1] ?? '').split('/')) {
      const exchange = exchangeAtEnd(part);
      if (exchange) found.add(`${exchange}:${symbol}`);
    }
  }
  for (const match of text.matchAll(DASHED)) {
    const exchange = exchangeCode(match[2] ?? '');
    if (exchange) found.add(`${exchange}:${match[1] ?? ''}`);
  }
  for (const match of text.matchAll(RIC)) found.add(`${RIC_EXCHANGES[match[2] ?? ''] ?? ''}:${match[1] ?? ''}`);
  return [...found];
}

/** The exchange the words end with ('Gold Corp TSX-V' → 'TSXV'), trying the last three, two, then one word. */
function exchangeAtEnd(text: string): string | null {
  const parts = text.trim().split(/\s+/);
  for (let take = Math.min(3, parts.length); take >= 1; take--) {
    const exchange = exchangeCode(parts.slice(-take).join(' '));
    if (exchange) return exchange;
  }
  return null;
}

/** A known company as resolution sees it. */
export interface KnownEntity {
  id: number;
  /** Its name, aliases and former names. */
  names: string[];
  tickers: string[];
}

export interface Mention {
  name: string | null;
  tickers: string[];
}

export type Resolution =
  | { kind: 'match'; id: number; by: 'ticker' | 'name' | 'core' }
  | { kind: 'new' }
  | { kind: 'review'; candidates: number[]; reason: string };

/**
 * One listing however a release spells its market: the OTC tiers are one market, and so are London's main
 * market and AIM ('LON:POW' is 'AIM:POW').
 */
function exchangeFamily(ticker: string): string {
  const at = ticker.lastIndexOf(':');
  const exchange = ticker.slice(0, at);
  const family = /^OTC/.test(exchange) ? 'OTC' : exchange === 'AIM' ? 'LSE' : exchange;
  return `${family}:${ticker.slice(at + 1)}`;
}

/**
 * An index of known companies, updated as companies are created, renamed or merged. `resolve` answers in
 * microseconds: a few map look-ups per mention.
 */
export class EntityIndex {
  private readonly byTicker = new Map<string, number>();
  private readonly byName = new Map<string, Set<number>>();
  /** Core key → company → the descriptors of each of its names with that core. */
  private readonly byCore = new Map<string, Map<number, Set<string>[]>>();
  private readonly tickersOf = new Map<number, Set<string>>();

  constructor(entities: Iterable<KnownEntity> = []) {
    for (const entity of entities) this.add(entity);
  }

  add(entity: KnownEntity): void {
    for (const name of entity.names) this.addName(entity.id, name);
    for (const ticker of entity.tickers) this.addTicker(entity.id, ticker);
  }

  addName(id: number, name: string): void {
    const key = nameKey(name);
    if (!key) return;
    addTo(this.byName, key, id);
    const { core, descriptors } = coreAndDescriptors(name);
    let companies = this.byCore.get(core);
    if (!companies) this.byCore.set(core, (companies = new Map()));
    companies.set(id, [...(companies.get(id) ?? []), descriptors]);
  }

  addTicker(id: number, ticker: string): void {
    const family = exchangeFamily(ticker);
    if (!this.byTicker.has(family)) this.byTicker.set(family, id);
    let set = this.tickersOf.get(id);
    if (!set) this.tickersOf.set(id, (set = new Set()));
    set.add(family);
  }

  /** Forgets a company (merged into another, whose index entry then carries its names). */
  remove(id: number): void {
    for (const set of this.byName.values()) set.delete(id);
    for (const companies of this.byCore.values()) companies.delete(id);
    for (const [ticker, owner] of this.byTicker) if (owner === id) this.byTicker.delete(ticker);
    this.tickersOf.delete(id);
  }

  resolve(mention: Mention): Resolution {
    const tickers = mention.tickers.map(exchangeFamily);
    const byTicker = new Set(tickers.flatMap((ticker) => idOf(this.byTicker.get(ticker))));
    const name = mention.name?.trim() ?? '';
    const key = name ? nameKey(name) : '';
    const { core, descriptors } = name ? coreAndDescriptors(name) : { core: '', descriptors: new Set<string>() };
    const byName = key ? [...(this.byName.get(key) ?? [])] : [];
    const byCore = core ? [...(this.byCore.get(core)?.keys() ?? [])] : [];

    if (byTicker.size > 1) return review([...byTicker], 'its listings belong to different companies');
    const [tickerId] = [...byTicker];
    if (tickerId !== undefined) {
      // A listing is the strongest evidence, unless the name is another known company's.
      if (byName.length > 0 && !byName.includes(tickerId))
        return review([tickerId, ...byName], 'its listing and its name belong to different companies');
      return { kind: 'match', id: tickerId, by: 'ticker' };
    }
    const listedElsewhere = (id: number) => this.listedOnSameExchangeAs(id, tickers);
    if (byName.length > 1) return review(byName, 'several companies go by this name');
    const [nameId] = byName;
    if (nameId !== undefined) {
      if (listedElsewhere(nameId)) return review([nameId], 'the name is known with another symbol on that exchange');
      return { kind: 'match', id: nameId, by: 'name' };
    }
    if (byCore.length > 1) return review(byCore, 'several companies share the name without its descriptors');
    const [coreId] = byCore;
    if (coreId !== undefined) {
      // 'Barrick Mining' for 'Barrick Gold': a single company of that core name, and no listing against it.
      if (listedElsewhere(coreId)) return review([coreId], 'a similar name is listed with another symbol');
      // 'Osisko Mining (TSX:OSK)' is not 'Osisko Metals (TSXV:OM)': a similar name listed elsewhere is another company.
      if (tickers.length > 0 && (this.tickersOf.get(coreId)?.size ?? 0) > 0)
        return review([coreId], 'a similar name is listed under other symbols');
      const known = this.byCore.get(core)?.get(coreId) ?? [];
      if (!known.some((other) => descriptorsAgree(descriptors, other)))
        return review([coreId], 'a similar name with other descriptors');
      // A one-word core ('Northern') is too weak to join on alone.
      if (core.length < 4) return review([coreId], 'the name is too short to join on alone');
      return { kind: 'match', id: coreId, by: 'core' };
    }
    return { kind: 'new' };
  }

  /** True when the company is listed on one of these exchanges under another symbol. */
  private listedOnSameExchangeAs(id: number, tickers: string[]): boolean {
    const known = this.tickersOf.get(id);
    if (!known || tickers.length === 0) return false;
    const exchangeOfTicker = (ticker: string) => ticker.slice(0, ticker.lastIndexOf(':'));
    const exchanges = new Set([...known].map(exchangeOfTicker));
    return tickers.some((ticker) => exchanges.has(exchangeOfTicker(ticker)) && !known.has(ticker));
  }
}

function addTo(map: Map<string, Set<number>>, key: string, id: number): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(id);
}

function idOf(id: number | undefined): number[] {
  return id === undefined ? [] : [id];
}

function review(candidates: number[], reason: string): Resolution {
  return { kind: 'review', candidates: [...new Set(candidates)], reason };
}
