import type { StudyFact, StudyStage } from '@mining-hub/contract/facts';
import { MONTH } from '../../lib/text.ts';
import { NUM, parseNum, WORD_NUM, parseCount, type Unit } from './fact-text.ts';
import { moneyIn, type MoneyMention } from './money.ts';

/**
 * Economic studies: the stage (Scoping, PEA, PFS, FS, DFS, BFS) and its headline figures (NPV with its
 * discount rate, IRR, initial capex, AISC, mine life), each figure given to the stage named last before
 * it. After-tax figures win over pre-tax ones. The quote spans the lines the figures came from.
 */

const STAGE =
  /\b(?:preliminary economic assessment|PEA|scoping study|preliminary feasibility(?: study)?|pre-?feasibility(?: study)?|prefeasibility(?: study)?|PFS|definitive feasibility(?: study)?|DFS|bankable feasibility(?: study)?|BFS|feasibility study|FS)\b/gi;

const NEXT_STUDY =
  /\b(?:moving to|move to|proceed(?:s|ing)? to|advanc(?:e|es|ing) to(?:wards?)?|towards?|completion of|complete an?|begin(?:ning)? an?|start(?:ing)? an?|commenc(?:e|es|ing) an?|launch(?:es|ing)? an?)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,2}$/i;

const EARLIER_STUDY = /\b(?:(?:19|20)\d\d|earlier|previous|prior|original|former)\s+["“(]?$/i;

function stageOf(word: string): StudyStage {
  const lower = word.toLowerCase();
  if (lower.startsWith('pre') && lower.includes('feas')) return 'PFS';
  if (lower === 'pfs') return 'PFS';
  if (lower.startsWith('preliminary') || lower === 'pea') return 'PEA';
  if (lower.startsWith('scoping')) return 'Scoping';
  if (lower.startsWith('definitive') || lower === 'dfs') return 'DFS';
  if (lower.startsWith('bankable') || lower === 'bfs') return 'BFS';
  return 'FS';
}

interface Figure {
  kind: 'npv' | 'irr' | 'capex' | 'aisc' | 'life';
  at: number;
  unit: Unit;
  afterTax: boolean | null;
  money?: MoneyMention;
  discount?: number | null;
  value?: number;
  per?: string;
}

const NPV = /\b(?:NPV|net present value)(?![a-zA-Z])/gi;
const IRR = /\b(?:IRR|internal rate of return)\b/gi;
const CAPEX =
  /\b(?:initial (?:capital|capex|development capex|capital costs?|capital expenditures?|capital requirements?|capital investment)|pre-?production capital(?: costs?| expenditures?)?|preproduction capital(?: costs?)?|upfront capital(?: costs?)?|start-?up capital|capex|capital (?:costs?|expenditures?|investment|requirement)|can be built for|construction capital)\b/gi;
const AISC = /\b(?:AISC|all-in sustaining costs?)\b/gi;
const LIFE = new RegExp(
  String.raw`(?<a>${NUM}|${WORD_NUM})(?:\s*-\s*|\s+)(?:and-a-half[- ])?year (?:mine life|life of mine|LOM|life|operating life|lifetime|production life|mine plan)|(?:mine life|life of mine|LOM|life-of-mine|lifetime of mine)\s*(?:\(\s*"?LOM"?\s*\)\s*)?(?:of|:|is|=|\|)?\s*(?:approximately\s+|about\s+|~)?(?<b>${NUM}|${WORD_NUM})\s*(?:\|\s*)?(?:-\s*)?years?`,
  'gi',
);
const AFTER_TAX = /\b(?:after[- ]tax|post[- ]tax|aftertax)\b/i;
const PRE_TAX = /\b(?:pre[- ]tax|pretax|before tax)\b/i;
const SENTENCE_END = /[.;](?=\s+[A-Z(])|\n/;

function windowAfter(text: string, from: number, size: number): string {
  const slice = text.slice(from, from + size);
  const end = SENTENCE_END.exec(slice);
  return end ? slice.slice(0, end.index) : slice;
}

function taxOf(text: string, at: number, window: string): boolean | null {
  const before = text.slice(Math.max(0, at - 45), at);
  if (AFTER_TAX.test(before) || AFTER_TAX.test(window.slice(0, 30))) return true;
  if (PRE_TAX.test(before) || PRE_TAX.test(window.slice(0, 30))) return false;
  return null;
}

function discountOf(text: string): number | null {
  const match =
    /^\s*\(?\s*(\d{1,2}(?:\.\d)?)\s*%?\s*\)?/.exec(text) ??
    /(\d{1,2}(?:\.\d)?)\s*%\s*(?:discount|real|after-tax discount)/i.exec(text) ??
    /discount(?:ed)?(?: rate)?(?: of| at)?\s*(\d{1,2}(?:\.\d)?)\s*%/i.exec(text) ??
    /\bat (?:a )?(\d{1,2}(?:\.\d)?)\s*%/i.exec(text);
  const value = match?.[1] ? Number(match[1]) : null;
  return value !== null && value > 0 && value <= 15 ? value : null;
}

// A key-results row: 'After-tax NPV 5% | 328.0 | C$M', 'Life of Mine | 10.9 | Years'.
function rowAsProse(unit: Unit): string {
  const cells = (unit.cells ?? []).map((cell) => cell.text).filter((text) => text !== '');
  const [label, value, units] = cells;
  if (cells.length !== 3 || !label || !value || !units || !/^[\d.,]+$/.test(value)) return unit.text;
  const money = /^(US\$|C\$|A\$|\$|USD|CAD|AUD)\s?(M|million|B|billion)?$/i.exec(units.replace(/\/oz$/i, ''));
  if (money)
    return `${label} of ${money[1] ?? ''}${value}${money[2] ? ` ${money[2]}` : ''}${/\/oz$/i.test(units) ? '/oz' : ''}`;
  if (units === '%') return `${label} of ${value}%`;
  if (/^years?$/i.test(units)) return `${label} of ${value} years`;
  return unit.text;
}

function figuresOf(unit: Unit, fallback: 'USD' | 'CAD' | 'AUD' | null): Figure[] {
  const text = rowAsProse(unit);
  const figures: Figure[] = [];
  for (const match of text.matchAll(NPV)) {
    const window = windowAfter(text, match.index + match[0].length, 160);
    const money = moneyIn(window, fallback).find((m) => m.amount >= 1e6 || /million|billion|M\b|B\b/.test(window));
    if (!money) continue;
    const beforeMoney = window.slice(0, money.start);
    figures.push({
      kind: 'npv',
      at: match.index,
      unit,
      afterTax: taxOf(text, match.index, window),
      money: money.amount < 1e5 && /M\b|million/.test(window) ? { ...money, amount: money.amount * 1e6 } : money,
      discount: discountOf(beforeMoney) ?? discountOf(window.slice(money.end, money.end + 40)),
    });
  }
  for (const match of text.matchAll(IRR)) {
    const window = windowAfter(text, match.index + match[0].length, 80);
    const pct = new RegExp(String.raw`(${NUM})\s?(?:%|percent|per cent)`).exec(window);
    if (!pct?.[1]) continue;
    figures.push({
      kind: 'irr',
      at: match.index,
      unit,
      afterTax: taxOf(text, match.index, window),
      value: parseNum(pct[1]),
    });
  }
  for (const match of text.matchAll(CAPEX)) {
    const before = text.slice(Math.max(0, match.index - 25), match.index);
    if (/sustaining|LOM|life[- ]of[- ]mine|total|expansion|closure/i.test(before + match[0])) continue;
    const window = windowAfter(text, match.index + match[0].length, 120);
    const money = moneyIn(window, fallback).find((m) => m.amount >= 1e6 || /million|billion|M\b|B\b/.test(window));
    if (!money) continue;
    figures.push({
      kind: 'capex',
      at: match.index,
      unit,
      afterTax: null,
      money: money.amount < 1e5 && /M\b|million/.test(window) ? { ...money, amount: money.amount * 1e6 } : money,
    });
  }
  for (const match of text.matchAll(AISC)) {
    const window = windowAfter(text, match.index + match[0].length, 90);
    const money = moneyIn(window, fallback)[0];
    if (!money) continue;
    const per = /^\s*(?:\/|per )\s*(oz|ounce|lb|pound|t\b|tonne)/i.exec(window.slice(money.end))?.[1] ?? 'oz';
    figures.push({
      kind: 'aisc',
      at: match.index,
      unit,
      afterTax: null,
      money,
      per: /^lb|^pound/i.test(per) ? 'lb' : /^t/i.test(per) ? 't' : 'oz',
    });
  }
  for (const match of text.matchAll(LIFE)) {
    const value = parseCount((match.groups?.a ?? match.groups?.b ?? '').toLowerCase());
    const half = /and-a-half/.test(match[0]) ? 0.5 : 0;
    if (!Number.isFinite(value) || value <= 0 || value > 100) continue;
    figures.push({ kind: 'life', at: match.index, unit, afterTax: null, value: value + half });
  }
  return figures;
}

// A study of an earlier release, recalled: 'The feasibility study released in July gave…', 'a previously reported
// pre-feasibility study', 'The May 2019 Preliminary Economic Assessment estimated…', 'that study returned…', 'The
// original feasibility study, published in April 2018, …'.
const RECALLED_STUDY = new RegExp(
  [
    String.raw`\b(?:study|PEA|PFS|DFS|assessment),?\s+(?:was\s+)?(?:released|announced|published|completed|filed)\s+(?:in|on|last)\s+(?:${MONTH}|20\d\d|year|month)\b`,
    /\bpreviously (?:reported|released|announced|published)\b/.source,
    /\b(?:(?:19|20)\d\d|that|the earlier|the previous|the prior|its earlier|its previous)\s+(?:PEA|study|Preliminary Economic Assessment|pre-?feasibility study|PFS|feasibility study|DFS|BFS|scoping study)\b[^.]{0,120}?\b(?:estimated|calculated|gave|showed|outlined|envisaged|contemplated|projected|returned|generated|delivered|demonstrated|indicated)\b/
      .source,
    /\b(?:the|its|an?) original (?:PEA|study|Preliminary Economic Assessment|pre-?feasibility study|PFS|feasibility study|DFS|BFS|scoping study)\b/
      .source,
  ].join('|'),
  'i',
);

const DEVELOPMENT_CAPITAL = /\b(?:initial|pre-?production|upfront|start-?up|construction) cap|\bto first production\b/i;

/** Studies the text reports with at least one figure. */
export function studiesOf(
  units: readonly Unit[],
  original: string,
  fallback: 'USD' | 'CAD' | 'AUD' | null,
  title: string,
): StudyFact[] {
  const stages: { stage: StudyStage; at: number }[] = [];
  for (const unit of units) {
    for (const match of unit.text.matchAll(STAGE)) {
      // 'FS' alone is too common an abbreviation to trust outside the words 'feasibility study'.
      if (match[0] === 'FS' && !/feasibility/i.test(original)) continue;
      // '… now moving to a bankable feasibility study': the next study, whose figures this release cannot give.
      // 'the 2010 Preliminary Economic Assessment ("2010 PEA")', 'the previous PEA': an earlier study recalled.
      const before = unit.text.slice(Math.max(0, match.index - 50), match.index);
      if (NEXT_STUDY.test(before) || EARLIER_STUDY.test(before)) continue;
      stages.push({ stage: stageOf(match[0]), at: unit.start + match.index });
    }
  }
  const titleStage = STAGE.exec(title);
  STAGE.lastIndex = 0;
  const firstStage = stages[0]?.stage ?? (titleStage ? stageOf(titleStage[0]) : null);
  const byStage = new Map<StudyStage, Figure[]>();
  for (const unit of units) {
    if (RECALLED_STUDY.test(unit.text)) continue;
    for (const figure of figuresOf(unit, fallback)) {
      const at = unit.start + figure.at;
      const stage = stages.filter((s) => s.at <= at && at - s.at < 3000).at(-1)?.stage ?? firstStage;
      if (!stage) continue;
      byStage.set(stage, [...(byStage.get(stage) ?? []), figure]);
    }
  }
  const facts: StudyFact[] = [];
  for (const [stage, figures] of byStage) {
    const pick = (kind: Figure['kind']) => {
      const ofKind = figures.filter((figure) => figure.kind === kind);
      return (
        ofKind.find((figure) => figure.afterTax === true) ??
        ofKind.find((figure) => figure.afterTax === null) ??
        ofKind[0]
      );
    };
    const npv = pick('npv');
    const irr = pick('irr');
    const capex = pick('capex');
    const aisc = pick('aisc');
    const life = pick('life');
    const used = [npv, irr, capex, aisc, life].filter((figure) => figure !== undefined);
    // Without the project's value, only a development capital tells a study ('Pre-production capital is put at
    // A$38 million'), not a year's capital guidance or the capital a financing has secured.
    if (
      npv === undefined &&
      irr === undefined &&
      !(
        capex &&
        DEVELOPMENT_CAPITAL.test(capex.unit.text) &&
        !/\b(?:secured|raised|funded|financ\w*)\b/i.test(capex.unit.text)
      )
    )
      continue;
    const start = Math.min(...used.map((figure) => figure.unit.start));
    const end = Math.max(...used.map((figure) => figure.unit.end));
    facts.push({
      stage,
      npv: npv?.money
        ? { amount: npv.money.amount, currency: npv.money.currency, discount_rate: npv.discount ?? null }
        : null,
      irr_pct: irr?.value ?? null,
      capex: capex?.money ? { amount: capex.money.amount, currency: capex.money.currency } : null,
      aisc: aisc?.money ? { amount: aisc.money.amount, currency: aisc.money.currency, per: aisc.per ?? 'oz' } : null,
      mine_life_years: life?.value ?? null,
      quote: original.slice(start, end),
      start,
      end,
    });
  }
  return facts.sort((a, b) => a.start - b.start);
}
