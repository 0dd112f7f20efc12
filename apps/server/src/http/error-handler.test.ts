import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@mining-hub/contract/errors';
import { freePort } from '../../test/processes.ts';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../test/test-app.ts';

describe('the one error handler', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    t.app.get('/api/v1/test-boom', async () => {
      throw new Error('relation "secret_table" does not exist at SELECT * FROM secret_table');
    });
    // A query to a PostgreSQL server that is not there (stopped, restarting): a real refused connection.
    const gone = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/gone`, max: 1 });
    t.app.get('/api/v1/test-database-gone', async () => gone.query('SELECT 1'));
    t.app.get('/api/v1/test-database-restarting', async () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    });
    t.app.get('/api/v1/test-unique-violation', async () => {
      throw Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
        code: '23505',
      });
    });
    cookie = (await signIn(t)).cookie;
  });
  afterAll(() => t.close());

  it('answers an unexpected error 500 without its message, SQL or stack, and keeps serving', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test-boom', headers: { cookie } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal server error', code: 'internal' });
    expect(response.body).not.toMatch(/secret_table|SELECT|at /);
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({ status: 'ok' });
  });

  it('answers 503 with Retry-After while the database cannot be reached (refused, restarting), not 500', async () => {
    for (const url of ['/api/v1/test-database-gone', '/api/v1/test-database-restarting']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('2');
      expect(response.json()).toEqual({
        detail: 'The database is unavailable for a moment; try again shortly',
        code: 'database_unavailable',
      });
    }
  });

  it('still answers 500 for a database error that is a fault, not an outage', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test-unique-violation', headers: { cookie } });
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.json()).toEqual({ detail: 'Internal server error', code: 'internal' });
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

  it('describes every error body in the OpenAPI document as {detail, code} with codes from the catalogue', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const errorSchemas = Object.values(doc.paths as Record<string, Record<string, OpenApiOperation>>)
      .flatMap((operations) => Object.values(operations))
      .flatMap((operation) => Object.entries(operation.responses ?? {}))
      .filter(([status]) => Number(status) >= 400)
      .map(([, response]) => response.content?.['application/json']?.schema)
      // The refusals added centrally (openapi.ts) name the one ErrorBody component.
      .map((schema) => (schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop() ?? ''] : schema));
    expect(errorSchemas.length).toBeGreaterThan(20);
    for (const schema of errorSchemas) {
      expect(schema?.required).toEqual(expect.arrayContaining(['detail', 'code']));
      // The catalogue, or a part of it where a refusal has one meaning (activation's confirmation_required).
      expect(ERROR_CODES).toEqual(expect.arrayContaining(schema?.properties?.code?.enum ?? ['missing']));
    }
  });

  it('answers a validation error 400 with code validation_failed naming the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pinboard/quick-links',
      headers: { cookie, origin: APP_ORIGIN },
      payload: { label: 'x', url: 'javascript:alert(1)' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: expect.stringContaining('body.url'), code: 'validation_failed' });
  });
});

interface OpenApiOperation {
  responses?: Record<
    string,
    {
      content?: Record<
        string,
        { schema?: { $ref?: string; required?: string[]; properties?: Record<string, { enum?: string[] }> } }
      >;
    }
  >;
}
