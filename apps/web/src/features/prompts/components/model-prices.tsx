import type { ModelPrice } from '@mining-hub/contract/evaluation';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormError, TextField } from '../../../components/form-controls.tsx';
import { LoadFailure } from '../../../components/paged-list.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { modelPricesQueryOptions, useSavePrices } from '../evaluation-api.ts';
import { failureDetail } from '../prompt-messages.ts';

interface Row {
  key: number;
  model: string;
  input: string;
  output: string;
}

let nextKey = 0;
const toRow = (price: ModelPrice): Row => ({
  key: nextKey++,
  model: price.model,
  input: String(price.input_per_million),
  output: String(price.output_per_million),
});

/** The price per model that costs an evaluation run: US dollars per million input and output tokens. */
export function ModelPrices({ onDone }: { onDone: (message: string) => void }) {
  const prices = useQuery(modelPricesQueryOptions());
  if (prices.isPending) return <Spinner />;
  if (prices.isError)
    return <LoadFailure what="Model prices" error={prices.error} onRetry={() => void prices.refetch()} />;
  // Keyed by what was loaded, so a save (or another admin's) starts the form afresh.
  return <PricesForm key={JSON.stringify(prices.data)} saved={prices.data} onDone={onDone} />;
}

function PricesForm({ saved, onDone }: { saved: ModelPrice[]; onDone: (message: string) => void }) {
  const save = useSavePrices();
  const [rows, setRows] = useState<Row[]>(() => saved.map(toRow));
  const [problem, setProblem] = useState<string | null>(null);
  const change = (key: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const filled = rows.filter((row) => row.model.trim() !== '');
    const prices = filled.map((row) => ({
      model: row.model.trim(),
      input_per_million: Number(row.input),
      output_per_million: Number(row.output),
    }));
    const bad = prices.find(
      (price) => !Number.isFinite(price.input_per_million) || !Number.isFinite(price.output_per_million),
    );
    if (bad) {
      setProblem(`The prices of ${bad.model} must be numbers`);
      return;
    }
    save.mutate(prices, {
      onSuccess: () => onDone('Model prices saved'),
      onError: (error) => setProblem(failureDetail(error) ?? 'The request failed'),
    });
  };

  return (
    <form onSubmit={submit} className="space-y-3" aria-labelledby="model-prices-title">
      <h3 id="model-prices-title" className="text-sm font-semibold text-slate-900">
        Model prices
      </h3>
      <p className="text-sm text-slate-600">
        US dollars per million tokens, by model as a run names it (for example openai:gpt-4o-mini). A run of a model
        with no price shows no cost.
      </p>
      {problem && <FormError>{problem}</FormError>}
      {rows.length === 0 && <p className="text-sm text-slate-600">No prices yet.</p>}
      <ul className="space-y-2" aria-label="Model prices">
        {rows.map((row, index) => (
          <li key={row.key} className="grid items-end gap-2 sm:grid-cols-[2fr_1fr_1fr_auto]">
            <TextField
              label={`Model ${index + 1}`}
              value={row.model}
              onChange={(event) => change(row.key, { model: event.target.value })}
            />
            <TextField
              label="Input $ / M tokens"
              inputMode="decimal"
              value={row.input}
              onChange={(event) => change(row.key, { input: event.target.value })}
            />
            <TextField
              label="Output $ / M tokens"
              inputMode="decimal"
              value={row.output}
              onChange={(event) => change(row.key, { output: event.target.value })}
            />
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Remove the price of ${row.model || `model ${index + 1}`}`}
              onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setRows((current) => [...current, { key: nextKey++, model: '', input: '0', output: '0' }])}
        >
          Add model
        </Button>
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save prices'}
        </Button>
      </div>
    </form>
  );
}
