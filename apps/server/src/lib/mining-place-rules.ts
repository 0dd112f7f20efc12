import type { Place } from './mining-places.ts';

/**
 * When a place name in a release names where its project is (for mining-mentions.ts). A geologist files a release
 * under the project's location, not under the homes of the companies in it: not a place inside a company's name
 * ('Mali Lithium', 'Lithium Australia NL', 'Export Finance Australia'), a buyer's, funder's or shareholder's home
 * ('South Africa's Harmony Gold', 'China's largest smelter', 'sold to smelters in Japan'), a domicile or listing
 * ('headquartered in Vancouver, British Columbia', 'WA-based'), a deposit style ('Carlin-type'), an address
 * ('Perth WA 6000'), a comparison ('similar to deposits in Nevada'), a person ('Juan Guerrero') or a town named
 * with another country's region ('Victoria, British Columbia', 'Durango, Colorado').
 */

export type PlaceKind = 'country' | 'state' | 'district' | 'abbreviation' | 'demonym';

export interface PlaceHit {
  place: Place;
  /** Other places the same word means ('WA': Western Australia or Washington). */
  alternatives?: readonly Place[];
  of: PlaceKind;
  /** The word as written, and where it stands in the (company-blanked) text. */
  word: string;
  start: number;
  end: number;
  /** Up to 120 characters before it and 60 after. */
  before: string;
  after: string;
  /** The word's line is a headline, where capitals say nothing about names. */
  titleCase: boolean;
}

const ROLE =
  'offtakers?|buyers?|purchasers?|investors?|lenders?|banks?|financiers?|smelters?|refiner(?:s|y|ies)?|steel ?makers?|mills|traders?|customers?|shareholders?|funds?|conglomerates?|trading house|utilit(?:y|ies)|battery makers?|automakers?|carmakers?|importers?|end[- ]users?|miners?|producers?|compan(?:y|ies)|groups?|firms?|giants?|majors?|operators?|developers?|explorers?|juniors?|partners?|owners?|sellers?|acquirers?|bidders?|suitors?|consortium|state-owned|government-owned|insurers?|agency|sovereign|vice[- ]president|president|chief|chair(?:man|woman)?|CEO|directors?|managers?|executives?|management|board'; // prettier-ignore

// Who buys, lends or invests: where they are is not where the project is.
const BUYER =
  'offtakers?|buyers?|purchasers?|investors?|lenders?|banks?|financiers?|customers?|shareholders?|funds?|traders?|end[- ]users?|steel ?makers?|importers?';

// Where a company sits, trades or offers its shares, who buys, lends or sells, and what a deposit is likened to.
// What is read in the 60 characters before a place.
const NOT_THE_PROJECT_BEFORE = new RegExp(
  [
    // 'headquartered in Vancouver, British Columbia', 'offices in Perth, WA'
    `\\b(?:headquartered|incorporated|registered|domiciled|based|listed|head office|corporate office|offices?|office is)\\s+(?:located\\s+)?(?:in|at)\\s+(?:the\\s+)?(?:\\p{Lu}[\\p{L}'.-]*(?:\\s+\\p{Lu}[\\p{L}'.-]*)*,?\\s+)?$`,
    '\\b(?:provinces|territories|jurisdictions)\\s+of\\s+$',
    '\\b(?:other than|except(?: for)?|excluding)\\s+(?:in\\s+)?$',
    // Shipped to, in the languages portals republish in: 'partita per la Cina', 'exportado para a China'
    '\\b(?:partit[oa]|spedit[oa]|spedizion[ei]|esportat[oa]|destinat[oa]|enviad[oa]s?|exportad[oa]s?|embarcad[oa]s?|destinad[oa]s?)\\s+(?:per|para|verso|a|ao|à|al)\\s+(?:la\\s+|il\\s+|o\\s+|a\\s+|el\\s+)?$',
    // 'should reach China in August'
    '\\breach(?:es|ed)?\\s+$',
    // 'the Los Pelambres mine across the border in Chile', 'neighbouring Nevada'
    '\\b(?:across|over)\\s+the\\s+border\\s+(?:in(?:to)?\\s+)?(?:the\\s+)?$',
    '\\b(?:neighbou?ring|neighbou?rs?|adjoining)\\s+(?:countr(?:y|ies)\\s+|states?\\s+|provinces?\\s+)?(?:of\\s+)?(?:the\\s+)?$',
    // 'buyers in Japan', 'investors in the United States' (but 'its smelter in Finland' is its operation)
    `\\b(?:${BUYER})\\s+(?:based\\s+)?(?:in|from)\\s+(?:the\\s+)?$`,
    // 'the city of Victoria', a capital named after its state
    '\\b(?:city|town|village|capital|port)\\s+of\\s+$',
    // 'slightly larger than Colorado'
    '\\bthan\\s+(?:in\\s+)?(?:the\\s+)?$',
    // 'said from Germany', 'said by phone from Mendoza', 'a conference in Cape Town'
    '\\b(?:said|speaking|spoke|commented|presenting)(?:\\s+(?:by\\s+(?:tele)?phone|on\\s+a\\s+call|in\\s+an\\s+interview|via\\s+video))?\\s+from\\s+$',
    '\\b(?:conference|summit|indaba|roadshow|forum|convention)\\s+in\\s+$',
  ].join('|'),
  'iu',
);
// Clauses that reach further back: 'exported 4.2 Mt of bauxite from its mine in Guinea to a refinery in China'.
const NOT_THE_PROJECT_CLAUSE = new RegExp(
  [
    // 'shipped to China', 'exported to an alumina refinery in China', 'bound for China'
    "\\b(?:shipped|ships|ship|sent|sold|exported|delivered|shipments?|exports?|exporting|shipping|sells?|selling|cargo|goes|went|trucked|railed|hauled|transported)\\b(?:[^.;:\\n]|\\.(?!\\s)){0,90}?\\bto\\s+(?:the\\s+|an?\\s+)?(?:[\\p{L}'-]+\\s+){0,3}?(?:(?:in|at)\\s+(?:the\\s+)?)?$",
    '\\b(?:bound|destined)\\s+for\\s+(?:the\\s+)?$',
    // 'an offtake with a smelter in Japan'
    "\\b(?:offtake|supply|sales)\\b(?:[^.;:\\n]|\\.(?!\\s)){0,40}?\\bwith\\s+(?:the\\s+|an?\\s+)?(?:[\\p{L}'-]+\\s+){0,3}?(?:in|from)\\s+(?:the\\s+)?$",
    // 'bought the mine from Kirkland Lake'
    '\\b(?:bought|acquired|purchased|buys|acquires|purchases)\\b(?:[^.;:\\n]|\\.(?!\\s)){0,60}?\\bfrom\\s+(?:the\\s+)?$',
    // 'the world's second-largest lithium producer after Australia', 'third-largest after Greenbushes and Pilgangoora'
    '\\b(?:largest|biggest|second|third|fourth|fifth|leading|top)\\b(?:[^.;:\\n]|\\.(?!\\s)){0,60}?\\b(?:after|behind|ahead of|only to|than)\\b(?:[^.;:\\n]|\\.(?!\\s)){0,60}?$',
    // Samples go to a laboratory: 'driven to ALS Peru S.A.C. in Arequipa', 'pulps go to ALS in Lima'
    '\\b(?:laborator(?:y|ies)|lab|ALS|SGS|Bureau Veritas|Intertek|Actlabs|Activation Laboratories|MSALABS|pulps?|samples?\\s+(?:were|are)\\s+(?:sent|shipped|delivered|driven|transported))\\b(?:[^.;:\\n]|\\.(?!\\s+\\p{Lu}\\p{Ll})){0,50}?\\b(?:in|at)\\s+$',
    // A place hundreds of kilometres away is a bearing, not the project's place: 'about 600 km north of Lima'.
    '\\b(?:[1-9]\\d{2,}|[1-9],\\d{3})\\s*(?:km|kilomet(?:re|er)s|miles)\\b(?:[^.;:\\n]){0,25}?\\b(?:of|from)\\s+(?:the\\s+)?(?:(?:city|town|capital)\\s+of\\s+)?$',
    // Where a company was: 'moved away from gold exploration in Tanzania', 'exited Mali in 2019'
    '\\b(?:mov(?:ed|es|ing) away from|pivot(?:ed|ing|s)? (?:away )?from|exit(?:ed|ing|s)?|withdr(?:ew|awn|awing) from|walked away from)\\b(?:[^.;:\\n]|\\.(?!\\s)){0,50}?$',
    // Spanish and Portuguese comparisons: 'lo comparan con proyectos ubicados en Nevada', 'semelhante a'
    '\\b(?:compar(?:an|a|ó|o|aron|ado|ados|ada|adas|able|ável|ou)|similar(?:es)? a|semejante a|semelhantes? a|parecid[oa]s? a|superior(?:es)? (?:a|aos?|às?|al?))(?!\\p{L})(?:[^.;:\\n]|\\.(?!\\s)){0,80}?$',
    // 'similar to deposits in Nevada', 'analogous to the Carlin Trend'
    '\\b(?:similar to|analogous to|comparable (?:to|with)|reminiscent of|akin to|compared (?:to|with)|analogue (?:to|of)|look-?alike (?:of|to)|resembl(?:e|es|ed|ing)|mirrors?)\\b(?:[^.;:\\n]|\\.(?!\\s)){0,50}?$',
  ].join('|'),
  'iu',
);
const NOT_THE_PROJECT_AFTER = new RegExp(
  [
    // 'WA-based', 'a China-backed fund'
    '^[-–](?:based|registered|incorporated|domiciled|listed|headquartered|backed|owned|focused investor)\\b',
    '^\\s+(?:corporation|company)\\b',
    // Inside a company's name: 'Ausenco Engineering Canada Inc.', 'Minera Peru S.A.'
    '^\\s+(?:Inc|Ltd|Limited|Corp|LLC|Pty|S\\.A|SA|S\\.A\\.C|GmbH|AG|plc|PLC)\\b',
    // A zone, vein or lode named after a place: 'the Texas Zone at South Mountain, Idaho'.
    '^\\s+(?:Zone|Vein|Lode|Shoot|Reef|Lens)s?\\b',
    '^\\s+(?:Stock|Securities)\\s+Exchange\\b',
    // Near a border is beside that country, not in it: 'in San Juan province near the Chile border'.
    '^[\\s-]+(?:border|boundary|frontier)\\b',
    // A belt or craton named after a country runs across borders: 'Mozambique Belt'.
    '^\\s+(?:Belt|Craton|Shield|Orogen)\\b',
    // Deposit styles: 'Carlin-type', 'Mount Isa-style', 'Broken Hill type'
    '^[-–\\s](?:type|style|like)\\b',
    // Addresses: 'Perth WA 6000', 'Reno, NV 89501', 'Vancouver, BC V6C 1T2'
    '^,?\\s+\\d{4,5}\\b',
    '^,?\\s+[A-Z]\\d[A-Z]\\s?\\d[A-Z]\\d\\b',
    // A longer Spanish or Portuguese name: 'Puebla de Guzmán' (Huelva), 'Santa Cruz de Tenerife'.
    '^\\s+(?:de|del|de la|de los|do|da|dos|das)\\s+\\p{Lu}',
    // A border between two places names neither: 'the Chile-Argentina border', 'the NT/Queensland border'.
    '^[-–/]\\p{Lu}[\\p{L} ]{0,30}?\\s+(?:border|boundary|frontier)\\b',
    // A town named after a state: 'Virginia City', 'Nevada City'.
    '^\\s+City\\b',
    // Money: 'U.S. dollars', 'Canadian dollar'
    '^[\\s-]*(?:dollars?|cents?|\\$|currency|GAAP|Treasury|Federal Reserve)\\b',
    // A market, not a place of mining: 'deposits in Chile, the biggest producer', 'China, the top consumer'
    "^,?\\s+(?:the\\s+)?(?:world['’]s\\s+)?(?:biggest|largest|top|leading|main|major|second[- ]largest|third[- ]largest)\\s+(?:\\p{L}+\\s+)?(?:producer|consumer|exporter|importer|supplier|buyer|market)s?\\b",
    // A share of the world's output: 'China account for about 60% of production', 'respondem por cerca de 60%'
    '^[^.;\\n]{0,40}?\\b(?:accounts? for|accounted for|responsible for|respond(?:e|em) por|representa(?:n|m)?)\\s+(?:about\\s+|around\\s+|nearly\\s+|over\\s+|some\\s+|cerca de\\s+)?\\d[\\d.,]*\\s*(?:%|per ?cent|percent)',
    // 'a China buyer', 'US investors', 'Japanese state-owned'
    `^[\\s-]+(?:(?:based|listed|state-owned|owned|headquartered)\\s+)?(?:${ROLE})\\b`,
  ].join('|'),
  'u',
);

// Words that make the capitalised run after a place a company or agency name: 'Mali Lithium', 'Japan Oil, Gas
// and Metals National Corp', 'Canada Nickel', 'Peru Copper Syndicate'.
const ORG_WORD =
  /^(?:Mining|Mines|Minerals|Metals|Resources|Oil|Gas|Petroleum|Energy|Power|Steel|Holdings|Capital|Ventures|Royalties|Exploration|Explorations|Development|Developments|Group|Industries|National|International|Investment|Investments|Bank|Fund|Partners|Materials|Chemicals|Battery|Batteries|Technologies|Syndicate|Goldfields|Corp|Corporation|Company|Inc|Ltd|Limited|Plc|Trust)\.?$/i;
// What a place and such a word may still name: 'Nevada Gold Project', 'Quebec Lithium Discovery', 'Ontario
// Mining Act'.
const PLACE_GENERIC =
  /^(?:projects?|property|properties|mines?|deposits?|prospects?|zones?|belts?|district|trend|camp|complex|operations?|discovery|discoveries|lodes?|veins?|reef|corridor|targets?|field|fields|province|region|basin|valley|triangle|portfolio|exploration|drilling|results?|claims?|assets?|ground|lands?|package|sector|industry|rush|boom|play|potential|act|association|regulator|ministry|department|survey|sands|brines?|salar|pegmatites?|porphyry|concessions?|licen[cs]es?|tenements?|permits?|story|hub|strategy|review|week|conference|update|desert|dunes|steppe|mountains|range|ranges|hills|highlands|plateau|coast|outback|interior|lowlands|craton|shield|river|lake|islands?|peninsula)$/i;
// The words before a place that make it the end of a name: 'Export Finance Australia', 'Lithium Australia NL',
// 'AngloGold Ashanti', 'Geoscience Australia'.
const ORG_BEFORE =
  /(?:^|[a-z])(?:Gold|Mining|Metals|Minerals|Resources|Lithium|Copper|Nickel|Uranium|Finance|Export|Development|Geoscience|Invest|Trade|Bank|Exploration|Energy|Royalties|Capital)$/;
// Place words that may stand before another place word in running text: 'Northern Ontario', 'Central Newfoundland'.
// Within its sentence: 'WA's goldfields.\nCEO Ian Warland said' names no CEO's home.
const ROLE_AFTER_POSSESSIVE = new RegExp(
  `^(?:[\\p{Ll}\\d$][\\p{L}\\d$.,-]*(?<![.,;:])[ \\t]+){0,4}?(?:${ROLE})\\b`,
  'u',
);
const ACRONYM = /^[A-Z]{3,}\b/;
const NATIONAL_AGENCY =
  /^\s+(?:Department|Dept\.?|Geological Survey|Securities|Embassy|Government|Army|Navy|Air Force|Treasury|Export|Development Finance|International Development)\b/;
// An organisation 'of' a country is that organisation's home: 'Aluminium Corporation of China', 'Geological Survey
// of Finland', 'Companhia Vale do Rio Doce (CVRD) of Brazil', 'Goldcorp of Canada'; not 'the Republic of Ghana'.
const ORG_OF =
  /(?:\b(?:Corporation|Corp\.?|Company|Bank|Survey|University|Institute|Council|Chamber|Association|Society|Agency|Commission|Authority|College|Academy|Foundation|Embassy|Group|Holdings|Limited|Inc\.?|Ltd\.?)|\p{Lu}[\p{L}'’-]*\s+\([A-Z]{2,}\)|\p{Lu}\p{Ll}+corp)\s+of\s+(?:the\s+)?$/u;
const NAME_BEFORE = /\b(?:Big|Little|Old|Fort|Port|Camp|Saint|St\.?)[ \t]+$|(?<=\p{L})[-/]$/u;
// A person's name: 'Virginia S. Gillerman'.
const INITIAL_AFTER = /^\s+\p{Lu}\.\s+\p{Lu}\p{Ll}/u;

// What a demonym must stand before to say where a project is: 'a Ghanaian gold project', 'the Peruvian Andes',
// 'Mexican state of Sonora', 'its Indonesian subsidiary'. Not who someone is: 'a Chinese offtaker'.
const DEMONYM_OF_PLACE = new RegExp(
  `^(?:[\\s-]+(?!(?:${ROLE})\\b)[\\p{L}'’-]+){0,2}?[\\s-]+(?:projects?|property|properties|mines?|deposits?|licen[cs]es?|permits?|concessions?|tenements?|claims?|assets?|operations?|porphyr(?:y|ies)|belts?|greenstones?|districts?|regions?|provinces?|state(?![-\\s]owned)|territory|side|portion|part|salars?|prospects?|discover(?:y|ies)|subsidiar(?:y|ies)|ground|landholdings?|goldfields?|Andes|Altiplano|Lapland|Copperbelt|highlands|interior|desert|dunes|steppe|mountains|hills|coast|outback|plateau|jungle|rainforest)\\b`,
  'iu',
);

// Places that are also first names or surnames: 'Chad Williams', 'Victoria Chen', 'Juan Guerrero'.
const PERSON_NAMES = new Set([
  'chad',
  'jordan',
  'india',
  'israel',
  'victoria',
  'georgia',
  'guerrero',
  'hidalgo',
  'morelos',
  'mendoza',
  'cordoba',
  "o'higgins",
  'san martin',
  'lima',
  'colima',
  'durango',
  'murchison',
  'gander',
  'kimberley',
  'holland',
  'jersey',
  'carlin',
  'fairbanks',
  'lachlan',
  'tasman',
]);
const PLACE_WORD = /^\s+(?:Province|province|State|state|Region|region|Basin|Territory|Department|department)\b/;
const HONORIFIC = /(?:Mr|Ms|Mrs|Dr|Prof|Sr|Sra)\.?\s+$/;
const CAPITALISED_BEFORE = /(\p{Lu}[\p{L}'’-]*)[ \t]+$/u;
const NOT_A_GIVEN_NAME =
  /^(?:The|A|An|This|That|Its|Our|Their|In|At|On|Of|And|With|For|From|To|By|As|Near|North|South|East|West|Northern|Southern|Eastern|Western|Central|Upper|Lower|Greater|Far|Mid|Northwest|Northeast|Southwest|Southeast|Northwestern|Northeastern|Southwestern|Southeastern|New|Old)$/;

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether the capitalised words after a place make a company's or agency's name of it ('Mali Lithium said'). */
function startsName(hit: PlaceHit, isCommodityWord: (word: string) => boolean): boolean {
  const run = /^[ \t]+((?:[\p{Lu}][\p{L}'’.&-]*,?(?:[ \t]+(?:and|&)?[ \t]*)?){1,6})/u.exec(hit.after)?.[1];
  if (!run) return false;
  const words = run
    .split(/[\s,]+/)
    .filter((word) => word && word !== 'and' && word !== '&')
    .map((word) => word.replace(/['’]s$/, ''));
  const first = words[0] ?? '';
  if (!ORG_WORD.test(first) && !isCommodityWord(first)) return false;
  // Read on past the name words: 'Nevada Gold Project' names a project in Nevada, 'Mali Lithium said' a company.
  return !words.some((word) => PLACE_GENERIC.test(word.replace(/[.,]$/, '')));
}

/** Whether a possessive place is the home of who follows ('South Africa's Harmony Gold', 'China's largest smelter'). */
function isOwnersHome(
  hit: PlaceHit,
  placeAt: (at: number) => PlaceHit | undefined,
  isCommodityWord: (word: string) => boolean,
): boolean {
  const possessive = /^['’]s?\s+/.exec(hit.after);
  if (!possessive) return false;
  const rest = hit.after.slice(possessive[0].length);
  // A blanked company name: 'South Africa's Harmony Gold Mining Company Limited'.
  if (rest === '' || /^\s/.test(rest) || /^\s*$/.test(rest.slice(0, 3))) return true;
  if (ROLE_AFTER_POSSESSIVE.test(rest)) return true;
  if (!/^\p{Lu}/u.test(rest)) return false;
  // 'B.C.'s Golden Triangle' is a place's place; 'Kirkland Lake's Fosterville mine' (in Victoria) a company's mine.
  const owned = placeAt(hit.end + possessive[0].length);
  if (owned) return !!owned.place.country && !!hit.place.country && owned.place.country !== hit.place.country;
  const run = /^(?:[\p{Lu}\d][\p{L}\d'’&-]*[ \t]*)+/u.exec(rest)?.[0] ?? '';
  const words = run.trim().split(/\s+/);
  // 'Australia's Xanadu Mines', 'Canada's Kincora Copper': a name that ends as a company's does.
  const last = words.at(-1) ?? '';
  if (words.length > 1 && /^\p{Lu}/u.test(last) && (ORG_WORD.test(last) || isCommodityWord(last))) return true;
  if (words.some((word) => PLACE_GENERIC.test(word))) return false;
  // Headlines capitalise every word: there only an acronym ('Japan's JOGMEC') is surely a name.
  return !hit.titleCase || ACRONYM.test(rest);
}

/** Whether a place word is a person's name here ('Chad Williams', 'Mr. Guerrero', 'Juan Mendoza'). */
function isPerson(hit: PlaceHit, endsPlace: (at: number) => boolean): boolean {
  if (!PERSON_NAMES.has(fold(hit.word))) return false;
  const before = hit.before.slice(-40);
  if (HONORIFIC.test(before)) return true;
  if (/^\s+\p{Lu}/u.test(hit.after) && !PLACE_WORD.test(hit.after)) {
    // 'Chad Williams', but 'Victoria Gold Project' and 'Kimberley Region' are places.
    const next = /^\s+(\p{Lu}[\p{L}'’-]*)/u.exec(hit.after)?.[1] ?? '';
    if (
      !PLACE_GENERIC.test(next) &&
      !/^(?:Gold|Copper|Silver|Lithium|Nickel|Zinc|Lake|River|Mountain|Creek|Hill|Falls)$/.test(next)
    )
      return true;
  }
  const previous = CAPITALISED_BEFORE.exec(before);
  const given = previous?.[1];
  if (hit.titleCase || !previous || given === undefined || NOT_A_GIVEN_NAME.test(given)) return false;
  // 'Mexico Morelos' is two places, 'Juan Morelos' a person.
  const givenEnd = hit.start - (before.length - previous.index - given.length);
  return /^\p{Lu}\p{Ll}+$/u.test(given) && !endsPlace(givenEnd);
}

/** A place the release names and the words that name it. */
export interface ResolvedPlace {
  hit: PlaceHit;
  place: Place;
}

export interface PlaceContext {
  /** The whole release, for hints such as an ASX listing that say which country's 'WA' is meant. */
  context: string;
  isCommodityWord: (word: string) => boolean;
}

// What says a release is Australian, Canadian or South African where a shorthand needs it.
const COUNTRY_HINTS: Record<string, RegExp> = {
  AU: /\bASX\b|\bJORC\b|\bA\$|Australia/,
  CA: /\bTSXV?\b|\bTSX-V\b|\bCSE\b|\bNI 43-101\b|\bC\$|\bCanada\b|\bCanadian\b/,
  US: /\bUSA\b|\bUnited States\b|\bU\.S\.(?:A\.)?(?!\s*(?:dollars?|\$))/,
  ZA: /\bJSE\b|South Africa/,
};

/** The places of the hits that name where the release's project is: countries and states. */
export function resolvePlaces(hits: readonly PlaceHit[], { context, isCommodityWord }: PlaceContext): ResolvedPlace[] {
  // Where a place that is not a demonym starts: 'Finnish Lapland', not 'Australian-Canadian group'.
  const startsAt = new Set(hits.flatMap((hit) => (hit.of === 'demonym' ? [] : [hit.start])));
  const endsAt = new Set(hits.map((hit) => hit.end));
  // Places whose clause says they are not the project's: a list that follows shares it ('buyers in Japan and Korea',
  // 'than in Western Australia or Queensland').
  const inContext = hits.map(
    (hit) =>
      hit.of !== 'demonym' &&
      (NOT_THE_PROJECT_BEFORE.test(hit.before.slice(-60)) || NOT_THE_PROJECT_CLAUSE.test(hit.before)),
  );
  for (let i = 0; i + 1 < hits.length; i++) {
    const [hit, next] = [hits[i], hits[i + 1]];
    if (!inContext[i] || !hit || !next || next.start - hit.end > 12) continue;
    // 'about 600 km north of Lima, Peru': the country that follows a place is its own, not another in a list.
    const itsCountry =
      next.of === 'country' && next.place.country === (hit.place.country ?? hit.alternatives?.[0]?.country);
    if (!itsCountry && LIST_GAP.test(hit.after.slice(0, next.start - hit.end))) inContext[i + 1] = true;
  }
  const kept: (PlaceHit | null)[] = hits.map((hit, i) => {
    if (hit.of === 'demonym') {
      // 'Finnish Lapland': a demonym before a place name says where too.
      const next = /^[\s-]+/.exec(hit.after);
      if (next && startsAt.has(hit.end + next[0].length)) return hit;
      // In running text a capitalised word after it makes a name: 'Australian Mines', 'Canadian Copper Mountain'.
      if (
        !hit.titleCase &&
        /^\s+\p{Lu}/u.test(hit.after) &&
        !/^\s+(?:Andes|Altiplano|Lapland|Copperbelt)\b/.test(hit.after)
      )
        return null;
      return DEMONYM_OF_PLACE.test(hit.after) ? hit : null;
    }
    if (inContext[i] || NOT_THE_PROJECT_AFTER.test(hit.after)) return null;
    if (hit.place.state && /^\s+County\b/.test(hit.after)) return null;
    // A nation's agency funds, regulates or publishes: 'U.S. Department of the Interior', 'U.S. Geological Survey'.
    if (hit.of === 'country' && NATIONAL_AGENCY.test(hit.after)) return null;
    if (isPerson(hit, (at) => endsAt.has(at)) || INITIAL_AFTER.test(hit.after)) return null;
    if (!hit.titleCase && ORG_OF.test(hit.before)) return null;
    // A place word inside another name or word: 'Big Missouri' (a mine), 'Fort Nelson', 'Pre-Katanga basement',
    // 'the Chile-Argentina border'.
    if (NAME_BEFORE.test(hit.before)) return null;
    if (hit.of !== 'abbreviation' && startsName(hit, isCommodityWord)) return null;
    const previous = /([\p{L}]+)[ \t]+$/u.exec(hit.before.slice(-30))?.[1];
    if (previous && /^\p{Lu}/u.test(previous) && ORG_BEFORE.test(previous)) return null;
    // Legal suffixes: 'Ogooué Manganese SA', 'Aurora Minerals NL'.
    if (hit.of === 'abbreviation' && /\p{Lu}[\p{L}.]*[ \t]+$/u.test(hit.before) && /^(?:SA|NL)$/.test(hit.word))
      return null;
    return hit;
  });
  // A possessive before a place that is kept is a place's place ('B.C.'s Golden Triangle'), before a name that is
  // not ('Canada's Kirkland Lake Gold') an owner's home.
  const keptAt = new Map(kept.flatMap((hit) => (hit ? [[hit.start, hit] as const] : [])));
  for (const [i, hit] of kept.entries())
    if (hit && isOwnersHome(hit, (at) => keptAt.get(at), isCommodityWord)) kept[i] = null;
  // 'Victoria, British Columbia', 'Durango, Colorado', 'Ontario, California': a town named with another
  // country's region is that region's town.
  // A list ('Québec, Perú and México') is not: there the next place's own next place is of another country too.
  const countryOf = (hit: PlaceHit | undefined) => hit?.place.country ?? hit?.alternatives?.[0]?.country ?? null;
  const joined = (a: PlaceHit | undefined, b: PlaceHit | undefined, gap: RegExp) =>
    a !== undefined && b !== undefined && gap.test(a.after.slice(0, b.start - a.end));
  const LIST = /^\s*(?:,|and|or|&|,\s*and)\s*$/;
  for (let i = 0; i + 1 < kept.length; i++) {
    const hit = kept[i];
    const next = hits[i + 1];
    if (!hit || !next || hit.of === 'country' || hit.of === 'demonym') continue;
    if (!joined(hit, next, /^,\s*$/)) continue;
    const country = countryOf(hit);
    if (!country || !countryOf(next) || countryOf(next) === country) continue;
    const afterNext = hits[i + 2];
    if (joined(next, afterNext, LIST) && countryOf(afterNext) !== countryOf(next)) continue;
    if (joined(hits[i - 1], hit, LIST) && countryOf(hits[i - 1]) !== country) continue;
    kept[i] = null;
  }
  const certain = new Set<string>();
  for (const hit of kept) if (hit && !hit.alternatives && hit.place.country) certain.add(hit.place.country);
  const evident = (country: string | null) =>
    country !== null && (certain.has(country) || (COUNTRY_HINTS[country]?.test(context) ?? false));
  const places: ResolvedPlace[] = [];
  for (const hit of kept) {
    if (!hit) continue;
    if (!hit.alternatives) {
      places.push({ hit, place: hit.place });
      continue;
    }
    const inRelease = hit.alternatives.find((place) => place.country !== null && certain.has(place.country));
    places.push({ hit, place: inRelease ?? hit.alternatives.find((place) => evident(place.country)) ?? hit.place });
  }
  return places;
}

// ---------------------------------------------------------------------------------------------------
// Salience: which of the places a release names are where its project is.
// ---------------------------------------------------------------------------------------------------

const PROJECT_WORD =
  'projects?|developments?|property|properties|mines?|deposits?|prospects?|licen[cs]es?|tenements?|claims?|concessions?|permits?|discover(?:y|ies)|operations?|assets?|landholdings?|ground|salars?|salt flats?|camps?|drill(?:ing|ed)?|drill programs?|exploration|exploring|explores?|explored|mining|mined|acquisition|portfolio|porphyr(?:y|ies)|veins?|pegmatites?|brines?|plant|refinery|smelter';
// 'its Cerro Caliche gold project in Sonora State', 'drilling at Lake Johnston', 'located in the Salta Province of',
// 'mines in Jalisco': the place is the project's.
const ANCHOR_BEFORE = new RegExp(
  `(?:\\b(?:${PROJECT_WORD})\\b(?:[^.;!?\\n]{0,40}?\\b(?:in|at|near|within|across|throughout)|\\s*[-–—:])|\\b(?:located|situated|lies|lying|sits|sited|hosted|straddl(?:es|ing))\\b[^.;!?\\n]{0,25}?\\b(?:in|at|near|within|on)|\\bregions?\\s+of|\\bprovince\\s+of|\\bstate\\s+of|\\bdistrict\\s+of|\\bmunicipality\\s+of|\\bpart\\s+of|\\b(?:provincia|estado|regi[oó]n|regi[aã]o|departamento|munic[ií]pio|municipio)\\s+d[eo]|\\b(?:proyectos?|projetos?|yacimientos?|jazidas?|minas?|dep[oó]sitos?)\\b[^.;!?\\n]{0,40}?\\b(?:en|em|no|na))\\s+(?:the\\s+)?(?:[\\p{L}'’.-]+\\s+){0,3}?$`,
  'iu',
);
// A company describing itself lists where it works, as a survey lists a region: 'an exploration company with
// advanced projects in Namibia, Botswana and Zambia', 'a company with activities in British Columbia and Peru'.
const PORTFOLIO =
  /\b(?:company|explorer|developer|producer|miner|group|business)\s+(?:(?:with|that has|which has|having|holding)\b[^.;!?\n]{0,60}?\b(?:projects|assets|activities|operations|interests|properties|portfolio)\s+|(?:active|operating|present)\s+)(?:in|across|throughout)\s+(?:the\s+)?(?:[\p{L}'’.-]+\s+){0,2}?$/iu;
// 'uranium in Senegal', 'gold at Tarkwa': a commodity's word before the place.
const COMMODITY_IN = /([\p{L}-]+)\s+(?:in|at|near|from)\s+(?:the\s+)?(?:[\p{L}'’.-]+\s+){0,2}?$/u;
// 'the Nevada gold project', 'Peru's Toromocho project', 'Ontario's Red Lake district'.
const ANCHOR_AFTER = new RegExp(
  `^(?:['’]s?)?[\\s-]+(?:[\\p{L}'’-]+[\\s-]+){0,3}?(?:projects?|property|properties|mines?|deposits?|prospects?|licen[cs]es?|tenements?|claims|concessions?|discovery|district|camp|operations?|belt|greenstone|porphyry|salar|goldfields?)\\b(?![\\s-]+(?:sector|market|prices?|developers?|crisis|boom|slump|industry))`,
  'iu',
);

export interface ReleaseLayout {
  /** Where the headline ends and the lead paragraph ends, in the hits' offsets. */
  titleEnd: number;
  leadEnd: number;
  isCommodityWord: (word: string) => boolean;
}

interface Weighed {
  place: Place;
  weight: number;
  /** A project's place in the headline or lead paragraph: the news, however often the rest names another. */
  news: boolean;
}

// What joins the places of a list: 'in Jalisco, Colima, Michoacan and Guerrero'.
const LIST_GAP = /^\s*(?:,|and|or|&|,\s*and|,\s*or)\s*(?:the\s+)?$/;
// The share of the heaviest country's weight below which a country is only mentioned (tuned on the geography
// releases: recall holds up to 0.4 and falls from 0.5), and of the heaviest state's of its country for a state.
const COUNTRY_SHARE = 0.35;
const STATE_SHARE = 0.3;
// What a mention weighs besides itself: in the headline, in the lead paragraph, beside a project or commodity.
const WEIGHT = { headline: 3, lead: 1, anchored: 2 };

const total = (list: readonly Weighed[]) => list.reduce((sum, w) => sum + w.weight, 0);
/** The keys whose weight is at least the given share of the heaviest's. */
function heaviest(groups: Map<string, Weighed[]>, share: number): Set<string> {
  const top = Math.max(0, ...[...groups.values()].map(total));
  // Beside another place, one named only in passing (once, deep in the text, by no project) is context.
  const named = (list: readonly Weighed[]) => list.some((w) => w.weight >= 2);
  const passing = (list: readonly Weighed[]) => !named(list) && [...groups.values()].some(named);
  const kept = (list: readonly Weighed[]) => list.some((w) => w.news) || (total(list) >= share * top && !passing(list));
  return new Set([...groups].filter(([, list]) => kept(list)).map(([key]) => key));
}
function groupBy(weighed: readonly Weighed[], key: (place: Place) => string | null): Map<string, Weighed[]> {
  const groups = new Map<string, Weighed[]>();
  for (const w of weighed) {
    const at = key(w.place);
    if (!at) continue;
    const group = groups.get(at);
    if (group) group.push(w);
    else groups.set(at, [w]);
  }
  return groups;
}

/**
 * The places a release's project is in, as a geologist weighs them: a place in the headline weighs most, then one
 * a project, mine or commodity stands beside ('its gold project in Sonora State', 'uranium in Senegal'), one in
 * the lead paragraph, and every further mention. A place far lighter than the release's heaviest is context (a
 * market, a comparison, a company's other business) and does not tag it; so is a state lighter than its
 * country's heaviest.
 */
export function salientPlaces(resolved: readonly ResolvedPlace[], layout: ReleaseLayout): Place[] {
  // One country and at most one state of it leave nothing to weigh.
  const countriesNamed = new Set(resolved.map(({ place }) => place.country).filter((country) => country !== null));
  const statesNamed = new Set(resolved.map(({ place }) => place.state).filter((state) => state !== null));
  if (countriesNamed.size <= 1 && statesNamed.size <= 1) return resolved.map(({ place }) => place);
  const anchored = resolved.map(({ hit }) => {
    // End-anchored patterns are tried from every position of what they read: they read no more than they need.
    const commodity = COMMODITY_IN.exec(hit.before.slice(-50))?.[1];
    return (
      ANCHOR_BEFORE.test(hit.before.slice(-100)) ||
      ANCHOR_AFTER.test(hit.after) ||
      (commodity !== undefined && layout.isCommodityWord(commodity))
    );
  });
  // A list shares its anchor: 'stolen from mines in Jalisco, Colima, Michoacan and Guerrero'.
  const joined = (i: number) => {
    const [a, b] = [resolved[i]?.hit, resolved[i + 1]?.hit];
    return !!a && !!b && b.start - a.end <= a.after.length && LIST_GAP.test(a.after.slice(0, b.start - a.end));
  };
  for (let i = 0; i + 1 < resolved.length; i++) if (anchored[i] && joined(i)) anchored[i + 1] = true;
  for (let i = resolved.length - 2; i >= 0; i--) if (anchored[i + 1] && joined(i)) anchored[i] = true;
  // A list of three countries or more that no project anchors is a survey of a region, not the release's place:
  // 'investment is looking to West Africa, Tanzania and the Democratic Republic of the Congo'. So is the list of a
  // company's self-description, however many places it names.
  const inSurvey = new Array<boolean>(resolved.length).fill(false);
  for (let start = 0; start < resolved.length;) {
    let end = start;
    while (joined(end)) end++;
    const run = resolved.slice(start, end + 1);
    const countries = new Set(run.map(({ place }) => place.country).filter((country) => country !== null));
    const portfolio = PORTFOLIO.test(resolved[start]?.hit.before.slice(-120) ?? '');
    if (portfolio || (countries.size >= 3 && !anchored[start])) inSurvey.fill(true, start, end + 1);
    start = end + 1;
  }
  const weighed: Weighed[] = resolved.map(({ hit, place }, i) => {
    if (inSurvey[i]) return { place, weight: 1, news: false };
    const inTitle = hit.start < layout.titleEnd;
    const inLead = !inTitle && hit.start < layout.leadEnd;
    const weight =
      1 + (inTitle ? WEIGHT.headline : 0) + (inLead ? WEIGHT.lead : 0) + (anchored[i] ? WEIGHT.anchored : 0);
    return { place, weight, news: anchored[i] === true && (inTitle || inLead) };
  });
  const countries = heaviest(
    groupBy(weighed, (place) => place.country),
    COUNTRY_SHARE,
  );
  const states = new Set<string>();
  for (const country of countries) {
    const ofCountry = weighed.filter((w) => w.place.country === country);
    for (const state of heaviest(
      groupBy(ofCountry, (place) => place.state),
      STATE_SHARE,
    ))
      states.add(state);
  }
  return [
    ...[...countries].map((country) => ({ country, state: null })),
    ...[...states].map((state) => ({
      country: weighed.find((w) => w.place.state === state)?.place.country ?? null,
      state,
    })),
  ];
}
