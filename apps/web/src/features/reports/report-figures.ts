import { BUYING_INTENT_LEVELS } from '@mining-hub/contract/articles';
import { FUNNEL_STAGES, type FunnelStage, type ReportSummary } from '@mining-hub/contract/reports';

export const STAGE_LABELS: Record<FunnelStage, string> = {
  fetched: 'Fetched',
  expanded: 'Expanded',
  analysed: 'Analyzed',
  pushed: 'Pushed',
  dismissed: 'Dismissed',
  failed: 'Failed',
};

/** The period picker's choices. */
export const PERIOD_LABELS: Record<number, string> = { 7: '7 days', 30: '30 days', 90: '90 days', 365: '12 months' };

/** The funnel as chart rows, in pipeline order. */
export const funnelRows = (report: ReportSummary) =>
  FUNNEL_STAGES.map((stage) => ({ stage, name: STAGE_LABELS[stage], value: report.funnel[stage] }));

/** The intent levels as chart rows, weakest first. */
export const intentRows = (report: ReportSummary) =>
  BUYING_INTENT_LEVELS.map((level) => ({ name: level, value: report.intent[level] }));

/** A breakdown as stacked rows: the high-intent part and the rest. */
export const breakdownRows = (entries: { name: string; count: number; high_intent: number }[]) =>
  entries.map(({ name, count, high_intent }) => ({ name, high: high_intent, other: count - high_intent }));

/** Share of analysed signals scored High or Very High, in whole percent; null with none analysed. */
export function highIntentShare(report: ReportSummary): number | null {
  if (report.funnel.analysed === 0) return null;
  return Math.round(((report.intent.High + report.intent['Very High']) / report.funnel.analysed) * 100);
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Mar 5' for '2026-03-05' (the report's days are UTC days). */
export const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
