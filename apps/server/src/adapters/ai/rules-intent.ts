import { clip } from '../../lib/text.ts';
import type { ArticleFacts, SalesSignal, SignalKind } from './rules-facts.ts';
import { intentRank, rubricIntent } from './rules-rubric.ts';

/**
 * Buying intent for drilling services and consumables, scored from weighted evidence in the release rather
 * than from the first signal found: each piece of evidence adds its weight and a short reason ('C$5M
 * placement closed', '9,000 m drilling from Q1 2027'), and the level follows the total. 'Very High' also needs
 * drilling under way or starting within months, and money for it, as the default prompt defines it ("a funded
 * drill programme starting soon").
 */

export type IntentLevel = 'Low' | 'Medium' | 'High' | 'Very High';

export interface Intent {
  level: IntentLevel;
  /** The evidence behind the level, strongest first; never empty. */
  reasons: string[];
}

interface Evidence {
  weight: number;
  reason: string;
  /** Money for the work: a financing, a grant, a partner paying for exploration, cash on hand. */
  funding?: boolean;
  /** Drilling under way or starting within months. */
  imminent?: boolean;
  /** Evidence the facts rubric does not weigh (a contractor, a contact, a corporate deal): kept beside its reasons. */
  beside?: boolean;
}

/** Levels by total weight; tuned on the demo corpus (rules-intent.test.ts measures the spread). */
const THRESHOLDS: readonly [IntentLevel, number][] = [
  ['Very High', 8.5],
  ['High', 6.5],
  ['Medium', 1.5],
];
const MAX_REASONS = 5;

// Milestones that usually lead to drilling, and how much each says about it.
const MILESTONES: Partial<Record<SignalKind, { weight: number; reason: string }>> = {
  resource: { weight: 1.5, reason: 'resource estimate' },
  study: { weight: 1.5, reason: 'economic study' },
  permit: { weight: 1.5, reason: 'permit granted' },
  results: { weight: 1, reason: 'new drill results' },
  targets: { weight: 1, reason: 'new drill targets' },
  construction: { weight: 1, reason: 'construction advancing' },
  option: { weight: 1, reason: 'option agreement' },
  acquisition: { weight: 1, reason: 'project acquisition' },
};
// A company changing hands or selling assets is busy with the deal, not with new drilling.
const CORPORATE: Partial<Record<SignalKind, string>> = {
  takeover: 'takeover bid',
  merger: 'merger',
  divestiture: 'asset sale',
};

const formatMetres = (metres: number) => `${metres.toLocaleString('en-US')} m`;

/** 'C$10.1 million' → 'C$10.1M', 'US$1.2 billion' → 'US$1.2B'. */
export function shortMoney(amount: string): string {
  return amount
    .replace(/\s?million\b|\s?m\b/i, 'M')
    .replace(/\s?billion\b|\s?bn\b/i, 'B')
    .replace(/\s+/g, ' ');
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** How long drilling still counts as starting soon: within the 6 months the default prompt scores intent for. */
const SOON_MONTHS = 6;

/**
 * Months from publication to the start a timeline names ('starting in Q1 2027', 'with crews to mobilise in
 * December', 'within 10 weeks'), or null when it names an end ('through Q4 2026', 'by the end of 2027') or
 * nothing readable. A month without a year is its next occurrence.
 */
export function monthsUntilStart(timeline: string, published: Date): number | null {
  const text = timeline.toLowerCase();
  if (/\b(?:through|until|by|completed|end)\b/.test(text)) return null;
  const from = published.getUTCFullYear() * 12 + published.getUTCMonth();
  const at = (year: number, month: number) => year * 12 + month - from;
  const weeks = /\b(\d+)\s+weeks\b/.exec(text);
  if (weeks) return Number(weeks[1]) / 4.35;
  const months = /\b(\d+)\s+months\b/.exec(text);
  if (months) return Number(months[1]);
  if (/\b(?:next|coming|following|first)\s+(?:few\s+)?(?:weeks|months)\b/.test(text)) return 1;
  const year = Number(/\b(20\d{2})\b/.exec(text)?.[1] ?? NaN);
  const quarter = /\bq([1-4])\b/.exec(text);
  if (quarter && year) return at(year, (Number(quarter[1]) - 1) * 3);
  const half = /\b(?:h([12])|(first|second) half)\b/.exec(text);
  if (half && year) return at(year, half[1] === '2' || half[2] === 'second' ? 6 : 0);
  const part = /\b(early|mid|late)\b/.exec(text);
  const month = MONTHS.findIndex((name) => text.includes(name));
  if (month >= 0) {
    if (year) return at(year, month);
    const ahead = (month - published.getUTCMonth() + 12) % 12;
    return ahead;
  }
  if (part && year) return at(year, part[1] === 'early' ? 1 : part[1] === 'mid' ? 5 : 9);
  return null;
}

function drillingEvidence(facts: ArticleFacts): Evidence | undefined {
  const { drilling } = facts;
  if (!drilling.planned) return undefined;
  const size = drilling.metres ? `${formatMetres(drilling.metres)} ` : '';
  const when = drilling.timeline ? ` ${drilling.timeline}` : '';
  const state = drilling.underway ? 'under way' : size || when ? '' : 'planned';
  const reason = clip(`${size}drilling${state ? ` ${state}` : ''}${when}`, 80, { atWord: true });
  const untilStart = drilling.timeline ? monthsUntilStart(drilling.timeline, facts.publishedAt ?? new Date()) : null;
  // 'early 2026' read in March is starting now, not past.
  const soon = !drilling.underway && untilStart !== null && untilStart >= -2 && untilStart <= SOON_MONTHS;
  // Rigs already turning need consumables now (and are being paid for); a sized and dated plan is a budget,
  // and one starting within months is about to be spent.
  const weight =
    2 + (drilling.metres ? 1 : 0) + (drilling.timeline ? 1 : 0) + (drilling.underway ? 2 : 0) + (soon ? 1.5 : 0);
  return { weight, reason, funding: drilling.underway, imminent: drilling.underway || soon };
}

function fundingEvidence(signal: SalesSignal, millions: number): Evidence | undefined {
  const money = signal.amount ? `${shortMoney(signal.amount)} ` : '';
  const big = millions >= 5;
  switch (signal.kind) {
    case 'financing': {
      const what = signal.instrument ?? 'financing';
      return signal.closed
        ? { weight: big ? 3 : 2, reason: `${money}${what} closed`, funding: true }
        : { weight: big ? 2 : 1, reason: `${money}${what} announced`, funding: true };
    }
    case 'grant':
      return { weight: 1.5, reason: `${money}government grant`, funding: true };
    case 'earn-in':
    case 'joint-venture':
      return { weight: 1.5, reason: `partner funding exploration (${signal.kind})`, funding: true };
    case 'debt':
      return { weight: 1, reason: `${money}${signal.instrument ?? 'debt financing'}`, funding: true };
    case 'royalty':
      return { weight: 1, reason: `${money}${signal.instrument ?? 'royalty or stream'}`, funding: true };
    default:
      return undefined;
  }
}

/** The buying intent of a release and the evidence behind it. */
export function scoreIntent(facts: ArticleFacts, millionsOf: (amount: string | undefined) => number): Intent {
  const evidence: Evidence[] = [];
  const drilling = drillingEvidence(facts);
  if (drilling) evidence.push(drilling);
  if (facts.drilling.contractor) {
    evidence.push({ weight: 1.5, reason: clip(`contractor named: ${facts.drilling.contractor}`, 70), beside: true });
  } else if (facts.signals.some((signal) => signal.kind === 'contract')) {
    evidence.push({ weight: 1.5, reason: 'drilling contract or tender', beside: true });
  }
  for (const signal of facts.signals) {
    const funding = fundingEvidence(signal, millionsOf(signal.amount));
    if (funding) evidence.push(funding);
    const milestone = MILESTONES[signal.kind];
    if (milestone) evidence.push({ ...milestone });
    const corporate = CORPORATE[signal.kind];
    if (corporate) evidence.push({ weight: -1, reason: `${corporate}: attention on the deal`, beside: true });
  }
  if (facts.fullyFunded && !evidence.some((e) => e.funding)) {
    evidence.push({ weight: 1.5, reason: 'work fully funded', funding: true });
  }
  const named = facts.contacts.filter((contact) => contact.email || contact.phone_number);
  if (named.length > 0) {
    const first = named[0];
    const who = first ? `${first.first_name} ${first.last_name}${first.job_title ? `, ${first.job_title}` : ''}` : '';
    evidence.push({
      weight: 0.5,
      reason: clip(named.length === 1 ? `contact named: ${who}` : `${named.length} contacts named`, 70),
      beside: true,
    });
  }

  const total = evidence.reduce((sum, e) => sum + e.weight, 0);
  const funded = evidence.some((e) => e.funding && e.weight > 0);
  let level = THRESHOLDS.find(([, min]) => total >= min)?.[0] ?? 'Low';
  if (level === 'Very High' && !(drilling?.imminent && funded)) level = 'High';
  const reasons = [...evidence]
    .filter((e) => e.weight !== 0)
    .sort((a, b) => b.weight - a.weight)
    .map((e) => e.reason)
    .slice(0, MAX_REASONS);
  // The rubric over the extracted facts decides when one of its rules fires; the weighted evidence only
  // breaks the tie below it and never reaches Very High without the rubric's facts.
  const published = facts.publishedAt ?? new Date();
  const rubric = rubricIntent(facts.mining, `${facts.title}\n${facts.lead.join(' ')}`, (timing) => {
    const year = /^(?:in\s+)?(20\d{2})$/.exec(timing.trim())?.[1];
    // A bare year starts, at the earliest, in its January.
    if (year) return (Number(year) - published.getUTCFullYear()) * 12 - published.getUTCMonth();
    return monthsUntilStart(timing, published);
  });
  if (rubric) {
    const beside = evidence.filter((e) => e.beside).map((e) => e.reason);
    // A sized programme starting within months that the release calls fully funded is money
    // committed as surely as a closed placement: the rubric's 'closed financing with a programme' case.
    const sized = facts.mining.programmes.some(
      (p) => p.metres !== null && (p.status === 'planned' || p.status === 'underway'),
    );
    const committed = facts.fullyFunded ? 'work fully funded' : '';
    if (rubric.level === 'High' && sized && drilling?.imminent && committed) {
      return { level: 'Very High', reasons: [...rubric.reasons, committed, ...beside].slice(0, MAX_REASONS) };
    }
    return { level: rubric.level, reasons: [...rubric.reasons, ...beside].slice(0, MAX_REASONS) };
  }
  if (intentRank(level) > intentRank('High')) level = 'High';
  return { level, reasons: reasons.length > 0 ? reasons : ['no drilling, funding or project milestone'] };
}
