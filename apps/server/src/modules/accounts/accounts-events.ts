import type { CompanyEventKind, ProjectStage } from '@mining-hub/contract/accounts';
import type { MiningFacts } from '@mining-hub/contract/facts';
import { EVENT_WEIGHTS } from './accounts-heat.ts';

/** A dated event a story's facts give its company (and project when the release names one). */
export interface FactEvent {
  kind: CompanyEventKind;
  summary: string;
  weight: number;
  /** The stage the release shows its project at, when it shows one (a study, a maiden resource). */
  stage: ProjectStage | null;
}

const STUDY_STAGE: Record<string, ProjectStage> = {
  Scoping: 'scoping_pea',
  PEA: 'scoping_pea',
  PFS: 'pfs',
  FS: 'fs',
  DFS: 'fs',
  BFS: 'fs',
};

/** The order of stages, for "moved forward": care and maintenance is not a step forward. */
export const STAGE_ORDER: Record<ProjectStage, number> = {
  exploration: 0,
  resource: 1,
  scoping_pea: 2,
  pfs: 3,
  fs: 4,
  construction: 5,
  production: 6,
  care_maintenance: -1,
};

function money(amount: number | null, currency: string | null): string {
  if (amount === null) return '';
  const symbol =
    currency === 'CAD' ? 'C$' : currency === 'AUD' ? 'A$' : currency === 'GBP' ? '£' : currency === 'EUR' ? '€' : '$';
  const value =
    amount >= 1e6 ? `${(amount / 1e6).toFixed(amount >= 1e8 ? 0 : 1)} million` : amount.toLocaleString('en-US');
  return `${symbol}${value} `;
}

/** '7.34%' or '2.1 g/t'. */
const gradeOf = (grade: number, unit: string | null) => (unit === '%' ? `${grade}%` : `${grade} ${unit ?? ''}`.trim());

/** One event of each kind the facts show, strongest first (a release adds a kind to its company once). */
export function eventsOfFacts(facts: MiningFacts): FactEvent[] {
  const events: FactEvent[] = [];
  const add = (kind: CompanyEventKind, summary: string, stage: ProjectStage | null = null) =>
    events.push({ kind, summary, weight: EVENT_WEIGHTS[kind], stage });
  const closed = facts.financings.find((financing) => financing.status === 'closed');
  if (closed)
    add('financing_closed', `Closed ${money(closed.amount, closed.currency)}${closed.type.replace('-', ' ')}`);
  const announced = facts.financings.find((financing) => financing.status === 'announced');
  if (announced && !closed)
    add(
      'financing_announced',
      `Announced ${money(announced.amount, announced.currency)}${announced.type.replace('-', ' ')}`,
    );
  const programme = facts.programmes.find((item) => item.status !== 'completed');
  if (programme) {
    const metres = programme.metres === null ? '' : `${programme.metres.toLocaleString('en-US')} m `;
    add(
      'programme_planned',
      `${programme.status === 'underway' ? 'Drilling' : 'Planned'} ${metres}drilling programme`.replace(
        'Drilling drilling',
        'Drilling',
      ),
    );
  }
  const best = [...facts.intercepts].sort((a, b) => b.width_m * b.grade - a.width_m * a.grade)[0];
  if (best) add('results', `Drill results: ${best.width_m} m at ${gradeOf(best.grade, best.unit)} ${best.element}`);
  const resource = facts.resources.find((item) => item.category === 'Total') ?? facts.resources[0];
  if (resource) {
    const size = resource.tonnes_mt === null ? '' : ` ${resource.tonnes_mt} Mt`;
    const grade =
      resource.grade === null ? '' : ` at ${resource.grade} ${resource.unit ?? ''} ${resource.element ?? ''}`.trimEnd();
    add('resource', `${resource.category} resource${size}${grade}`, 'resource');
  }
  const study = facts.studies[0];
  if (study) {
    const npv = study.npv ? `, NPV ${money(study.npv.amount, study.npv.currency).trim()}` : '';
    add('study', `${study.stage} study${npv}`, STUDY_STAGE[study.stage] ?? null);
  }
  return events;
}
