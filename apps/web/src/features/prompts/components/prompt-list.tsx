import { outputFieldCount, type Prompt } from '@mining-hub/contract/prompts';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { LoadFailure } from '../../../components/paged-list.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatDate } from '../../../lib/format.ts';

interface PromptListProps {
  prompts: Prompt[] | undefined;
  loading: boolean;
  /** Why the list could not be loaded, if it could not. */
  error: unknown;
  onRetry: () => void;
  /** The prompt being activated, if any. */
  activatingId: number | undefined;
  /** Left out for members, who may read prompts but not activate one. */
  onActivate: ((prompt: Prompt) => void) | undefined;
}

// Saved before a schema needed fields: the server refuses to activate such a prompt, so its button says why.
const hasNoFields = (prompt: Prompt) => outputFieldCount(prompt.function_schema) === 0;
const noFieldsNoteId = (prompt: Prompt) => `prompt-${prompt.id}-no-fields`;

/** 'All Prompt Templates': Active badge, description, created date, version count and Activate. */
export function PromptList({ prompts, loading, error, onRetry, activatingId, onActivate }: PromptListProps) {
  return (
    <Card
      title="All Prompt Templates"
      description={prompts ? `${prompts.length} ${prompts.length === 1 ? 'template' : 'templates'}` : undefined}
    >
      {loading && <Spinner />}
      {error !== null && error !== undefined && !prompts && (
        <LoadFailure what="Prompt templates" error={error} onRetry={onRetry} />
      )}
      {prompts && prompts.length === 0 && (
        <p className="text-sm text-slate-500">No prompt templates yet. Create one with Create New Prompt.</p>
      )}
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
                {hasNoFields(prompt) && (
                  <p id={noFieldsNoteId(prompt)} className="mt-1 text-xs font-medium text-amber-800">
                    Its output schema has no fields, so it cannot be activated: every analysis would be empty.
                  </p>
                )}
              </div>
              {!prompt.is_active && onActivate && (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Activate ${prompt.name}`}
                  aria-describedby={hasNoFields(prompt) ? noFieldsNoteId(prompt) : undefined}
                  disabled={activatingId !== undefined || hasNoFields(prompt)}
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
