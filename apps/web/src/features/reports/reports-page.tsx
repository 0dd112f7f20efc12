import { DEFAULT_REPORT_DAYS, REPORT_PERIODS, type ReportSummary } from '@mining-hub/contract/reports';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { buttonClasses } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { DownloadIcon } from '../../components/icons.tsx';
import { NoticeStack, useNotices } from '../../components/notices.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { LoadFailure } from '../../components/paged-list.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useApiDownload } from '../../lib/api-download.ts';
import { formatNumber } from '../../lib/format.ts';
import { reportExportFileName, reportExportPath, reportSummaryQueryOptions } from './api.ts';
import { highIntentShare, PERIOD_LABELS } from './report-figures.ts';

// The chart library is the largest thing on any screen: it loads with the first report, never before.
const ReportCharts = lazy(async () => ({ default: (await import('./components/report-charts.tsx')).ReportCharts }));

function PeriodPicker({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  return (
    <div
      role="group"
      aria-label="Period"
      className="inline-flex rounded-lg bg-white p-0.5 shadow-sm ring-1 ring-slate-300"
    >
      {REPORT_PERIODS.map((period) => (
        <button
          key={period}
          type="button"
          aria-pressed={period === days}
          onClick={() => onChange(period)}
          className={`rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors ${
            period === days ? 'bg-blue-600 text-white' : 'text-slate-700 hover:bg-slate-100'
          }`}
        >
          {PERIOD_LABELS[period]}
        </button>
      ))}
    </div>
  );
}

function Figures({ report }: { report: ReportSummary }) {
  const share = highIntentShare(report);
  const figures: [string, string][] = [
    ['Fetched', formatNumber(report.funnel.fetched)],
    ['Analyzed', formatNumber(report.funnel.analysed)],
    ['High intent', share === null ? '–' : `${share}%`],
    ['Pushed', formatNumber(report.funnel.pushed)],
    ['Dismissed', formatNumber(report.funnel.dismissed)],
    ['Failed', formatNumber(report.funnel.failed)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-xs font-medium text-slate-500">{label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const chartsLoading = (
  <div className="flex h-64 items-center justify-center rounded-xl border border-slate-200 bg-white">
    <Spinner className="size-8" />
  </div>
);

/** Reports (/reports): the pipeline funnel, buying intent, top commodities and countries, and activity over time. */
export function ReportsPage() {
  const [days, setDays] = useState<number>(DEFAULT_REPORT_DAYS);
  const summary = useQuery(reportSummaryQueryOptions(days));
  const report = summary.data;
  const { notices, notify, dismiss } = useNotices();
  const exportCsv = useApiDownload(reportExportPath(days), reportExportFileName(days), (error) =>
    notify('error', 'Failed to export CSV', isApiError(error) ? error.detail : undefined),
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Reports"
        description="What the articles you fetched in the period became: how far they got, how strong the buying intent was, where and in what."
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <PeriodPicker days={days} onChange={setDays} />
            <a {...exportCsv.linkProps} className={buttonClasses('secondary')}>
              {exportCsv.busy ? <Spinner className="size-4" /> : <DownloadIcon className="size-4" />}
              {exportCsv.busy ? 'Exporting...' : 'Export CSV'}
            </a>
          </div>
        }
      />
      <NoticeStack notices={notices} onDismiss={dismiss} />
      {summary.isPending ? (
        chartsLoading
      ) : summary.isError && !report ? (
        <Card>
          <LoadFailure what="The report" error={summary.error} onRetry={() => void summary.refetch()} />
        </Card>
      ) : report ? (
        <div
          aria-busy={summary.isPlaceholderData}
          className={`space-y-6 ${summary.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}
        >
          <Figures report={report} />
          <Suspense fallback={chartsLoading}>
            <ReportCharts report={report} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
