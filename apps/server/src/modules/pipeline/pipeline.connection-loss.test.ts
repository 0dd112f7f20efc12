import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '@mining-hub/contract/auth';
import type { CrmAdapter } from '../../adapters/crm/crm-adapter.ts';
import { createLocalOutboxAdapter } from '../../adapters/crm/local-outbox-adapter.ts';
import { createServices } from '../../services.ts';
import { createPipelineRepository } from './pipeline.repository.ts';
import { endConnections } from '../../../test/database-templates.ts';
import { seedAdmin, seedFetchedSignals } from '../../../test/signal-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';

/**
 * PostgreSQL ends every connection of the database while a batch pushes an article (a restart, a failover),
 * and is back a moment later: the step is left for the queue's retry, never recorded as a failure the user
 * must clear by hand, and the retry pushes the article once. PostgreSQL only: PGlite has no connection to lose.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('connections lost in the middle of a batch step', () => {
  let database: TestDatabase;
  let admin: Viewer;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    admin = await seedAdmin(database.handle.db, 'outage@example.com');
  });
  afterAll(async () => {
    await database.drop();
  });

  it('leaves the article for a retry, which pushes it once', async () => {
    const db = database.handle.db;
    const [articleId] = await seedFetchedSignals(db, admin.id, [
      { title: 'Osprey Nickel drills', company: 'Osprey Nickel' },
    ]);
    if (articleId === undefined) throw new Error('no article seeded');
    // The CRM takes the push, then the database drops every connection, the company lock's among them.
    const outbox = createLocalOutboxAdapter(db);
    let connectionsToLose = 1;
    const crm: CrmAdapter = {
      ...outbox,
      async push(input, signal) {
        const result = await outbox.push(input, signal);
        if (connectionsToLose-- > 0) await endConnections(database.url ?? '');
        return result;
      },
    };
    const { pipeline } = createServices(db, { pipeline: { crm } });
    // The batch as the route makes it; its one job is run here, as the queue would.
    const batchId = crypto.randomUUID();
    await createPipelineRepository(db).createBatch(batchId, admin.id, [articleId], 'push');

    // The queue runs the job again after each failed attempt, as pg-boss does.
    const attempts: string[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      const outcome = await pipeline.processBatchArticle(batchId, articleId, false).then(
        () => 'done',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      attempts.push(outcome);
      if (outcome === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }

    const article = await db
      .selectFrom('articles')
      .select(['status', 'failure_reason'])
      .where('id', '=', articleId)
      .executeTakeFirstOrThrow();
    expect(article).toEqual({ status: 'pushed_to_hubspot', failure_reason: null });
    expect(attempts.length, attempts.join('\n')).toBeGreaterThan(1); // the lost connections failed an attempt
    expect(attempts.at(-1)).toBe('done');
    expect(await pipeline.getBatchStatus(admin, batchId)).toMatchObject({ completed: 1, failed: 0 });
    const companies = await db.selectFrom('crm_companies').select('id').where('name', '=', 'Osprey Nickel').execute();
    expect(companies).toHaveLength(1);
  });
});
