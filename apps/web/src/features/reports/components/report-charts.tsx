import type { ReportSummary } from '@mining-hub/contract/reports';
import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  LabelList,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card } from '../../../components/card.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { breakdownRows, formatDay, funnelRows, intentRows } from '../report-figures.ts';

// Tailwind's palette, so the charts speak the app's colour language (badges, stat tiles).
const COLORS = {
  fetched: '#94a3b8',
  expanded: '#0ea5e9',
  analysed: '#7c3aed',
  pushed: '#059669',
  dismissed: '#f59e0b',
  failed: '#ef4444',
  grid: '#e2e8f0',
  axis: '#64748b',
};
const INTENT_COLORS = ['#94a3b8', '#f59e0b', '#10b981', '#047857'];
const HIGH = '#059669';
const OTHER = '#cbd5e1';

const axisTick = { fill: COLORS.axis, fontSize: 12 };
const numberTick = (value: number) => formatNumber(value);
// Legend text in the page's own grey: the series colours (a light grey among them) are too faint for words.
const legendText = (value: string) => <span className="text-slate-600">{value}</span>;

function ChartCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card title={title} description={description} className="min-w-0">
      {children}
    </Card>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="flex h-48 items-center justify-center text-center text-sm text-slate-500">{children}</p>;
}

/** One bar per row in its colour, its value written at its end; `across` lays the bars out left to right. */
function ValueBars({
  rows,
  name,
  across = false,
}: {
  rows: { name: string; value: number; color: string }[];
  name: string;
  across?: boolean;
}) {
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart
        data={rows}
        layout={across ? 'vertical' : 'horizontal'}
        margin={across ? { left: 8, right: 40 } : { top: 20, right: 8 }}
      >
        <CartesianGrid horizontal={!across} vertical={across} stroke={COLORS.grid} />
        {across ? (
          <>
            <XAxis type="number" allowDecimals={false} tick={axisTick} tickFormatter={numberTick} />
            <YAxis type="category" dataKey="name" width={80} tick={axisTick} interval={0} />
          </>
        ) : (
          <>
            <XAxis dataKey="name" tick={axisTick} interval={0} />
            <YAxis allowDecimals={false} tick={axisTick} tickFormatter={numberTick} width={40} />
          </>
        )}
        <Tooltip formatter={(value) => formatNumber(Number(value))} />
        <Bar dataKey="value" name={name} radius={across ? [0, 4, 4, 0] : [4, 4, 0, 0]}>
          {rows.map((row) => (
            <Cell key={row.name} fill={row.color} />
          ))}
          {/* In the page's text grey: in the bars' own colours (amber, light grey) the numbers fell under 4.5:1. */}
          <LabelList
            dataKey="value"
            fill="#334155"
            position={across ? 'right' : 'top'}
            formatter={(value) => formatNumber(Number(value))}
          />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/** A horizontal stacked bar per name: high-intent signals and the rest. */
function Breakdown({
  entries,
  empty,
}: {
  entries: { name: string; count: number; high_intent: number }[];
  empty: string;
}) {
  if (entries.length === 0) return <Empty>{empty}</Empty>;
  return (
    <ResponsiveContainer width="100%" height={Math.max(160, entries.length * 34 + 56)}>
      <BarChart data={breakdownRows(entries)} layout="vertical" margin={{ left: 8, right: 16 }}>
        <CartesianGrid horizontal={false} stroke={COLORS.grid} />
        <XAxis type="number" allowDecimals={false} tick={axisTick} tickFormatter={numberTick} />
        <YAxis type="category" dataKey="name" width={104} tick={axisTick} interval={0} />
        <Tooltip formatter={(value) => formatNumber(Number(value))} />
        <Legend wrapperStyle={{ fontSize: 12 }} formatter={legendText} />
        <Bar dataKey="high" name="High or Very High" stackId="signals" fill={HIGH} />
        <Bar dataKey="other" name="Other intent" stackId="signals" fill={OTHER} radius={[0, 4, 4, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** The Reports page's charts (recharts), loaded on their own so no other screen carries the library. */
export function ReportCharts({ report }: { report: ReportSummary }) {
  const analysed = report.funnel.analysed;
  const activity = report.over_time.some((day) => day.analysed > 0 || day.pushed > 0);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartCard title="Pipeline funnel" description="How far the articles fetched in the period got">
        {report.funnel.fetched === 0 ? (
          <Empty>No articles fetched in this period. Fetch news on News Signals, or pick a longer period.</Empty>
        ) : (
          <ValueBars
            across
            name="Articles"
            rows={funnelRows(report).map((row) => ({ ...row, color: COLORS[row.stage] }))}
          />
        )}
      </ChartCard>

      <ChartCard title="Buying intent" description="The analyzed signals by intent level">
        {analysed === 0 ? (
          <Empty>
            No signals analyzed in this period. Analyze articles on News Signals to see their buying intent.
          </Empty>
        ) : (
          <ValueBars
            name="Signals"
            rows={intentRows(report).map((row, index) => ({ ...row, color: INTENT_COLORS[index] ?? OTHER }))}
          />
        )}
      </ChartCard>

      <ChartCard title="Top commodities" description="Analyzed signals per commodity, high intent first">
        <Breakdown
          entries={report.by_commodity.map((entry) => ({ ...entry, name: entry.commodity }))}
          empty="No analyzed signal names a commodity."
        />
      </ChartCard>

      <ChartCard title="Top countries" description="Analyzed signals per country, high intent first">
        <Breakdown
          entries={report.by_country.map((entry) => ({ ...entry, name: entry.country }))}
          empty="No analyzed signal names a country."
        />
      </ChartCard>

      <div className="lg:col-span-2">
        <ChartCard title="Signals over time" description="Articles analyzed and pushed per day (UTC)">
          {!activity ? (
            <Empty>Nothing analyzed or pushed in this period.</Empty>
          ) : (
            <ResponsiveContainer width="100%" height={260}>
              <BarChart data={report.over_time} margin={{ top: 8, right: 16 }} barGap={1}>
                <CartesianGrid vertical={false} stroke={COLORS.grid} />
                <XAxis dataKey="date" tickFormatter={formatDay} tick={axisTick} minTickGap={24} />
                <YAxis allowDecimals={false} tick={axisTick} tickFormatter={numberTick} width={40} />
                <Tooltip labelFormatter={(label) => formatDay(String(label))} />
                <Legend wrapperStyle={{ fontSize: 12 }} formatter={legendText} />
                <Bar dataKey="analysed" name="Analyzed" fill={COLORS.analysed} radius={[2, 2, 0, 0]} />
                <Bar dataKey="pushed" name="Pushed" fill={COLORS.pushed} radius={[2, 2, 0, 0]} />
              </BarChart>
            </ResponsiveContainer>
          )}
        </ChartCard>
      </div>
    </div>
  );
}
