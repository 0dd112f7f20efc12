import { factLines } from '@mining-hub/contract/fact-lines';
import { contactsFromAnalysis, type CrmPush } from '../../adapters/crm/crm-adapter.ts';
import type { PipelineArticle } from './pipeline.repository.ts';

const FREE_MAIL = new Set([
  'gmail.com',
  'outlook.com',
  'hotmail.com',
  'yahoo.com',
  'icloud.com',
  'proton.me',
  'aol.com',
]);

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const list = (value: unknown) => (Array.isArray(value) ? value.map(text).filter(Boolean) : []);

/** What the CRM receives for an analysed article: its company, the contacts found, and the sales note. */
export function buildCrmPush(article: PipelineArticle): CrmPush {
  const analysis = article.analysis ?? {};
  const contacts = contactsFromAnalysis(analysis.contact_details);
  // The company's web domain is what CRMs match companies by; the press-release contacts' emails give it.
  const domain =
    contacts.map((c) => c.email?.split('@')[1]).find((d): d is string => Boolean(d) && !FREE_MAIL.has(d ?? '')) ?? null;
  const talkingPoints = list(analysis.talking_points);
  const signals = list(analysis.additional_sales_signals);
  // The release's facts, each a short line (fact-lines.ts), whatever the analysis said.
  const facts = article.facts ? factLines(article.facts) : [];
  const body = [
    `Source: ${article.title} (${article.source}${article.url ? `, ${article.url}` : ''})`,
    '',
    `Signal: ${text(analysis.signal_summary)}`,
    text(analysis.expanded_summary),
    '',
    `Buying intent: ${text(analysis.buying_intent_score) || 'n/a'}`,
    text(analysis.drilling_planned) === 'Yes'
      ? `Drilling planned: ${[text(analysis.drilling_length_meters) && `${text(analysis.drilling_length_meters)} m`, text(analysis.drilling_timeline)].filter(Boolean).join(', ') || 'yes'}`
      : '',
    facts.length ? `Facts:\n${facts.map((line) => `- ${line}`).join('\n')}` : '',
    signals.length ? `Other signals:\n${signals.map((s) => `- ${s}`).join('\n')}` : '',
    talkingPoints.length ? `Talking points:\n${talkingPoints.map((p) => `- ${p}`).join('\n')}` : '',
    text(analysis.email_subject) ? `Email draft - ${text(analysis.email_subject)}\n${text(analysis.email_body)}` : '',
  ]
    .filter((line, index, all) => line !== '' || (index > 0 && all[index - 1] !== ''))
    .join('\n');
  return {
    articleId: article.id,
    company: { name: article.company ?? domain ?? article.source, domain, ticker: article.ticker },
    contacts,
    note: { title: `Sales signal: ${article.title}`.slice(0, 250), body },
    existing: { companyId: article.crm_company_id, contactIds: article.crm_contact_ids, noteId: article.crm_note_id },
  };
}
