import type { ContactFact } from './rules-facts.ts';
import { millions, type Writer } from './rules-writer.ts';

/** One field's value for the rules analyser: the string, enum choice, boolean or number its name asks for. */

export type Schema = Record<string, unknown>;

/** How deep filling goes into nested schemas (and `$ref`s) before it gives up. */
export const MAX_DEPTH = 12;

export interface FillContext {
  root: Schema;
  writer: Writer;
  depth: number;
  /** Set while filling one contact's object: its fields come from that person. */
  inContact: ContactFact | null;
  /** Name of the object being filled, which gives 'name' or 'title' inside it a meaning. */
  parent?: string;
}
const includesWord = (text: string, pattern: RegExp) => pattern.test(text.replace(/[_-]/g, ' '));

/** The text a string field's name (or its description, when the name says little) asks for. */
export function stringFor(key: string, schema: Schema, ctx: FillContext): string {
  const { writer } = ctx;
  const { facts } = writer;
  const person = ctx.inContact;
  if (person) {
    if (/first/i.test(key) || /^given/i.test(key)) return person.first_name;
    if (/last|surname|family/i.test(key)) return person.last_name;
    if (/e-?mail/i.test(key)) return person.email;
    if (/phone|tel|mobile/i.test(key)) return person.phone_number;
    if (/title|role|position|job/i.test(key)) return person.job_title;
    if (/name/i.test(key)) return `${person.first_name} ${person.last_name}`;
    if (/compan|organi[sz]ation|employer/i.test(key)) return writer.company;
  }
  // 'name' inside 'project' is the project's name.
  if (ctx.parent && /^(?:name|title|label|value|id|text)$/i.test(key)) {
    const fromParent = stringFor(ctx.parent, {}, { ...ctx, parent: undefined });
    if (fromParent) return fromParent;
  }
  switch (key) {
    case 'signal_summary':
      return writer.signalSummary();
    case 'expanded_summary':
      return writer.expandedSummary();
    case 'drilling_timeline':
      return facts.drilling.timeline;
    case 'drilling_details':
      return facts.drilling.details;
    case 'drilling_length_meters':
      return facts.drilling.metres ? String(facts.drilling.metres) : '';
    case 'email_subject':
      return writer.emailSubject();
    case 'email_body':
      return writer.emailBody();
  }
  const name = key.toLowerCase();
  if (includesWord(name, /\b(?:expanded|detailed|long|full)\b.*\bsummary\b/)) return writer.expandedSummary();
  if (includesWord(name, /summary|synopsis|overview|abstract|description|gist|tl ?dr/)) return writer.signalSummary();
  if (includesWord(name, /subject/)) return writer.emailSubject();
  if (includesWord(name, /email|e mail|message|outreach|letter|pitch/) && !includesWord(name, /address/))
    return writer.emailBody();
  if (includesWord(name, /e ?mail address|contact email/)) return writer.contacts.find((c) => c.email)?.email ?? '';
  if (includesWord(name, /ticker|symbol/)) return facts.ticker;
  if (includesWord(name, /compan|issuer|organi[sz]ation|firm|client|prospect|account/)) return writer.company;
  if (includesWord(name, /project|property|asset|mine\b|deposit/)) return facts.project;
  if (includesWord(name, /commodit|mineral|metal|element/)) return facts.commodities.join(', ');
  if (includesWord(name, /countr|nation/)) return facts.country;
  if (includesWord(name, /location|region|jurisdiction|province|state|place|where|district/))
    return facts.location || facts.country;
  if (includesWord(name, /headline|title/) && !includesWord(name, /job/)) return facts.title;
  if (includesWord(name, /source|publisher|outlet/)) return facts.source;
  if (includesWord(name, /url|link|website/)) return facts.url ?? '';
  if (includesWord(name, /date|published|time/))
    return facts.publishedAt ? facts.publishedAt.toISOString().slice(0, 10) : '';
  if (includesWord(name, /timeline|timing|when|schedule|start/)) return facts.drilling.timeline;
  if (includesWord(name, /metre|meter|length|depth/)) return facts.drilling.metres ? String(facts.drilling.metres) : '';
  if (includesWord(name, /drill/)) return facts.drilling.details;
  if (includesWord(name, /intent|priority|score|rating|likelihood|urgency/)) return writer.intent();
  if (includesWord(name, /contact|person|spokes/)) {
    const person0 = writer.contacts[0];
    return person0 ? `${person0.first_name} ${person0.last_name}` : '';
  }
  if (includesWord(name, /phone|tel/)) return writer.contacts.find((c) => c.phone_number)?.phone_number ?? '';
  if (includesWord(name, /sentiment|tone/))
    return facts.drilling.planned || facts.signals.length > 0 ? 'Positive' : 'Neutral';
  if (includesWord(name, /signal|opportunit|trigger/)) return writer.signals().join('; ');
  if (includesWord(name, /point|takeaway|highlight|insight/)) return writer.talkingPoints().join(' ');
  if (includesWord(name, /type|category|kind|stage/))
    return facts.signals[0]?.text.split(':')[0] ?? (facts.drilling.planned ? 'Drilling' : 'News');
  // The description may say what the field holds when its name does not.
  const description = typeof schema.description === 'string' ? schema.description : '';
  if (description && description !== key && !/^\s*$/.test(description) && ctx.depth < MAX_DEPTH) {
    const fromDescription = stringFor(description.slice(0, 60), {}, { ...ctx, depth: MAX_DEPTH });
    if (fromDescription) return fromDescription;
  }
  return '';
}

const FORMAT_VALUES: Record<string, (ctx: FillContext) => string> = {
  'date-time': (ctx) => (ctx.writer.facts.publishedAt ?? new Date(0)).toISOString(),
  date: (ctx) => (ctx.writer.facts.publishedAt ?? new Date(0)).toISOString().slice(0, 10),
  time: (ctx) => (ctx.writer.facts.publishedAt ?? new Date(0)).toISOString().slice(11, 19) + 'Z',
  email: (ctx) => ctx.writer.contacts.find((c) => c.email)?.email ?? 'info@example.com',
  uri: (ctx) => absoluteUrl(ctx.writer.facts.url),
  url: (ctx) => absoluteUrl(ctx.writer.facts.url),
  hostname: (ctx) => new URL(absoluteUrl(ctx.writer.facts.url)).hostname,
  uuid: () => '00000000-0000-4000-8000-000000000000',
  ipv4: () => '127.0.0.1',
  ipv6: () => '::1',
  duration: () => 'P0D',
};

function absoluteUrl(url: string | null): string {
  if (url && /^https?:\/\//.test(url)) return url;
  return url ? `https://example.com${url.startsWith('/') ? '' : '/'}${url}` : 'https://example.com';
}

export function fitString(text: string, schema: Schema, ctx: FillContext): string {
  let value = text;
  if (typeof schema.format === 'string') {
    const make = FORMAT_VALUES[schema.format];
    if (make && !(schema.format === 'email' ? /^[^@\s]+@[^@\s]+$/.test(value) : false)) value = make(ctx);
  }
  // JSON Schema counts code points, not UTF-16 units.
  if (typeof schema.maxLength === 'number' && [...value].length > schema.maxLength) {
    value = [...value].slice(0, Math.max(0, schema.maxLength)).join('');
  }
  if (typeof schema.minLength === 'number' && [...value].length < schema.minLength) {
    value = value.padEnd(value.length + schema.minLength - [...value].length, value ? ' ' : '-');
  }
  if (typeof schema.pattern === 'string') {
    try {
      const pattern = new RegExp(schema.pattern, 'u');
      if (!pattern.test(value)) value = pattern.test('') ? '' : value;
    } catch {
      // An invalid pattern fails ajv's compile first; nothing to fit here.
    }
  }
  return value;
}

const YES_WORDS = /^(?:yes|y|true|planned|confirmed)$/i;
const NO_WORDS = /^(?:no|n|false|none|not planned)$/i;
const INTENT_ORDER = ['low', 'medium', 'high', 'very high'];

export function pickEnum(options: readonly unknown[], key: string, schema: Schema, ctx: FillContext): unknown {
  const strings = options.filter((o): o is string => typeof o === 'string');
  if (strings.length === 0) return options[0];
  const find = (wanted: string) => strings.find((o) => o.toLowerCase() === wanted.toLowerCase());
  const yes = strings.find((o) => YES_WORDS.test(o));
  const no = strings.find((o) => NO_WORDS.test(o));
  if (yes && no) return booleanFor(key, schema, ctx) ? yes : no;
  // Graded scales (Low…Very High, or a custom copy of them) follow the buying intent.
  if (
    !strings.some((o) => INTENT_ORDER.includes(o.toLowerCase())) &&
    includesWord(
      key.toLowerCase(),
      /priority|score|rating|intent|level|temperature|urgency|likelihood|potential|interest/,
    )
  ) {
    const rank = INTENT_ORDER.indexOf(ctx.writer.intent().toLowerCase()) / (INTENT_ORDER.length - 1);
    const descending = /^(?:very high|high|hot|strong|major|critical|urgent|excellent)/i.test(strings[0] ?? '');
    const index = Math.round(rank * (strings.length - 1));
    return strings[descending ? strings.length - 1 - index : index];
  }
  if (strings.some((o) => INTENT_ORDER.includes(o.toLowerCase()))) {
    const intent = ctx.writer.intent();
    const exact = find(intent);
    if (exact) return exact;
    const rank = INTENT_ORDER.indexOf(intent.toLowerCase());
    const ranked = strings
      .map((o) => ({ o, r: INTENT_ORDER.indexOf(o.toLowerCase()) }))
      .filter((x) => x.r >= 0)
      .sort((a, b) => Math.abs(a.r - rank) - Math.abs(b.r - rank));
    if (ranked[0]) return ranked[0].o;
  }
  // Otherwise the member the article's own answer names, if any (a commodity, a country, a type…).
  const answer = stringFor(key, { ...schema, enum: undefined }, ctx).toLowerCase();
  if (answer) {
    const named = strings.find((o) => o.length > 2 && answer.includes(o.toLowerCase()));
    if (named) return named;
  }
  const text = `${ctx.writer.facts.title} ${ctx.writer.facts.lead.join(' ')}`.toLowerCase();
  return strings.find((o) => o.length > 3 && text.includes(o.toLowerCase())) ?? strings[0];
}

export function booleanFor(key: string, schema: Schema, ctx: FillContext): boolean {
  const { facts } = ctx.writer;
  const name = `${key} ${typeof schema.description === 'string' ? schema.description : ''}`.toLowerCase();
  const kinds = new Set(facts.signals.map((s) => s.kind));
  if (/drill/.test(name)) return facts.drilling.planned;
  if (/financ|fund|raise|placement|capital/.test(name))
    return kinds.has('financing') || kinds.has('debt') || kinds.has('grant') || facts.fullyFunded;
  if (/acqui|merger|takeover|m&a|deal/.test(name))
    return kinds.has('acquisition') || kinds.has('merger') || kinds.has('takeover') || kinds.has('option');
  if (/resource|reserve/.test(name)) return kinds.has('resource');
  if (/permit|approval/.test(name)) return kinds.has('permit');
  if (/study|feasibility|pea/.test(name)) return kinds.has('study');
  if (/construct/.test(name)) return kinds.has('construction');
  if (/contact/.test(name)) return ctx.writer.contacts.length > 0;
  if (/relevant|opportunit|signal|intent|qualif|actionable/.test(name)) return ctx.writer.intent() !== 'Low';
  return false;
}

export function numberFor(key: string, schema: Schema, ctx: FillContext): number {
  const { facts } = ctx.writer;
  const name = `${key}`.toLowerCase().replace(/[_-]/g, ' ');
  if (/metre|meter|length|\bm\b/.test(name)) return facts.drilling.metres ?? 0;
  if (/hole/.test(name)) return facts.drilling.holes ?? 0;
  if (/amount|financ|raise|proceeds|funding|capital|million|value/.test(name)) {
    return millions(facts.signals.find((s) => s.amount)?.amount);
  }
  if (/contact|people/.test(name)) return ctx.writer.contacts.length;
  if (/signal/.test(name)) return facts.signals.length;
  if (/year/.test(name)) return (facts.publishedAt ?? new Date()).getUTCFullYear();
  if (/score|intent|priority|rating|confidence|probability|likelihood|relevance/.test(name)) {
    const level = INTENT_ORDER.indexOf(ctx.writer.intent().toLowerCase()) / (INTENT_ORDER.length - 1);
    const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
    const max = typeof schema.maximum === 'number' ? schema.maximum : /probab|confidence/.test(name) ? 1 : 10;
    return min + (max - min) * level;
  }
  return 0;
}

export function fitNumber(value: number, schema: Schema, integer: boolean): number {
  let result = Number.isFinite(value) ? value : 0;
  if (integer) result = Math.round(result);
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = schema;
  const step = integer ? 1 : 1e-6;
  if (typeof minimum === 'number' && result < minimum) result = integer ? Math.ceil(minimum) : minimum;
  if (typeof exclusiveMinimum === 'number' && result <= exclusiveMinimum)
    result = integer ? Math.floor(exclusiveMinimum) + 1 : exclusiveMinimum + step;
  if (typeof maximum === 'number' && result > maximum) result = integer ? Math.floor(maximum) : maximum;
  if (typeof exclusiveMaximum === 'number' && result >= exclusiveMaximum)
    result = integer ? Math.ceil(exclusiveMaximum) - 1 : exclusiveMaximum - step;
  if (typeof multipleOf === 'number' && multipleOf > 0) {
    let multiple = Math.round(result / multipleOf) * multipleOf;
    if (typeof maximum === 'number' && multiple > maximum) multiple -= multipleOf;
    if (typeof minimum === 'number' && multiple < minimum) multiple += multipleOf;
    result = Number(multiple.toFixed(10));
  }
  return result;
}
