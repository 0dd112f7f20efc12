import type { EvaluationComparison, EvaluationRunDetail, StartEvaluationInput } from '@mining-hub/contract/evaluation';
import type { Prompt } from '@mining-hub/contract/prompts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormError, SelectField } from '../../../components/form-controls.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { failureDetail } from '../prompt-messages.ts';
import { useLiveMessages } from '../../../lib/live-context.tsx';
import {
  evaluationKeys,
  evaluationRunQueryOptions,
  evaluationSetsQueryOptions,
  percent,
  points,
  promptRunsQueryOptions,
  useCancelEvaluation,
  useStartEvaluation,
} from '../evaluation-api.ts';

interface EvaluateTabProps {
  /** The prompt being edited: runs are recorded against it. */
  promptId: number;
  prompts: Prompt[] | undefined;
  /** The editor's current text and schema, or why they cannot be run. */
  draft: () => { ok: true; value: StartEvaluationInput['draft'] } | { ok: false; message: string };
}

const DRAFT = 'draft';

/** The Evaluate tab: run the draft or a saved version over a set, follow it, read its scores and comparison. */
export function EvaluateTab({ promptId, prompts, draft }: EvaluateTabProps) {
  const sets = useQuery(evaluationSetsQueryOptions());
  const runs = useQuery(promptRunsQueryOptions(promptId));
  const start = useStartEvaluation();
  const [setId, setSetId] = useState<number | undefined>(undefined);
  const [what, setWhat] = useState<string>(DRAFT);
  const [runId, setRunId] = useState<number | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const chosenSet = setId ?? sets.data?.find((set) => set.is_default)?.id ?? sets.data?.[0]?.id;
  const shownRunId = runId ?? runs.data?.[0]?.id;

  const run = () => {
    if (chosenSet === undefined) return;
    setProblem(null);
    let request: StartEvaluationInput;
    if (what === DRAFT) {
      const current = draft();
      if (!current.ok) {
        setProblem(current.message);
        return;
      }
      request = { set_id: chosenSet, draft: current.value };
    } else {
      request = { set_id: chosenSet };
    }
    const target = what === DRAFT ? promptId : Number(what);
    start.mutate(
      { promptId: target, request },
      {
        onSuccess: (started) => setRunId(started.id),
        onError: (error) => setProblem(failureDetail(error) ?? 'The request failed'),
      },
    );
  };

  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">
        Runs a prompt over articles your team reviewed and scores each output field against what the reviewers expected.
        Nothing is saved to the prompt and nothing goes to the CRM.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Evaluation set"
          value={chosenSet ?? ''}
          onChange={(event) => setSetId(Number(event.target.value))}
          disabled={!sets.data || sets.data.length === 0}
        >
          {sets.data?.map((set) => (
            <option key={set.id} value={set.id}>
              {set.name} ({set.item_count} {set.item_count === 1 ? 'article' : 'articles'}, v{set.version}
              {set.is_default ? ', default' : ''})
            </option>
          ))}
        </SelectField>
        <SelectField label="Prompt to run" value={what} onChange={(event) => setWhat(event.target.value)}>
          <option value={DRAFT}>The draft in the editor (unsaved)</option>
          {prompts?.map((prompt) => (
            <option key={prompt.id} value={prompt.id}>
              {prompt.name}, version {prompt.version}
              {prompt.is_active ? ' (active)' : ''}
            </option>
          ))}
        </SelectField>
      </div>
      {sets.isPending && <Spinner />}
      {problem && <FormError>{problem}</FormError>}
      {/* Bottoms aligned: the button sits level with the run picker's box, not its label. */}
      <div className="flex flex-wrap items-end gap-3">
        <Button onClick={run} disabled={chosenSet === undefined || start.isPending}>
          {start.isPending ? 'Starting...' : 'Run evaluation'}
        </Button>
        {runs.data && runs.data.length > 0 && (
          <SelectField
            label="Show run"
            className="min-w-64"
            value={shownRunId ?? ''}
            onChange={(event) => setRunId(Number(event.target.value))}
          >
            {runs.data.map((past) => (
              <option key={past.id} value={past.id}>
                #{past.id} {past.prompt_version === null ? 'draft' : `v${past.prompt_version}`} on {past.set_name}:{' '}
                {past.status}
                {past.score !== null ? `, ${percent(past.score)}` : ''}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      {shownRunId !== undefined && <RunView runId={shownRunId} />}
    </div>
  );
}

function RunView({ runId }: { runId: number }) {
  const queryClient = useQueryClient();
  const detail = useQuery(evaluationRunQueryOptions(runId));
  const cancel = useCancelEvaluation();
  useLiveMessages((message) => {
    if (message.type === 'evaluation_progress' && message.run_id === runId) {
      void queryClient.invalidateQueries({ queryKey: evaluationKeys.run(runId) });
      // The runs list says the run ended as soon as the run view does.
      if (message.status !== 'queued' && message.status !== 'running') {
        void queryClient.invalidateQueries({ queryKey: evaluationKeys.allRuns });
      }
    }
  });
  if (!detail.data)
    return detail.isPending ? (
      <Spinner />
    ) : (
      <FormError>{failureDetail(detail.error) ?? 'The run could not be loaded'}</FormError>
    );
  const { run, comparison } = detail.data;
  const going = run.status === 'queued' || run.status === 'running';

  return (
    <section aria-labelledby={`run-${run.id}-title`} className="space-y-5 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`run-${run.id}-title`} className="text-sm font-semibold text-slate-900">
          Run #{run.id}: {run.prompt_name}
          {run.prompt_version !== null && `, version ${run.prompt_version}`} on {run.set_name} (v{run.set_version}),{' '}
          {run.model}
        </h3>
        {going && (
          <Button variant="secondary" size="sm" onClick={() => cancel.mutate(run.id)} disabled={cancel.isPending}>
            Cancel run
          </Button>
        )}
      </div>
      <div>
        <div className="mb-1 flex justify-between text-sm text-slate-700">
          <span role="status">
            {statusLabel(run.status)}: {run.done} of {run.total} articles
          </span>
        </div>
        <div
          role="progressbar"
          aria-label="Evaluation progress"
          aria-valuemin={0}
          aria-valuemax={run.total}
          aria-valuenow={run.done}
          className="h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-blue-600" style={{ width: `${run.total ? (run.done / run.total) * 100 : 0}%` }} />
        </div>
        {run.error && <FormError>{run.error}</FormError>}
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
        <Figure label="Score" value={percent(run.score)} />
        <Figure label="Valid outputs" value={percent(run.valid_share)} />
        <Figure
          label="Latency per article"
          value={run.avg_latency_ms === null ? '–' : `${Math.round(run.avg_latency_ms)} ms`}
        />
        <Figure
          label="Tokens per article"
          value={
            run.avg_prompt_tokens === null
              ? '–'
              : `${Math.round(run.avg_prompt_tokens)} in / ${Math.round(run.avg_completion_tokens ?? 0)} out`
          }
        />
        <Figure label="Cost" value={run.cost_usd === null ? 'no price' : `$${run.cost_usd.toFixed(4)}`} />
        <Figure label="Compared with active" value={comparison ? points(comparison.overall.delta) : '–'} />
      </dl>
      {comparison ? <ComparisonView comparison={comparison} /> : <FieldScores detail={detail.data} />}
      <InvalidOutputs results={detail.data.results} />
    </section>
  );
}

/** Each article whose output was not valid: why, and what the model answered (when it answered). */
function InvalidOutputs({ results }: { results: EvaluationRunDetail['results'] }) {
  const invalid = results.filter((result) => !result.valid);
  if (invalid.length === 0) return null;
  return (
    <div className="space-y-2">
      <h4 className="text-sm font-semibold text-slate-900">
        Invalid outputs ({invalid.length} {invalid.length === 1 ? 'article' : 'articles'})
      </h4>
      <ul className="space-y-2" aria-label="Articles whose output was not valid">
        {invalid.map((result) => (
          <li key={result.item_id}>
            <details className="rounded-md border border-slate-200">
              <summary className="cursor-pointer px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-blue-600">
                <span className="font-medium text-slate-900">{result.title}</span>
                <span className="block text-red-800">{result.error ?? 'No valid output'}</span>
              </summary>
              <div className="border-t border-slate-100 px-3 py-2">
                {result.raw_output === null ? (
                  <p className="text-xs text-slate-600">The model gave no answer to show.</p>
                ) : (
                  <>
                    <p className="mb-1 text-xs font-medium text-slate-700">What the model answered</p>
                    <pre className="max-h-64 overflow-auto rounded bg-slate-50 p-2 text-xs break-words whitespace-pre-wrap text-slate-900">
                      {result.raw_output}
                    </pre>
                  </>
                )}
              </div>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}

function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md bg-slate-50 px-3 py-2">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

function FieldScores({ detail }: { detail: EvaluationRunDetail }) {
  const fields = Object.entries(detail.run.field_scores);
  if (fields.length === 0) return null;
  return (
    <div>
      <p className="mb-2 text-sm text-slate-600">
        No run of the active version on this set to compare with: run the active version too.
      </p>
      <FieldTable
        caption="Score per field"
        columns={['Field', 'Score']}
        rows={fields.map(([field, score]) => ({ field, cells: [percent(score)] }))}
      />
    </div>
  );
}

const scoreCells = (score: { run: number | null; baseline: number | null; delta: number | null }) => [
  percent(score.run),
  percent(score.baseline),
  points(score.delta),
];

/** A table's header row: one column header per name. */
function ColumnHeads({
  columns,
  rowClassName,
  cellClassName,
}: {
  columns: string[];
  rowClassName: string;
  cellClassName: (index: number) => string;
}) {
  return (
    <thead>
      <tr className={rowClassName}>
        {columns.map((column, index) => (
          <th key={column} scope="col" className={cellClassName(index)}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

const ROW_CLASSES = {
  overall: { row: 'font-semibold', header: '' },
  summary: { row: '', header: 'font-normal' },
  field: { row: '', header: 'font-mono font-normal' },
};

/** Scores per field: a row per field (its name as the row header, monospaced), after the overall rows. */
function FieldTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: { field: string; cells: string[]; kind?: keyof typeof ROW_CLASSES }[];
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <ColumnHeads
        columns={columns}
        rowClassName="border-b border-slate-200 text-slate-600"
        cellClassName={() => 'py-1.5 font-medium'}
      />
      <tbody>
        {rows.map((row) => {
          const classes = ROW_CLASSES[row.kind ?? 'field'];
          return (
            <tr key={row.field} className={`border-b border-slate-100 ${classes.row}`}>
              <th scope="row" className={`py-1.5 ${classes.header}`}>
                {row.field}
              </th>
              {row.cells.map((cell, index) => (
                <td key={index} className="py-1.5">
                  {cell}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

const VERDICT_CLASSES = {
  better: 'bg-green-100 text-green-800',
  worse: 'bg-red-100 text-red-800',
  same: 'bg-slate-100 text-slate-700',
};

/** This run beside the active version's run: overall, per field, and each changed article's outputs side by side. */
export function ComparisonView({ comparison }: { comparison: EvaluationComparison }) {
  const { baseline } = comparison;
  return (
    <div className="space-y-4">
      <h4 className="text-sm font-semibold text-slate-900">
        Compared with the active version ({baseline.prompt_name}, version {baseline.prompt_version}, run #{baseline.id}
        ): {comparison.better} better, {comparison.worse} worse, {comparison.same} the same
      </h4>
      {comparison.note && <p className="text-sm text-amber-800">{comparison.note}</p>}
      <FieldTable
        caption="Score per field against the active version"
        columns={['Field', 'This run', 'Active version', 'Change']}
        rows={[
          { field: 'Overall', kind: 'overall', cells: scoreCells(comparison.overall) },
          { field: 'Valid outputs', kind: 'summary', cells: scoreCells(comparison.valid_share) },
          ...comparison.fields.map((field) => ({ field: field.field, cells: scoreCells(field) })),
        ]}
      />
      {comparison.articles.length === 0 ? (
        <p className="text-sm text-slate-600">No article's output changed.</p>
      ) : (
        <ul className="space-y-2" aria-label="Articles whose output changed">
          {comparison.articles.map((article) => (
            <li key={article.item_id}>
              <details className="rounded-md border border-slate-200">
                <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-blue-600">
                  <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${VERDICT_CLASSES[article.verdict]}`}>
                    {statusLabel(article.verdict)}
                  </span>
                  <span className="font-medium text-slate-900">{article.title}</span>
                  <span className="text-slate-600">
                    {percent(article.run_score)} against {percent(article.baseline_score)}
                  </span>
                </summary>
                <OutputsSideBySide
                  expected={article.expected}
                  output={article.output}
                  baseline={article.baseline_output}
                />
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function shown(value: unknown): string {
  if (value === undefined) return '(missing)';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  return JSON.stringify(value, null, 1);
}

function OutputsSideBySide({
  expected,
  output,
  baseline,
}: {
  expected: Record<string, unknown>;
  output: Record<string, unknown> | null;
  baseline: Record<string, unknown> | null;
}) {
  const fields = Object.keys(expected);
  return (
    <table className="w-full table-fixed border-t border-slate-100 text-left text-xs">
      <caption className="sr-only">Expected value, this run's output and the active version's output per field</caption>
      <ColumnHeads
        columns={['Field', 'Expected', 'This run', 'Active version']}
        rowClassName="text-slate-600"
        cellClassName={(index) => `${index === 0 ? 'w-1/5 ' : ''}px-3 py-1.5 font-medium`}
      />
      <tbody>
        {fields.map((field) => {
          const now = output === null ? '(invalid output)' : shown(output[field]);
          const before = baseline === null ? '(invalid output)' : shown(baseline[field]);
          return (
            <tr key={field} className={`align-top ${now !== before ? 'bg-amber-50' : ''}`}>
              <th scope="row" className="px-3 py-1.5 font-mono font-normal break-words">
                {field}
              </th>
              <td className="px-3 py-1.5 break-words whitespace-pre-wrap">{shown(expected[field])}</td>
              <td className="px-3 py-1.5 break-words whitespace-pre-wrap">{now}</td>
              <td className="px-3 py-1.5 break-words whitespace-pre-wrap">{before}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
