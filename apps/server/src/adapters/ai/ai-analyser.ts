import { noFacts, type MiningFacts } from '@mining-hub/contract/facts';
import type { FunctionSchema } from '@mining-hub/contract/prompts';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { isRecord } from '@mining-hub/contract/is-record';

/** The article as the analysis sees it: `text` may be plain text or (sanitised) HTML. */
export interface AnalysisArticle {
  title: string;
  text: string;
  source: string;
  url: string | null;
  publishedAt: Date | null;
}

/**
 * Reads mining facts out of an article's text (the facts extractor of modules/facts, passed in by the
 * composition root: adapters do not import modules). Both analysers score the intent rubric from them.
 */
export type FactsReader = (text: string, options: { title: string }) => MiningFacts;

/** No facts: what an analyser built without a reader sees (its intent falls back to the weighted evidence). */
export const readNoFacts: FactsReader = () => noFacts();

/** One analysis: the active prompt's text and function schema, applied to one article. */
export interface AnalysisRequest {
  systemPrompt: string;
  functionSchema: FunctionSchema;
  article: AnalysisArticle;
  /** Told the tokens the AI service counted for this analysis (an evaluation run costs them); not by the rules. */
  onUsage?: (usage: { promptTokens: number; completionTokens: number }) => void;
}

/** The AI analysis port: the OpenAI adapter or the offline rules analyser. */
export interface AiAnalyser {
  /** Shown in logs and stored with the analysis, e.g. 'openai:gpt-4o-mini' or 'rules'. */
  name: string;
  /** The function call's arguments, valid against `request.functionSchema.parameters`; throws AnalysisError. */
  analyse(request: AnalysisRequest, signal?: AbortSignal): Promise<Record<string, unknown>>;
}

export interface AnalysisErrorOptions {
  /** True for faults worth another attempt later: 429, 5xx, timeouts, lost connections. */
  retryable: boolean;
  /** HTTP status of the AI service's answer, when there was one. */
  status?: number;
  /** How long the service asked us to wait before trying again (Retry-After), when it said. */
  retryAfterMs?: number;
  /** What the model answered, when the failure is that answer (not JSON, or against the schema). */
  rawAnswer?: string;
  cause?: unknown;
}

/** Why an analysis failed; `message` is written for people and stored as the article's failure reason. */
export class AnalysisError extends Error {
  override readonly name = 'AnalysisError';
  readonly retryable: boolean;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  /** Cut to RAW_ANSWER_CHARS: an evaluation run shows it, so the admin sees what came back. */
  readonly rawAnswer: string | undefined;

  constructor(message: string, options: AnalysisErrorOptions) {
    super(message, { cause: options.cause });
    this.retryable = options.retryable;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
    this.rawAnswer = options.rawAnswer === undefined ? undefined : clipRawAnswer(options.rawAnswer);
  }
}

/** The longest raw answer kept: more than any valid output of the default schema, well under a row's size. */
export const RAW_ANSWER_CHARS = 20_000;

function clipRawAnswer(raw: string): string {
  return raw.length <= RAW_ANSWER_CHARS
    ? raw
    : `${raw.slice(0, RAW_ANSWER_CHARS)}… (cut at ${RAW_ANSWER_CHARS} characters)`;
}

/** The field both analysers answer beside a prompt's buying intent: the evidence behind the score. */
export const INTENT_REASONS_FIELD = 'intent_reasons';
const INTENT_SCORE_FIELD = 'buying_intent_score';

/**
 * The schema to ask with: the prompt's own, plus `intent_reasons` (a list of short phrases) when the prompt
 * scores `buying_intent_score` and declares no reasons itself. The prompt's schema is the admin's and stays
 * as SPEC.md defines the default; the reasons are asked for beside it (required only in a closed schema, as
 * OpenAI's strict mode needs), so a model that gives none leaves them empty. `added` says whether it did.
 */
export function askingForIntentReasons(schema: FunctionSchema): { schema: FunctionSchema; added: boolean } {
  const { parameters } = schema;
  const properties = parameters.properties;
  if (
    parameters.type !== 'object' ||
    !isRecord(properties) ||
    !(INTENT_SCORE_FIELD in properties) ||
    INTENT_REASONS_FIELD in properties
  ) {
    return { schema, added: false };
  }
  const closed = parameters.additionalProperties === false;
  const required = Array.isArray(parameters.required) ? parameters.required : [];
  const reasons = {
    type: 'array',
    description: `The evidence behind ${INTENT_SCORE_FIELD}, as short phrases such as "C$5M placement closed" or "9,000 m drilling from Q1 2027".`,
    items: { type: 'string' },
  };
  return {
    schema: {
      ...schema,
      parameters: {
        ...parameters,
        properties: { ...properties, [INTENT_REASONS_FIELD]: reasons },
        ...(closed ? { required: [...required, INTENT_REASONS_FIELD] } : {}),
      },
    },
    added: true,
  };
}

/**
 * Takes the reasons asked for beside the prompt's schema out of an answer, so the rest is checked against
 * the prompt's own schema; gives them back as a list of strings (empty when the answer has none).
 */
export function takeIntentReasons(answer: Record<string, unknown>): {
  rest: Record<string, unknown>;
  reasons: string[];
} {
  const { [INTENT_REASONS_FIELD]: raw, ...rest } = answer;
  const reasons = Array.isArray(raw) ? raw.filter((reason): reason is string => typeof reason === 'string') : [];
  return { rest, reasons };
}

// strict: false because prompt schemas are written by people and may carry keywords ajv does not know;
// formats are not checked (no format vocabulary is loaded), as OpenAI's non-strict mode does not either.
const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
const compiled = new Map<string, ValidateFunction>();
const MAX_COMPILED = 50;
// The same parameters object (a run's or a prompt's schema, read once) is checked again and again: found by
// identity, its JSON text (the key above, a few kilobytes) is not written out for each answer.
const compiledFor = new WeakMap<object, ValidateFunction>();

/** Compiles (once per distinct schema) a validator for a function schema's parameters. */
export function schemaValidator(schema: FunctionSchema): ValidateFunction {
  const known = compiledFor.get(schema.parameters);
  if (known) return known;
  const key = JSON.stringify(schema.parameters);
  const cached = compiled.get(key);
  if (cached) {
    compiledFor.set(schema.parameters, cached);
    return cached;
  }
  // Prompts change rarely; a small cap (ajv's own cache included) keeps edited schemas from piling up.
  if (compiled.size >= MAX_COMPILED) {
    compiled.clear();
    ajv.removeSchema();
  }
  let validate: ValidateFunction;
  try {
    // An edited schema may keep its $id; ajv refuses a second schema under the same id.
    if (typeof schema.parameters.$id === 'string') ajv.removeSchema(schema.parameters.$id);
    validate = ajv.compile(schema.parameters);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AnalysisError(`The prompt's function schema is not a usable JSON Schema: ${reason}`, {
      retryable: false,
    });
  }
  compiled.set(key, validate);
  compiledFor.set(schema.parameters, validate);
  return validate;
}

/** Null when `value` satisfies the function schema, else a sentence naming the field that broke it. */
export function schemaViolation(schema: FunctionSchema, value: unknown): string | null {
  const validate = schemaValidator(schema);
  if (validate(value)) return null;
  const error = validate.errors?.[0];
  return error ? describeAjvError(error) : 'the answer does not match the schema';
}

function describeAjvError(error: ErrorObject): string {
  const field = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    const missing = field ? `${field}.${params.missingProperty}` : params.missingProperty;
    return `field '${missing}' is missing`;
  }
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    const extra = field ? `${field}.${params.additionalProperty}` : params.additionalProperty;
    return `field '${extra}' is not in the schema`;
  }
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    return `field '${field}' must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  return field ? `field '${field}' ${error.message ?? 'is invalid'}` : `the answer ${error.message ?? 'is invalid'}`;
}
