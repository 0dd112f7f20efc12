import type { TestAlertRequest } from '@mining-hub/contract/alerts';
import { BUYING_INTENT_LEVELS, type BuyingIntent } from '@mining-hub/contract/articles';
import type { FetchNewsRequest } from '@mining-hub/contract/news';
import { DATE_PRESETS } from '@mining-hub/contract/reference-data';
import {
  MAX_WATCH_RECIPIENTS,
  WATCH_INTERVAL_MINUTES,
  type CreateWatchRequest,
  type Watch,
  type WebhookFormat,
} from '@mining-hub/contract/watches';

/** The create / edit form's fields, as typed (numbers and lists still text). */
export interface WatchDraft {
  name: string;
  dateRange: number;
  country: string;
  commodity: string[];
  type: string[];
  freeText: string;
  company: string;
  /** '' for "never push". */
  threshold: BuyingIntent | '';
  interval: string;
  webhook: string;
  webhookFormat: WebhookFormat;
  emails: string;
  enabled: boolean;
  /** Only stories about companies the user owns. */
  myAccounts: boolean;
}

/** The webhook kinds the form offers (issue 35). */
export const WEBHOOK_FORMAT_OPTIONS: readonly { value: WebhookFormat; label: string }[] = [
  { value: 'generic', label: 'Signed JSON (any program)' },
  { value: 'slack', label: 'Slack incoming webhook' },
  { value: 'teams', label: 'Microsoft Teams workflow' },
];

/** The date choices a watch offers: the Market Intelligence presets, without a custom range (a schedule looks back a fixed span). */
export const WATCH_DATE_OPTIONS = DATE_PRESETS.flatMap((preset) =>
  preset.days === null ? [] : [{ value: preset.days, label: preset.label }],
);

export const EMPTY_DRAFT: WatchDraft = {
  name: '',
  dateRange: 1,
  country: '',
  commodity: [],
  type: [],
  freeText: '',
  company: '',
  threshold: 'High',
  interval: '15',
  webhook: '',
  webhookFormat: 'generic',
  emails: '',
  enabled: true,
  myAccounts: false,
};

export function draftOf(watch: Watch): WatchDraft {
  const { filters } = watch;
  return {
    name: watch.name,
    dateRange: filters.dateRange,
    country: filters.country,
    commodity: [...filters.commodity],
    type: [...filters.type],
    freeText: filters.free_text_search,
    company: filters.company,
    threshold: watch.push_min_intent ?? '',
    interval: String(watch.interval_minutes),
    webhook: watch.webhook_url ?? '',
    webhookFormat: watch.webhook_format,
    emails: watch.email_to.join(', '),
    enabled: watch.enabled,
    myAccounts: watch.my_accounts,
  };
}

export type DraftResult = { ok: true; value: CreateWatchRequest } | { ok: false; message: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type ChannelsResult = { ok: true; value: { webhook: string; emails: string[] } } | { ok: false; message: string };

/** The draft's webhook URL ('' for none) and e-mail recipients, or what is wrong with them. */
function channelsOf(draft: Pick<WatchDraft, 'webhook' | 'emails'>): ChannelsResult {
  const webhook = draft.webhook.trim();
  if (webhook !== '' && !/^https?:\/\/\S+$/i.test(webhook))
    return { ok: false, message: 'The webhook must be an http(s) URL.' };
  const emails = draft.emails
    .split(/[\s,;]+/)
    .map((email) => email.trim())
    .filter((email) => email !== '');
  const wrong = emails.find((email) => !EMAIL.test(email));
  if (wrong) return { ok: false, message: `Not an e-mail address: ${wrong}` };
  if (emails.length > MAX_WATCH_RECIPIENTS)
    return { ok: false, message: `At most ${MAX_WATCH_RECIPIENTS} recipients.` };
  return { ok: true, value: { webhook, emails } };
}

/** The "Send test alert" request for the draft's current webhook and recipients, or what is wrong with them. */
export function testAlertOf(
  draft: Pick<WatchDraft, 'webhook' | 'webhookFormat' | 'emails'>,
): { ok: true; value: TestAlertRequest } | { ok: false; message: string } {
  const channels = channelsOf(draft);
  if (!channels.ok) return channels;
  const { webhook, emails } = channels.value;
  if (webhook === '' && emails.length === 0)
    return { ok: false, message: 'Give a webhook URL or an e-mail address to test.' };
  return {
    ok: true,
    value: {
      webhook_format: draft.webhookFormat,
      ...(webhook === '' ? {} : { webhook_url: webhook }),
      ...(emails.length === 0 ? {} : { email_to: emails }),
    },
  };
}

/** The request a draft becomes, or what is wrong with it (the server checks again). */
export function requestOf(draft: WatchDraft): DraftResult {
  const name = draft.name.trim();
  if (name === '') return { ok: false, message: 'Give the watch a name.' };
  const interval = Number(draft.interval);
  if (!Number.isInteger(interval) || interval < WATCH_INTERVAL_MINUTES.min || interval > WATCH_INTERVAL_MINUTES.max)
    return { ok: false, message: `Run every 1 to ${WATCH_INTERVAL_MINUTES.max} minutes.` };
  const channels = channelsOf(draft);
  if (!channels.ok) return channels;
  const { webhook, emails } = channels.value;
  const filters: FetchNewsRequest = {
    dateRange: draft.dateRange,
    country: draft.country,
    commodity: draft.commodity,
    type: draft.type as FetchNewsRequest['type'],
    free_text_search: draft.freeText.trim(),
    company: draft.company.trim(),
  };
  return {
    ok: true,
    value: {
      name,
      filters,
      interval_minutes: interval,
      push_min_intent: draft.threshold === '' ? null : draft.threshold,
      webhook_url: webhook === '' ? null : webhook,
      webhook_format: draft.webhookFormat,
      email_to: emails,
      enabled: draft.enabled,
      my_accounts: draft.myAccounts,
    },
  };
}

export const THRESHOLD_OPTIONS: readonly { value: BuyingIntent | ''; label: string }[] = [
  ...BUYING_INTENT_LEVELS.map((level) => ({ value: level, label: `${level} and above` })),
  { value: '', label: 'Never push (alert only)' },
];

/** "every 15 min", "every 2 h", "daily". */
export function describeInterval(minutes: number): string {
  if (minutes === 1440) return 'daily';
  if (minutes % 60 === 0) return `every ${minutes / 60} h`;
  return `every ${minutes} min`;
}
