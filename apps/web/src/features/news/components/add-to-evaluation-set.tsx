import { evaluationItemResponseSchema, evaluationSetListResponseSchema } from '@mining-hub/contract/evaluation';
import type { Article } from '@mining-hub/contract/news';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormError, SelectField, TextField } from '../../../components/form-controls.tsx';
import { Modal } from '../../../components/modal.tsx';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';

/** The fields a reviewer corrects most often, with the values the default schema allows. */
const CORRECTABLE: { field: string; label: string; options?: string[] }[] = [
  { field: 'buying_intent_score', label: 'Buying intent', options: ['Low', 'Medium', 'High', 'Very High'] },
  { field: 'drilling_planned', label: 'Drilling planned', options: ['Yes', 'No'] },
  { field: 'drilling_length_meters', label: 'Drilling length (metres)' },
  { field: 'drilling_timeline', label: 'Drilling timeline' },
];
// Evidence the analyser adds beside the prompt's own fields: not part of what a prompt is scored on.
const NOT_EXPECTED = new Set(['intent_reasons']);

/**
 * 'Add to evaluation set' in an analysed article's detail: the analysis, with the reviewer's corrections, becomes
 * the expected output of one article of a set (issue 36).
 */
export function AddToEvaluationSet({ article }: { article: Article }) {
  const [open, setOpen] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  if (!article.analysis) return null;
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Add to evaluation set
      </Button>
      {added && (
        <span role="status" className="text-sm text-green-800">
          {added}
        </span>
      )}
      {open && (
        <AddDialog
          article={article}
          analysis={article.analysis}
          onClose={() => setOpen(false)}
          onAdded={(message) => {
            setAdded(message);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function AddDialog({
  article,
  analysis,
  onClose,
  onAdded,
}: {
  article: Article;
  analysis: Record<string, unknown>;
  onClose: () => void;
  onAdded: (message: string) => void;
}) {
  const sets = useQuery({
    queryKey: ['evaluation', 'sets'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/evaluation-sets', evaluationSetListResponseSchema, { signal })).data,
  });
  const fields = CORRECTABLE.filter(({ field }) => field in analysis);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map(({ field }) => [field, typeof analysis[field] === 'string' ? analysis[field] : ''])),
  );
  const [setId, setSetId] = useState<number | undefined>(undefined);
  const chosen = setId ?? sets.data?.find((set) => set.is_default)?.id ?? sets.data?.[0]?.id;
  const queryClient = useQueryClient();
  const add = useMutation({
    // The sets' article counts and versions changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['evaluation'] }),
    mutationFn: async (target: number) => {
      const expected = Object.fromEntries(Object.entries(analysis).filter(([field]) => !NOT_EXPECTED.has(field)));
      return apiRequest(`/evaluation-sets/${target}/articles`, evaluationItemResponseSchema, {
        method: 'POST',
        body: { article_id: article.article_id, expected: { ...expected, ...values } },
      });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen === undefined) return;
    const name = sets.data?.find((set) => set.id === chosen)?.name ?? 'the set';
    add.mutate(chosen, { onSuccess: () => onAdded(`Added to ${name}`) });
  };

  return (
    <Modal
      open
      size="md"
      onClose={onClose}
      title="Add to evaluation set"
      subtitle="The analysis, with your corrections, becomes what a prompt should answer for this article."
      footer={
        <>
          <Button variant="secondary" size="sm" onClick={onClose}>
            Cancel
          </Button>
          <Button size="sm" type="submit" form="add-to-evaluation-set" disabled={chosen === undefined || add.isPending}>
            {add.isPending ? 'Adding...' : 'Add article'}
          </Button>
        </>
      }
    >
      <form id="add-to-evaluation-set" onSubmit={submit} className="space-y-4">
        <SelectField
          label="Evaluation set"
          value={chosen ?? ''}
          onChange={(event) => setSetId(Number(event.target.value))}
          disabled={!sets.data || sets.data.length === 0}
        >
          {sets.data?.map((set) => (
            <option key={set.id} value={set.id}>
              {set.name}
            </option>
          ))}
        </SelectField>
        {fields.map(({ field, label, options }) =>
          options ? (
            <SelectField
              key={field}
              label={label}
              value={values[field] ?? ''}
              onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
            >
              {options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </SelectField>
          ) : (
            <TextField
              key={field}
              label={label}
              value={values[field] ?? ''}
              onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
            />
          ),
        )}
        {add.isError && (
          <FormError>{isApiError(add.error) ? add.error.detail : 'The article could not be added'}</FormError>
        )}
      </form>
    </Modal>
  );
}
