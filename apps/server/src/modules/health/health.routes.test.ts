import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { healthSchema, healthUnavailableSchema } from '@mining-hub/contract/common';
import { freePort } from '../../../test/processes.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import type { ZodApp } from '../../http/types.ts';
import { registerHealthRoutes } from './health.routes.ts';
import { createHealthService } from './health.service.ts';

async function healthApp(handle: DatabaseHandle): Promise<ZodApp> {
  const app: ZodApp = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerHealthRoutes(app, { health: createHealthService(handle.db, { chromiumPath: '/usr/bin/chromium' }) });
  await app.ready();
  return app;
}

describe('/health says which dependency is down', () => {
  const opened: { close(): Promise<unknown> }[] = [];
  afterAll(async () => {
    for (const resource of opened) await resource.close();
  });

  it('answers 200 with the database up while it answers', async () => {
    const database = await createTestDatabase('pglite');
    const app = await healthApp(database.handle);
    opened.push(app, { close: () => database.drop() });
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(healthSchema.parse(response.json())).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('answers 503 naming the database, with Retry-After, while PostgreSQL refuses connections', async () => {
    const handle = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await freePort()}/gone` });
    const app = await healthApp(handle);
    opened.push(app, handle);
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(healthUnavailableSchema.parse(response.json())).toMatchObject({
      status: 'unavailable',
      database: 'down',
      code: 'database_unavailable',
      detail: 'Database unavailable',
    });
    expect(handle.availability.state).toBe('down'); // the refused connection was noted (and logged once)
  });
});
