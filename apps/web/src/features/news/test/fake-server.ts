import type { LiveMessage } from '@mining-hub/contract/live';
import { vi } from 'vitest';
import type { FakeRequest } from '../../../test/fake-api.ts';

type Answer = { status: number; body?: unknown } | undefined;

/** A request as the fake server sees it, with its query string. */
export interface FakeQueryRequest extends FakeRequest {
  query: URLSearchParams;
}

/**
 * Like the shared stubApi, but the responder may answer later (a promise), so a test can look at the page while a
 * call is still running. /health answers OK so the live connection can open.
 */
export function stubApiAsync(respond: (request: FakeQueryRequest) => Answer | Promise<Answer>): FakeQueryRequest[] {
  const requests: FakeQueryRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const request: FakeQueryRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    if (request.path !== '/health') requests.push(request);
    const answer =
      request.path === '/health'
        ? { status: 200, body: { status: 'ok' } }
        : ((await respond(request)) ?? { status: 404, body: { detail: 'Not found', code: 'not_found' } });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return requests;
}

/** A promise the test settles when it chooses. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Stands in for the browser's WebSocket so a test can send the page live messages. */
export function stubLiveSocket(): { send: (message: LiveMessage) => void; opened: () => boolean } {
  const sockets: FakeWebSocket[] = [];
  class FakeWebSocket {
    onopen: (() => void) | null = null;
    onmessage: ((event: { data: string }) => void) | null = null;
    onclose: (() => void) | null = null;
    constructor() {
      sockets.push(this);
      queueMicrotask(() => this.onopen?.());
    }
    close() {}
  }
  vi.stubGlobal('WebSocket', FakeWebSocket);
  return {
    opened: () => sockets.length > 0,
    send: (message) => {
      for (const socket of sockets) socket.onmessage?.({ data: JSON.stringify(message) });
    },
  };
}
