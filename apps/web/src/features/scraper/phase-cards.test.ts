import type { ScraperProgress } from '@mining-hub/contract/scraper';
import { describe, expect, it } from 'vitest';
import { phaseCards } from './phase-cards.ts';
import { NOT_STARTED_PROGRESS as IDLE } from './test/scraper-fixtures.ts';

const at = (patch: Partial<ScraperProgress>) =>
  phaseCards({ ...IDLE, status: 'running', ...patch }).map((card) => `${card.title}: ${card.label}`);

describe('phaseCards', () => {
  it('waits everywhere before the first run', () => {
    expect(phaseCards(undefined).map((card) => card.label)).toEqual(['Waiting', 'Waiting', 'Waiting']);
    expect(phaseCards(IDLE).map((card) => card.state)).toEqual(['waiting', 'waiting', 'waiting']);
    expect(phaseCards({ ...IDLE, current_phase: 'discovery' })[0]?.state).toBe('active');
  });

  it('follows the current phase through a run', () => {
    expect(at({ current_phase: 'discovery', overall_progress: 4 })).toEqual([
      'Discovery: In progress',
      'Assembly: Waiting',
      'Export: Waiting',
    ]);
    expect(at({ current_phase: 'assembly', overall_progress: 40 })).toEqual([
      'Discovery: Completed',
      'Assembly: In progress',
      'Export: Waiting',
    ]);
    expect(at({ current_phase: 'export', overall_progress: 97 })).toEqual([
      'Discovery: Completed',
      'Assembly: Completed',
      'Export: In progress',
    ]);
    expect(at({ status: 'completed', current_phase: 'completed', overall_progress: 100 })).toEqual([
      'Discovery: Completed',
      'Assembly: Completed',
      'Export: Completed',
    ]);
  });

  it('marks Discovery done above 10 % and Assembly above 95 % overall (SPEC.md section 4)', () => {
    expect(at({ current_phase: 'discovery', overall_progress: 10 })[0]).toBe('Discovery: In progress');
    expect(at({ current_phase: 'discovery', overall_progress: 10.5 })[0]).toBe('Discovery: Completed');
    expect(at({ current_phase: 'assembly', overall_progress: 95 })[1]).toBe('Assembly: In progress');
    expect(at({ current_phase: 'assembly', overall_progress: 95.5 })).toEqual([
      'Discovery: Completed',
      'Assembly: Completed',
      'Export: Ready to export',
    ]);
  });

  it('counts a phase the run has moved past as done even at the exact boundary', () => {
    expect(at({ current_phase: 'assembly', overall_progress: 10 })[0]).toBe('Discovery: Completed');
    expect(at({ current_phase: 'export', overall_progress: 95 })[1]).toBe('Assembly: Completed');
  });

  it('labels the current phase of a paused, cancelled or failed run by the run', () => {
    expect(at({ status: 'paused', current_phase: 'assembly', overall_progress: 50 })[1]).toBe('Assembly: Paused');
    expect(at({ status: 'cancelled', current_phase: 'assembly', overall_progress: 50 })).toEqual([
      'Discovery: Completed',
      'Assembly: Cancelled',
      'Export: Waiting',
    ]);
    expect(at({ status: 'failed', current_phase: 'discovery', overall_progress: 3 })[0]).toBe('Discovery: Failed');
  });
});
