import type { FinancingFact, FinancingType } from '@mining-hub/contract/facts';
import { financingInstruments, type FinancingInstrument } from '../../lib/financing.ts';
import { MONTH } from '../../lib/text.ts';
import type { Unit } from './fact-text.ts';
import { moneyIn, type MoneyMention } from './money.ts';

/**
 * Financings: a sentence naming an instrument (lib/financing.ts reads which) and an amount. The type is
 * the most specific instrument (flow-through, then bought deal, rights offering, placement); the status is
 * 'closed' once the sentence says the money is in; use of proceeds is the first 'proceeds will be used
 * to…' phrase of the sentence or the lines after it. One fact per amount.
 */

function typeOf(instrument: FinancingInstrument): FinancingType {
  switch (instrument.type) {
    case 'flow-through-financing':
      return 'flow-through';
    case 'bought-deal':
      return 'bought-deal';
    case 'rights-offering':
      return 'rights-offering';
    case 'debt-financing':
      return 'debt';
    case 'government-funding':
      return 'grant';
    case 'royalty-stream':
      // A metals purchase agreement buys future metal for money now: a stream.
      return /stream|purchase agreement/i.test(instrument.phrase) ? 'stream' : 'royalty';
    case 'private-placement':
      return /public|prospectus|\bLIFE\b|\bIPO\b/i.test(instrument.phrase) ? 'public-offering' : 'private-placement';
  }
}

const CLOSED =
  /\b(?:closed|has closed|have closed|closes|completed|(?:placements?|offerings?|financings?|raisings?) totall?ed|has completed|completes|has raised|have raised|raised|successfully raised|received|receives|issued|(?<!senior |un)secured(?![ ,]+(?:(?:convertible|senior|term|first[- ]lien)\s+)*(?:debt|loans?|facilit(?:y|ies)|notes?|credit|bonds?|debentures?))|drawn down|ha(?:s|ve) (?:advanced|disbursed)|oversubscribed and closed|fully subscribed|ha(?:s|ve) finali[sz]ed|ha(?:s|ve) purchased|obtained|(?:is|are) now effective|conditions precedent\b[^.]{0,80}\b(?:fulfilled|satisfied|met))\b/i;
const NOT_YET =
  /\b(?:conditionally|expected to (?:close|complete)|anticipated to (?:close|complete)|will close|to close on|closing (?:is|of the offering is) (?:expected|anticipated|scheduled)|is scheduled to close|on or about|on or before|subject to|intends to|proposes to|proposed|to raise|will raise|seeks to raise|up to|launch(?:es|ed)?|enter(?:s|ed)? into an? (?:agreement|engagement)|has agreed|have agreed|agreed to purchase|(?:firm|binding) commitments?|(?:will|is to|are to|to) be (?:completed|closed|settled|issued|drawn|raised)|(?:non-binding|indicative) term sheet)\b/i;
// Deals of the past or already told: 'closed in March', 'As announced on November 23, 2020, the Company closed',
// 'recently amended its revolving credit facility', 'has raised the flow-through component from C$5.45M to C$6M'.
const PAST_DEAL = new RegExp(
  String.raw`\b(?:completed|closed|raised) in (?:${MONTH}|20\d\d)\b|\b(?:last|previous) year\b|\bearlier this year\b|\bpreviously (?:completed|closed|raised|secured)\b|\bin (?:${MONTH}\s+)?(?:19|20)\d\d,? (?:the company|it|we)\b[^.]{0,40}\b(?:completed|closed|raised)\b|\bin ${MONTH},? (?:the company|it|we)\b[^.]{0,40}\b(?:completed|closed|raised|announced)\b|\b(?:completed|closed|raised) on ${MONTH} \d{1,2},? (?:19|20)\d\d\b|\bas (?:previously )?announced on\b|\brecently amended\b|\b(?:raised|increased|upsized)\s+(?:the\s+)?(?:[\w-]+\s+){0,4}from\s+\S+\s+to\b|\b(?:became|granted|purchased|bought)\b(?:[^.]|\.\d){0,80}\bin (?:${MONTH}\s+)?(?:19|20)\d\d\b`,
  'i',
);
const AMOUNT_CUE =
  /(?:gross proceeds|aggregate proceeds|total proceeds|proceeds|raise|raising|raised|financing|placement|offering|deal|investment|facility|loan|stream|royalty|grant|totall?ing|of up to|for)\W*(?:\w+\W+){0,4}$/i;
const PER_SHARE =
  /^\s*(?:per|each|a)\s+(?:\w+[- ]){0,3}?(?:share|unit|warrant|FT share|flow-through share|common share|security)/i;
// A share price, or what the company is worth ('a market capitalisation of $71.55 million'): not money raised.
const PRICE_BEFORE =
  /(?:price of|priced at|at a price of|exercise price of|at|issue price of|market (?:capitali[sz]ation|cap|value) of|valued at|commission of|fees? of)\s*$/i;

const USE_OF_PROCEEDS =
  /\b(?:(?:net |gross )?proceeds\b[^.]{0,80}?\b(?:will|are|is|shall|would|to)\s+(?:be\s+)?(?:primarily\s+|mainly\s+|principally\s+)?(?:used|applied|allocated|directed|earmarked|spent|utili[sz]ed|intended)\s+(?:to be used\s+)?(?:to|for|towards|on)|(?:proceeds\b[^.]{0,60}?)?\bearmarked (?:to|for)|\bproceeds\b[^.]{0,40}?\bto (?:fund|finance|advance|support)|\bto (?:fund|finance)\b|\bwill fund\b|\bwhich (?:will )?(?:supports?|funds?)\b|\bto (?:support|advance|accelerate|fast[- ]track|speed up|expand|push (?:ahead|on|forward) with|press on with|kick[- ]?start)\b|\bproceeds\b[^.]{0,40}?\bwill\s+(?:(?:also|primarily|mainly)\s+)?(?:fund|finance|support|advance|accelerate|speed up|fast[- ]track|go (?:to|towards))\b|\bfunds? will (?:be used to|support|allow)|\bto incur\b|\b(?:put|use|apply|direct|spend|invest)\s+(?:the\s+|its\s+|this\s+)?(?:money|funds|cash|capital)\s+(?:toward|towards|to|on|for)|\buse (?:the |its |all )?(?:net |gross )?proceeds\b[^.]{0,60}?\b(?:for|to|on|towards))\s+([^.]{8,220})/i;
const DRILLING_USE =
  /\bdrill|\bexploration\b|\bCanadian exploration expenses?\b|\bCEE\b|flow[- ]through mining expenditures?|resource (?:expansion|definition|upgrade|drilling)|\bassays?\b|\bgeophysic|\bfield (?:work|programs?|programmes?|season)\b/i;

// 'R250 million (about A$22 million)': the amount in brackets after another is that amount converted.
const CONVERTED = /^\s*\(\s*(?:about|approximately|approx\.?|around|roughly|c\.|circa|~|equivalent to|or)?\s*$/i;

function pickAmount(text: string, mentions: MoneyMention[], instrumentAt: number): MoneyMention | null {
  const candidates = mentions.filter((mention, i) => {
    const before = mentions[i - 1];
    if (before && CONVERTED.test(text.slice(before.end, mention.start))) return false;
    if (PER_SHARE.test(text.slice(mention.end, mention.end + 40))) return false;
    if (PRICE_BEFORE.test(text.slice(Math.max(0, mention.start - 25), mention.start))) return false;
    return mention.amount >= 10_000;
  });
  if (candidates.length === 0) return null;
  const cued = candidates.filter((mention) =>
    AMOUNT_CUE.test(text.slice(Math.max(0, mention.start - 60), mention.start)),
  );
  // '$15 million bought deal', 'a C$4M flow-through placement': the amount right before the instrument.
  const adjacent = candidates.find((mention) => instrumentAt >= mention.end && instrumentAt - mention.end < 40);
  const pool = cued.length > 0 ? cued : candidates;
  return adjacent ?? pool.reduce((best, mention) => (mention.amount > best.amount ? mention : best));
}

// 'has closed a C$3 million financing', 'completed a capital raise': a deal named by no instrument word.
// 'Since September the Company has raised $5,265,313': money raised over time, no one deal.
const RAISED_SO_FAR =
  /\braised\b[^.]{0,80}\b(?:since|to date|so far)\b|\b(?:since|to date|so far)\b[^.]{0,80}\braised\b/i;
// 'BMG Resources successfully raised $2.5 million this week to fund …': money raised names its deal too.
const GENERIC_DEAL =
  /\b(?:closed|closes|completed|completes|announces?|secured|secures)\s+(?:a|an|its)\s+(?:[\w$.,-]+\s+){0,4}?(?:financing|capital raise|raise)\b|\b(?:has |have )?(?:successfully |just )?raised\s+(?:about |approximately |around |nearly |almost |over |more than )?(?:[A-Z]{0,3}\$|£|€)\s?\d[\d.,]*/i;
// A deal told before, now broken down: 'The company sold 4.65 million flow-through shares at C$0.43 for
// C$2 million and …', 'The placement has two parts: …', 'Tranche two comprises … flow-through shares', 'The
// underwriters may add … for a further C$2 million'.
const COMPONENT =
  /\b(?:sold|issued|comprised|comprises|comprising|consist(?:s|ed|ing)? of|consisting of|(?:has|have|in) (?:two|three|four|\d) (?:parts|components)|the offering (?:comprised|consisted)|(?:tranche|offering) (?:one|two|\d) (?:comprises|consists)|over-?allotment|may add|option to (?:purchase|increase|sell)|an option for|a further|right to increase)\b/i;
const SHARE_PRICE = /\bat\s+(?:[A-Z]{0,3}\$|\$)\s?\d*\.\d+\b|\bat\s+\d+(?:\.\d+)?\s?(?:cents|c)\b/i;
// 'Tranche 1, raising approximately $1.3 million, …', 'the second tranche of $4.3 million'.
const TRANCHE = /\btranche\s+(?:\d|one|two|three|[IV]{1,3}\b)|\b(?:first|second|third|final)\s+tranche\b/i;
const FLOW_THROUGH_SHARES = /\b(?:qualif(?:y|ies|ied)|are|were|will be) as ["“']?flow[- ]through/i;
// '… raised approximately $5.3 million in total gross proceeds over the two tranches': the deal's whole size.
const ALL_TRANCHES = /\b(?:both|all|the (?:two|three|four|\d))\s+tranches\b/i;
const LEG =
  /\b(?:retail|institutional|wholesale)\s+(?:component|entitlement offer|offer|placement|tranche)\b|\bshortfall\b|\btop-up facility\b/i;
// The deals told so far, added up: 'bringing total gross proceeds received to C$174 million including the private
// placements'.
const RUNNING_TOTAL =
  /\bbringing (?:the )?(?:total|aggregate)\b|\b(?:total|aggregate) (?:gross )?proceeds (?:received )?to date\b/i;
// The raising a release looks back on: 'part of the proceeds of the recent capital raising'.
const EARLIER_DEAL =
  /\b(?:recent|recently completed|previous|prior|earlier|last)\s+(?:\w+\s+){0,2}(?:capital raising|raising|raise|placement|financing|offering)\b/i;

// A deal called off: 'The company will also abandon the convertible loan financing of up to C$2 million'.
const CALLED_OFF =
  /\b(?:abandon(?:s|ed|ing)?|terminat(?:e|es|ed|ing)|cancel(?:s|led|ed|ling)?|withdr(?:aw|aws|ew|awn))\b[^.]{0,60}\b(?:financing|placement|offering|loan|facility|raising)\b/i;
// A trading halt's raising, not yet told: 'The halt is needed until the Company can announce a proposed capital
// raising', 'pending an announcement in relation to a capital raising'.
const TO_BE_ANNOUNCED =
  /\b(?:pending|until|ahead of)\b[^.]{0,60}\bannounce(?:ment)?\b[^.]{0,40}\b(?:capital raising|raising|placement|financing)\b/i;

/**
 * 'Aggregate gross proceeds of $6,540,703, including … the over-allotment option', told after the deal: the
 * deal's final size (up to a fifth more than first told).
 */
function growToTotal(deal: FinancingFact, text: string, fallback: 'USD' | 'CAD' | 'AUD' | null): void {
  if (deal.amount === null || !/\b(?:aggregate|total) (?:gross )?proceeds of\b/i.test(text)) return;
  const total = pickAmount(text, moneyIn(text, fallback), -1);
  if (total && total.amount > deal.amount && total.amount <= deal.amount * 1.2) deal.amount = total.amount;
}

/** Financings in the text's prose units. */
export function financingsOf(
  units: readonly Unit[],
  original: string,
  fallback: 'USD' | 'CAD' | 'AUD' | null,
  title = '',
): FinancingFact[] {
  const facts: FinancingFact[] = [];
  // Tranches told without naming the deal again: parts if they add up to a deal, else not deals of their own.
  const tranches = new Set<FinancingFact>();
  units.forEach((unit, index) => {
    if (unit.cells) return;
    const text = unit.text;
    const instruments = financingInstruments(text);
    const deal = facts[facts.length - 1];
    const tranche = !instruments[0] && deal !== undefined && TRANCHE.test(text);
    const instrument: FinancingInstrument | undefined =
      instruments[0] ??
      (GENERIC_DEAL.test(text)
        ? { kind: 'equity', type: 'private-placement', phrase: GENERIC_DEAL.exec(text)?.[0] ?? '' }
        : undefined) ??
      (tranche ? { kind: 'equity', type: 'private-placement', phrase: TRANCHE.exec(text)?.[0] ?? '' } : undefined);
    if (!instrument && deal) growToTotal(deal, text, fallback);
    if (
      !instrument ||
      PAST_DEAL.test(text) ||
      RAISED_SO_FAR.test(text) ||
      CALLED_OFF.test(text) ||
      (deal && RUNNING_TOTAL.test(text))
    )
      return;
    // A share purchase plan offered beside a placement tops the deal up, and directors subscribing 'under the
    // Placement' take part of it: neither is a deal of its own.
    // 'Litchfield has raised $1.5 million through an oversubscribed placement and share purchase plan' tells the deal
    // itself again, at its size.
    if (deal && /\bunder the (?:placement|offering|raising)\b/i.test(text)) return;
    if (deal && /\bSPP\b|\bshare purchase plan\b/i.test(text)) {
      const size = pickAmount(text, moneyIn(text, fallback), -1);
      const toldAgain =
        /\bplacement\b/i.test(text) && size && deal.amount !== null && sameAmount(size.amount, deal.amount);
      if (!toldAgain) return;
    }
    // The parts of the deal just told are that deal: its type follows the most specific part.
    if (
      deal &&
      COMPONENT.test(text) &&
      (SHARE_PRICE.test(text) || /\b(?:option|over-?allotment|may add|a further|right to increase)\b/i.test(text))
    ) {
      if (typeOf(instrument) === 'flow-through' && deal.type !== 'flow-through' && deal.type !== 'debt') {
        deal.type = 'flow-through';
        deal.funds_drilling = true;
      }
      growToTotal(deal, text, fallback);
      return;
    }
    const instrumentAt = text.toLowerCase().indexOf(instrument.phrase.toLowerCase());
    let amount = pickAmount(text, moneyIn(text, fallback), instrumentAt);
    let quoteStart = unit.start;
    // 'It has raised C$1.75 million … The funds came from a placement of flow-through shares at C$0.17 each.'
    const previous = units[index - 1];
    if (
      !amount &&
      previous &&
      previous.line >= unit.line - 2 &&
      /\b(?:raised?|raising|proceeds|fund)\b/i.test(previous.text)
    ) {
      const borrowed = pickAmount(previous.text, moneyIn(previous.text, fallback), -1);
      if (borrowed) {
        amount = borrowed;
        quoteStart = previous.start;
      }
    }
    // 'The common shares sold in the offering qualify as flow-through shares': the deal just told is flow-through.
    if (deal && !amount && typeOf(instrument) === 'flow-through' && FLOW_THROUGH_SHARES.test(text)) {
      if (deal.type !== 'debt') deal.type = 'flow-through';
      deal.funds_drilling ||= deal.type === 'flow-through';
      return;
    }
    // Components of a deal already told ('… for gross proceeds of $2.5 million, and … $12.5 million').
    if (facts.length > 0 && (text.match(/\bgross proceeds of\b/gi) ?? []).length >= 2) return;
    // A financing named without an amount counts only in a sentence that raises or closes one.
    if (!amount && !/\b(?:closed|closes|completed|announces?|entered into|arranged)\b/i.test(text)) return;
    if (!amount && (EARLIER_DEAL.test(text) || TO_BE_ANNOUNCED.test(text))) return;
    const told = original.slice(quoteStart, unit.end);
    // 'has completed a placement to raise A$1.5m': the purpose after a closing verb is not a plan.
    // '… Equity Raising, launched on 11 March 2018 with Euroz as Sole Lead Manager, has closed': launched then, closed now.
    const pending = told
      .replace(/\bup to\b/gi, '')
      .replace(/\blaunched (?:on|in) [^,;.]{3,30}/gi, '')
      .replace(/\b((?:completed|closed)\b[^.]{0,40}?)\bto raise\b/gi, '$1');
    const status = CLOSED.test(told) && !NOT_YET.test(pending) ? 'closed' : 'announced';
    let use: string | null = null;
    for (const next of [unit, ...units.slice(index + 1, index + 8)]) {
      const match = USE_OF_PROCEEDS.exec(next.text);
      if (match?.[1]) {
        use = match[1].trim();
        break;
      }
    }
    const type = tranche && deal ? deal.type : typeOf(instrument);
    if (tranche && !amount) return;
    if (tranche && deal && amount && ALL_TRANCHES.test(text)) {
      if (deal.amount === null || deal.amount < amount.amount) {
        deal.amount = amount.amount;
        deal.currency = amount.currency;
      }
      if (status === 'closed') deal.status = 'closed';
      deal.use_of_proceeds ??= use;
      return;
    }
    facts.push({
      amount: amount?.amount ?? null,
      currency: amount?.currency ?? null,
      type,
      status,
      use_of_proceeds: use,
      funds_drilling: type === 'flow-through' || (use !== null && DRILLING_USE.test(use)),
      quote: told,
      start: quoteStart,
      end: unit.end,
    });
    if (tranche) tranches.add(facts[facts.length - 1] as FinancingFact);
  });
  const kept: FinancingFact[] = [];
  for (const fact of facts) {
    const same = kept.find(
      (other) =>
        (fact.amount !== null && other.amount !== null && sameAmount(fact.amount, other.amount)) ||
        (fact.amount === null && other.type === fact.type),
    );
    if (same) {
      // 'raised $6.5 million' and 'gross proceeds of $6,540,703': the exact figure is the deal's.
      if (fact.amount !== null && same.amount !== null && precision(fact.amount) < precision(same.amount))
        same.amount = fact.amount;
      // The same deal told twice: it is closed if either telling says so, flow-through if either does.
      if (fact.status === 'closed') same.status = 'closed';
      if (sameKind(fact.type, same.type) && moreSpecific(fact.type, same.type)) same.type = fact.type;
      if (!same.use_of_proceeds && fact.use_of_proceeds) same.use_of_proceeds = fact.use_of_proceeds;
      same.funds_drilling ||= fact.funds_drilling;
      continue;
    }
    kept.push(fact);
  }
  // An amount-less mention beside a stated deal of any type is that deal again.
  const deals = kept.filter((fact) => fact.amount !== null || !kept.some((other) => other.amount !== null));
  const found = withoutParts(deals).filter((deal) => !tranches.has(deal));
  // 'Ero Gold Enters US$100 Million Gold Stream …' over a body that names the agreement without its size: the
  // headline's amount is the deal's, when the headline names a deal of the same type.
  const deal = found.length === 1 ? found[0] : undefined;
  const headlined = deal?.amount === null ? financingInstruments(title)[0] : undefined;
  if (deal && headlined) {
    const amount = pickAmount(
      title,
      moneyIn(title, fallback),
      title.toLowerCase().indexOf(headlined.phrase.toLowerCase()),
    );
    if (amount && typeOf(headlined) === deal.type) {
      deal.amount = amount.amount;
      deal.currency = amount.currency;
    }
  }
  // 'Mkango Resources agrees new funding for Songwe pre-feasibility work', 'Lodestar Raises $520,000 … to Fund
  // Chile Drilling': a headline about money says what its one deal pays for when the body does not.
  const purpose = HEADLINE_PURPOSE.exec(title)?.[1]?.trim();
  if (deal && deal.use_of_proceeds === null && purpose && HEADLINE_MONEY.test(title)) {
    deal.use_of_proceeds = purpose;
    deal.funds_drilling ||= DRILLING_USE.test(purpose);
  }
  return found;
}

// Not 'for Gross Proceeds of $4.55 Million': the size, not the purpose.
const HEADLINE_PURPOSE =
  /\b(?:for(?!\s+(?:gross|aggregate|total|net)\s+proceeds\b)|to fund|to finance|to advance|towards)\s+([^,;:]{4,80})/i;
const HEADLINE_MONEY = /\b(?:rais\w*|fund(?:ing|s)?|financ\w+|placement|offering|capital)\b|[$£€]/i;

/** The place of an amount's last significant digit: 6,500,000 → 100,000; 6,540,703 → 1. */
function precision(amount: number): number {
  let step = 1;
  while (step < amount && Math.round(amount / (step * 10)) * step * 10 === amount) step *= 10;
  return step;
}

/**
 * Two tellings of one amount: within 0.5 %, or one a rounding of the other to two or more significant figures
 * ('$6.5 million' of $6,540,703).
 */
function sameAmount(a: number, b: number): boolean {
  if (Math.abs(a - b) <= Math.max(a, b) * 0.005) return true;
  const [rounded, exact] = precision(a) >= precision(b) ? [a, b] : [b, a];
  const step = precision(rounded);
  return rounded / step >= 10 && Math.abs(rounded - exact) <= step / 2;
}

const SHARES: FinancingType[] = [
  'private-placement',
  'flow-through',
  'bought-deal',
  'rights-offering',
  'public-offering',
];
/** A tranche of a royalty sale is no part of a share placement told before it. */
const sameKind = (a: FinancingType, b: FinancingType) => a === b || (SHARES.includes(a) && SHARES.includes(b));

// The order in which a deal's parts name its type: a placement with a flow-through part is a flow-through deal.
const TYPE_PRECEDENCE: FinancingType[] = ['flow-through', 'bought-deal', 'rights-offering'];
/** A deal's type named more precisely ('flow-through' over 'private-placement'), by TYPE_PRECEDENCE. */
const moreSpecific = (type: FinancingType, than: FinancingType) =>
  TYPE_PRECEDENCE.includes(type) &&
  (!TYPE_PRECEDENCE.includes(than) || TYPE_PRECEDENCE.indexOf(type) < TYPE_PRECEDENCE.indexOf(than));

/**
 * Parts told beside their deal: tranches or unit kinds whose amounts add up to the deal's ('up to $1,300,000'
 * as '$900,000' of flow-through units and '$400,000' of common units; 'Tranche 1 … $1.3 million, Tranche 2 …
 * $4.3 million' of a '$5.6 million placement'). They are that deal: its type follows the most specific part.
 */
function withoutParts(deals: FinancingFact[]): FinancingFact[] {
  const parts = new Set<FinancingFact>();
  // 'Tranche 2 consisted of 4,000,002 shares …, raising $600,000' after the '$7 million capital raising': a
  // tranche smaller than a deal told before it is that deal's, and so is a leg of an offer ('the Retail
  // Entitlement Offer … raising approximately $28.4 million', the shortfall the underwriter took up).
  deals.forEach((deal, index) => {
    if (deal.amount === null || !(TRANCHE.test(deal.quote) || LEG.test(deal.quote))) return;
    const amount = deal.amount;
    const whole = deals
      .slice(0, index)
      .find((other) => other.amount !== null && other.amount > amount && sameKind(other.type, deal.type));
    if (!whole) return;
    parts.add(deal);
    whole.funds_drilling ||= deal.funds_drilling;
  });
  deals.forEach((deal, index) => {
    const total = deal.amount;
    if (total === null || parts.has(deal)) return;
    for (const around of [deals.slice(index + 1), deals.slice(0, index).reverse()]) {
      const run: FinancingFact[] = [];
      let sum = 0;
      for (const part of around) {
        if (part.amount === null || parts.has(part) || part.amount >= total) break;
        run.push(part);
        sum += part.amount;
        if (sum > total * 1.01) break;
        if (run.length < 2 || Math.abs(sum - total) > total * 0.01) continue;
        for (const found of run) parts.add(found);
        const specific = TYPE_PRECEDENCE.find((type) => run.some((found) => found.type === type));
        if (specific && deal.type !== 'debt' && moreSpecific(specific, deal.type)) deal.type = specific;
        deal.funds_drilling ||= deal.type === 'flow-through' || run.some((found) => found.funds_drilling);
        deal.use_of_proceeds ??= run.find((found) => found.use_of_proceeds)?.use_of_proceeds ?? null;
        return;
      }
    }
  });
  return deals.filter((deal) => !parts.has(deal));
}
