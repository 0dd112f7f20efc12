import { AnalysisError, schemaViolation, type AiAnalyser, type AnalysisRequest } from './ai-analyser.ts';
import { extractFacts, isQuote, type ArticleFacts, type ContactFact } from './rules-extraction.ts';

/*
 * The offline analyser: answers any prompt's function schema from the article text alone. The default
 * schema's fields are written from the extracted facts; any other schema gets, field by field, the fact
 * its name asks for (summary, company, commodity, country…) or a valid value of its type.
 */

/** The offline default analyser: no network, no key; fills the default schema from the text. */
export function createRulesAnalyser(): AiAnalyser {
  return {
    name: 'rules',
    async analyse(request, signal) {
      if (signal?.aborted) throw new AnalysisError('The analysis was cancelled', { retryable: true });
      return analyseWithRules(request);
    },
  };
}

/** The rules analysis, synchronously: a valid answer to `request.functionSchema` or an AnalysisError. */
export function analyseWithRules(request: AnalysisRequest): Record<string, unknown> {
  const facts = extractFacts(request.article);
  const writer = new Writer(facts);
  const root = request.functionSchema.parameters;
  const value = fill(root, '', { root, writer, depth: 0, inContact: null });
  const answer = isRecord(value) ? value : {};
  const violation = schemaViolation(request.functionSchema, answer);
  if (violation) {
    throw new AnalysisError(`The offline analyser cannot fill this schema: ${violation}`, { retryable: false });
  }
  return answer;
}

// ---------------------------------------------------------------------------------------------------
// Writing the default schema's fields
// ---------------------------------------------------------------------------------------------------

type Intent = 'Low' | 'Medium' | 'High' | 'Very High';

const DRILLING_KINDS = new Set([
  'results',
  'resource',
  'permit',
  'study',
  'acquisition',
  'option',
  'joint-venture',
  'earn-in',
  'targets',
  'financing',
  'grant',
  'construction',
  'contract',
]);

const formatMetres = (metres: number) => `${metres.toLocaleString('en-US')} m`;
const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);
const sentence = (text: string) => (/[.!?…]["”’)]?$/.test(text) ? text : `${text}.`);

/** Turns the extracted facts into the default schema's prose, each piece computed once. */
class Writer {
  readonly facts: ArticleFacts;
  #intent: Intent | undefined;

  constructor(facts: ArticleFacts) {
    this.facts = facts;
  }

  get company(): string {
    return this.facts.company || this.facts.companyShort || 'The company';
  }

  get short(): string {
    return this.facts.companyShort || this.facts.company || 'the company';
  }

  get contacts(): ContactFact[] {
    return [...this.facts.contacts, ...this.facts.speakers];
  }

  /** 'a 15,000 m diamond drilling program starting in Q2 2026'. */
  drillingPhrase(): string {
    const { drilling } = this.facts;
    const size = drilling.metres ? `${formatMetres(drilling.metres)} ` : '';
    const method = drilling.method ? `${drilling.method} ` : '';
    const timing = drilling.timeline ? ` ${drilling.timeline}` : '';
    return `a ${size}${method}drilling program${timing}`;
  }

  signalSummary(): string {
    const first = this.facts.lead[0] ?? this.facts.body[0] ?? this.facts.title;
    const { drilling } = this.facts;
    const financing = this.facts.signals.find((s) => s.kind === 'financing' || s.kind === 'grant');
    let why: string;
    if (drilling.planned) {
      why = `${drilling.underway ? 'Drilling is under way' : 'Drilling is planned'}${drilling.metres ? ` (${formatMetres(drilling.metres)}${drilling.timeline ? `, ${drilling.timeline}` : ''})` : drilling.timeline ? ` (${drilling.timeline})` : ''}, a near-term need for drilling services and consumables.`;
    } else if (financing) {
      why = `Fresh funding${financing.amount ? ` of ${financing.amount}` : ''} usually precedes field work and drilling.`;
    } else if (this.facts.signals.length > 0) {
      why = `No drilling is announced yet, but the ${lowerFirst(this.facts.signals[0]?.text.split(':')[0] ?? 'latest')} news makes ${this.short} one to watch.`;
    } else {
      why = `No drilling or other buying signal is announced.`;
    }
    return `${sentence(clipText(first, 320))} ${why}`;
  }

  expandedSummary(): string {
    const picked: string[] = [];
    for (const s of [...this.facts.lead, ...this.facts.body]) {
      if (picked.length >= 3) break;
      if (s.length > 30 && /^[A-Z0-9“"]/.test(s) && !s.endsWith(':') && !isQuote(s) && !picked.includes(s))
        picked.push(clipText(s, 320));
    }
    const drillingSentence = this.facts.drilling.details.split(/(?<=\.)\s+/)[0];
    if (
      this.facts.drilling.planned &&
      drillingSentence &&
      !picked.some((s) => s.includes(drillingSentence.slice(0, 40)))
    ) {
      picked.push(clipText(drillingSentence, 320));
    } else if (picked.length < 3 && this.facts.highlights[0]) {
      picked.push(sentence(clipText(this.facts.highlights[0], 240)));
    }
    if (picked.length === 0) picked.push(sentence(this.facts.title));
    return picked.slice(0, 4).map(sentence).join(' ');
  }

  intent(): Intent {
    if (this.#intent) return this.#intent;
    const { drilling, signals, fullyFunded } = this.facts;
    const kinds = new Set(signals.map((s) => s.kind));
    const funding = kinds.has('financing') || kinds.has('grant') || kinds.has('joint-venture') || fullyFunded;
    // A large raise, or a partner funding exploration, is money about to be spent in the field.
    const bigRaise = signals.some(
      (s) => ['financing', 'earn-in', 'joint-venture'].includes(s.kind) && millions(s.amount) >= 5,
    );
    let intent: Intent;
    if (drilling.planned && (funding || drilling.underway || (drilling.metres ?? 0) >= 10_000)) intent = 'Very High';
    else if (drilling.planned || bigRaise) intent = 'High';
    else if ([...kinds].some((kind) => DRILLING_KINDS.has(kind))) intent = 'Medium';
    else intent = 'Low';
    this.#intent = intent;
    return intent;
  }

  signals(): string[] {
    return this.facts.signals.map((s) => s.text);
  }

  /** Short labels for the article: commodities, country, signal kinds. */
  tags(): string[] {
    const { facts } = this;
    return unique([
      ...facts.commodities,
      facts.country,
      ...(facts.drilling.planned ? ['Drilling'] : []),
      ...facts.signals.map((s) => s.text.split(':')[0] ?? ''),
    ]).filter((tag) => tag !== '');
  }

  talkingPoints(): string[] {
    const { drilling, signals, project, location, commodities } = this.facts;
    const points: string[] = [];
    if (drilling.planned) {
      const size = drilling.metres ? `${formatMetres(drilling.metres)} ` : '';
      const holes = drilling.holes ? ` in about ${drilling.holes} holes` : '';
      const program = `${size}${drilling.method ? `${drilling.method} ` : ''}program${holes}${drilling.timeline ? `, ${drilling.timeline}` : ''}`;
      points.push(
        `${drilling.underway ? `Drilling under way on a ${program}` : `Planned ${program}`}: ask about rig availability, tooling and consumables.`,
      );
    }
    if (drilling.contractor)
      points.push(
        `${drilling.contractor} is named as the drilling contractor: offer consumables and support to the crews.`,
      );
    for (const signal of signals.slice(0, 3)) {
      const hook =
        signal.kind === 'financing' || signal.kind === 'grant'
          ? 'funding is in hand for the next program'
          : signal.kind === 'resource'
            ? 'infill and extension drilling usually follow a resource estimate'
            : signal.kind === 'study'
              ? 'studies lead to geotechnical, metallurgical and infill drilling'
              : signal.kind === 'permit'
                ? 'permits clear the way for field work'
                : signal.kind === 'results'
                  ? 'strong results tend to expand the program'
                  : 'ask how it changes their exploration plans';
      points.push(`${clipText(signal.text, 170).replace(/\.$/, '')} — ${hook}.`);
    }
    if (project) {
      const where = location ? ` in ${location}` : '';
      points.push(
        `${project}${where}${commodities.length ? ` (${commodities.slice(0, 2).join(', ').toLowerCase()})` : ''}: ask about site access, logistics and local support needs.`,
      );
    }
    const person = this.contacts[0];
    if (person)
      points.push(
        `Named contact: ${person.first_name} ${person.last_name}${person.job_title ? `, ${person.job_title}` : ''}.`,
      );
    if (points.length < 3) points.push(`Reference the news directly: “${clipText(this.facts.title, 120)}”.`);
    if (points.length < 3)
      points.push(`Ask ${this.short} about its exploration plans and budget for the next 6–12 months.`);
    return unique(points).slice(0, 5);
  }

  emailSubject(): string {
    const { drilling } = this.facts;
    const project = this.facts.project || this.short;
    if (drilling.planned) {
      return clipText(
        `${project}: support for your ${drilling.metres ? `${formatMetres(drilling.metres)} ` : ''}drilling program`,
        110,
      );
    }
    const signal = this.facts.signals[0];
    if (signal)
      return clipText(`${project}: congratulations on the ${signal.text.split(':')[0]?.toLowerCase() ?? 'news'}`, 110);
    return clipText(`${this.short}: following your latest news`, 110);
  }

  emailBody(): string {
    const person = this.facts.contacts[0] ?? this.facts.speakers[0];
    const greeting = person ? `Dear ${person.first_name},` : `Dear ${this.short} team,`;
    const { drilling } = this.facts;
    const news = clipText(this.facts.title, 140);
    const project = this.facts.project ? ` at ${this.facts.project}` : '';
    let offer: string;
    if (drilling.planned) {
      offer = `With ${this.drillingPhrase()}${project}, we would welcome the chance to support your team. We supply drilling services, rigs, tooling and consumables to exploration and mining projects, and can share availability and pricing for your schedule.`;
    } else {
      const signal = this.facts.signals[0];
      const context = signal ? `${signal.text.split(':')[0]?.toLowerCase()} news` : 'recent news';
      offer = `Following your ${context}, we would be glad to help as you plan the next phase of work${project}. We supply drilling services, rigs, tooling and consumables to exploration and mining projects.`;
    }
    return [
      greeting,
      `Congratulations on your announcement, “${news}”.`,
      offer,
      `Would you be open to a 20-minute call next week to discuss your plans and how we could help?`,
      `Kind regards,\nBusiness Development Team`,
    ].join('\n\n');
  }
}

function millions(amount: string | undefined): number {
  if (!amount) return 0;
  const value = Number((/\d[\d,.]*/.exec(amount)?.[0] ?? '0').replace(/,/g, ''));
  if (/billion|bn/i.test(amount)) return value * 1000;
  if (/million|\dm\b/i.test(amount)) return value;
  return value / 1e6;
}

function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[,;:]$/, '')}…`;
}

const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];

// ---------------------------------------------------------------------------------------------------
// Filling any schema
// ---------------------------------------------------------------------------------------------------

type Schema = Record<string, unknown>;

interface FillContext {
  root: Schema;
  writer: Writer;
  depth: number;
  /** Set while filling one contact's object: its fields come from that person. */
  inContact: ContactFact | null;
  /** Name of the object being filled, which gives 'name' or 'title' inside it a meaning. */
  parent?: string;
}

const MAX_DEPTH = 12;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `#/$defs/x` or `#/definitions/x` inside the root schema. */
function resolveRef(ref: string, root: Schema): Schema | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
    node = isRecord(node) ? node[key] : undefined;
  }
  return isRecord(node) ? node : undefined;
}

function typesOf(schema: Schema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  if (isRecord(schema.properties)) return ['object'];
  if (schema.items !== undefined) return ['array'];
  return [];
}

/** A value for `schema`, taken from the article where the field's name says what it holds. */
function fill(schema: unknown, key: string, ctx: FillContext): unknown {
  if (!isRecord(schema) || ctx.depth > MAX_DEPTH) return null;
  if (typeof schema.$ref === 'string') {
    const target = resolveRef(schema.$ref, ctx.root);
    return target ? fill(target, key, { ...ctx, depth: ctx.depth + 1 }) : null;
  }
  if ('const' in schema) return schema.const;
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const options = schema[keyword];
    if (Array.isArray(options) && options.length > 0) {
      const chosen = options.find((o) => isRecord(o) && !typesOf(o).every((t) => t === 'null')) ?? options[0];
      return fill(isRecord(chosen) ? { ...withoutKeys(schema, [keyword]), ...chosen } : chosen, key, ctx);
    }
  }
  if (Array.isArray(schema.allOf)) {
    const merged = schema.allOf
      .filter(isRecord)
      .reduce<Schema>((all, part) => mergeSchemas(all, part), withoutKeys(schema, ['allOf']));
    return fill(merged, key, ctx);
  }
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return pickEnum(schema.enum, key, schema, ctx);

  const types = typesOf(schema);
  const type = types.find((t) => t !== 'null') ?? (types.includes('null') ? 'null' : 'string');
  switch (type) {
    case 'object':
      return fillObject(schema, key, ctx);
    case 'array':
      return fillArray(schema, key, ctx);
    case 'string':
      return fitString(stringFor(key, schema, ctx), schema, ctx);
    case 'integer':
      return fitNumber(numberFor(key, schema, ctx), schema, true);
    case 'number':
      return fitNumber(numberFor(key, schema, ctx), schema, false);
    case 'boolean':
      return booleanFor(key, schema, ctx);
    default:
      return null;
  }
}

function withoutKeys(schema: Schema, keys: readonly string[]): Schema {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !keys.includes(key)));
}

function mergeSchemas(a: Schema, b: Schema): Schema {
  const merged: Schema = { ...a, ...b };
  if (isRecord(a.properties) && isRecord(b.properties)) merged.properties = { ...a.properties, ...b.properties };
  if (Array.isArray(a.required) && Array.isArray(b.required))
    merged.required = [...new Set([...a.required, ...b.required])];
  return merged;
}

function fillObject(schema: Schema, key: string, ctx: FillContext): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [],
  );
  const inner: FillContext = { ...ctx, depth: ctx.depth + 1, parent: key };
  const result: Record<string, unknown> = {};
  // Every declared property is answered (a model would too); undeclared required names get a string.
  for (const [name, child] of Object.entries(properties)) result[name] = fill(child, name, inner);
  for (const name of required) if (!(name in result)) result[name] = fill({ type: 'string' }, name, inner);
  const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  for (let i = Object.keys(result).length; i < minProperties; i++) result[`field_${i + 1}`] = '';
  return result;
}

const CONTACT_ARRAY = /contact|people|person|executive|management|team|officer|spokes/i;
const POINT_ARRAY = /talking|point|takeaway|highlight|key|insight|bullet|fact/i;
const SIGNAL_ARRAY = /signal|trigger|opportunit|event|catalyst/i;
const TAG_ARRAY = /tag|keyword|label|topic|categor|theme/i;
const COMMODITY_WORD = /commodit|mineral|metal|element/i;

function fillArray(schema: Schema, key: string, ctx: FillContext): unknown[] {
  const items = isRecord(schema.items) ? schema.items : {};
  const itemTypes = typesOf(items);
  const { writer } = ctx;
  let values: unknown[];
  if (itemTypes.includes('object') && CONTACT_ARRAY.test(key)) {
    values = writer.contacts.map((person) => fill(items, key, { ...ctx, depth: ctx.depth + 1, inContact: person }));
  } else if (itemTypes.includes('string') || itemTypes.length === 0) {
    const strings = stringsFor(key, writer);
    values = Array.isArray(items.enum)
      ? strings.length > 0
        ? [pickEnum(items.enum, key, items, ctx)]
        : []
      : strings.map((s) => fitString(s, items, ctx));
  } else if (itemTypes.includes('number') || itemTypes.includes('integer')) {
    const number = numberFor(key, items, ctx);
    values =
      number !== 0 ? [fitNumber(number, items, itemTypes.includes('integer') && !itemTypes.includes('number'))] : [];
  } else {
    values = [];
  }
  const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  // Too few values for minItems: more of what the article offers, then numbered placeholders.
  const spare =
    itemTypes.includes('string') && !Array.isArray(items.enum)
      ? [...writer.tags(), ...writer.signals(), ...writer.talkingPoints()]
      : [];
  for (let i = values.length; i < minItems; i++) {
    const next = spare.find((candidate) => !values.includes(candidate));
    const item =
      next !== undefined
        ? fitString(next, items, ctx)
        : fill(items, `${key}_${i + 1}`, { ...ctx, depth: ctx.depth + 1 });
    values.push(
      typeof item === 'string' && values.includes(item) ? fitString(`${item || key} ${i + 1}`, items, ctx) : item,
    );
  }
  if (schema.uniqueItems === true) values = uniqueJson(values);
  return values.slice(0, maxItems);
}

/** The list a string-array field's name asks for: signals, talking points, commodities, tags… */
function stringsFor(key: string, writer: Writer): string[] {
  const { facts } = writer;
  if (key === 'additional_sales_signals' || SIGNAL_ARRAY.test(key)) return writer.signals();
  if (key === 'talking_points' || POINT_ARRAY.test(key)) return writer.talkingPoints();
  if (COMMODITY_WORD.test(key)) return facts.commodities;
  if (/countr/i.test(key)) return [facts.country].filter(Boolean);
  if (/compan/i.test(key)) return [writer.company];
  if (/project/i.test(key)) return [facts.project].filter(Boolean);
  if (/email/i.test(key)) return writer.contacts.map((c) => c.email).filter(Boolean);
  if (/sentence|summary|summaries/i.test(key)) return facts.lead.slice(0, 3);
  if (TAG_ARRAY.test(key)) return writer.tags();
  return [];
}

function uniqueJson(values: readonly unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = JSON.stringify(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const includesWord = (text: string, pattern: RegExp) => pattern.test(text.replace(/[_-]/g, ' '));

/** The text a string field's name (or its description, when the name says little) asks for. */
function stringFor(key: string, schema: Schema, ctx: FillContext): string {
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

function fitString(text: string, schema: Schema, ctx: FillContext): string {
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

function pickEnum(options: readonly unknown[], key: string, schema: Schema, ctx: FillContext): unknown {
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

function booleanFor(key: string, schema: Schema, ctx: FillContext): boolean {
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

function numberFor(key: string, schema: Schema, ctx: FillContext): number {
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

function fitNumber(value: number, schema: Schema, integer: boolean): number {
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
