import { ReportIcon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';

export function ReportsPage() {
  return (
    <>
      <PageHeader title="Reports" />
      <div className="rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <div className="flex items-start gap-4">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-600">
            <ReportIcon />
          </div>
          <p className="pt-2 text-sm text-slate-600">
            This page is under development. Reports functionality will be implemented here.
          </p>
        </div>
      </div>
    </>
  );
}
