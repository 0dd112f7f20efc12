import type { ScraperOutputFile, ScraperOutputs, ScraperOutputType } from '@mining-hub/contract/scraper';
import { Button } from '../../../components/button.tsx';
import { DownloadIcon, FileIcon, TrashIcon } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatFileSize } from '../../../lib/file-size.ts';
import type { OutputFileRef } from '../api.ts';
import { formatModified } from '../scraper-format.ts';
import { serverDetail } from '../scraper-messages.ts';

const COLUMNS: readonly { type: ScraperOutputType; title: string; description: string; accent: string }[] = [
  {
    type: 'json',
    title: 'JSON Files (CRM Ready)',
    description: 'Companies with their projects and contacts',
    accent: 'text-blue-600 bg-blue-50',
  },
  {
    type: 'excel',
    title: 'Excel Reports',
    description: 'Projects, Companies, Contacts, Summary',
    accent: 'text-emerald-600 bg-emerald-50',
  },
  {
    type: 'reports',
    title: 'Processing Reports',
    description: 'Duration, throughput and failures',
    accent: 'text-violet-600 bg-violet-50',
  },
];

interface OutputFilesProps {
  outputs: ScraperOutputs | undefined;
  loading: boolean;
  /** Refresh Outputs is reading the list again. */
  refreshing: boolean;
  /** Why the last read of the list failed, if it did. */
  error: Error | null;
  /** `type/name` of the files being downloaded or deleted. */
  busy: ReadonlySet<string>;
  onDownload: (file: OutputFileRef) => void;
  onDelete: (file: OutputFileRef) => void;
}

export const fileKey = ({ type, name }: OutputFileRef) => `${type}/${name}`;

const newestFirst = (files: readonly ScraperOutputFile[]) => [...files].sort((a, b) => b.modified - a.modified);

/** The output files in three columns, newest first, each with Download and Delete. */
export function OutputFiles({ outputs, loading, refreshing, error, busy, onDownload, onDelete }: OutputFilesProps) {
  const detail = error ? serverDetail(error) : undefined;
  return (
    <section aria-labelledby="scraper-outputs-heading" aria-busy={loading || refreshing}>
      <h2 id="scraper-outputs-heading" className="mb-3 text-base font-semibold text-slate-900">
        Output Files
      </h2>
      {error && !refreshing && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          The output files could not be {outputs ? 'refreshed' : 'loaded'}
          {detail ? `: ${detail.replace(/\.$/, '')}.` : '.'} Use Refresh Outputs to try again.
        </p>
      )}
      <div className="grid gap-4 xl:grid-cols-3">
        {COLUMNS.map((column) => {
          const files = outputs ? newestFirst(outputs[column.type]) : [];
          return (
            <section
              key={column.type}
              aria-label={column.title}
              className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white shadow-sm"
            >
              <header className="flex items-start gap-3 border-b border-slate-100 px-4 py-3">
                <span className={`flex size-8 shrink-0 items-center justify-center rounded-lg ${column.accent}`}>
                  <FileIcon className="size-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <h3 className="text-sm font-semibold text-slate-900">{column.title}</h3>
                  <p className="text-xs text-slate-500">{column.description}</p>
                </div>
                {outputs && (
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 tabular-nums">
                    {files.length}
                  </span>
                )}
              </header>
              {loading && !outputs ? (
                <div className="flex justify-center py-8">
                  <Spinner />
                </div>
              ) : files.length === 0 ? (
                <p className="px-4 py-8 text-center text-sm text-slate-500">No files yet</p>
              ) : (
                <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
                  {files.map((file) => {
                    const ref = { type: column.type, name: file.name };
                    const working = busy.has(fileKey(ref));
                    return (
                      <li key={file.name} aria-label={file.name} className="px-4 py-3">
                        {/* Names differ only in their run's timestamp, so they are shown whole. */}
                        <p className="font-mono text-xs font-medium break-all text-slate-800">{file.name}</p>
                        <div className="mt-1.5 flex items-center justify-between gap-2">
                          <p className="min-w-0 text-xs text-slate-500 tabular-nums">
                            {/* If the line must wrap, it wraps between size and time, not inside them. */}
                            <span className="whitespace-nowrap">{formatFileSize(file.size)}</span> ·{' '}
                            <span className="whitespace-nowrap">{formatModified(file.modified)}</span>
                          </p>
                          <div className="flex shrink-0 items-center gap-1">
                            <Button variant="secondary" size="sm" disabled={working} onClick={() => onDownload(ref)}>
                              <DownloadIcon className="size-3.5" />
                              Download
                            </Button>
                            {/* As large as Download beside it, and named (a bare × was a small target). */}
                            <Button
                              variant="secondary"
                              size="sm"
                              aria-label={`Delete ${file.name}`}
                              className="hover:bg-red-50 hover:text-red-700"
                              disabled={working}
                              onClick={() => onDelete(ref)}
                            >
                              <TrashIcon className="size-3.5" />
                              Delete
                            </Button>
                          </div>
                        </div>
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </section>
  );
}
