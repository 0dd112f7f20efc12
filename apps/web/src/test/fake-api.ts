import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  body: unknown;
}

type Responder = (request: FakeRequest) => { status: number; body?: unknown } | undefined;

/**
 * Replaces global fetch with a tiny in-test server; unknown routes answer 404 like the real API.
 * Returns the requests it receives, in order, for the test to inspect.
 */
export function stubApi(respond: Responder): FakeRequest[] {
  const requests: FakeRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const answer = respond(request) ?? { status: 404, body: { detail: 'Not found', code: 'not_found' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return requests;
}
