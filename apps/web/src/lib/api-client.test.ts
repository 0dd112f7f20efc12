import { okSchema } from '@mining-hub/contract/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiBlob, apiRequest, isApiError, isRefusal, NO_RESPONSE_STATUS } from './api-client.ts';

function answer(status: number, body: string, contentType = 'application/json') {
  vi.stubGlobal('fetch', async () => new Response(body, { status, headers: { 'Content-Type': contentType } }));
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('parses a successful answer with the given schema', async () => {
    answer(200, JSON.stringify({ success: true, data: { n: 3 }, extra: 'ignored' }));
    const schema = z.object({ success: z.literal(true), data: z.object({ n: z.number() }) });
    await expect(apiRequest('/things', schema)).resolves.toEqual({ success: true, data: { n: 3 } });
  });

  it('turns a 4xx with a detail into an ApiError carrying status, detail, code and body', async () => {
    answer(401, JSON.stringify({ detail: 'Invalid credentials', code: 'unauthenticated' }));
    const error = await failure(apiRequest('/auth/login', okSchema, { method: 'POST', body: {} }));
    expect(error.status).toBe(401);
    expect(error.detail).toBe('Invalid credentials');
    expect(error.code).toBe('unauthenticated');
    expect(isApiError(error, 'unauthenticated')).toBe(true);
    expect(isApiError(error, 'forbidden')).toBe(false);
    expect(error.body).toEqual({ detail: 'Invalid credentials', code: 'unauthenticated' });
  });

  it('keeps the extra fields of a throttled answer in the body', async () => {
    answer(429, JSON.stringify({ detail: 'Too many attempts', code: 'rate_limited', wait_time: 42 }));
    const error = await failure(apiRequest('/auth/login', okSchema, { method: 'POST' }));
    expect(error.status).toBe(429);
    expect(error.code).toBe('rate_limited');
    expect(error.body).toEqual({ detail: 'Too many attempts', code: 'rate_limited', wait_time: 42 });
  });

  it('words a failure without a JSON detail by its status', async () => {
    answer(502, '<html>Bad gateway</html>', 'text/html');
    const error = await failure(apiRequest('/stats/dashboard', okSchema));
    expect(error.status).toBe(502);
    expect(error.detail).toMatch(/^Server error: 502/);
    expect(error.body).toBe('<html>Bad gateway</html>');
    expect(error.code).toBeUndefined();
    expect(isRefusal(error)).toBe(false);
  });

  it('reads the code only from the catalogue, and a 4xx code as a refusal', async () => {
    answer(400, JSON.stringify({ detail: 'Bad', code: 'no_such_code' }));
    expect((await failure(apiRequest('/things', okSchema))).code).toBeUndefined();
    answer(409, JSON.stringify({ detail: 'Article 1 is new; push needs summarised', code: 'invalid_status' }));
    const refused = await failure(apiRequest('/things', okSchema));
    expect(refused.code).toBe('invalid_status');
    expect(isRefusal(refused)).toBe(true);
    answer(500, JSON.stringify({ detail: 'Internal server error', code: 'internal' }));
    expect(isRefusal(await failure(apiRequest('/things', okSchema)))).toBe(false);
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(apiRequest('/auth/me', okSchema));
    expect(error.status).toBe(NO_RESPONSE_STATUS);
    expect(error.detail).toBe('Network error - cannot reach server');
  });

  it('rejects a successful answer that does not match the contract', async () => {
    answer(200, JSON.stringify({ success: false }));
    await expect(apiRequest('/auth/logout', okSchema, { method: 'POST' })).rejects.toThrow(z.ZodError);
  });

  it('sends JSON with the session cookie to /api/v1', async () => {
    let seen: { url: string; init: RequestInit | undefined } | undefined;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      seen = { url, init };
      return new Response(JSON.stringify({ success: true }), { status: 200 });
    });
    await apiRequest('/pinboard/widgets', okSchema, { method: 'POST', body: { title: 'x' } });
    expect(seen?.url).toBe('/api/v1/pinboard/widgets');
    expect(seen?.init?.credentials).toBe('include');
    expect(seen?.init?.body).toBe('{"title":"x"}');
    expect(new Headers(seen?.init?.headers).get('Content-Type')).toBe('application/json');
  });
});

describe('apiBlob', () => {
  it('fetches a file body with the session cookie', async () => {
    let seen: { url: string; init: RequestInit | undefined } | undefined;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      seen = { url, init };
      return new Response('a,b\n1,2\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
    });
    const blob = await apiBlob('/scraper/download/reports/run.csv');
    expect(await blob.text()).toBe('a,b\n1,2\n');
    expect(seen?.url).toBe('/api/v1/scraper/download/reports/run.csv');
    expect(seen?.init?.credentials).toBe('include');
  });

  it('turns a failed download into an ApiError with the detail', async () => {
    answer(404, JSON.stringify({ detail: 'File not found', code: 'not_found' }));
    const error = await failure(apiBlob('/scraper/download/json/gone.json'));
    expect(error.status).toBe(404);
    expect(error.detail).toBe('File not found');
  });
});
