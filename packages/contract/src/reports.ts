import { z } from 'zod';
import { successData } from './common.ts';
import { BUYING_INTENT_LEVELS, type BuyingIntent } from './articles.ts';

/** The periods the Reports page offers, in days. */
export const REPORT_PERIODS = [7, 30, 90, 365] as const;
export const DEFAULT_REPORT_DAYS = 30;
/** The levels the reports count as high intent. */
export const HIGH_INTENT_LEVELS: readonly BuyingIntent[] = ['High', 'Very High'];

export const reportQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(DEFAULT_REPORT_DAYS),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

const count = z.number().int().min(0);

export const FUNNEL_STAGES = ['fetched', 'expanded', 'analysed', 'pushed', 'dismissed', 'failed'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

export const reportSummarySchema = z.object({
  /** Articles first fetched in the period and how far they got; each stage counts those that reached it. */
  funnel: z.object(
    Object.fromEntries(FUNNEL_STAGES.map((stage) => [stage, count])) as Record<FunnelStage, typeof count>,
  ),
  /** The analysed articles by buying intent; adds up to `funnel.analysed`. */
  intent: z.object(
    Object.fromEntries(BUYING_INTENT_LEVELS.map((level) => [level, count])) as Record<BuyingIntent, typeof count>,
  ),
  /** Analysed articles per commodity (reference-data name), most first, at most 10. */
  by_commodity: z.array(z.object({ commodity: z.string(), count, high_intent: count })),
  /** Analysed articles per country (reference-data name), most first, at most 10. */
  by_country: z.array(z.object({ country: z.string(), count, high_intent: count })),
  /** One entry per UTC day of the period, oldest first. */
  over_time: z.array(z.object({ date: z.string(), analysed: count, pushed: count })),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;
export const reportSummaryResponseSchema = successData(reportSummarySchema);
