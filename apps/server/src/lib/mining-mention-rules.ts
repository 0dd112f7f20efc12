/**
 * When a word that names a commodity means the commodity (for mining-mentions.ts): 'lead' only as a metal,
 * 'diamond' never as a drilling method, alteration and gangue minerals not as products, and no word that is
 * part of a proper name ('Silver Lake', 'Iron Bridge', 'Ruby Hill').
 */

export interface WordContext {
  /** The word as written. */
  word: string;
  /** Up to 60 characters before and after it. */
  before: string;
  after: string;
  /** The whole text, company names blanked. */
  text: string;
  /** The word's line is a headline, where capitals say nothing about names. */
  titleCase: boolean;
}

const METALS = 'zinc|silver|copper|gold|nickel|tin|cobalt|antimony';
// 'zinc-lead', 'silver, lead and zinc', '2.1% lead', 'tonnes of lead'.
const LEAD_BEFORE = new RegExp(
  `\\b(?:${METALS})(?:\\s*[-–/+]\\s*|,?\\s+(?:and|or|&)\\s+|,\\s*)$|\\d\\s*%\\s*$|\\b(?:tonnes|t|kt|lbs?|pounds)\\s+of\\s+$`,
  'i',
);
// 'lead-zinc', 'lead and zinc', 'lead concentrate', 'lead production', 'lead grades'.
const LEAD_AFTER = new RegExp(
  `^(?:\\s*[-–/+]\\s*|\\s*,?\\s+(?:and|or|&)\\s+|,\\s*)(?:${METALS})\\b|^[\\s-]+(?:concentrates?|production|produced|grades?|metal|smelt\\w*|prices?|mines?|ore|recover(?:y|ies|ed)|equivalent|output|deposits?|minerali[sz]ation|sulphides?|sulfides?|credits?|by-products?|reserves?|sales)\\b`,
  'i',
);

// Diamond drilling, core, holes, tails, rigs and saws are how gold is found, not diamonds.
const DRILLING_METHOD =
  /^[\s-]*(?:drill\w*|core|coring|holes?|tails?|rigs?|saw\w*|bits?|program\w*|pre-?collars?|contract\w*)\b/i;
const DIAMOND_TRADE =
  /^[\s-]+(?:mines?|mining|projects?|production|recover\w*|deposits?|sales?|prices?|markets?|exploration|fields?|licen[cs]es?|concessions?|pipes?|resources?|grades?|valuations?|tenders?|auctions?|industry|operations?|plant)\b/i;
const DIAMOND_BEFORE =
  /(?:rough|gem(?:-quality)?|polished|alluvial|industrial|natural|\d-carat|type\s+ii?a|colou?red)\s+$/i;
const DIAMOND_CONTEXT = /\b(?:carats?|kimberlites?|lamproites?|micro-?diamonds|cpht|diamondiferous)\b/i;

// Minerals a geologist reads as alteration, gangue or host rock unless the release sells them.
const ROCK_MINERALS = new Set([
  'magnetite',
  'hematite',
  'haematite',
  'silica',
  'garnet',
  'fluorite',
  'barite',
  'baryte',
  'barytes',
  'talc',
  'mica',
  'halite',
  'zircon',
  'beryl',
]);
const ROCK_AFTER =
  /^(?:-(?!sands?\b|ores?\b|concentrates?\b|iron\b)\p{L}|\s+(?:alteration|altered|flood(?:ing|ed)|caps?|veins?|veinlets?|stringers?|breccias?|skarns?|schists?|gneiss|dating|ages?|geochronology|destruction|gangue|halos?|selvages?|bands?|banding|matrix|inclusions?)\b)/iu;

const LIME_TRADE =
  /^\s+(?:projects?|deposits?|quarr\w*|kilns?|plants?|production|markets?|producers?|sales|resources?|reserves?|operations?)\b/i;

// 'Low sulphur coking coal' is a quality of coal.
function sulphurAsProduct({ before, after }: WordContext): boolean {
  return (
    !/(?:low|high|total|elevated)[\s-]+$/i.test(before) &&
    !/^[\s-]+(?:content|dioxide|emissions?|levels?|grades?)\b/i.test(after)
  );
}

const RULES: Record<string, (ctx: WordContext) => boolean> = {
  lead: ({ before, after }) => LEAD_BEFORE.test(before) || LEAD_AFTER.test(after),
  diamond: ({ before, after, text }) =>
    !DRILLING_METHOD.test(after) &&
    (DIAMOND_TRADE.test(after) || DIAMOND_BEFORE.test(before) || DIAMOND_CONTEXT.test(text)),
  diamonds: ({ after }) => !DRILLING_METHOD.test(after),
  iron: ({ before, after }) =>
    !/banded\s+$/i.test(before) &&
    !/^(?:[\s-]+(?:formations?|oxides?|stain\w*|rich|sulphides?|sulfides?|carbonates?|bearing|silicates?|content|minerals?)\b)/i.test(
      after,
    ),
  salt: ({ after }) => !/^\s+(?:lakes?|flats?|pans?|water|marsh(?:es)?|domes?)\b/i.test(after),
  // A reagent ('lime and cyanide consumption') and a host rock ('hosted in limestone') unless the release sells it.
  lime: ({ before, after }) => LIME_TRADE.test(after) || /(?:quick|hydrated|burnt)\s*$/i.test(before),
  limestone: ({ after }) => LIME_TRADE.test(after),
  sulphur: sulphurAsProduct,
  sulfur: sulphurAsProduct,
  lithium: ({ after }) => !/^[\s-]+ion\b/i.test(after),
};

/** Whether a commodity word means the commodity where it stands. */
export function keepsCommodity(ctx: WordContext): boolean {
  const word = ctx.word.toLowerCase();
  const rule = RULES[word];
  if (rule) return rule(ctx);
  if (ROCK_MINERALS.has(word)) {
    if (ROCK_AFTER.test(ctx.after) || /\p{L}-$/u.test(ctx.before)) return false;
    if (word === 'zircon' && /U-Pb\s+$/.test(ctx.before)) return false;
  }
  return true;
}

// What a capitalised commodity word may be followed by and still name the commodity: 'Mt Ida Gold Project',
// 'Thompson Nickel Belt', 'Lithium Valley'.
const GENERIC =
  /^(?:projects?|property|properties|mines?|mining|deposits?|prospects?|zones?|belt|district|trend|camp|complex|operations?|discovery|lodes?|veins?|reef|corridor|targets?|equivalent|resource|field|province|sulphides?|sulfides?|oxides?|concentrates?|production|ore|sands|prices?|market|royalty|stream|sector|industry|system|porphyry|skarn|pegmatites?|plant|refinery|hub|basin|valley|triangle|region|division|business|assets|portfolio|exploration|strategy|output|grades?|intercepts?|assays?)$/i;
const SENTENCE_WORD = /^(?:The|A|An|This|That|Its|Our|Their|In|At|On|Of|And|With|For|From|To|By|As)$/;

/**
 * Whether a capitalised commodity word is part of a proper name in running text: next to another capitalised
 * word that neither names a commodity nor says what kind of asset it is ('Silver Lake', 'Iron Bridge',
 * 'Barrick Gold said'). Headlines capitalise every word, so there only the company-name reader decides.
 */
export function isInName(ctx: WordContext, isCommodityWord: (word: string) => boolean): boolean {
  if (ctx.titleCase || !/^\p{Lu}/u.test(ctx.word)) return false;
  const next = /^[ \t]+(\p{L}[\p{L}'’-]*)/u.exec(ctx.after)?.[1];
  if (next && GENERIC.test(next)) return false;
  if (next && /^\p{Lu}/u.test(next)) return !isCommodityWord(next);
  const previous = /(\p{Lu}[\p{L}'’-]*)[ \t]+$/u.exec(ctx.before)?.[1];
  return previous !== undefined && !SENTENCE_WORD.test(previous) && !isCommodityWord(previous);
}
