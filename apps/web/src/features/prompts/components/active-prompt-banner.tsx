import type { Prompt } from '@mining-hub/contract/prompts';
import { SparklesIcon } from '../../../components/icons.tsx';
import { formatDateTime } from '../../../lib/format.ts';

/** 'Currently Active': the prompt every analysis runs, and when it last changed. */
export function ActivePromptBanner({ prompt }: { prompt: Prompt }) {
  return (
    <section
      aria-label="Currently Active"
      className="flex flex-wrap items-center gap-4 rounded-xl border border-blue-200 bg-gradient-to-r from-blue-50 to-white px-5 py-4 shadow-sm"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-blue-600 text-white">
        <SparklesIcon />
      </span>
      {/* Wide enough for the name: on a phone the dates wrap under it rather than squeeze it to one letter. */}
      <div className="min-w-48 flex-1">
        <p className="text-xs font-semibold tracking-wide text-blue-700 uppercase">Currently Active</p>
        <p className="truncate text-base font-semibold text-slate-900">{prompt.name}</p>
      </div>
      <dl className="flex gap-6 text-sm">
        <div>
          <dt className="text-xs text-slate-500">Last updated</dt>
          <dd className="font-medium text-slate-800">
            <time dateTime={prompt.updated_at}>{formatDateTime(prompt.updated_at)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Version</dt>
          <dd className="font-medium text-slate-800">{prompt.version}</dd>
        </div>
      </dl>
    </section>
  );
}
