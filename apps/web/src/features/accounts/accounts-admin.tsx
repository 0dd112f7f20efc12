import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountReview, OwnershipRule } from '@mining-hub/contract/accounts';
import { COMMODITIES, COUNTRIES } from '@mining-hub/contract/reference-data';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { FormError, SelectField } from '../../components/form-controls.tsx';
import {
  accountKeys,
  accountReviewsQueryOptions,
  createOwnershipRule,
  deleteOwnershipRule,
  ownersQueryOptions,
  ownershipRulesQueryOptions,
  resolveAccountReview,
} from './api.ts';

const countryName = new Map(COUNTRIES.map((country) => [country.code, country.name]));
const commodityName = new Map(COMMODITIES.map((commodity) => [commodity.symbol, commodity.name]));

const ruleLabel = (rule: Pick<OwnershipRule, 'kind' | 'value'>) =>
  rule.kind === 'country'
    ? `Country: ${countryName.get(rule.value) ?? rule.value}`
    : `Commodity: ${commodityName.get(rule.value) ?? rule.value}`;

/** Admins' rules that give unowned companies an owner by country or commodity (audited). */
export function OwnershipRulesCard() {
  const queryClient = useQueryClient();
  const rules = useQuery(ownershipRulesQueryOptions());
  const owners = useQuery(ownersQueryOptions());
  const [kind, setKind] = useState<'country' | 'commodity'>('country');
  const [value, setValue] = useState('');
  const [ownerId, setOwnerId] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.all });
  const create = useMutation({
    mutationFn: () => createOwnershipRule({ kind, value, owner_id: Number(ownerId) }),
    onSuccess: async () => {
      setValue('');
      await refresh();
    },
  });
  const remove = useMutation({ mutationFn: deleteOwnershipRule, onSuccess: refresh });
  const options =
    kind === 'country' ? COUNTRIES.map((c) => [c.code, c.name]) : COMMODITIES.map((c) => [c.symbol, c.name]);
  return (
    <Card
      title="Ownership rules"
      description="A company nobody assigned gets the owner of the first rule it matches: country rules (head office or a project) before commodity rules, oldest first. An owner chosen on a company's page always wins. Changes are in the audit log."
    >
      {rules.data && rules.data.length > 0 ? (
        <ul className="mb-4 divide-y divide-slate-100 text-sm" aria-label="Ownership rules">
          {rules.data.map((rule) => (
            <li key={rule.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium text-slate-900">{ruleLabel(rule)}</span>
                <span className="text-slate-600">
                  {' '}
                  → {rule.owner.name} · {rule.companies} {rule.companies === 1 ? 'company' : 'companies'}
                </span>
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={remove.isPending}
                onClick={() => remove.mutate(rule.id)}
                aria-label={`Remove rule ${ruleLabel(rule)}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-4 text-sm text-slate-600">{rules.isPending ? 'Loading…' : 'No rules yet.'}</p>
      )}
      <form
        className="grid grid-cols-1 items-end gap-3 sm:grid-cols-4"
        aria-label="Add an ownership rule"
        onSubmit={(event) => {
          event.preventDefault();
          if (value && ownerId) create.mutate();
        }}
      >
        <SelectField
          label="Rule by"
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as 'country' | 'commodity');
            setValue('');
          }}
        >
          <option value="country">Country</option>
          <option value="commodity">Commodity</option>
        </SelectField>
        <SelectField
          label={kind === 'country' ? 'Country' : 'Commodity'}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        >
          <option value="">Choose…</option>
          {options.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Owner" value={ownerId} onChange={(event) => setOwnerId(event.target.value)}>
          <option value="">Choose a user</option>
          {owners.data?.map((user) => (
            <option key={user.id} value={user.id}>
              {user.name}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={!value || !ownerId || create.isPending}>
          Add rule
        </Button>
      </form>
      {(create.error ?? remove.error) && <FormError>{(create.error ?? remove.error)?.message}</FormError>}
    </Card>
  );
}

function ReviewItem({ review }: { review: AccountReview }) {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState(String(review.candidates[0]?.id ?? ''));
  const resolve = useMutation({
    mutationFn: (action: 'merge' | 'keep_apart') =>
      resolveAccountReview(
        review.id,
        action === 'merge' ? { action, company_id: Number(target) } : { action: 'keep_apart' },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
  return (
    <li className="space-y-2 py-3 text-sm">
      <p>
        <span className="font-medium text-slate-900">“{review.mention}”</span>
        {review.tickers.length > 0 && <span className="text-slate-600"> ({review.tickers.join(', ')})</span>}
        <span className="text-slate-600"> — {review.reason}</span>
      </p>
      <p className="text-slate-600">
        Could be:{' '}
        {review.candidates.map((candidate, index) => (
          <span key={candidate.id}>
            {index > 0 && ', '}
            <Link to={`/companies/${candidate.id}`} className="text-blue-700 hover:underline">
              {candidate.name}
            </Link>
            {candidate.tickers.length > 0 && ` (${candidate.tickers.join(', ')})`}
          </span>
        ))}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        {review.candidates.length > 1 && (
          <SelectField
            className="min-w-56"
            label="Merge into"
            value={target}
            onChange={(event) => setTarget(event.target.value)}
          >
            {review.candidates.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </SelectField>
        )}
        {review.candidates.length > 1 && (
          <Button size="sm" disabled={resolve.isPending} onClick={() => resolve.mutate('merge')}>
            Merge into one
          </Button>
        )}
        <Button variant="secondary" size="sm" disabled={resolve.isPending} onClick={() => resolve.mutate('keep_apart')}>
          Keep apart
        </Button>
      </div>
      {resolve.error && <FormError>{resolve.error.message}</FormError>}
    </li>
  );
}

/** Mentions entity resolution would not join alone: an admin merges the candidates or keeps them apart. */
export function AccountReviewsCard() {
  const reviews = useQuery(accountReviewsQueryOptions());
  return (
    <Card
      title="To review"
      description="Names the product would not join to a company by itself (two candidates, or a listing that disagrees with the name). Merging is recorded in the audit log and can be split again on the company's page."
    >
      {reviews.isPending ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : reviews.isError ? (
        <p role="alert" className="text-sm text-red-800">
          The review list could not be loaded: {reviews.error.message}
        </p>
      ) : reviews.data.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing to review.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Mentions to review">
          {reviews.data.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </ul>
      )}
    </Card>
  );
}
