import type { CrmContactView, CrmRecord } from '@mining-hub/contract/crm';
import { BuyingIntentBadge } from '../../../components/buying-intent-badge.tsx';
import { ExternalLinkIcon } from '../../../components/icons.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { TableScroll } from '../../../components/table-scroll.tsx';
import { CompanyLink } from '../../../components/company-link.tsx';

const linkClass = 'inline-flex items-center gap-1 font-medium text-blue-700 hover:underline';

function NewTabLink({ href, children, label }: { href: string; children: string; label?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass} aria-label={label}>
      {children}
      <ExternalLinkIcon className="size-3.5 shrink-0" />
    </a>
  );
}

function Company({ record }: { record: CrmRecord }) {
  return (
    <div className="min-w-0 space-y-1">
      <p className="font-medium break-words text-slate-900">
        {record.account ? <CompanyLink account={record.account} label={record.company_name} /> : record.company_name}
      </p>
      {(record.ticker || record.domain) && (
        <p className="text-xs text-slate-500">
          {record.ticker && <span className="block">{record.ticker}</span>}
          {record.domain && <span className="block truncate">{record.domain}</span>}
        </p>
      )}
      <Intent record={record} />
      {record.pushed_account && (
        // What HubSpot's mining_hub_* properties and project notes hold, as the outbox recorded them.
        <p className="text-xs text-slate-500" title={record.pushed_account.latest_facts || undefined}>
          <span className="block">
            Heat {record.pushed_account.heat}
            {record.pushed_account.stage && ` · ${record.pushed_account.stage}`} ·{' '}
            {record.pushed_account.projects.length}{' '}
            {record.pushed_account.projects.length === 1 ? 'project' : 'projects'}
          </span>
          {record.pushed_account.projects.length > 0 && (
            <span className="block truncate">
              {record.pushed_account.projects.map((project) => project.name).join(', ')}
            </span>
          )}
        </p>
      )}
      {record.hubspot?.company_url && (
        <p>
          <NewTabLink href={record.hubspot.company_url} label={`${record.company_name} in HubSpot`}>
            HubSpot
          </NewTabLink>
        </p>
      )}
    </div>
  );
}

function Contact({ contact }: { contact: CrmContactView }) {
  return (
    <li className="min-w-0">
      <span className="font-medium text-slate-800">{contact.name}</span>
      {contact.job_title && <span className="text-slate-500"> · {contact.job_title}</span>}
      {contact.email && (
        <a href={`mailto:${contact.email}`} className="block truncate text-blue-700 hover:underline">
          {contact.email}
        </a>
      )}
      {contact.hubspot_url && (
        <NewTabLink href={contact.hubspot_url} label={`${contact.name} in HubSpot`}>
          HubSpot
        </NewTabLink>
      )}
    </li>
  );
}

function Contacts({ contacts }: { contacts: CrmContactView[] }) {
  if (contacts.length === 0) return <span className="text-slate-500">No contacts named</span>;
  return (
    <ul className="space-y-1.5">
      {contacts.map((contact) => (
        <Contact key={`${contact.email ?? ''}:${contact.name}`} contact={contact} />
      ))}
    </ul>
  );
}

function Intent({ record }: { record: CrmRecord }) {
  return record.buying_intent_score ? (
    <BuyingIntentBadge intent={record.buying_intent_score} />
  ) : (
    <span className="text-xs text-slate-500">No intent score</span>
  );
}

function Signal({ record }: { record: CrmRecord }) {
  return (
    <div className="min-w-0 space-y-1">
      <p className="font-medium break-words text-slate-900">{record.title}</p>
      {record.signal_summary && (
        <p className="line-clamp-3 break-words text-slate-600" title={record.signal_summary}>
          {record.signal_summary}
        </p>
      )}
      <NewTabLink href={record.source_url} label={`Source: ${record.title}`}>
        Source
      </NewTabLink>
    </div>
  );
}

function Pushed({ record }: { record: CrmRecord }) {
  return (
    <div className="text-xs text-slate-600">
      <time dateTime={record.pushed_at} className="tabular-nums">
        {formatDateTime(record.pushed_at)}
      </time>
      <p>{record.pushed_by ? `by ${record.pushed_by.name}` : 'by an earlier version'}</p>
    </div>
  );
}

const HEADINGS = ['Company', 'Signal', 'Contacts', 'Pushed'];

/**
 * The pushed records of one page: a table on wide screens, one card per record on narrower screens (the
 * table would need four wide columns side by side). Links open in a new tab.
 */
export function CrmRecords({ records }: { records: CrmRecord[] }) {
  return (
    <>
      <TableScroll label="CRM records" className="-mx-5 max-xl:hidden">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              {HEADINGS.map((heading, index) => (
                <th key={heading} scope="col" className={index === 0 ? 'px-5 py-3' : 'px-3 py-3'}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {records.map((record) => (
              <tr key={record.article_id} className="align-top">
                <td className="px-5 py-3">
                  {/* A block of fixed width, not the cell: a cell grows to fit a long line its truncation should cut. */}
                  <div className="w-52">
                    <Company record={record} />
                  </div>
                </td>
                <td className="min-w-72 px-3 py-3">
                  <Signal record={record} />
                </td>
                <td className="px-3 py-3">
                  <div className="w-56">
                    <Contacts contacts={record.contacts} />
                  </div>
                </td>
                <td className="px-5 py-3 whitespace-nowrap">
                  <Pushed record={record} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <ul className="space-y-3 xl:hidden" aria-label="Pushed records">
        {records.map((record) => (
          <li key={record.article_id} className="space-y-3 rounded-lg border border-slate-200 p-4 text-sm">
            <Company record={record} />
            <Signal record={record} />
            <Contacts contacts={record.contacts} />
            <Pushed record={record} />
          </li>
        ))}
      </ul>
    </>
  );
}
