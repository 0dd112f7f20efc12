import { useMemo, type ReactNode } from 'react';
import { BuyingIntentBadge } from '../../../components/buying-intent-badge.tsx';
import { CopyButton } from '../../../components/copy-button.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { analysisView, emailDraftText, fieldLabel, hasContent, type AnalysisContact } from '../analysis-view.ts';

function Block({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-1.5">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h4>
        {action}
      </div>
      {children}
    </section>
  );
}

function BulletList({ items }: { items: string[] }) {
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

const PHONE = /^[+\d\s().-]+$/;

function ContactRow({ contact }: { contact: AnalysisContact }) {
  return (
    <li className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
      <p className="font-medium text-slate-900">
        {contact.name || contact.email}
        {contact.jobTitle && <span className="font-normal text-slate-500"> · {contact.jobTitle}</span>}
      </p>
      {(contact.email || contact.phone) && (
        <p className="mt-0.5 flex flex-wrap gap-x-4 text-slate-600">
          {contact.email && (
            <a href={`mailto:${contact.email}`} className="text-blue-700 hover:underline">
              {contact.email}
            </a>
          )}
          {contact.phone &&
            (PHONE.test(contact.phone) ? (
              <a href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`} className="hover:underline">
                {contact.phone}
              </a>
            ) : (
              <span>{contact.phone}</span>
            ))}
        </p>
      )}
      {contact.other.map((field) => (
        <p key={field.label} className="mt-0.5 text-xs text-slate-500">
          {field.label}: <span className="break-all text-slate-700">{field.value}</span>
        </p>
      ))}
    </li>
  );
}

/** Any JSON value of a custom prompt's field, readably: text, numbers, yes/no, lists and nested fields. */
function GenericValue({ value, depth = 0 }: { value: unknown; depth?: number }) {
  if (typeof value === 'string') return <p className="text-sm whitespace-pre-line text-slate-700">{value}</p>;
  if (typeof value === 'number')
    return <p className="text-sm text-slate-700 tabular-nums">{Number.isFinite(value) ? formatNumber(value) : ''}</p>;
  if (typeof value === 'boolean') return <p className="text-sm text-slate-700">{value ? 'Yes' : 'No'}</p>;
  if (depth > 3)
    return <pre className="text-xs break-all whitespace-pre-wrap text-slate-600">{JSON.stringify(value)}</pre>;
  if (Array.isArray(value)) {
    const items = value.filter(hasContent);
    return (
      <ul className="list-disc space-y-1 pl-5">
        {items.map((item, index) => (
          <li key={index}>
            <GenericValue value={item} depth={depth + 1} />
          </li>
        ))}
      </ul>
    );
  }
  if (typeof value === 'object' && value !== null) {
    return (
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {Object.entries(value)
          .filter(([, entry]) => hasContent(entry))
          .map(([key, entry]) => (
            <div key={key} className="contents">
              <dt className="text-xs font-medium text-slate-500">{fieldLabel(key)}</dt>
              <dd className="min-w-0">
                <GenericValue value={entry} depth={depth + 1} />
              </dd>
            </div>
          ))}
      </dl>
    );
  }
  return null;
}

/**
 * The AI analysis of an article: signal and expanded summaries, buying intent, drilling facts, contacts, talking
 * points, further signals, the email draft with a copy button, and any other field a custom prompt returns.
 */
export function ArticleAnalysis({
  analysis,
  promptId,
  promptVersion,
  crmCompanyId,
}: {
  analysis: Record<string, unknown>;
  promptId: number | null;
  promptVersion: number | null;
  crmCompanyId: string | null;
}) {
  const view = useMemo(() => analysisView(analysis), [analysis]);
  const drillingFacts: [string, string | null][] = view.drilling
    ? [
        ['Planned', view.drilling.planned],
        ['Timeline', view.drilling.timeline],
        ['Metres', view.drilling.metres],
      ]
    : [];

  return (
    <section aria-label="AI analysis" className="space-y-4 rounded-lg border border-violet-200 bg-violet-50/30 p-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">AI analysis</h3>
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
          {promptId !== null && (
            <span>
              Prompt #{promptId}
              {promptVersion !== null && ` v${promptVersion}`}
            </span>
          )}
          {crmCompanyId && <span>· CRM company {crmCompanyId}</span>}
          {view.buyingIntent && <BuyingIntentBadge intent={view.buyingIntent} reasons={view.intentReasons} />}
        </div>
      </header>

      {view.intentReasons.length > 0 && (
        <Block title="Why this intent">
          <ul className="flex flex-wrap gap-1.5">
            {view.intentReasons.map((reason) => (
              <li key={reason} className="rounded bg-white px-2 py-0.5 text-xs text-slate-700 ring-1 ring-slate-200">
                {reason}
              </li>
            ))}
          </ul>
        </Block>
      )}

      {view.rubricIntent && (
        <Block title="Intent from the facts">
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <BuyingIntentBadge intent={view.rubricIntent.level} reasons={view.rubricIntent.reasons} />
            {view.rubricIntent.disagrees ? (
              <strong className="font-medium text-amber-800">
                The AI scored {view.buyingIntent ?? 'another level'}: check the facts before trusting either.
              </strong>
            ) : (
              <span>The AI agrees.</span>
            )}
          </p>
          {view.rubricIntent.reasons.length > 0 && <BulletList items={view.rubricIntent.reasons} />}
        </Block>
      )}

      {view.signalSummary && (
        <Block title="Signal summary">
          <p className="text-sm font-medium text-slate-900">{view.signalSummary}</p>
        </Block>
      )}
      {view.expandedSummary && (
        <Block title="Expanded summary">
          <p className="text-sm text-slate-700">{view.expandedSummary}</p>
        </Block>
      )}

      {view.drilling && (
        <Block title="Drilling">
          <dl className="grid grid-cols-3 gap-3 rounded-lg bg-white p-3 text-sm ring-1 ring-slate-200">
            {drillingFacts.map(([label, value]) => (
              <div key={label} className="min-w-0">
                <dt className="text-xs text-slate-500">{label}</dt>
                <dd className="font-medium text-slate-800">{value ?? '—'}</dd>
              </div>
            ))}
            {view.drilling.details && (
              <div className="col-span-3">
                <dt className="text-xs text-slate-500">Details</dt>
                <dd className="text-slate-700">{view.drilling.details}</dd>
              </div>
            )}
          </dl>
        </Block>
      )}

      {view.contacts.length > 0 && (
        <Block title="Contacts">
          <ul className="grid gap-2 sm:grid-cols-2">
            {view.contacts.map((contact, index) => (
              <ContactRow key={index} contact={contact} />
            ))}
          </ul>
        </Block>
      )}

      {(view.talkingPoints.length > 0 || view.additionalSignals.length > 0) && (
        <div className="grid gap-4 sm:grid-cols-2">
          {view.talkingPoints.length > 0 && (
            <Block title="Talking points">
              <BulletList items={view.talkingPoints} />
            </Block>
          )}
          {view.additionalSignals.length > 0 && (
            <Block title="Additional signals">
              <BulletList items={view.additionalSignals} />
            </Block>
          )}
        </div>
      )}

      {view.email && (
        <Block
          title="Email draft"
          action={<CopyButton text={emailDraftText(view.email)} label="Copy email" what="email draft" />}
        >
          <div className="rounded-lg bg-white p-3 text-sm ring-1 ring-slate-200">
            {view.email.subject && (
              <p className="font-medium text-slate-900">
                <span className="font-normal text-slate-500">Subject: </span>
                {view.email.subject}
              </p>
            )}
            {view.email.body && (
              <p className={`whitespace-pre-line text-slate-700 ${view.email.subject ? 'mt-2' : ''}`}>
                {view.email.body}
              </p>
            )}
          </div>
        </Block>
      )}

      {view.extras.map((extra) => (
        <Block key={extra.key} title={extra.label}>
          <GenericValue value={extra.value} />
        </Block>
      ))}
    </section>
  );
}
