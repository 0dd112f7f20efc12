import type { EvaluationSet } from '@mining-hub/contract/evaluation';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button, buttonClasses } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { FormError, TextField } from '../../../components/form-controls.tsx';
import { LoadFailure } from '../../../components/paged-list.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { API_BASE } from '../../../lib/api-client.ts';
import {
  evaluationSetsQueryOptions,
  useCreateSet,
  useDeleteSet,
  useImportSet,
  useMakeDefaultSet,
} from '../evaluation-api.ts';
import { failureDetail } from '../prompt-messages.ts';
import { ModelPrices } from './model-prices.tsx';

/** The evaluation sets: articles reviewers added, with what each output should say; create, import, export. */
export function EvaluationSetsCard({ onDone }: { onDone: (message: string) => void }) {
  const sets = useQuery(evaluationSetsQueryOptions());
  const create = useCreateSet();
  const remove = useDeleteSet();
  const makeDefault = useMakeDefaultSet();
  const importSet = useImportSet();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { ask, dialog } = useConfirm();
  const fail = (error: unknown) => setProblem(failureDetail(error) ?? 'The request failed');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    create.mutate(name.trim(), {
      onSuccess: (set) => {
        setName('');
        onDone(`Evaluation set "${set.name}" created`);
      },
      onError: fail,
    });
  };

  const importFile = async (set: EvaluationSet, file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    const jsonl = await file.text();
    importSet.mutate(
      { id: set.id, jsonl },
      { onSuccess: (result) => onDone(`${result.imported} articles imported into "${set.name}"`), onError: fail },
    );
  };

  return (
    <Card
      title="Evaluation Sets"
      description="Reviewed articles with the output each should get. Activating a prompt compares versions on the default set."
    >
      {dialog}
      {sets.isPending && <Spinner />}
      {sets.isError && <LoadFailure what="Evaluation sets" error={sets.error} onRetry={() => void sets.refetch()} />}
      {problem && <FormError>{problem}</FormError>}
      {sets.data && (
        <table className="mb-5 w-full text-left text-sm">
          <caption className="sr-only">Evaluation sets</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 font-medium">
                Name
              </th>
              <th scope="col" className="py-2 font-medium">
                Articles
              </th>
              <th scope="col" className="py-2 font-medium">
                Version
              </th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sets.data.map((set) => (
              <tr key={set.id} className="border-b border-slate-100 align-middle">
                <th scope="row" className="py-2 font-medium text-slate-900">
                  {set.name}
                  {set.is_default && (
                    <span className="ml-2 rounded bg-blue-100 px-1.5 py-0.5 text-xs font-semibold text-blue-800">
                      Default
                    </span>
                  )}
                </th>
                <td className="py-2">{set.item_count}</td>
                <td className="py-2">v{set.version}</td>
                <td className="py-2">
                  <div className="flex flex-wrap justify-end gap-2">
                    {!set.is_default && (
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Make default: ${set.name}`}
                        onClick={() => makeDefault.mutate(set.id, { onError: fail })}
                      >
                        Make default
                      </Button>
                    )}
                    <a
                      className={buttonClasses('secondary', 'sm')}
                      href={`${API_BASE}/evaluation-sets/${set.id}/export`}
                      download
                      aria-label={`Export ${set.name} as JSONL`}
                    >
                      Export
                    </a>
                    <label
                      className={`${buttonClasses('secondary', 'sm')} cursor-pointer focus-within:outline-2 focus-within:outline-blue-600`}
                    >
                      Import
                      <span className="sr-only"> JSONL into {set.name}</span>
                      <input
                        type="file"
                        accept=".jsonl,.ndjson,application/x-ndjson,text/plain"
                        className="sr-only"
                        onChange={(event) => {
                          void importFile(set, event.target.files?.[0]);
                          event.target.value = '';
                        }}
                      />
                    </label>
                    {!set.is_default && (
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Delete ${set.name}`}
                        onClick={() =>
                          void ask(`Delete the set "${set.name}" and its ${set.item_count} articles?`).then(
                            (confirmed) => confirmed && remove.mutate(set.id, { onError: fail }),
                          )
                        }
                      >
                        Delete
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <TextField
          label="New set name"
          className="min-w-64 flex-1"
          value={name}
          maxLength={200}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" disabled={name.trim() === '' || create.isPending}>
          Create set
        </Button>
      </form>
      <div className="mt-6 border-t border-slate-200 pt-5">
        <ModelPrices onDone={onDone} />
      </div>
    </Card>
  );
}
