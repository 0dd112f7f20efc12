import type { IssuerFact } from '@mining-hub/contract/facts';

/**
 * The issuer: the company a release is about. Releases name it in the dateline with its listings
 * ('Labrador Gold Corp. (TSX.V:LAB | OTCQX:NKOSF) ("LabGold" or the "Company") is pleased…'), so the first
 * name with a listing near the top is the issuer; a funder, agent or partner named later is not. Without a
 * listing, the subject of the first 'is pleased to'/'announces' sentence, then the headline's subject.
 */

const EXCHANGE_NAMES: [RegExp, string][] = [
  [/^(?:TSX[-. ]?V(?:enture)?|TSX Venture(?: Exchange)?|TSX-Venture|TSXV|CDNX|CVE|V)$/i, 'TSXV'],
  [/^(?:TSX|TSE|T)$/i, 'TSX'],
  // Stockwatch's one-letter codes: 'Eureka Lithium Corp (C:ERKA)'.
  [/^(?:CSE|C)$/i, 'CSE'],
  [/^ASX$/i, 'ASX'],
  [/^(?:NYSE American|NYSE MKT|NYSEMKT|NYSE-A|NYSE Amex|AMEX)$/i, 'NYSE American'],
  [/^NYSE$/i, 'NYSE'],
  // The Nordic exchanges keep their city: 'Nasdaq Stockholm: LUG' is not the US market.
  [/^Nasdaq (?:Stockholm|Helsinki|Copenhagen|First North)$/i, ''],
  [/^NASDAQ$/i, 'NASDAQ'],
  [/^(?:OTCQX)$/i, 'OTCQX'],
  [/^(?:OTCQB)$/i, 'OTCQB'],
  [/^(?:OTC ?Pink|Pink|OTCPK)$/i, 'OTC Pink'],
  [/^(?:OTC|OTCMKTS|OTC Markets|USOTC|US-OTC|OTCBB|OTC-BB)$/i, 'OTC'],
  [/^(?:AIM|LSE AIM|AIM LSE)$/i, 'AIM'],
  [/^LSE$/i, 'LSE'],
  [/^JSE$/i, 'JSE'],
  [/^(?:FSE|FRA|FWB|Frankfurt|FRANKFURT|FSX|FNR|FWB|FF)$/i, 'FSE'],
  [/^NZX$/i, 'NZX'],
  [/^(?:BVL|BVLAC)$/i, 'BVL'],
];
const EXCHANGE = String.raw`(?:TSX[-. ]?V(?:enture)?(?: Exchange)?|TSX Venture(?: Exchange)?|TSXV|TSX|TSE|CDNX|CVE|CSE|ASX|NYSE American|NYSE MKT|NYSEMKT|NYSE-A|NYSE Amex|NYSE AMEX|AMEX|NYSE|Nasdaq (?:Stockholm|Helsinki|Copenhagen|First North)|NASDAQ|Nasdaq|OTCQX|OTCQB|OTC Pink|OTCPink|OTCPINK|OTCPK|OTCMKTS|OTC Markets|OTCBB|OTC-BB|USOTC|US-OTC|OTC|LSE AIM|AIM|LSE|JSE|FSE|FRA|FWB|Frankfurt|FNR|FF|NZX|BVL|[CVT](?=\s*:\s*[A-Z]))`;
// A symbol, sometimes in quotes: '(TSX: "LUG")'.
const SYMBOL = String.raw`["“]?[A-Z0-9][A-Z0-9.]{0,7}["”]?`;

export function exchangeOf(name: string): string | null {
  const value = name.trim().replace(/\s+/g, ' ');
  for (const [pattern, exchange] of EXCHANGE_NAMES) if (pattern.test(value)) return exchange || value;
  return null;
}

interface Listing {
  start: number;
  end: number;
  tickers: string[];
}

// '(TSXV: ABC)', '(TSX.V:LAB | OTCQX:NKOSF | FNR: 2N6)', '(ASX/LSE: RSG)', '(TSX:AMM,NYSEMKT:AAU)'.
// '(LSE and ASX: CCZ)': exchanges joined by '/', 'and' or '&' share the symbol.
const BOARD_OF = /^(?:The\s+)?(?:Board\s+(?:of\s+Directors\s+)?|Directors\s+)of\s+/i;
const JOIN = String.raw`\s*(?:\/|\||,|\band\b|&)\s*`;
const PAIR = new RegExp(String.raw`(${EXCHANGE}(?:${JOIN}${EXCHANGE})*)\s*:\s*(${SYMBOL})`, 'g');
// '(ASX|TSX: AKE, "Allkem" or the "Company")': a defined term may close the listing's brackets.
const BRACKETED = new RegExp(
  String.raw`\(\s*(?:${EXCHANGE}(?:${JOIN}${EXCHANGE})*\s*:\s*${SYMBOL}[\s;,|]*(?:and\s+)?)+(?:["“][^()]{0,60})?\)`,
  'g',
);
// '("Future Metals" or the "Company", ASX | AIM: FME)', "('Buxton'; ASX:BUX)": the listing after a defined term, in
// its brackets.
const AFTER_DEFINED_TERM = new RegExp(
  String.raw`\(\s*["“'‘][^()]{0,80}?[,;]\s*((?:${EXCHANGE}(?:${JOIN}${EXCHANGE})*\s*:\s*${SYMBOL}[\s;,|]*)+)\)`,
  'g',
);
// '(OR: TSX & NYSE)'.
const REVERSED = new RegExp(
  String.raw`\(\s*(${SYMBOL})\s*:\s*(${EXCHANGE}(?:\s*(?:&|and|,)\s*${EXCHANGE})*)\s*\)`,
  'g',
);
// '[PRB-TSXV, PROBF-OTCQB]', '(BNAU-TSX; BNAUF-OTCQX)', '(SBB - TSX / SGSVF - OTCQX)'.
const DASHED = new RegExp(String.raw`[[(]\s*(?:${SYMBOL}\s?-\s?${EXCHANGE}[\s;,/]*)+[\])]`, 'g');
const DASHED_PAIR = new RegExp(String.raw`(${SYMBOL})\s?-\s?(${EXCHANGE})`, 'g');
// '(TSX-VGCX)', '(TSX.V-VIT)': an exchange, a hyphen and the symbol ('TSX-V' with a colon or space after it is the Venture).
const EXCHANGE_DASH_SYMBOL = /\(\s*(TSX\.V|TSX|ASX|CSE|NYSE|AIM|LSE|JSE)-([A-Z][A-Z0-9.]{1,7})\s*\)/g;

// The Northern Miner's codes: '(PVO-V)' on the Venture, '(IMP-T)' in Toronto, '(BHP-N)' in New York, '(ONV-A)' on
// the Alberta exchange, '(ABC-Q)' on Nasdaq, '(HAT-V, HTHXF-O)' over the counter too.
const PAPER_CODE = /\(\s*[A-Z][A-Z0-9.]{0,6}-[VTNAQO](?:\s*[,;]\s*[A-Z][A-Z0-9.]{0,6}-[VTNAQO])*\s*\)/g;
const PAPER_PAIR = /([A-Z][A-Z0-9.]{0,6})-([VTNAQO])/g;
const PAPER_EXCHANGES: Record<string, string> = { V: 'TSXV', T: 'TSX', N: 'NYSE', A: 'ASE', Q: 'NASDAQ', O: 'OTC' };

function tickersOfPairs(text: string): string[] {
  const tickers: string[] = [];
  for (const match of text.matchAll(PAIR)) {
    for (const exchange of (match[1] ?? '').split(new RegExp(JOIN))) {
      const code = exchangeOf(exchange);
      if (code && match[2]) tickers.push(`${code}:${match[2].replace(/["“”]/g, '')}`);
    }
  }
  return tickers;
}

function listingsIn(text: string): Listing[] {
  const found: Listing[] = [];
  for (const match of text.matchAll(BRACKETED))
    found.push({ start: match.index, end: match.index + match[0].length, tickers: tickersOfPairs(match[0]) });
  for (const match of text.matchAll(AFTER_DEFINED_TERM))
    found.push({ start: match.index, end: match.index + match[0].length, tickers: tickersOfPairs(match[1] ?? '') });
  for (const match of text.matchAll(REVERSED)) {
    const symbol = match[1] ?? '';
    const tickers = (match[2] ?? '')
      .split(/\s*(?:&|and|,)\s*/)
      .map((exchange) => exchangeOf(exchange))
      .filter((code) => code !== null)
      .map((code) => `${code}:${symbol}`);
    found.push({ start: match.index, end: match.index + match[0].length, tickers });
  }
  for (const match of text.matchAll(DASHED)) {
    const tickers = [...match[0].matchAll(DASHED_PAIR)].flatMap((pair) => {
      const code = exchangeOf(pair[2] ?? '');
      return code ? [`${code}:${pair[1] ?? ''}`] : [];
    });
    found.push({ start: match.index, end: match.index + match[0].length, tickers });
  }
  for (const match of text.matchAll(EXCHANGE_DASH_SYMBOL)) {
    const code = exchangeOf(match[1] ?? '');
    if (code) found.push({ start: match.index, end: match.index + match[0].length, tickers: [`${code}:${match[2]}`] });
  }
  for (const match of text.matchAll(PAPER_CODE)) {
    const tickers = [...match[0].matchAll(PAPER_PAIR)].map((pair) => `${PAPER_EXCHANGES[pair[2] ?? '']}:${pair[1]}`);
    found.push({ start: match.index, end: match.index + match[0].length, tickers });
  }
  return found.filter((listing) => listing.tickers.length > 0).sort((a, b) => a.start - b.start);
}

const LEGAL =
  /^(?:Corp\.?|Corporation|Inc\.?|Incorporated|Ltd\.?|Limited|plc|PLC|Plc|NL|LLC|Pty|S\.A\.|SA|AG|AB|ASA|Co\.|Company|N\.V\.|Ltda\.?|S\.A\.C\.)$/;
// 'iMetal', 'eCobalt': a lower-case initial before a capital starts a name too.
const NAME_WORD = /^(?:[\p{Lu}\d][\p{L}\d'’.&/-]*|\p{Ll}\p{Lu}[\p{L}\d'’.&/-]*|&|de|del|la|of|and)$/u;
const DOCUMENT_WORD = /\b(?:Report|Appendix|Statement|Results|Activities|Update|Accounts|Notice)\b/;
const STOP_WORD =
  /^(?:The|A|An|This|That|Its|Our|Their|By|For|From|To|In|At|On|With|As|NEWS|RELEASE|Newsfile|Corp\.\s*-)$/;

/** The company name that ends at `end` on its line: capitalised words back to the dateline or a stop. */
function nameBefore(text: string, end: number): { name: string; start: number } | null {
  const lineStart = text.lastIndexOf('\n', end - 1) + 1;
  let head = text.slice(lineStart, end);
  let offset = lineStart;
  // Datelines: 'TORONTO, June 07, 2022 (GLOBE NEWSWIRE) -- ', 'Vancouver, B.C.--(Newsfile Corp. - May 1, 2024) - ',
  // 'CALGARY, June 9 /CNW/ - ', 'SYDNEY, Australia, Jan. 25, 2023 -- '.
  const dateline =
    /^.*(?:\)\s*[-–—]+\s*|\/CNW\/\s*[-–—]*\s*|\s[-–—]{1,2}\s|\d{4}\s*[-–—:]+\s*|\d{4}\s*\/\s*|PRNewswire\/\s*[-–—]?\s*)/.exec(
      head,
    );
  if (dateline && dateline[0].length < head.length) {
    offset += dateline[0].length;
    head = head.slice(dateline[0].length);
  }
  // A defined term between name and listing: 'Rupert Resources Ltd ("Rupert" or "the Company") (TSX-V:RUP)'.
  head = head.replace(/\s*\([^()]{1,90}\)\s*$/, (term) => ' '.repeat(term.length));
  const tokens = [...head.trimEnd().matchAll(/\S+/g)];
  const words: string[] = [];
  const starts: number[] = []; // where each word starts in `text`
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i];
    if (!token) break;
    let word = token[0];
    if (word.endsWith(',') && words.length > 0 && LEGAL.test(words[0] ?? '')) word = word.slice(0, -1);
    // 'Power Metal Resources plc': a legal suffix in lower case ends a name as well as a capitalised one.
    const nameWord = NAME_WORD.test(word) || (words.length === 0 && LEGAL.test(word));
    if (!nameWord || (STOP_WORD.test(word) && words.length > 0) || words.length >= 8) break;
    if (STOP_WORD.test(word)) break;
    words.unshift(word);
    starts.unshift(offset + token.index);
  }
  const drop = (count: number) => {
    words.splice(0, count);
    starts.splice(0, count);
  };
  while (words.length > 0 && /^(?:of|and|de|del|la|&)$/.test(words[0] ?? '')) drop(1);
  // 'Report and Appendix 5B of Cauldron Energy Limited': the company the document is of.
  const of = words.lastIndexOf('of');
  if (of > 0 && DOCUMENT_WORD.test(words.slice(0, of).join(' ')) && LEGAL.test(words.at(-1) ?? '')) drop(of + 1);
  // 'ASX-listed Nzuri Copper', 'Western Australia-focused M3 Mining': the name without what describes it.
  drop(words.length - withoutDescription(words.join(' ')).split(' ').length);
  let start = starts[0];
  if (start === undefined) return null;
  // 'Nordic Nickel Limited's flagship': the name without its possessive.
  let name = words
    .join(' ')
    .replace(/,$/, '')
    .replace(/['’]s$/, '');
  // 'The Board of SolGold (LSE & TSX: SOLG) announces': the board speaks for the company.
  const board = BOARD_OF.exec(name);
  if (board) {
    name = name.slice(board[0].length);
    start = text.indexOf(name.split(' ')[0] ?? '', start + board[0].length);
  }
  return /\p{L}{2}/u.test(name) ? { name, start } : null;
}

const SUBJECT =
  /^(?:.*?(?:\)\s*[-–—]+\s*|\/CNW\/\s*[-–—]*\s*|\s[-–—]{1,2}\s))?((?:[\p{Lu}\d][\p{L}\d'’.&-]*,?\s+){0,6}?(?:[\p{Lu}\d][\p{L}\d'’.&-]*))(?:\s*\([^()]{1,90}\))*\s+(?:is pleased|is delighted|is excited|announces|announced|reports|has|today|provides|confirms|advises|wishes|would like)/u;
// A headline's subject: its first names before a verb, a colon, comma or dash, or a lower-case word ('Gascoyne drilling
// exceeds expectations', 'INV Metals: New study …', 'Premier Gold, Roxmark drill …', 'Zinc of Ireland announces',
// 'Dart Mining NL - Quarterly Report').
const TITLE_WORD = String.raw`[\p{Lu}\d][\p{L}\d&.'’-]*`;
const TITLE_VERB = String.raw`(?:Announces|Reports|Receives|Intersects|Drills|Closes|Raises|Secures|Signs|Enters|Appoints|Provides|Completes|Commences|Begins|Plans|Expands|Delivers|Launches|Files|Grants|Hits|Upsizes|Confirms|Mobili[sz]es|Starts|Kicks|Releases|Increases|Updates|Unveils|Strikes|Extends|Outlines|Publishes|Arranges|Gets|Cuts|Finds|Defines|Returns|Identifies|Discovers|Acquires|Agrees)\b`;
const TITLE_SUBJECT = new RegExp(
  String.raw`^(${TITLE_WORD}(?:\s+(?:of\s+|&\s+)?${TITLE_WORD}){0,4}?)(?=\s*[:,]\s|\s[-–—]\s|\s+${TITLE_VERB}|\s+(?!(?:of|and)\s)\p{Ll})`,
  'u',
);
// The capitalised words after a name on its line, up to a headline's verb ('Skyharbour Intersects High-Grade
// Uranium' names Skyharbour only).
const NAME_WORDS_AFTER = new RegExp(String.raw`(?:[ \t]+(?!${TITLE_VERB})[\p{Lu}][\p{L}&.'’-]*){0,3}`, 'uy');
// A headline's short forms of a name's last word ('Nugget Res. plans drilling program').
const ABBREVIATED: [RegExp, string][] = [
  [/\bRes\\\.$/, String.raw`Res(?:\.|ources)`],
  [/\bExpl\\\.$/, String.raw`Expl(?:\.|oration)`],
  [/\bMng\\\.$/, String.raw`(?:Mng\.|Mining)`],
];
// A headline's names that are not a company: 'Deep Drilling Campaign Hits …', 'Major Resource Upgrade …'.
const NOT_A_COMPANY =
  /\b(?:Drilling|Drill|Campaign|Program|Programme|Project|Results|Resource|Upgrade|Study|Mine|News|PFS|DFS|BFS|PEA)$/i;

// The last word of a company's full name: a legal suffix or a sector word ('Hamak Gold', 'Crystal Lake Mining Corp.').
const FULL_NAME_END =
  /\b(?:Corp\.?|Corporation|Inc\.?|Ltd\.?|Limited|plc|PLC|Plc|NL|Gold|Mining|Minerals|Metals|Resources|Copper|Silver|Lithium|Uranium|Nickel|Energy|Exploration|Group)$/;

// What trade press puts before a name: 'Vancouver-based Foran Mining Corp.', 'Developer Lion One Metals', 'Junior
// First Graphite', 'On Wednesday Prospect'.
const DESCRIPTION =
  /^(?:(?:[\p{Lu}][\p{L}.'’]*\s)*[\p{L}.'’-]+-(?:based|focused|listed|quoted|headquartered|owned)\s+|(?:Developer|Junior|Explorer|Miner|Producer|Gold miner|Copper miner|Operator|Partners?|Joint venture partners?)\s+|(?:On\s+)?(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\s+)+/u;

function withoutDescription(name: string): string {
  const plain = name.replace(DESCRIPTION, '');
  return /\p{L}{2}/u.test(plain) ? plain : name;
}

const DEFINED_COMPANY =
  /((?:[\p{Lu}][\p{L}\d'’.&-]*[ \t]+(?:(?:and|of|&)[ \t]+)?){1,6}(?:Corp\.?|Corporation|Inc\.?|Ltd\.?|Limited|plc|PLC|Plc|NL|AG|SA|S\.A\.|Public Limited))\s*\(\s*["“'‘]([^"”'’()]{1,40})["”'’]\s*(?:,|or)\s*(?:the\s+)?["“'‘]?(?:the\s+)?Company["”'’]?/u;

/** The release's issuer: name as written and every listing given with it. */
export function issuersOf(original: string, folded: string, title: string): IssuerFact[] {
  const top = folded.slice(0, 2500);
  const listings = listingsIn(top);
  const defined = DEFINED_COMPANY.exec(top);
  // Ticker lines before the dateline ('TSX: TML\nOTCQX: TSRMF').
  const headerTickers: string[] = [];
  for (const line of top.split('\n').slice(0, 6)) {
    // 'TSX: TML', 'AIM: EMED TSX: EMD 30 December 2011': listings opening a line before the dateline.
    // 'ASX Code: VKA': the ASX header's own spelling.
    // 'ASX RELEASE | April 24, 2019 | ASX:PLL; NASDAQ:PLL': a cell of a header line.
    for (const cell of line.split(/\s\|\s/)) {
      // 'LSE: CEY / TSX: CEE'; 'Share code on AIM: PAF' (a JSE-style header).
      const prefix = new RegExp(String.raw`^\s*(?:${EXCHANGE}(?: Code)?\s*:\s*${SYMBOL}(?![a-z])\s*[|,;/]?\s*)+`).exec(
        cell.replace(/^(\s*ASX) Code\b/, '$1').replace(/^\s*(?:Share|Stock|Ticker|JSE|Alpha) codes? on\s+/i, ''),
      );
      if (prefix) headerTickers.push(...tickersOfPairs(prefix[0]));
    }
    // 'Horizonte Minerals Plc / Index: AIM / Epic: HZM'.
    const epic =
      /\b(?:Index|Market):\s*AIM\b.*\bEpic:\s*([A-Z0-9]{2,6})\b|\bEpic:\s*([A-Z0-9]{2,6})\b.*\b(?:Index|Market):\s*AIM\b/.exec(
        line,
      );
    if (epic) headerTickers.push(`AIM:${epic[1] ?? epic[2] ?? ''}`);
    // An RNS header's 'TIDM: 1SN' (its London market code).
    const tidm = /^\s*TIDM:\s*([A-Z0-9]{2,6})\s*$/.exec(line);
    if (tidm) headerTickers.push(`LSE:${tidm[1]}`);
  }
  // Without a listing beside the name, the issuer takes the header's listings, else those its name has further
  // down ('About Aton Resources Inc. / Aton Resources Inc. (TSXV: AAN) is focused on …'), and quotes just its name.
  const issuerNamedAt = (described: string, at: number): IssuerFact[] => {
    const name = withoutDescription(described);
    const start = at + described.length - name.length;
    const tickers =
      headerTickers.length > 0
        ? headerTickers
        : (listingsIn(folded).find((listing) => sameCompany(nameBefore(folded, listing.start)?.name, name))?.tickers ??
          []);
    return [
      {
        name,
        tickers,
        quote: original.slice(start, start + name.length),
        start,
        end: start + name.length,
      },
    ];
  };
  // 'Strickland Metals starts nibbling …' above '… since it sold its gold project to Northern Star Resources
  // (ASX:NST)': the headline's company, named in the body before the first listing, is the issuer; the listing,
  // whose name the headline does not give, names a buyer or partner.
  const firstListed = listings[0] && nameBefore(folded, listings[0].start);
  const listedInTitle =
    firstListed && title.toLowerCase().includes(firstListed.name.split(' ')[0]?.toLowerCase() ?? '');
  const fromTitle = listedInTitle ? null : titleIssuer(title, folded);
  if (
    fromTitle &&
    firstListed &&
    listings[0] &&
    fromTitle.at < listings[0].start &&
    FULL_NAME_END.test(fromTitle.name) &&
    !overlaps(firstListed.name, fromTitle.name)
  )
    return issuerNamedAt(fromTitle.name, fromTitle.at);
  for (const listing of listings) {
    let name = nameBefore(folded, listing.start);
    // Consecutive listings belong to one name: 'Skyharbour (TSXV: SYH) (OTCQX: SYHBF) (Frankfurt: SC1P)'.
    // The same name told again with more listings (a headline's, then the dateline's) has all of them.
    const tickers = [...listing.tickers];
    let end = listing.end; // the quote: the name and the listings right after it
    let runEnd = listing.end; // where the last listing taken ends
    let contiguous = true;
    for (const next of listings) {
      if (next.start <= listing.start) continue;
      const adjacent = /^\s*[,;]?\s*(?:\([^()]{1,90}\)\s*)?$/.test(folded.slice(runEnd, next.start));
      if (!adjacent && !(name && nameBefore(folded, next.start)?.name === name.name)) continue;
      tickers.push(...next.tickers);
      runEnd = next.end;
      contiguous &&= adjacent;
      if (contiguous) end = next.end;
    }
    if (!name) {
      // 'AMUR MINERALS CORPORATION\n\n(AIM: AMC)': the name on the line above.
      const above = folded.slice(0, listing.start).trimEnd();
      const lineStart = above.lastIndexOf('\n') + 1;
      const line = above.slice(lineStart).trim();
      if (/^[\p{Lu}\d][\p{L}\d'’.,& -]{2,80}$/u.test(line) && !/\d{4}/.test(line))
        name = { name: line, start: lineStart + above.slice(lineStart).indexOf(line) };
    }
    if (!name) continue;
    // An AIM header defines the short name the dateline then uses: 'KEFI Gold and Copper plc ("KEFI" or the
    // "Company") … KEFI (AIM: KEFI) announces'.
    if (defined?.[1] && defined[2]?.toLowerCase() === name.name.toLowerCase() && defined.index < name.start) {
      const full = defined[1].trim().replace(BOARD_OF, '');
      name = { name: full, start: defined.index + defined[0].indexOf(full) };
    }
    const plain = withoutDescription(name.name);
    const start = name.start + name.name.length - plain.length;
    // 'BMG (ASX: BMG) will issue …' after 'BMG Resources successfully raised …': the name as the body gives it in full.
    const fuller = FULL_NAME_END.test(plain) ? null : fullestName(plain, folded).fullest;
    return [
      {
        name: fuller?.name ?? plain,
        tickers: [...new Set([...tickers, ...headerTickers])],
        quote: original.slice(start, end),
        start,
        end,
      },
    ];
  }
  // No listing: the name a release defines as 'the Company' ('Ortac Resources Limited ('Ortac' or 'the
  // Company')'), else the subject of the lead sentence, else the headline's.
  if (defined?.[1]) {
    const name = defined[1].trim().replace(BOARD_OF, '');
    const start = defined.index + defined[0].indexOf(name);
    return issuerNamedAt(name, start);
  }
  const lines = top.split('\n');
  let at = 0;
  for (const line of lines) {
    const match = SUBJECT.exec(line);
    // 'Mr. Walter Berukoff reports' (Stockwatch's line) names the person who reports, not the company.
    // Nor is 'The Company has hired …' a name.
    if (
      match?.[1] &&
      match[1].split(/\s+/).length >= 2 &&
      !/^(?:Mr|Mrs|Ms|Dr)\.?\s/.test(match[1]) &&
      !/^(?:The|This|Our) (?:Company|Corporation|Group)\b/.test(match[1])
    ) {
      const start = at + line.indexOf(match[1], match.index);
      const name = match[1].replace(/,$/, '');
      return issuerNamedAt(name, start);
    }
    at += line.length + 1;
  }
  const headline = fromTitle ?? titleIssuer(title, folded);
  if (headline) return issuerNamedAt(headline.name, headline.at);
  return [];
}

/** One name holds the other, case aside ('Strickland' and 'Strickland Metals Ltd'). */
function overlaps(a: string, b: string): boolean {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x.includes(y) || y.includes(x);
}

/** Two spellings of one company's name: case, punctuation and legal suffix aside ('First Tin Plc', 'First Tin PLC'). */
function sameCompany(a: string | undefined, b: string): boolean {
  const plain = (name: string) =>
    name
      .split(/\s+/)
      .filter((word) => !LEGAL.test(word.replace(/,$/, '')))
      .join(' ')
      .toLowerCase()
      .replace(/[.,'’]/g, '');
  return a !== undefined && plain(a) === plain(b);
}

/**
 * Each place the body names a company (case aside: 'COPPERSTONE RESOURCES:' is 'Copperstone Resources' below; a
 * headline's 'Res.' is Resources), and the fullest form it takes with the capitalised words after it on its line,
 * ending as a company's name does: the headline repeated atop the body says 'Premier Gold', its lead 'Premier Gold
 * Mines Ltd.'.
 */
function fullestName(
  short: string,
  folded: string,
): { fullest: { name: string; at: number } | null; mentions: RegExpExecArray[] } {
  const escaped = ABBREVIATED.reduce(
    (pattern, [abbreviation, full]) => pattern.replace(abbreviation, full),
    short.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&'),
  );
  const count = short.split(/\s+/).length;
  const mentions = [...folded.matchAll(new RegExp(String.raw`(?<![\p{L}\d])${escaped}(?![\p{L}\d])`, 'giu'))];
  let fullest: { name: string; at: number } | null = null;
  for (const mention of mentions) {
    NAME_WORDS_AFTER.lastIndex = mention.index + mention[0].length;
    const words = `${mention[0]}${NAME_WORDS_AFTER.exec(folded)?.[0] ?? ''}`
      .split(/\s+/)
      .map((word) => word.replace(/['’]s?$/, ''));
    for (let length = words.length; length >= count; length--) {
      const name = words.slice(0, length).join(' ').replace(/,$/, '');
      // 'WCB RESOURCES' first drill hole' ends as a name does, in capitals.
      const asWritten = name === name.toUpperCase() ? name.replace(/\B\p{Lu}+/gu, (rest) => rest.toLowerCase()) : name;
      if (!FULL_NAME_END.test(asWritten) || NOT_A_COMPANY.test(name)) continue;
      if (!fullest || name.length > fullest.name.length) fullest = { name, at: mention.index };
      break;
    }
  }
  return { fullest, mentions };
}

/**
 * The headline's subject as the body names it: the longest form ending as a company's name does ('Gascoyne' ->
 * 'Gascoyne Resources', 'INV Metals' -> 'INV Metals Inc.'), else the headline's own words when they read as a
 * name (two words or more not ending in 'Drilling' or 'Project'; one word only when no dictionary has it: 'A2Gold', 'SolGold').
 */
function titleIssuer(title: string, folded: string): { name: string; at: number } | null {
  // 'Exterra's Second Fortune to produce …': the company is the owner.
  const subject = TITLE_SUBJECT.exec(title)?.[1]
    ?.trim()
    .replace(/['’]s\s.*$/u, '');
  if (!subject || STOP_WORD.test(subject)) return null;
  const { fullest, mentions } = fullestName(subject, folded);
  const count = subject.split(/\s+/).length;
  if (fullest) return fullest;
  const first = mentions[0];
  if (!first) return null;
  // Told in the body as a name is, capitalised: 'a major drilling program has begun' is no company.
  const readsAsName =
    /^\p{Lu}/u.test(first[0]) &&
    (count > 1 ? !NOT_A_COMPANY.test(first[0]) : /\d|^\p{Lu}{2,}$|\p{Ll}\p{Lu}/u.test(first[0]));
  return readsAsName ? { name: first[0], at: first.index } : null;
}
