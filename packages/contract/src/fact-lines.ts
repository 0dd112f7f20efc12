import type {
  Currency,
  FinancingFact,
  InterceptFact,
  MiningFacts,
  ProgrammeFact,
  ResourceFact,
  StudyFact,
} from './facts.ts';

/**
 * Mining facts as a rep reads them in one line: the Signals row's strongest fact ("C$4M closed · drilling",
 * "10,000 m RC Q1", "PFS NPV US$412M"), the CRM note's facts and the CSV export's. Shared by the server
 * (stored headline, CRM note) and the web app (the detail modal's Facts panel), so they read the same.
 */

const CURRENCY_PREFIX: Record<NonNullable<Currency>, string> = {
  USD: 'US$',
  CAD: 'C$',
  AUD: 'A$',
  GBP: '£',
  EUR: '€',
  ZAR: 'R',
};

/** At most `digits` decimals, no trailing zeros: 4 → '4', 3.75 → '3.8' (1 digit), 1234.5 → '1,234.5'. */
export function formatNumber(value: number, digits = 2): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
}

/** Money, short: 4,000,000 CAD → 'C$4M', 412,000,000 USD → 'US$412M', 1.7e9 → 'US$1.7B', no currency → '$'. */
export function formatMoney(amount: number, currency: Currency): string {
  const prefix = currency ? CURRENCY_PREFIX[currency] : '$';
  const size = Math.abs(amount);
  if (size >= 1e9) return `${prefix}${formatNumber(amount / 1e9, 2)}B`;
  if (size >= 1e6) return `${prefix}${formatNumber(amount / 1e6, 2)}M`;
  if (size >= 1e4) return `${prefix}${formatNumber(amount / 1e3, 0)}K`;
  return `${prefix}${formatNumber(amount, 0)}`;
}

const FINANCING_TYPE_WORDS: Record<FinancingFact['type'], string> = {
  'private-placement': 'placement',
  'flow-through': 'flow-through',
  'bought-deal': 'bought deal',
  'rights-offering': 'rights offering',
  'public-offering': 'public offering',
  royalty: 'royalty',
  stream: 'stream',
  debt: 'debt',
  grant: 'grant',
};

/** 'C$4M closed · drilling'; with `withType`, 'C$4M flow-through closed · drilling'. */
export function financingLine(fact: FinancingFact, withType = false): string {
  const amount = fact.amount === null ? null : formatMoney(fact.amount, fact.currency);
  const what = [amount, withType || amount === null ? FINANCING_TYPE_WORDS[fact.type] : null, fact.status]
    .filter(Boolean)
    .join(' ');
  return fact.funds_drilling ? `${what} · drilling` : what;
}

/** '10,000 m RC Q1 2026'; 'underway' or 'completed' said, 'planned' understood. */
export function programmeLine(fact: ProgrammeFact): string {
  const parts = [
    fact.metres !== null ? `${formatNumber(fact.metres, 0)} m` : null,
    fact.holes !== null ? `${formatNumber(fact.holes, 0)} holes` : null,
    fact.drill_type,
    fact.metres === null && fact.holes === null ? 'drilling' : null,
    fact.timing,
    fact.status && fact.status !== 'planned' ? fact.status : null,
  ];
  return parts.filter(Boolean).join(' ');
}

/** 'PFS NPV US$412M', with IRR and capex when stated and `full`. */
export function studyLine(fact: StudyFact, full = false): string {
  const parts: string[] = [fact.stage];
  if (fact.npv) parts.push(`NPV ${formatMoney(fact.npv.amount, fact.npv.currency)}`);
  if (full || !fact.npv) {
    if (fact.irr_pct !== null) parts.push(`IRR ${formatNumber(fact.irr_pct, 1)}%`);
    if (fact.capex) parts.push(`capex ${formatMoney(fact.capex.amount, fact.capex.currency)}`);
  }
  if (full && fact.mine_life_years !== null) parts.push(`${formatNumber(fact.mine_life_years, 1)}-year life`);
  return parts.join(' ');
}

/** A grade with its unit and element: '3.2 g/t Au', '0.45% Cu'. */
export function gradeText(grade: number, unit: string, element: string | null): string {
  const value = formatNumber(grade, 3);
  return `${unit === '%' ? `${value}%` : `${value} ${unit}`}${element ? ` ${element}` : ''}`;
}

/** 'Indicated 4.6 Mt @ 3.2 g/t Au (474,000 oz)'. */
export function resourceLine(fact: ResourceFact): string {
  const parts: string[] = [fact.category];
  if (fact.tonnes_mt !== null) parts.push(`${formatNumber(fact.tonnes_mt, 2)} Mt`);
  if (fact.grade !== null && fact.unit !== null) parts.push(`@ ${gradeText(fact.grade, fact.unit, fact.element)}`);
  if (fact.contained !== null && fact.contained_unit !== null) {
    parts.push(`(${formatNumber(fact.contained, 0)} ${fact.contained_unit})`);
  }
  return parts.join(' ');
}

/** '12.5 m @ 3.2 g/t Au (GL-20-018)'. */
export function interceptLine(fact: InterceptFact): string {
  const line = `${formatNumber(fact.width_m, 2)} m @ ${gradeText(fact.grade, fact.unit, fact.element)}`;
  return fact.hole_id ? `${line} (${fact.hole_id})` : line;
}

/** Grade times width, in the intercepts' own units: how a geologist ranks intervals of one release. */
const metreGrade = (fact: InterceptFact) => fact.grade * fact.width_m;

/**
 * The best intercept: of the release's main element and unit (its first intercept's), the largest grade
 * times width; 'including' intervals only when nothing else is given.
 */
export function bestIntercept(intercepts: readonly InterceptFact[]): InterceptFact | null {
  const main = intercepts.find((fact) => !fact.including) ?? intercepts[0];
  if (!main) return null;
  const comparable = intercepts.filter(
    (fact) => fact.unit === main.unit && fact.element === main.element && fact.including === main.including,
  );
  return comparable.reduce((best, fact) => (metreGrade(fact) > metreGrade(best) ? fact : best), main);
}

const FEASIBILITY: readonly StudyFact['stage'][] = ['FS', 'DFS', 'BFS'];

/**
 * The strongest fact of a release, as one line (null when it has none), by the intent rubric's order
 * (docs/ARCHITECTURE.md, "Facts in the product"): a closed financing that funds drilling; a planned
 * programme; a feasibility study (FS/DFS/BFS); a PFS; a resource; the best intercept; then any other closed
 * financing, an announced one, a programme underway or completed, a scoping study or PEA.
 */
export function strongestFact(facts: MiningFacts): string | null {
  const closed = facts.financings.filter((fact) => fact.status === 'closed');
  const programme = (status: ProgrammeFact['status']) =>
    facts.programmes.find((fact) => fact.status === status && (fact.metres !== null || fact.timing !== null)) ??
    facts.programmes.find((fact) => fact.status === status);
  const study = (stages: readonly StudyFact['stage'][]) => facts.studies.find((fact) => stages.includes(fact.stage));
  const ranked: (() => string | null)[] = [
    () => {
      const fact = closed.find((f) => f.funds_drilling);
      return fact ? financingLine(fact) : null;
    },
    () => {
      const fact = programme('planned');
      return fact ? programmeLine(fact) : null;
    },
    () => {
      const fact = study(FEASIBILITY);
      return fact ? studyLine(fact) : null;
    },
    () => {
      const fact = study(['PFS']);
      return fact ? studyLine(fact) : null;
    },
    () => {
      const fact = facts.resources.find((f) => f.tonnes_mt !== null) ?? facts.resources[0];
      return fact ? resourceLine(fact) : null;
    },
    () => {
      const fact = bestIntercept(facts.intercepts);
      return fact ? interceptLine(fact) : null;
    },
    () => (closed[0] ? financingLine(closed[0]) : null),
    () => (facts.financings[0] ? financingLine(facts.financings[0]) : null),
    () => {
      const fact = programme('underway') ?? programme('completed') ?? programme(null);
      return fact ? programmeLine(fact) : null;
    },
    () => (facts.studies[0] ? studyLine(facts.studies[0]) : null),
  ];
  for (const line of ranked) {
    const found = line();
    if (found) return found;
  }
  return null;
}

/** At most this many intercepts in the concise lines (the best first); the rest are counted. */
const INTERCEPT_LINES = 3;

/**
 * The facts as short lines for a CRM note or a CSV cell: issuer, project, financings, programmes, studies,
 * resources and the best intercepts. Empty when the release has none.
 */
export function factLines(facts: MiningFacts): string[] {
  const lines: string[] = [];
  const issuer = facts.issuers[0];
  if (issuer) lines.push(`Issuer: ${[issuer.name, ...issuer.tickers].join(' ')}`);
  const project = facts.projects[0];
  if (project) lines.push(`Project: ${[project.name, project.state, project.country].filter(Boolean).join(', ')}`);
  for (const fact of facts.financings) lines.push(`Financing: ${financingLine(fact, true)}`);
  for (const fact of facts.programmes) lines.push(`Programme: ${programmeLine(fact)}`);
  for (const fact of facts.studies) lines.push(`Study: ${studyLine(fact, true)}`);
  for (const fact of facts.resources) lines.push(`Resource: ${resourceLine(fact)}`);
  // The release's main element and unit first (grade × width compares only within one), then the others.
  const best = bestIntercept(facts.intercepts);
  const comparable = (fact: InterceptFact) => (fact.unit === best?.unit && fact.element === best.element ? 0 : 1);
  const ranked = facts.intercepts
    .filter((fact) => !fact.including)
    .sort((a, b) => comparable(a) - comparable(b) || metreGrade(b) - metreGrade(a))
    .slice(0, INTERCEPT_LINES);
  for (const fact of ranked) lines.push(`Intercept: ${interceptLine(fact)}`);
  if (facts.intercepts.length > ranked.length) {
    lines.push(`(${facts.intercepts.length} intercepts in all)`);
  }
  return lines;
}

/** Fact kinds a release may carry, as the Facts panel names them, in its order. */
export const FACT_KINDS = [
  'issuers',
  'projects',
  'financings',
  'programmes',
  'studies',
  'resources',
  'intercepts',
] as const satisfies readonly (keyof MiningFacts)[];
