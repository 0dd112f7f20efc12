import type { FunctionSchema } from '@mining-hub/contract/prompts';
import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from 'openai';
import {
  AnalysisError,
  askingForIntentReasons,
  INTENT_REASONS_FIELD,
  schemaViolation,
  takeIntentReasons,
  type AiAnalyser,
  type AnalysisArticle,
  type FactsReader,
} from './ai-analyser.ts';
import { articleToText, fitToBudget } from './article-text.ts';
import { extractFacts } from './rules-extraction.ts';
import { factsContext, rubricBeside } from './rules-rubric-context.ts';
import type { ArticleFacts } from './rules-facts.ts';
import { isRecord } from '@mining-hub/contract/is-record';
import { parseRetryAfterMs } from '@mining-hub/contract/retry-after';
import { clip } from '../../lib/text.ts';

export interface OpenAiAnalyserOptions {
  apiKey: string;
  /** An OpenAI-compatible server, e.g. 'http://127.0.0.1:9000/v1'; OpenAI's own when unset. */
  baseUrl?: string;
  model?: string;
  /** Per attempt; the SDK aborts and (while retries remain) tries again. */
  timeoutMs?: number;
  /** Retries of the SDK for 408, 409, 429, 5xx and lost connections, waiting as Retry-After says. */
  maxRetries?: number;
  /** Input budget (system prompt, tool schema and article), at about 4 characters per token. */
  maxInputTokens?: number;
  /** The facts extractor: its facts go to the model as context and score the rubric kept beside its intent. */
  readFacts?: FactsReader;
}

const CHARS_PER_TOKEN = 4;
/** The article keeps at least this much even under a very long prompt. */
const MIN_ARTICLE_CHARS = 2_000;

/** The AI analysis over the official `openai` SDK: one forced tool call per article, validated with ajv. */
export function createOpenAiAnalyser(options: OpenAiAnalyserOptions): AiAnalyser {
  const model = options.model ?? 'gpt-4o-mini';
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxRetries = options.maxRetries ?? 4;
  const maxInputChars = (options.maxInputTokens ?? 6_000) * CHARS_PER_TOKEN;
  // The SDK retries with exponential backoff (0.5 s doubling to 8 s, with jitter) and waits as the
  // answer's retry-after-ms or retry-after header says instead, when that is under a minute. A longer
  // wait it would cut short, so such an answer is not retried here: the error carries it to the job queue.
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseUrl,
    timeout: timeoutMs,
    maxRetries,
    fetch: fetchKeepingLongWaits,
  });

  return {
    name: `openai:${model}`,
    async analyse(request, signal) {
      const { functionSchema } = request;
      const strict = isStrictCompatible(functionSchema.parameters);
      // The intent's reasons are asked for beside the prompt's fields, unless that would change strictness.
      const asked = askingForIntentReasons(functionSchema);
      const addReasons = asked.added && isStrictCompatible(asked.schema.parameters) === strict;
      const tool = addReasons ? asked.schema : functionSchema;
      const schemaChars = JSON.stringify(tool).length;
      const articleBudget = Math.max(MIN_ARTICLE_CHARS, maxInputChars - request.systemPrompt.length - schemaChars);
      // The facts read offline go with the article as context; the rubric's score is kept beside the AI's.
      const facts = extractFacts(request.article, options.readFacts);

      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await client.chat.completions.create(
          {
            model,
            messages: [
              { role: 'system', content: request.systemPrompt },
              { role: 'user', content: articleMessage(request.article, articleBudget, facts) },
            ],
            tools: [
              {
                type: 'function',
                function: {
                  name: tool.name,
                  ...(tool.description ? { description: tool.description } : {}),
                  parameters: tool.parameters,
                  strict,
                },
              },
            ],
            tool_choice: { type: 'function', function: { name: tool.name } },
            // Strict structured outputs are only guaranteed without parallel calls.
            ...(strict ? { parallel_tool_calls: false } : {}),
          },
          { signal },
        );
      } catch (error) {
        throw toAnalysisError(error, timeoutMs, maxRetries);
      }
      request.onUsage?.({
        promptTokens: completion.usage?.prompt_tokens ?? 0,
        completionTokens: completion.usage?.completion_tokens ?? 0,
      });
      const { answer, raw } = readToolCall(completion, functionSchema.name);
      if (!addReasons) return rubricBeside(checked(answer, functionSchema, raw), facts);
      const { rest, reasons } = takeIntentReasons(answer);
      return rubricBeside({ ...checked(rest, functionSchema, raw), [INTENT_REASONS_FIELD]: reasons }, facts);
    },
  };
}

/**
 * The user message: headline facts first, then the mining facts read offline (when given; one line each,
 * as context the model may check against the text), then the article text cut to the budget.
 */
export function articleMessage(article: AnalysisArticle, maxChars: number, facts?: ArticleFacts): string {
  const context = facts ? factsContext(facts) : '';
  const header = [
    `Title: ${article.title}`,
    `Source: ${article.source}`,
    article.publishedAt ? `Published: ${article.publishedAt.toISOString().slice(0, 10)}` : '',
    article.url ? `URL: ${article.url}` : '',
    context ? `\n${context}` : '',
  ]
    .filter((line) => line !== '')
    .join('\n');
  const text = fitToBudget(articleToText(article.text), Math.max(0, maxChars - header.length - 2));
  return `${header}\n\n${text}`;
}

/** The arguments of the forced call to `functionName`, as a JSON object, and as the model wrote them. */
function readToolCall(
  completion: OpenAI.Chat.Completions.ChatCompletion,
  functionName: string,
): { answer: Record<string, unknown>; raw: string } {
  const choice = completion.choices[0];
  if (!choice) throw new AnalysisError('The AI service answered without a choice', { retryable: false });
  const { message } = choice;
  if (message.refusal) {
    throw new AnalysisError(`The model refused to analyse the article: ${clip(message.refusal, 300)}`, {
      retryable: false,
    });
  }
  const call = message.tool_calls?.find((c) => c.type === 'function' && c.function.name === functionName);
  // Some OpenAI-compatible servers ignore tool_choice and put the JSON in the message text.
  const raw = call?.type === 'function' ? call.function.arguments : message.content;
  if (raw === null || raw === undefined || raw.trim() === '') {
    throw new AnalysisError(`The model answered without calling ${functionName}`, { retryable: false });
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    const cutOff = choice.finish_reason === 'length' ? ' (the answer was cut off at the output token limit)' : '';
    const reason = error instanceof Error ? error.message : String(error);
    throw new AnalysisError(`The model's answer is not valid JSON${cutOff}: ${clip(reason, 300)}`, {
      retryable: false,
      rawAnswer: raw,
    });
  }
  if (!isRecord(value)) {
    throw new AnalysisError(`The model's answer is not a JSON object`, { retryable: false, rawAnswer: raw });
  }
  return { answer: value, raw };
}

/** The answer when it satisfies the prompt's schema; otherwise an AnalysisError naming the broken field. */
function checked(answer: Record<string, unknown>, schema: FunctionSchema, raw: string): Record<string, unknown> {
  const violation = schemaViolation(schema, answer);
  if (violation) {
    throw new AnalysisError(`The model's answer breaks the schema: ${violation}`, {
      retryable: false,
      rawAnswer: raw,
    });
  }
  return answer;
}

function toAnalysisError(error: unknown, timeoutMs: number, maxRetries: number): AnalysisError {
  const tries = maxRetries > 0 ? ` (${maxRetries + 1} attempts)` : '';
  if (error instanceof AnalysisError) return error;
  if (error instanceof APIUserAbortError) {
    return new AnalysisError('The analysis was cancelled', { retryable: true, cause: error });
  }
  if (error instanceof APIConnectionTimeoutError) {
    const seconds = Math.round(timeoutMs / 100) / 10;
    return new AnalysisError(`The AI service did not answer within ${seconds} s${tries}`, {
      retryable: true,
      cause: error,
    });
  }
  if (error instanceof APIConnectionError) {
    return new AnalysisError(`Could not reach the AI service${tries}: ${clip(error.message, 300)}`, {
      retryable: true,
      cause: error,
    });
  }
  if (error instanceof APIError) {
    const status = typeof error.status === 'number' ? error.status : undefined;
    const detail = serviceMessage(error);
    const retryAfterMs = retryAfter(error.headers);
    const common = { status, retryAfterMs, cause: error };
    if (error instanceof RateLimitError) {
      if (errorCode(error) === 'insufficient_quota') {
        return new AnalysisError(`The AI account has no quota left (429): ${detail}`, { ...common, retryable: false });
      }
      return new AnalysisError(`The AI service is rate limiting requests (429)${tries}: ${detail}`, {
        ...common,
        retryable: true,
      });
    }
    if (error instanceof AuthenticationError) {
      return new AnalysisError(`The AI service rejected the API key (401): ${detail}`, { ...common, retryable: false });
    }
    if (error instanceof PermissionDeniedError) {
      return new AnalysisError(`The AI service refused access (403): ${detail}`, { ...common, retryable: false });
    }
    if (error instanceof NotFoundError) {
      return new AnalysisError(`The AI service does not know this model or address (404): ${detail}`, {
        ...common,
        retryable: false,
      });
    }
    if (error instanceof BadRequestError) {
      return new AnalysisError(`The AI service refused the request (400): ${detail}`, { ...common, retryable: false });
    }
    const retryable = status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
    const label =
      status !== undefined && status >= 500 ? 'The AI service failed' : 'The AI service answered with an error';
    return new AnalysisError(`${label} (${status ?? 'no status'})${retryable ? tries : ''}: ${detail}`, {
      ...common,
      retryable,
    });
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new AnalysisError(`The analysis failed: ${clip(reason, 300)}`, { retryable: false, cause: error });
}

function serviceMessage(error: APIError): string {
  const body = error.error;
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return clip(body.message, 300);
  }
  return clip(error.message.replace(/^\d{3}\s*/, ''), 300) || 'no details';
}

function errorCode(error: APIError): string | undefined {
  const body = error.error;
  if (typeof body !== 'object' || body === null) return undefined;
  if ('code' in body && typeof body.code === 'string') return body.code;
  if ('type' in body && typeof body.type === 'string') return body.type;
  return undefined;
}

/** The longest Retry-After the SDK waits out itself; beyond it the SDK would retry at once. */
const SDK_RETRY_AFTER_MAX_MS = 60_000;

/** fetch that tells the SDK not to retry an answer asking for a longer wait than the SDK would honour. */
async function fetchKeepingLongWaits(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  const waitMs = retryAfter(response.headers);
  if (waitMs === undefined || waitMs <= SDK_RETRY_AFTER_MAX_MS) return response;
  const headers = new Headers(response.headers);
  headers.set('x-should-retry', 'false');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Milliseconds the service asked us to wait (retry-after-ms, or retry-after in seconds or as a date). */
function retryAfter(headers: Headers | undefined): number | undefined {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  return parseRetryAfterMs(headers?.get('retry-after'));
}

// ---------------------------------------------------------------------------------------------------
// Strict mode
// ---------------------------------------------------------------------------------------------------

/** Keywords OpenAI's strict structured outputs accept; anything else sends the schema without strict. */
const STRICT_KEYWORDS = new Set([
  'type',
  'description',
  'title',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  '$ref',
  '$defs',
  'definitions',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);
const STRICT_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);
const STRICT_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
// The limits the prompt editor warns at (modules/prompts/schema-validation.ts), so a schema it calls
// strict-ready is sent strict and one it warns about is not.
const STRICT_LIMITS = { depth: 5, properties: 100, enumValues: 500 };

/** True when OpenAI accepts `parameters` with `strict: true`: every object closed and fully required, known keywords only. */
export function isStrictCompatible(parameters: Record<string, unknown>): boolean {
  return strictModeProblem(parameters) === null;
}

/** The first reason `parameters` cannot be sent with `strict: true`, or null when it can. */
export function strictModeProblem(parameters: Record<string, unknown>): string | null {
  if (parameters.type !== 'object' || 'anyOf' in parameters) return 'the root must be a plain object schema';
  const state = { properties: 0 };
  const problem = checkStrictNode(parameters, 'parameters', 0, state);
  if (problem) return problem;
  for (const key of ['$defs', 'definitions']) {
    const defs = parameters[key];
    if (defs === undefined) continue;
    if (!isRecord(defs)) return `${key} must be an object`;
    for (const [name, def] of Object.entries(defs)) {
      const defProblem = checkStrictNode(def, `${key}.${name}`, 1, state);
      if (defProblem) return defProblem;
    }
  }
  return null;
}

function checkStrictNode(node: unknown, where: string, depth: number, state: { properties: number }): string | null {
  if (!isRecord(node)) return `${where} is not a schema object`;
  if (depth > STRICT_LIMITS.depth) return `${where} is nested more than ${STRICT_LIMITS.depth} levels deep`;
  for (const key of Object.keys(node)) {
    if (!STRICT_KEYWORDS.has(key)) return `${where} uses "${key}"`;
  }
  if (typeof node.$ref === 'string') {
    return node.$ref.startsWith('#') ? null : `${where} refers to an external schema`;
  }
  const types = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
  if (node.type === undefined && node.anyOf === undefined && node.enum === undefined && node.const === undefined) {
    return `${where} has no type`;
  }
  for (const type of types)
    if (typeof type !== 'string' || !STRICT_TYPES.has(type)) return `${where} has type ${String(type)}`;
  if (typeof node.format === 'string' && !STRICT_FORMATS.has(node.format))
    return `${where} uses format "${node.format}"`;
  if (node.enum !== undefined) {
    if (!Array.isArray(node.enum) || node.enum.length === 0) return `${where} has an empty or invalid enum`;
    if (node.enum.length > STRICT_LIMITS.enumValues) return `${where} has too many enum values`;
    if (!node.enum.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v))) {
      return `${where} has an enum of non-primitive values`;
    }
  }
  if (Array.isArray(node.anyOf)) {
    for (const [index, option] of node.anyOf.entries()) {
      const problem = checkStrictNode(option, `${where}.anyOf[${index}]`, depth, state);
      if (problem) return problem;
    }
  } else if (node.anyOf !== undefined) return `${where} has an invalid anyOf`;

  if (types.includes('array') || node.items !== undefined) {
    if (!isRecord(node.items)) return `${where} is an array without one items schema`;
    const problem = checkStrictNode(node.items, `${where}[]`, depth + 1, state);
    if (problem) return problem;
  }
  if (types.includes('object') || node.properties !== undefined) {
    if (node.additionalProperties !== false) return `${where} does not set additionalProperties: false`;
    const properties = node.properties ?? {};
    if (!isRecord(properties)) return `${where} has invalid properties`;
    const names = Object.keys(properties);
    state.properties += names.length;
    if (state.properties > STRICT_LIMITS.properties)
      return `the schema has more than ${STRICT_LIMITS.properties} fields`;
    const required = Array.isArray(node.required) ? node.required : [];
    const requiredSet = new Set(required);
    if (required.length !== names.length || !names.every((name) => requiredSet.has(name))) {
      return `${where} does not list every property in required`;
    }
    for (const name of names) {
      const problem = checkStrictNode(properties[name], `${where}.${name}`, depth + 1, state);
      if (problem) return problem;
    }
  }
  return null;
}
