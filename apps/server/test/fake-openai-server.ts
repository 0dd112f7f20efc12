import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { strictModeProblem } from '../src/adapters/ai/openai-analyser.ts';
import { analyseWithRules } from '../src/adapters/ai/rules-analyser.ts';

/*
 * A stand-in for OpenAI's POST /v1/chat/completions, for tests and benchmarks that drive the real
 * `openai` SDK over HTTP. It checks the tool it is sent like the real service would (and against the
 * schema a test expects), answers with a tool call made by the offline rules analyser, and can be told
 * to misbehave: 429 with Retry-After, 5xx, slow answers, malformed or schema-breaking arguments.
 */

/** The function tool a test expects the analyser to send. */
export interface ExpectedTool {
  name: string;
  description?: string;
  parameters: Record<string, unknown>;
  strict: boolean;
}

/** One scripted answer, used by the next request instead of the normal one. */
export type FakeBehaviour =
  /** An error status, e.g. 429 with `retryAfterSeconds` / `retryAfterMs`, or 500. `code` goes in the error body. */
  | {
      kind: 'status';
      status: number;
      retryAfterSeconds?: number;
      retryAfterMs?: number;
      code?: string;
      message?: string;
    }
  /** Waits `delayMs` before a normal answer (a client timeout shorter than that aborts it). */
  | { kind: 'slow'; delayMs: number }
  /** A tool call whose arguments are exactly `raw` (malformed JSON, or JSON that breaks the schema). */
  | { kind: 'arguments'; raw: string }
  /** A plain assistant message with no tool call. */
  | { kind: 'no-tool-call'; content: string };

export interface FakeOpenAiOptions {
  /** Answer only requests bearing this key; others get 401. Unset: any key. */
  apiKey?: string;
  /** Added before every successful answer (the benchmark's 300 ms). */
  latencyMs?: number;
  /**
   * Rate limit as a token bucket refilled at `requestsPerMinute / 60` per second, holding at most
   * `burst` (default one second's worth). Beyond it: 429 with retry-after-ms and retry-after headers.
   */
  requestsPerMinute?: number;
  burst?: number;
  /** When set, a request whose tool differs (name, description, parameters or strict) gets a 400. */
  expectTool?: ExpectedTool;
  /** Replaces the rules analyser as the source of the tool call's arguments. */
  answer?: (request: ChatRequest) => Record<string, unknown>;
  /** Picks a request's answer when nothing is queued (e.g. per article); undefined answers normally. */
  behaviour?: (request: ChatRequest) => FakeBehaviour | undefined;
}

interface ChatTool {
  type?: string;
  function?: { name?: string; description?: string; parameters?: Record<string, unknown>; strict?: boolean | null };
}

/** The parts of a chat completion request the fake reads. */
export interface ChatRequest {
  model?: string;
  messages?: { role?: string; content?: unknown }[];
  tools?: ChatTool[];
  tool_choice?: unknown;
  parallel_tool_calls?: boolean;
}

export interface RecordedRequest {
  at: number;
  body: ChatRequest;
  /** What the fake answered with; 0 when the client gave up (timeout, abort) before the answer. */
  status: number;
  authorization: string | undefined;
}

export interface FakeOpenAiServer {
  /** Base URL for the SDK's `baseURL`, ending in /v1. */
  url: string;
  requests: RecordedRequest[];
  /** Counts of answers by kind, for benchmarks. */
  stats: { served: number; rateLimited: number; failed: number; toolMismatches: number };
  /** Scripts the next requests' answers, in order; later requests are answered normally. */
  queue(...behaviours: FakeBehaviour[]): void;
  /** Changes (or clears) the tool requests must carry. */
  expectTool(tool: ExpectedTool | undefined): void;
  close(): Promise<void>;
}

/** Starts the fake on 127.0.0.1 at a free port. */
export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAiServer> {
  const requests: RecordedRequest[] = [];
  const stats = { served: 0, rateLimited: 0, failed: 0, toolMismatches: 0 };
  const script: FakeBehaviour[] = [];
  let expected = options.expectTool;
  const limiter = options.requestsPerMinute ? tokenBucket(options.requestsPerMinute, options.burst) : undefined;
  const pending = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = (status: number, body: unknown, headers: Record<string, string> = {}, record?: ChatRequest) => {
        if (record) requests.push({ at: Date.now(), body: record, status, authorization: req.headers.authorization });
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/chat/completions') {
        answer(404, apiError(`Unknown request URL: ${req.method} ${req.url}`, 'invalid_request_error'));
        return;
      }
      let body: ChatRequest;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
      } catch {
        answer(400, apiError('We could not parse the JSON body of your request.', 'invalid_request_error'));
        return;
      }
      if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        stats.failed++;
        answer(401, apiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'), {}, body);
        return;
      }
      const wait = limiter?.take();
      if (wait !== undefined) {
        stats.rateLimited++;
        const headers = {
          'retry-after-ms': String(Math.ceil(wait)),
          'retry-after': String(Math.max(1, Math.ceil(wait / 1000))),
        };
        answer(
          429,
          apiError('Rate limit reached for requests per minute.', 'requests', 'rate_limit_exceeded'),
          headers,
          body,
        );
        return;
      }
      const behaviour = script.shift() ?? options.behaviour?.(body);
      if (behaviour?.kind === 'status') {
        if (behaviour.status === 429) stats.rateLimited++;
        else stats.failed++;
        const headers: Record<string, string> = {};
        if (behaviour.retryAfterSeconds !== undefined) headers['retry-after'] = String(behaviour.retryAfterSeconds);
        if (behaviour.retryAfterMs !== undefined) headers['retry-after-ms'] = String(behaviour.retryAfterMs);
        const message =
          behaviour.message ??
          (behaviour.status >= 500 ? 'The server had an error while processing your request.' : 'Request failed.');
        answer(
          behaviour.status,
          apiError(message, behaviour.status >= 500 ? 'server_error' : 'requests', behaviour.code ?? null),
          headers,
          body,
        );
        return;
      }
      const problem = toolProblem(body, expected);
      if (problem) {
        stats.toolMismatches++;
        answer(400, apiError(problem, 'invalid_request_error', null, 'tools'), {}, body);
        return;
      }
      const respond = () => {
        const tool = body.tools?.[0]?.function;
        let args: string;
        if (behaviour?.kind === 'arguments') args = behaviour.raw;
        else args = JSON.stringify(options.answer ? options.answer(body) : rulesAnswer(body));
        stats.served++;
        answer(
          200,
          completion(
            body,
            tool?.name ?? 'unknown',
            behaviour?.kind === 'no-tool-call' ? behaviour.content : null,
            args,
          ),
          {},
          body,
        );
      };
      const delay = (behaviour?.kind === 'slow' ? behaviour.delayMs : 0) + (options.latencyMs ?? 0);
      if (delay <= 0) return respond();
      const timer = setTimeout(() => {
        pending.delete(timer);
        respond();
      }, delay);
      pending.add(timer);
      // A client that gave up (timeout) closes the socket; nothing is answered then.
      res.on('close', () => {
        if (!res.writableFinished) {
          clearTimeout(timer);
          pending.delete(timer);
          requests.push({ at: Date.now(), body, status: 0, authorization: req.headers.authorization });
        }
      });
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    stats,
    queue: (...behaviours) => void script.push(...behaviours),
    expectTool: (tool) => void (expected = tool),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of pending) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Null when the request's tool is acceptable, else OpenAI-style wording of what is wrong. */
function toolProblem(body: ChatRequest, expected: ExpectedTool | undefined): string | null {
  if (!Array.isArray(body.messages) || body.messages.length === 0) return "Missing required parameter: 'messages'.";
  const tools = body.tools ?? [];
  if (tools.length !== 1 || tools[0]?.type !== 'function' || !tools[0].function?.name) {
    return 'Expected exactly one function tool.';
  }
  const tool = tools[0].function;
  const choice = body.tool_choice as { type?: string; function?: { name?: string } } | undefined;
  if (choice?.type !== 'function' || choice.function?.name !== tool.name) {
    return `tool_choice must force the function '${tool.name}'.`;
  }
  if (tool.strict === true) {
    const problem = strictModeProblem(tool.parameters ?? {});
    if (problem) return `Invalid schema for function '${tool.name}': strict mode: ${problem}.`;
  }
  if (!expected) return null;
  if (tool.name !== expected.name) return `Tool name '${tool.name}' is not the expected '${expected.name}'.`;
  if (expected.description !== undefined && tool.description !== expected.description) {
    return `Tool description differs from the expected one.`;
  }
  if (!isDeepStrictEqual(tool.parameters, expected.parameters))
    return `Tool parameters differ from the expected schema.`;
  if ((tool.strict ?? false) !== expected.strict)
    return `Tool strict is ${String(tool.strict)}, expected ${String(expected.strict)}.`;
  return null;
}

/** A valid answer to the tool's schema, made from the user message by the offline analyser. */
export function rulesAnswer(body: ChatRequest): Record<string, unknown> {
  const tool = body.tools?.[0]?.function;
  const user = body.messages?.find((m) => m.role === 'user')?.content;
  const text = typeof user === 'string' ? user : '';
  const title = /^Title: (.*)$/m.exec(text)?.[1] ?? '';
  return analyseWithRules({
    systemPrompt: '',
    functionSchema: {
      name: tool?.name ?? 'analyse',
      description: tool?.description ?? '',
      parameters: tool?.parameters ?? { type: 'object', properties: {} },
    },
    article: {
      title,
      text: text.replace(/^(?:Title|Source|Published|URL): .*\n/gm, ''),
      source: 'fake',
      url: null,
      publishedAt: null,
    },
  });
}

function completion(body: ChatRequest, name: string, content: string | null, args: string) {
  return {
    id: `chatcmpl-fake-${Date.now().toString(36)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? 'fake',
    choices: [
      {
        index: 0,
        message:
          content !== null
            ? { role: 'assistant', content, refusal: null }
            : {
                role: 'assistant',
                content: null,
                refusal: null,
                tool_calls: [{ id: 'call_fake_1', type: 'function', function: { name, arguments: args } }],
              },
        logprobs: null,
        finish_reason: content !== null ? 'stop' : 'tool_calls',
      },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 100, total_tokens: 200 },
  };
}

function apiError(message: string, type: string, code: string | null = null, param: string | null = null) {
  return { error: { message, type, param, code } };
}

/** Undefined when a request may pass now, else milliseconds until one may. */
function tokenBucket(perMinute: number, burst?: number): { take(): number | undefined } {
  const ratePerMs = perMinute / 60_000;
  const capacity = Math.max(1, burst ?? perMinute / 60);
  let tokens = capacity;
  let last = Date.now();
  return {
    take() {
      const now = Date.now();
      tokens = Math.min(capacity, tokens + (now - last) * ratePerMs);
      last = now;
      if (tokens >= 1) {
        tokens -= 1;
        return undefined;
      }
      return (1 - tokens) / ratePerMs;
    },
  };
}
