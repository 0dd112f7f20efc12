import {
  RUBRIC_INTENT_FIELD,
  buyingIntentSchema,
  rubricIntentSchema,
  type BuyingIntent,
  type RubricIntent,
} from '@mining-hub/contract/articles';
import { z } from 'zod';

export interface AnalysisContact {
  name: string;
  jobTitle: string | null;
  /** Only when it looks like an address, so it can be a mailto: link. */
  email: string | null;
  phone: string | null;
  /** Other fields a custom prompt asks for per contact (e.g. linkedin_url), by label. */
  other: { label: string; value: string }[];
}

export interface AnalysisDrilling {
  planned: string | null;
  timeline: string | null;
  /** As the analysis states it; a bare number gets en-US grouping and 'm'. */
  metres: string | null;
  details: string | null;
}

/** A field the page has no special place for (custom prompts), shown generically under its name. */
export interface ExtraField {
  key: string;
  label: string;
  value: unknown;
}

/** The analysis of an article, split into what the detail modal shows in its own places and the rest. */
export interface AnalysisView {
  signalSummary: string | null;
  expandedSummary: string | null;
  buyingIntent: BuyingIntent | null;
  /** The evidence behind the intent ('C$5M placement closed'). */
  intentReasons: string[];
  /** With an AI provider: the facts rubric's level beside the AI's, and whether they disagree. */
  rubricIntent: RubricIntent | null;
  drilling: AnalysisDrilling | null;
  contacts: AnalysisContact[];
  talkingPoints: string[];
  additionalSignals: string[];
  email: { subject: string | null; body: string | null } | null;
  extras: ExtraField[];
}

const text = z.string().transform((value) => value.trim());
const textList = z
  .array(z.unknown())
  .transform((items) => items.flatMap((item) => (typeof item === 'string' && item.trim() !== '' ? [item.trim()] : [])));
const contactList = z.array(
  z.looseObject({
    first_name: z.string().optional(),
    last_name: z.string().optional(),
    email: z.string().optional(),
    job_title: z.string().optional(),
    phone_number: z.string().optional(),
  }),
);
const CONTACT_FIELDS = new Set(['first_name', 'last_name', 'email', 'job_title', 'phone_number']);
/** A custom prompt may call the phone field otherwise (mobile_number, tel). */
const PHONE_KEY = /phone|mobile|tel/i;

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;
const BARE_NUMBER = /^\d+(\.\d+)?$/;
const metresFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

const orNull = (value: string | undefined): string | null => (value && value.trim() !== '' ? value.trim() : null);

/** '5000' → '5,000 m'; anything worded ('12,000 m', 'about 5 km') stays as it is. */
export function formatMetres(value: string): string {
  return BARE_NUMBER.test(value) ? `${metresFormat.format(Number(value))} m` : value;
}

/** 'funding_amount_usd' or 'fundingAmountUsd' → 'Funding amount usd'. */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\s-]+/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase());
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** Whether a value has anything to show: not null, not blank, not an empty list or object. */
export function hasContent(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.some(hasContent);
  if (typeof value === 'object') return Object.values(value).some(hasContent);
  return true;
}

/**
 * Splits an analysis (the fields of the prompt's output schema) into the default prompt's fields, which the modal
 * shows in their own places, and every other field. A default field whose value has an unexpected shape (another
 * prompt may use the same name differently) is kept as an extra rather than dropped.
 */
export function analysisView(analysis: Record<string, unknown>): AnalysisView {
  const used = new Set<string>();
  const take = <T>(key: string, schema: z.ZodType<T>): T | undefined => {
    if (!(key in analysis)) return undefined;
    const parsed = schema.safeParse(analysis[key]);
    if (!parsed.success) return undefined;
    used.add(key);
    return parsed.data;
  };

  const intent = take('buying_intent_score', buyingIntentSchema);
  const drilling: AnalysisDrilling = {
    planned: orNull(take('drilling_planned', text)),
    timeline: orNull(take('drilling_timeline', text)),
    metres: orNull(take('drilling_length_meters', z.union([text, z.number().transform(String)]))),
    details: orNull(take('drilling_details', text)),
  };
  if (drilling.metres) drilling.metres = formatMetres(drilling.metres);

  const contacts = (take('contact_details', contactList) ?? []).flatMap((contact): AnalysisContact[] => {
    const name = [contact.first_name, contact.last_name].map(orNull).filter(Boolean).join(' ');
    const email = orNull(contact.email);
    const validEmail = email && EMAIL.test(email) ? email : null;
    if (name === '' && !validEmail) return [];
    const rest = Object.entries(contact).flatMap(([key, value]) =>
      CONTACT_FIELDS.has(key) || typeof value !== 'string' || value.trim() === '' ? [] : [{ key, value: value.trim() }],
    );
    const phoneField = orNull(contact.phone_number) ? null : rest.find(({ key }) => PHONE_KEY.test(key));
    return [
      {
        name,
        jobTitle: orNull(contact.job_title),
        email: validEmail,
        phone: orNull(contact.phone_number) ?? phoneField?.value ?? null,
        other: rest
          .filter((field) => field !== phoneField)
          .map(({ key, value }) => ({ label: fieldLabel(key), value })),
      },
    ];
  });

  const email = { subject: orNull(take('email_subject', text)), body: orNull(take('email_body', text)) };

  return {
    signalSummary: orNull(take('signal_summary', text)),
    expandedSummary: orNull(take('expanded_summary', text)),
    buyingIntent: intent ?? null,
    intentReasons: take('intent_reasons', textList) ?? [],
    rubricIntent: take(RUBRIC_INTENT_FIELD, rubricIntentSchema) ?? null,
    drilling: Object.values(drilling).some((value) => value !== null) ? drilling : null,
    contacts,
    talkingPoints: take('talking_points', textList) ?? [],
    additionalSignals: take('additional_sales_signals', textList) ?? [],
    email: email.subject || email.body ? email : null,
    extras: Object.entries(analysis)
      .filter(([key, value]) => !used.has(key) && hasContent(value))
      .map(([key, value]) => ({ key, label: fieldLabel(key), value })),
  };
}

/** What 'Copy email' puts on the clipboard: the subject line, a blank line, the body. */
export function emailDraftText(email: { subject: string | null; body: string | null }): string {
  return [email.subject ? `Subject: ${email.subject}` : null, email.body].filter(Boolean).join('\n\n');
}
