import type { Prompt } from '@mining-hub/contract/prompts';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatDate } from '../../../lib/format.ts';

interface PromptListProps {
  prompts: Prompt[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** The prompt being activated, if any. */
  activatingId: number | undefined;
  /** Left out for members, who may read prompts but not activate one. */
  onActivate: ((prompt: Prompt) => void) | undefined;
}

/** 'All Prompt Templates': Active badge, description, created date, version count and Activate. */
export function PromptList({ prompts, loading, failed, onRetry, activatingId, onActivate }: PromptListProps) {
  return (
    <Card
      title="All Prompt Templates"
      description={prompts ? `${prompts.length} ${prompts.length === 1 ? 'template' : 'templates'}` : undefined}
    >
      {loading && <Spinner />}
      {failed && (
        <div className="flex flex-wrap items-center gap-3 text-sm text-red-700">
          Prompt templates could not be loaded.
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Retry
          </Button>
        </div>
      )}
      {prompts && prompts.length === 0 && <p className="text-sm text-slate-500">No prompt templates yet.</p>}
      {prompts && prompts.length > 0 && (
        <ul className="-my-3 divide-y divide-slate-100">
          {prompts.map((prompt) => (
            <li
              key={prompt.id}
              aria-label={prompt.name}
              className="flex flex-wrap items-start justify-between gap-3 py-3 sm:flex-nowrap"
            >
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-medium break-words text-slate-900">{prompt.name}</h3>
                  {prompt.is_active && (
                    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-200 ring-inset">
                      Active
                    </span>
                  )}
                </div>
                {prompt.description && (
                  <p className="mt-0.5 text-sm break-words text-slate-600">{prompt.description}</p>
                )}
                <p className="mt-1 text-xs text-slate-500">
                  Created <time dateTime={prompt.created_at}>{formatDate(prompt.created_at)}</time> · Version{' '}
                  {prompt.version} · {prompt.version_count} {prompt.version_count === 1 ? 'version' : 'versions'} kept
                </p>
              </div>
              {!prompt.is_active && onActivate && (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Activate ${prompt.name}`}
                  disabled={activatingId !== undefined}
                  onClick={() => onActivate(prompt)}
                >
                  {activatingId === prompt.id ? 'Activating...' : 'Activate'}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
