import { BUYING_INTENT_LEVELS, buyingIntentSchema, type BuyingIntent } from '@mining-hub/contract/articles';
import { ownerFilterFor, type Viewer } from '@mining-hub/contract/auth';
import { findCommodity, findCountry } from '@mining-hub/contract/reference-data';
import type { ReportQuery, ReportSummary } from '@mining-hub/contract/reports';
import { toCsv } from '../../lib/csv.ts';
import type { ReportCounts, ReportsRepository } from './reports.repository.ts';

const DAY_MS = 86_400_000;

/** The Reports page: funnel, intent, commodities, countries and activity over the chosen period. */
export function createReportsService(repository: ReportsRepository, now: () => Date = () => new Date()) {
  async function summary(viewer: Viewer, query: ReportQuery): Promise<ReportSummary> {
    const days = periodDays(now(), query.days);
    const since = new Date(`${days[0] ?? ''}T00:00:00Z`);
    return toSummary(await repository.counts(ownerFilterFor(viewer), since), days);
  }

  return {
    /** The report of the last `days` UTC days (today included) over the articles `viewer` fetched in them. */
    summary,

    /** The same report as CSV: one row per figure, under section, name and value. */
    async summaryCsv(viewer: Viewer, query: ReportQuery): Promise<string> {
      return toCsv(summaryRows(await summary(viewer, query)), CSV_COLUMNS);
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;

/** The UTC dates (YYYY-MM-DD) of the last `count` days, today last. */
export function periodDays(today: Date, count: number): string[] {
  const last = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: count }, (_, index) =>
    new Date(last - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

/**
 * The repository's counts as the contract's summary: every intent level and every day present (zero when
 * none), an analysis without a readable score counted Low (it shows no evidence of intent), tags by name.
 */
export function toSummary(counts: ReportCounts, days: string[]): ReportSummary {
  const intent = Object.fromEntries(BUYING_INTENT_LEVELS.map((level) => [level, 0])) as Record<BuyingIntent, number>;
  for (const { level, count } of counts.intent) {
    const parsed = buyingIntentSchema.safeParse(level);
    intent[parsed.success ? parsed.data : 'Low'] += count;
  }
  const byDay = new Map(counts.days.map((day) => [day.date, day]));
  return {
    funnel: counts.funnel,
    intent,
    by_commodity: counts.commodities.map(({ key, count, high_intent }) => ({
      commodity: findCommodity(key)?.name ?? key,
      count,
      high_intent,
    })),
    by_country: counts.countries.map(({ key, count, high_intent }) => ({
      country: findCountry(key)?.name ?? key,
      count,
      high_intent,
    })),
    over_time: days.map((date) => ({
      date,
      analysed: byDay.get(date)?.analysed ?? 0,
      pushed: byDay.get(date)?.pushed ?? 0,
    })),
  };
}

const CSV_COLUMNS = [
  { key: 'section', header: 'Section' },
  { key: 'name', header: 'Name' },
  { key: 'count', header: 'Count' },
  { key: 'high_intent', header: 'High intent' },
] as const;
type CsvRow = Record<(typeof CSV_COLUMNS)[number]['key'], string>;

function summaryRows(report: ReportSummary): CsvRow[] {
  const row = (section: string, name: string, count: number, highIntent?: number): CsvRow => ({
    section,
    name,
    count: String(count),
    high_intent: highIntent === undefined ? '' : String(highIntent),
  });
  return [
    ...Object.entries(report.funnel).map(([stage, count]) => row('Funnel', stage, count)),
    ...Object.entries(report.intent).map(([level, count]) => row('Intent', level, count)),
    ...report.by_commodity.map((entry) => row('Commodity', entry.commodity, entry.count, entry.high_intent)),
    ...report.by_country.map((entry) => row('Country', entry.country, entry.count, entry.high_intent)),
    ...report.over_time.flatMap((day) => [
      row('Analysed per day', day.date, day.analysed),
      row('Pushed per day', day.date, day.pushed),
    ]),
  ];
}
