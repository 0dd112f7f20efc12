import type { ReactNode } from 'react';

export function PageHeader({
  title,
  note,
  description,
  actions,
}: {
  title: string;
  /** A state shown after the title, in lighter type, e.g. '(No Active Process)'; not part of the document title. */
  note?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <title>{`${title} · Mining Sales Hub`}</title>
      <div>
        {/* Focus lands here after each route change (app/layout/use-page-heading-focus.ts). */}
        <h1 tabIndex={-1} className="w-fit text-2xl font-semibold tracking-tight text-slate-900">
          {title}
          {note && (
            // The space keeps the accessible name readable: 'Title (Note)'.
            <>
              {' '}
              <span className="ml-1 text-lg font-medium tracking-normal text-slate-500">{note}</span>
            </>
          )}
        </h1>
        {description && <p className="mt-1 max-w-3xl text-sm text-slate-600">{description}</p>}
      </div>
      {actions}
    </div>
  );
}
