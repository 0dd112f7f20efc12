import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  PROJECT_STAGE_LABELS,
  PROJECT_STAGES,
  type CompanyListQuery,
  type CompanySummary,
  type ProjectStage,
} from '@mining-hub/contract/accounts';
import { COMMODITIES, COUNTRIES } from '@mining-hub/contract/reference-data';
import { Card } from '../../components/card.tsx';
import { SelectField, TextField } from '../../components/form-controls.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PaginationControls } from '../../components/pagination-controls.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { useCurrentUser } from '../../lib/auth-context.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { AccountReviewsCard, OwnershipRulesCard } from './accounts-admin.tsx';
import { companiesQueryOptions, type CompanyFilters } from './api.ts';
import { formatChange, Sparkline } from './sparkline.tsx';

const SORTS = {
  heat: { label: 'Heat (hottest first)', sort: 'heat', window: undefined },
  rise7: { label: 'Rise in heat over 7 days', sort: 'heat_change', window: '7d' },
  rise30: { label: 'Rise in heat over 30 days', sort: 'heat_change', window: '30d' },
  name: { label: 'Name', sort: 'name', window: undefined },
} as const satisfies Record<
  string,
  { label: string; sort: CompanyListQuery['sort']; window: CompanyListQuery['window'] | undefined }
>;
type SortKey = keyof typeof SORTS;

const countryName = new Map(COUNTRIES.map((country) => [country.code, country.name]));

function Tickers({ company }: { company: CompanySummary }) {
  if (company.tickers.length === 0) return null;
  return <p className="text-xs text-slate-600">{company.tickers.join(' · ')}</p>;
}

function Projects({ company }: { company: CompanySummary }) {
  if (company.projects.length === 0) return <span className="text-slate-500">No projects known</span>;
  return (
    <ul className="space-y-0.5">
      {company.projects.slice(0, 3).map((project) => (
        <li key={project.id}>
          <span className="text-slate-800">{project.name}</span>
          <span className="text-slate-600">
            {project.stage && ` · ${PROJECT_STAGE_LABELS[project.stage]}`}
            {project.country && ` · ${countryName.get(project.country) ?? project.country}`}
          </span>
        </li>
      ))}
      {company.projects.length > 3 && <li className="text-slate-600">and {company.projects.length - 3} more</li>}
    </ul>
  );
}

function Heat({ company, window }: { company: CompanySummary; window: '7d' | '30d' }) {
  const change = window === '30d' ? company.heat_change_30d : company.heat_change_7d;
  return (
    <div className="flex items-center gap-3">
      <Sparkline values={company.heat_sparkline} />
      <p className="tabular-nums">
        <span className="font-semibold text-slate-900">{company.heat.toFixed(1)}</span>{' '}
        <span className={change > 0 ? 'text-green-800' : 'text-slate-600'}>
          ({formatChange(change)} in {window === '30d' ? '30' : '7'} days)
        </span>
      </p>
    </div>
  );
}

function CompanyName({ company }: { company: CompanySummary }) {
  return (
    <div className="min-w-0">
      <Link to={`/companies/${company.id}`} className="font-medium break-words text-blue-700 hover:underline">
        {company.name}
      </Link>
      <Tickers company={company} />
      {company.owner && <p className="text-xs text-slate-600">Owner: {company.owner.name}</p>}
    </div>
  );
}

/** Companies (`/companies`): every account the product knows, hottest first, with its projects and heat. */
export function CompaniesPage() {
  const user = useCurrentUser();
  const [sortKey, setSortKey] = useState<SortKey>('heat');
  const [commodity, setCommodity] = useState('');
  const [country, setCountry] = useState('');
  const [stage, setStage] = useState<ProjectStage | ''>('');
  const [owner, setOwner] = useState<'' | 'me' | 'none'>('');
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [q] = useDebouncedValue(text.trim(), 300);
  const sort = SORTS[sortKey];
  const filters: CompanyFilters = {
    sort: sort.sort,
    window: sort.window,
    commodity: commodity || undefined,
    country: country || undefined,
    stage: stage || undefined,
    owner: owner || undefined,
    q: q || undefined,
    page,
  };
  const companies = useQuery(companiesQueryOptions(filters));
  const changeWindow = sort.window ?? '7d';
  const reset =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <>
      <PageHeader
        title="Companies"
        description="Every mining company the scraper, the news and the CRM have shown us, with its projects, its heat (recent financings, programmes, results, studies) and its owner."
      />
      <Card className="mb-6">
        {/* As many in a row as have room for their longest choice ("Heat (hottest first)", "Everyone's accounts"):
            one on a phone, six only from 1536 px. */}
        <form
          className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3 2xl:grid-cols-6"
          onSubmit={(event) => event.preventDefault()}
          role="search"
          aria-label="Filter companies"
        >
          <TextField
            label="Search"
            placeholder="Name or ticker"
            value={text}
            onChange={(event) => reset(setText)(event.target.value)}
          />
          <SelectField
            label="Sort by"
            value={sortKey}
            onChange={(event) => reset(setSortKey)(event.target.value as SortKey)}
          >
            {Object.entries(SORTS).map(([key, option]) => (
              <option key={key} value={key}>
                {option.label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Commodity"
            value={commodity}
            onChange={(event) => reset(setCommodity)(event.target.value)}
          >
            <option value="">All commodities</option>
            {COMMODITIES.map((item) => (
              <option key={item.symbol} value={item.symbol}>
                {item.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Country" value={country} onChange={(event) => reset(setCountry)(event.target.value)}>
            <option value="">All countries</option>
            {COUNTRIES.map((item) => (
              <option key={item.code} value={item.code}>
                {item.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Stage"
            value={stage}
            onChange={(event) => reset(setStage)(event.target.value as ProjectStage | '')}
          >
            <option value="">All stages</option>
            {PROJECT_STAGES.map((item) => (
              <option key={item} value={item}>
                {PROJECT_STAGE_LABELS[item]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Owner"
            value={owner}
            onChange={(event) => reset(setOwner)(event.target.value as '' | 'me' | 'none')}
          >
            <option value="">Everyone&apos;s accounts</option>
            <option value="me">My accounts</option>
            <option value="none">No owner</option>
          </SelectField>
        </form>
      </Card>
      <Card
        title="Accounts"
        description={
          companies.data
            ? `${companies.data.pagination.total_count} ${companies.data.pagination.total_count === 1 ? 'company' : 'companies'}`
            : undefined
        }
      >
        {companies.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : companies.isError ? (
          <p role="alert" className="text-red-800">
            The companies could not be loaded: {companies.error.message}
          </p>
        ) : companies.data.data.length === 0 ? (
          <p className="text-slate-600">
            No company matches these filters. Companies appear after a scraper run or a news fetch.
          </p>
        ) : (
          <div className="space-y-4">
            <TableScroll label="Companies" className="-mx-5 -mt-5 max-lg:hidden">
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  <tr>
                    <th scope="col" className="px-5 py-3">
                      Company
                    </th>
                    <th scope="col" className="px-3 py-3">
                      Projects
                    </th>
                    <th scope="col" className="px-3 py-3">
                      Heat (13 weeks)
                    </th>
                    <th scope="col" className="px-5 py-3">
                      Stories
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {companies.data.data.map((company) => (
                    <tr key={company.id} className="align-top">
                      <td className="w-72 px-5 py-3">
                        <CompanyName company={company} />
                      </td>
                      <td className="min-w-72 px-3 py-3">
                        <Projects company={company} />
                      </td>
                      <td className="px-3 py-3 whitespace-nowrap">
                        <Heat company={company} window={changeWindow} />
                      </td>
                      <td className="px-5 py-3 tabular-nums">{company.story_count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <ul className="space-y-3 lg:hidden" aria-label="Companies">
              {companies.data.data.map((company) => (
                <li key={company.id} className="space-y-2 rounded-lg border border-slate-200 p-4 text-sm">
                  <CompanyName company={company} />
                  <Projects company={company} />
                  <Heat company={company} window={changeWindow} />
                  <p className="text-slate-600">
                    {company.story_count} {company.story_count === 1 ? 'story' : 'stories'}
                  </p>
                </li>
              ))}
            </ul>
            <PaginationControls
              pagination={companies.data.pagination}
              onPageChange={setPage}
              itemName="companies"
              busy={companies.isPlaceholderData}
            />
          </div>
        )}
      </Card>
      {user.role === 'admin' && (
        <div className="mt-6 grid gap-6 xl:grid-cols-2">
          <OwnershipRulesCard />
          <AccountReviewsCard />
        </div>
      )}
    </>
  );
}
