import { financingInstruments, type FinancingKind } from '../../lib/financing.ts';
import { clip } from '../../lib/text.ts';
import { isQuote } from './rules-document.ts';
import { type SalesSignal, type SignalKind } from './rules-facts.ts';

/** Buying signals in a release besides drilling (financings, studies, permits…), for the rules analyser. */

const MONEY =
  /(?:(?:C|A|US|NZ|HK|S|CA|AU)\$|\$|£|€|\bR(?=\d)|\b(?:USD|CAD|AUD|GBP|ZAR|EUR)\s?)\s?\d[\d,.]*\d(?:\s?(?:million|billion|m|bn)\b)?|(?:(?:C|A|US)\$|\$|£|€|\bR(?=\d))\d(?:\s?(?:million|billion|m|bn)\b)?/i;

const MONEY_ALL = new RegExp(MONEY.source, 'gi');
const SCALED = /\d\s?(?:million|billion|m|bn)\b/i;

/** The sum a sentence raises: a figure in millions or billions before a bare one (a price per share). */
function moneyOf(sentence: string): string | undefined {
  const all = [...sentence.matchAll(MONEY_ALL)].map((match) => match[0].trim());
  return all.find((money) => SCALED.test(money)) ?? all[0];
}

interface SignalRule {
  kind: SignalKind;
  label: string;
  pattern: { test(sentence: string): boolean };
  needsMoney?: boolean;
}

// Royalties, debt and equity go by the instrument raised (lib/financing.ts): a placement that repays a
// loan is an equity financing, convertible notes are debt.
const FINANCING_KINDS: Partial<Record<SignalKind, FinancingKind>> = {
  royalty: 'royalty-stream',
  debt: 'debt',
  financing: 'equity',
};
const instrumentOf = (kind: SignalKind, sentence: string) =>
  financingInstruments(sentence).find((instrument) => instrument.kind === FINANCING_KINDS[kind]);
const raises = (kind: SignalKind) => ({ test: (sentence: string) => instrumentOf(kind, sentence) !== undefined });
// Money raised without naming the instrument ('closed a $10 million financing') counts as equity.
const UNNAMED_RAISE = /\b(?:financing|offering|raise[sd]?|gross proceeds|subscri(?:be|ption))\b/i;

const SIGNAL_RULES: SignalRule[] = [
  { kind: 'royalty', label: 'Royalty or stream', pattern: raises('royalty'), needsMoney: true },
  { kind: 'debt', label: 'Debt financing', pattern: raises('debt'), needsMoney: true },
  {
    kind: 'financing',
    label: 'Financing',
    pattern: {
      test: (sentence) =>
        instrumentOf('financing', sentence) !== undefined ||
        (UNNAMED_RAISE.test(sentence) && financingInstruments(sentence).length === 0),
    },
    needsMoney: true,
  },
  {
    kind: 'grant',
    label: 'Government funding',
    pattern: /\b(?:grant|co-fund(?:ed|ing)?|awarded\s+\S+\s+under)\b/i,
    needsMoney: true,
  },
  {
    kind: 'takeover',
    label: 'Takeover bid',
    pattern:
      /\b(?:takeover|proposal to acquire|offer for|tender offer|acquire all of the (?:issued )?(?:and outstanding )?shares)\b/i,
  },
  {
    kind: 'merger',
    label: 'Merger',
    pattern: /\b(?:merger|merge|to combine|business combination|arrangement agreement)\b/i,
  },
  { kind: 'option', label: 'Option agreement', pattern: /\boption (?:agreement|to (?:earn|acquire))\b/i },
  { kind: 'joint-venture', label: 'Joint venture', pattern: /\bjoint venture\b/i },
  { kind: 'earn-in', label: 'Earn-in', pattern: /\bearn-in\b|\bearn up to\b|\bcan earn\b/i },
  { kind: 'acquisition', label: 'Acquisition', pattern: /\b(?:acquire|acquisition|acquiring|purchase agreement)\b/i },
  {
    kind: 'divestiture',
    label: 'Divestiture',
    pattern: /\b(?:divest(?:s|ment|iture)?|agreed to sell|sale of its|sells non-core)\b/i,
  },
  {
    kind: 'resource',
    label: 'Resource estimate',
    pattern:
      /\b(?:(?:mineral )?resource estimate|maiden (?:mineral )?resource|(?:ore|mineral) reserve|resource update|updated (?:mineral )?resource|mineral resource (?:of|totals|totalling|at|grows)|(?:indicated|inferred|measured)(?: and (?:indicated|inferred))? (?:mineral )?resources? (?:of|totals?|increased?|grows?|by))\b/i,
  },
  {
    kind: 'study',
    label: 'Economic study',
    pattern:
      /\b(?:preliminary economic assessment|scoping study|pre-feasibility study|definitive feasibility study|feasibility study|PEA|PFS|DFS|BFS)\b/,
  },
  {
    kind: 'permit',
    label: 'Permit',
    pattern:
      /\b(?:permits?|licen[cs]e|approval|authori[sz]ation)\b[^.]{0,80}\b(?:granted|received|secured|approved|issued|in place|in hand|obtained)\b|\b(?:receives?|received|secures?|secured|granted|obtains?)\b[^.]{0,60}\b(?:permits?|licen[cs]e|approval)\b/i,
  },
  {
    kind: 'construction',
    label: 'Construction',
    pattern:
      /\bconstruction (?:update|decision|is|of|has|remains|advances)|\bfirst (?:\w+ )?production\b|\bcommissioning\b/i,
  },
  {
    kind: 'contract',
    label: 'Drilling contract',
    pattern:
      /\b(?:rigs?|drilling services?)\b[^.]{0,40}\b(?:contracted|secured|awarded|mobili[sz]ed)\b|\bcontracted from\b|\bdrilling contractor\b|\btender\b/i,
  },
  {
    kind: 'targets',
    label: 'New drill targets',
    pattern: /\b\d+\s+(?:new\s+)?(?:drill\s+)?targets?\b|\btargets? (?:identified|defined|ranked)\b/i,
  },
  {
    kind: 'results',
    label: 'Drill results',
    pattern: /\b\d+(?:\.\d+)?\s?m\s+(?:grading|at|of)\s+[\d.,]+\s?(?:g\/t|%|ppm|oz\/t)/i,
  },
  {
    kind: 'production',
    label: 'Production',
    pattern: /\b(?:produced|operating results|quarterly production|production results)\b/i,
  },
  { kind: 'management', label: 'Management change', pattern: /\bappoint(?:ment|ed|s)\b/i },
];

// The money is in: 'closed a $10 million placement', 'completion of its placement', 'has raised'; not 'closing
// is expected' or 'to be raised'.
const CLOSED =
  /\b(?:closed|closes|completed|completes|completion of|closing of|oversubscribed|(?<!(?:to be|will be|be) )raised|raises)\b/i;

/** Buying signals of a release; `sentences` start with its title. */
export function signalsOf(sentences: readonly string[]): SalesSignal[] {
  const title = sentences[0] ?? '';
  const signals: SalesSignal[] = [];
  const seen = new Set<SignalKind>();
  for (const rule of SIGNAL_RULES) {
    if (seen.has(rule.kind)) continue;
    for (const sentence of sentences) {
      if (!rule.pattern.test(sentence) || isQuote(sentence)) continue;
      const money = moneyOf(sentence);
      if (rule.needsMoney && !money) continue;
      // One deal is one signal: a royalty sale is not also 'financing', a takeover not also an 'acquisition'.
      if (rule.kind === 'financing' && (seen.has('royalty') || seen.has('debt'))) break;
      if (rule.kind === 'divestiture' && seen.has('royalty')) break;
      if (
        rule.kind === 'acquisition' &&
        (seen.has('takeover') || seen.has('merger') || seen.has('option') || seen.has('earn-in'))
      )
        break;
      seen.add(rule.kind);
      const instrument =
        rule.kind === 'grant' ? /\bgrant\b/i.exec(sentence)?.[0] : instrumentOf(rule.kind, sentence)?.phrase;
      const text =
        money && instrument
          ? `${rule.label}: ${instrument.toLowerCase()} of ${money}`
          : `${rule.label}: ${clip(sentence.replace(/\.$/, ''), 180, { atWord: true })}`;
      const closed = rule.needsMoney && (CLOSED.test(sentence) || (rule.pattern.test(title) && CLOSED.test(title)));
      signals.push({
        kind: rule.kind,
        text,
        ...(money ? { amount: money } : {}),
        ...(instrument ? { instrument: instrument.toLowerCase() } : {}),
        ...(closed ? { closed } : {}),
      });
      break;
    }
  }
  return signals.slice(0, 6);
}
