import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';

describe('the one error handler', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    t.app.get('/api/v1/test-boom', async () => {
      throw new Error('relation "secret_table" does not exist at SELECT * FROM secret_table');
    });
    cookie = (await signIn(t)).cookie;
  });
  afterAll(() => t.close());

  it('answers an unexpected error 500 without its message, SQL or stack, and keeps serving', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test-boom', headers: { cookie } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal server error' });
    expect(response.body).not.toMatch(/secret_table|SELECT|at /);
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/auth/login', '/api/v1/pinboard/widgets']));
    expect(doc.paths['/api/v1/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'password',
    ]);
  });
});
