import { SCRAPER_PHASE_SPAN, type ScraperPhase, type ScraperProgress } from '@mining-hub/contract/scraper';

export type CardPhase = 'discovery' | 'assembly' | 'export';

/**
 * done: finished. active, paused, cancelled, failed: the phase the run is in, as the run stands. waiting and ready:
 * not reached yet.
 */
export type PhaseCardState = 'done' | 'active' | 'paused' | 'cancelled' | 'failed' | 'waiting' | 'ready';

export const PHASE_CARD_LABELS: Record<PhaseCardState, string> = {
  done: 'Completed',
  active: 'In progress',
  paused: 'Paused',
  cancelled: 'Cancelled',
  failed: 'Failed',
  waiting: 'Waiting',
  ready: 'Ready to export',
};

export interface PhaseCard {
  phase: CardPhase;
  title: string;
  description: string;
  state: PhaseCardState;
  label: string;
}

const CARDS: readonly { phase: CardPhase; title: string; description: string }[] = [
  { phase: 'discovery', title: 'Discovery', description: 'Collect the project ids of each country' },
  { phase: 'assembly', title: 'Assembly', description: 'Fetch project details, owners and contacts in batches' },
  { phase: 'export', title: 'Export', description: 'Write the JSON, Excel and processing reports' },
];

const PHASE_ORDER: readonly ScraperPhase[] = ['not_started', 'discovery', 'assembly', 'export', 'completed'];
const isPast = (current: ScraperPhase, phase: CardPhase) => PHASE_ORDER.indexOf(current) > PHASE_ORDER.indexOf(phase);

/** The state of the phase the run is in follows the run, so a cancelled run does not read 'In progress'. */
const CURRENT_STATES: Record<ScraperProgress['status'], PhaseCardState> = {
  not_started: 'active',
  running: 'active',
  paused: 'paused',
  completed: 'done',
  cancelled: 'cancelled',
  failed: 'failed',
};

/**
 * The Discovery, Assembly and Export cards (SPEC.md section 4). Discovery is done above 10 % overall and Assembly
 * above 95 % (the ends of their spans), or once the run has moved past them. Export is done when the phase is
 * completed and current during export; before that it is 'Ready to export' once Assembly is done (the last batch is
 * being finished) and 'Waiting' until then.
 */
export function phaseCards(progress: ScraperProgress | undefined): PhaseCard[] {
  const phase = progress?.current_phase ?? 'not_started';
  const overall = progress?.overall_progress ?? 0;
  const done: Record<CardPhase, boolean> = {
    discovery: overall > SCRAPER_PHASE_SPAN.discovery.to || isPast(phase, 'discovery'),
    assembly: overall > SCRAPER_PHASE_SPAN.assembly.to || isPast(phase, 'assembly'),
    export: phase === 'completed',
  };
  const stateOf = (card: CardPhase): PhaseCardState => {
    if (done[card]) return 'done';
    if (phase === card) return CURRENT_STATES[progress?.status ?? 'not_started'];
    return card === 'export' && done.assembly ? 'ready' : 'waiting';
  };
  return CARDS.map((card) => {
    const state = stateOf(card.phase);
    return { ...card, state, label: PHASE_CARD_LABELS[state] };
  });
}

const PHASE_NAMES: Record<ScraperPhase, string> = {
  not_started: 'Not started',
  discovery: 'Discovery',
  assembly: 'Assembly',
  export: 'Export',
  completed: 'Completed',
};

export const phaseName = (phase: ScraperPhase) => PHASE_NAMES[phase];
