import type { CompanyEventKind } from '@mining-hub/contract/accounts';

/**
 * Account heat (issue 34; docs/ARCHITECTURE.md, "Accounts"): the sum of the company's event weights, each
 * halved every HALF_LIFE_DAYS since it happened. Derived and recomputable from the events; never edited.
 */

export const HALF_LIFE_DAYS = 14;
const DAY_MS = 86_400_000;
const HALF_LIFE_MS = HALF_LIFE_DAYS * DAY_MS;
/** The fixed origin of `heat_base`: companies.heat_base is Σ weight · 2^((t − EPOCH) / half-life). */
const EPOCH_MS = Date.UTC(2026, 0, 1);

/**
 * The rubric of intent: how much each kind of event says that a company is about to spend on the ground.
 * Money in the bank (a closed financing) and metres planned weigh most; results and resources show work
 * under way; a study or a stage change moves the project towards construction, where the big budgets are.
 */
export const EVENT_WEIGHTS: Record<CompanyEventKind, number> = {
  financing_closed: 5,
  programme_planned: 4,
  study: 4,
  stage_change: 4,
  financing_announced: 3,
  resource: 3,
  results: 2,
};

/** An event's share of `heat_base` (the stored, time-independent form). */
export function heatBaseOf(weight: number, occurredAt: Date): number {
  return weight * 2 ** ((occurredAt.getTime() - EPOCH_MS) / HALF_LIFE_MS);
}

/** Today's heat from the stored `heat_base`: one factor shared by every company, so the order is the same. */
export function heatFromBase(base: number, now: Date): number {
  return base * 2 ** (-(now.getTime() - EPOCH_MS) / HALF_LIFE_MS);
}

/** What one event adds to the heat at `at` (nothing before it happened). */
export function decayedWeight(weight: number, occurredAt: Date, at: Date): number {
  const age = at.getTime() - occurredAt.getTime();
  return age < 0 ? 0 : weight * 2 ** (-age / HALF_LIFE_MS);
}

/** An event as reads see it: its share of `heat_base` and when it happened (ms since 1970). */
export interface BasedEvent {
  base: number;
  at: number;
}

/**
 * How far back reads look at single events (the list's sparkline, the page's 90-day history and why-now):
 * older events are inside `heat_base` only. An event of the heaviest weight (5) is under 0.05, why-now's
 * floor, after 93 days, so none older could show there.
 */
export const EVENT_HORIZON_DAYS = 100;

/**
 * The heat at `at` (not before the horizon) from the stored `heat_base` and the events since the horizon: all
 * events but those after `at`, decayed to `at`. Equal to summing every decayed event, without reading old ones.
 */
export function heatFromRecent(heatBase: number, recent: readonly BasedEvent[], at: Date): number {
  const time = at.getTime();
  let base = heatBase;
  for (const event of recent) if (event.at > time) base -= event.base;
  // What is left can be a rounding error below zero when every event is later than `at`.
  return Math.max(0, heatFromBase(base, at));
}

/** Rounded for the API: two decimals. */
export const roundHeat = (heat: number) => Math.round(heat * 100) / 100;

/** One point a day (end of day, UTC) for the last `days` days, oldest first, the last one now. */
export function heatHistory(heatAt: (at: Date) => number, now: Date, days = 90): { date: string; heat: number }[] {
  return Array.from({ length: days }, (_, i) => {
    const at = new Date(now.getTime() - (days - 1 - i) * DAY_MS);
    return { date: at.toISOString().slice(0, 10), heat: roundHeat(heatAt(at)) };
  });
}

/** The heat at the end of each of the last `weeks` weeks, oldest first (the list's sparkline). */
export function weeklyHeat(heatAt: (at: Date) => number, now: Date, weeks = 13): number[] {
  return Array.from({ length: weeks }, (_, i) =>
    roundHeat(heatAt(new Date(now.getTime() - (weeks - 1 - i) * 7 * DAY_MS))),
  );
}

export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}
