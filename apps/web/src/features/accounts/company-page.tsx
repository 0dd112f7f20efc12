import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROJECT_STAGE_LABELS,
  type CompanyDetail,
  type CompanyEvent,
  type CompanyEventKind,
} from '@mining-hub/contract/accounts';
import { COUNTRIES } from '@mining-hub/contract/reference-data';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { SelectField } from '../../components/form-controls.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { useCurrentUser } from '../../lib/auth-context.ts';
import { formatDate } from '../../lib/format.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import {
  accountKeys,
  companiesQueryOptions,
  companyQueryOptions,
  mergeCompany,
  ownersQueryOptions,
  splitCompany,
  updateCompany,
} from './api.ts';
import { formatChange, Sparkline } from './sparkline.tsx';

const EVENT_LABELS: Record<CompanyEventKind, string> = {
  financing_closed: 'Financing closed',
  financing_announced: 'Financing announced',
  programme_planned: 'Programme planned',
  results: 'Results',
  resource: 'Resource',
  study: 'Study',
  stage_change: 'Stage change',
};

const countryName = new Map(COUNTRIES.map((country) => [country.code, country.name]));

function EventLine({ event }: { event: CompanyEvent }) {
  return (
    <li className="flex flex-wrap items-baseline gap-x-2">
      <span className="rounded bg-orange-50 px-1.5 py-0.5 text-xs font-medium text-orange-900 ring-1 ring-orange-200">
        {EVENT_LABELS[event.kind]}
      </span>
      <span className="text-slate-800">{event.summary}</span>
      {event.project && <span className="text-slate-600">({event.project.name})</span>}
    </li>
  );
}

function Facts({ company }: { company: CompanyDetail }) {
  const rows: [string, string][] = [
    ['Tickers', company.tickers.join(' · ') || 'Not listed'],
    [
      'Market cap',
      company.market_cap_musd === null ? 'Unknown' : `US$${company.market_cap_musd.toLocaleString('en-US')} million`,
    ],
    ['Head office', company.country ? (countryName.get(company.country) ?? company.country) : 'Unknown'],
    [
      'Owner',
      company.owner ? `${company.owner.name}${company.owner_rule_id !== null ? ' (by rule)' : ''}` : 'Nobody yet',
    ],
  ];
  if (company.former_names.length > 0) rows.push(['Formerly', company.former_names.join(', ')]);
  if (company.aliases.length > 0) rows.push(['Also written', company.aliases.slice(0, 6).join(', ')]);
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm lg:grid-cols-4">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt className="font-medium text-slate-600">{term}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
      {company.website && (
        <div>
          <dt className="font-medium text-slate-600">Website</dt>
          <dd>
            <a
              href={company.website}
              target="_blank"
              rel="noreferrer"
              className="break-all text-blue-700 hover:underline"
            >
              {company.domain ?? company.website}
            </a>
          </dd>
        </div>
      )}
    </dl>
  );
}

function HeatCard({ company }: { company: CompanyDetail }) {
  const values = company.heat_history.map((point) => point.heat);
  return (
    <Card title="Heat and why now" description="Recent events, each worth less as it ages (half of it every 14 days).">
      <div className="flex flex-wrap items-center gap-4">
        <Sparkline values={values} width={240} height={48} />
        <p className="text-sm tabular-nums text-slate-700">
          Heat today <span className="text-lg font-semibold text-slate-900">{company.heat.toFixed(1)}</span>;{' '}
          {formatChange(company.heat_change_7d)} over 7 days, {formatChange(company.heat_change_30d)} over 30 days
          (90-day history).
        </p>
      </div>
      {company.why_now.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No recent event adds heat.</p>
      ) : (
        <ol className="mt-4 space-y-2 text-sm" aria-label="Why now">
          {company.why_now.map((event) => (
            <li key={event.id} className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-semibold tabular-nums text-slate-900">+{event.heat_now.toFixed(1)}</span>
              <span className="text-slate-600">{formatDate(event.occurred_at)}</span>
              <ul className="contents">
                <EventLine event={event} />
              </ul>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function ProjectsCard({ company }: { company: CompanyDetail }) {
  return (
    <Card title="Projects">
      {company.projects.length === 0 ? (
        <p className="text-sm text-slate-600">No project known yet.</p>
      ) : (
        // The column headings (on a phone, the first project) right under the card's title.
        <TableScroll label="Projects" className="-mx-5 -mt-5">
          <table className="table-cards min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-5 py-3">
                  Project
                </th>
                <th scope="col" className="px-3 py-3">
                  Stage
                </th>
                <th scope="col" className="px-3 py-3">
                  Location
                </th>
                <th scope="col" className="px-5 py-3">
                  Commodities
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {company.projects.map((project) => (
                <tr key={project.id} className="align-top">
                  <td className="px-5 py-3 font-medium text-slate-900">
                    {project.name}
                    {project.owners.length > 1 && (
                      <p className="text-xs font-normal text-slate-600">
                        Joint venture: {project.owners.map((owner) => owner.name).join(', ')}
                      </p>
                    )}
                  </td>
                  <td data-label="Stage" className="px-3 py-3">
                    {project.stage ? PROJECT_STAGE_LABELS[project.stage] : 'Unknown'}
                  </td>
                  <td data-label="Location" className="px-3 py-3">
                    {/* One block: as a card on a phone the cell is a grid of its label and one value. */}
                    <div>
                      {[project.state, project.country ? (countryName.get(project.country) ?? project.country) : null]
                        .filter(Boolean)
                        .join(', ') || 'Unknown'}
                      {project.location && <p className="text-xs text-slate-600">{project.location}</p>}
                    </div>
                  </td>
                  <td data-label="Commodities" className="px-5 py-3">
                    {project.commodities.join(', ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Card>
  );
}

function TimelineCard({ company }: { company: CompanyDetail }) {
  // An owner's alert opens the page at its story (`#story-12`): that entry is scrolled to and marked.
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash.startsWith('#story-')) return;
    // Two frames on: after the route's heading took focus (use-page-heading-focus.ts), which scrolls to the top.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'center' }));
    });
    return () => cancelAnimationFrame(frame);
  }, [hash]);
  return (
    <Card title="Timeline" description="Each release once, however many wires carried it, with the facts it gave.">
      {company.timeline.length === 0 ? (
        <p className="text-sm text-slate-600">No story names this company yet.</p>
      ) : (
        <ol className="space-y-4 text-sm" aria-label="Stories">
          {company.timeline.map((entry) => (
            <li
              key={entry.story_id}
              id={`story-${entry.story_id}`}
              aria-current={hash === `#story-${entry.story_id}` ? 'true' : undefined}
              className="border-l-2 border-slate-200 pl-4 aria-[current]:border-blue-600 aria-[current]:bg-blue-50 aria-[current]:py-2 aria-[current]:pr-2"
            >
              <p className="text-slate-600">
                <time dateTime={entry.published_at}>{formatDate(entry.published_at)}</time>
                {entry.copies > 1 && ` · carried by ${entry.copies} sources`}
              </p>
              <p className="font-medium text-slate-900">
                {entry.url ? (
                  <a href={entry.url} target="_blank" rel="noreferrer" className="text-blue-700 hover:underline">
                    {entry.title}
                  </a>
                ) : (
                  entry.title
                )}
              </p>
              {entry.events.length > 0 && (
                <ul className="mt-1 space-y-1">
                  {entry.events.map((event) => (
                    <EventLine key={event.id} event={event} />
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function ContactsCard({ company }: { company: CompanyDetail }) {
  return (
    <Card title="Contacts">
      {company.contacts.length === 0 ? (
        <p className="text-sm text-slate-600">No contact known yet.</p>
      ) : (
        <ul className="grid gap-3 text-sm sm:grid-cols-2">
          {company.contacts.map((contact) => (
            <li key={`${contact.email ?? ''}${contact.name}`} className="min-w-0">
              <p className="font-medium text-slate-900">{contact.name}</p>
              {contact.job_title && <p className="text-slate-600">{contact.job_title}</p>}
              {contact.email && (
                <a href={`mailto:${contact.email}`} className="block truncate text-blue-700 hover:underline">
                  {contact.email}
                </a>
              )}
              {contact.phone && <p className="text-slate-600">{contact.phone}</p>}
              <p className="text-xs text-slate-600">
                From {contact.source === 'scraper' ? 'the scraper' : contact.source === 'news' ? 'the news' : 'the CRM'}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function CrmCard({ company }: { company: CompanyDetail }) {
  return (
    <Card title="CRM">
      {company.crm.status === 'pushed' ? (
        <p className="text-sm text-slate-800">
          In the CRM since {company.crm.pushed_at ? formatDate(company.crm.pushed_at) : 'earlier'}.{' '}
          {company.crm.url && (
            <Link to={company.crm.url} className="text-blue-700 hover:underline">
              Open the CRM record
            </Link>
          )}
        </p>
      ) : (
        <p className="text-sm text-slate-600">Not in the CRM yet: push one of its stories from Signals.</p>
      )}
    </Card>
  );
}

function AdminCard({ company }: { company: CompanyDetail }) {
  const queryClient = useQueryClient();
  const owners = useQuery(ownersQueryOptions());
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const [otherId, setOtherId] = useState('');
  const candidates = useQuery({ ...companiesQueryOptions({ q: q || undefined, sort: 'name' }), enabled: q.length > 0 });
  const refresh = async (detail: CompanyDetail) => {
    queryClient.setQueryData(accountKeys.company(company.id), detail);
    await queryClient.invalidateQueries({ queryKey: accountKeys.all });
  };
  const owner = useMutation({
    mutationFn: (ownerId: number | null) => updateCompany(company.id, { owner_id: ownerId }),
    onSuccess: refresh,
  });
  const merge = useMutation({ mutationFn: (id: number) => mergeCompany(company.id, id), onSuccess: refresh });
  const split = useMutation({
    mutationFn: (mergeId: number) => splitCompany(company.id, mergeId),
    onSuccess: (result) => refresh(result.company),
  });
  const error = owner.error ?? merge.error ?? split.error;
  return (
    <Card
      title="Administration"
      description="Owner, merges and splits are recorded in the audit log; a merge can be split again."
    >
      <div className="grid gap-6 md:grid-cols-2">
        <SelectField
          label="Owner"
          value={company.owner?.id ?? ''}
          disabled={owner.isPending || !owners.data}
          onChange={(event) => owner.mutate(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">Nobody</option>
          {owners.data?.map((user) => (
            <option key={user.id} value={user.id}>
              {user.name}
            </option>
          ))}
        </SelectField>
        <form
          className="space-y-2"
          aria-label="Merge another company into this one"
          onSubmit={(event) => {
            event.preventDefault();
            if (otherId) merge.mutate(Number(otherId));
          }}
        >
          <label className="block text-sm font-medium text-slate-700" htmlFor="merge-search">
            Merge another company into this one
          </label>
          <input
            id="merge-search"
            className="block w-full rounded-lg border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-slate-500 ring-inset focus:ring-2 focus:ring-blue-600 focus:outline-none"
            placeholder="Search by name or ticker"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <SelectField label="Company to merge" value={otherId} onChange={(event) => setOtherId(event.target.value)}>
            <option value="">Choose a company</option>
            {candidates.data?.data
              .filter((candidate) => candidate.id !== company.id)
              .map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name} {candidate.tickers.length > 0 ? `(${candidate.tickers.join(', ')})` : ''}
                </option>
              ))}
          </SelectField>
          <Button type="submit" variant="secondary" disabled={!otherId || merge.isPending}>
            Merge
          </Button>
        </form>
      </div>
      {company.merges.length > 0 && (
        <ul className="mt-6 space-y-2 text-sm">
          {company.merges.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-3">
              <span>
                {item.name} merged in on {formatDate(item.merged_at)}
              </span>
              <Button variant="secondary" size="sm" disabled={split.isPending} onClick={() => split.mutate(item.id)}>
                Split {item.name} off
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="mt-4 text-sm text-red-800">
          {error.message}
        </p>
      )}
    </Card>
  );
}

/** A company's page (`/companies/:id`): who they are, their projects and stage, what they did lately, whom to call. */
export function CompanyPage() {
  const id = Number(useParams().companyId);
  const user = useCurrentUser();
  const company = useQuery({ ...companyQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
  if (company.isPending)
    return (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    );
  if (company.isError || !company.data)
    return (
      <>
        <PageHeader title="Company not found" />
        <p role="alert" className="text-slate-700">
          {company.error?.message ?? 'This company does not exist.'}{' '}
          <Link to="/companies" className="text-blue-700 hover:underline">
            Back to companies
          </Link>
        </p>
      </>
    );
  const data = company.data;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/companies" className="text-blue-700 hover:underline">
          ← Companies
        </Link>
      </p>
      <PageHeader title={data.name} description={data.tickers.join(' · ') || undefined} />
      <div className="space-y-6">
        <Card>
          <Facts company={data} />
        </Card>
        <HeatCard company={data} />
        <ProjectsCard company={data} />
        <div className="grid gap-6 xl:grid-cols-2">
          <TimelineCard company={data} />
          <div className="space-y-6">
            <ContactsCard company={data} />
            <CrmCard company={data} />
          </div>
        </div>
        {user.role === 'admin' && <AdminCard company={data} />}
      </div>
    </>
  );
}
