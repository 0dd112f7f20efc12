import { PgBoss, fromPglite } from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';
import type { Logger } from '../logging.ts';

export type { PgBoss } from 'pg-boss';

/** Starts pg-boss on the app's own database (PGlite or PostgreSQL); it creates its schema on first start. */
export async function startJobQueue(handle: DatabaseHandle, logger: Logger): Promise<PgBoss> {
  const engine = handle.engine;
  const boss =
    engine.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(engine.pglite), backend: 'pglite' })
      : new PgBoss({ connectionString: engine.url, max: 5 });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}

/**
 * Fails the job for a retry that starts no sooner than `notBefore` (a Retry-After the other side asked
 * for), or later when the queue's own backoff says so.
 */
export async function failNoSoonerThan(
  boss: PgBoss,
  queue: string,
  jobId: string,
  error: Error,
  notBefore: number,
): Promise<void> {
  await boss.fail(queue, jobId, { message: error.message });
  const retry = await boss.getJobById(queue, jobId);
  // Moving start_after only applies while the job waits (state 'retry'); the update re-checks that itself.
  if (retry && retry.state === 'retry' && retry.startAfter.getTime() < notBefore) {
    await boss.update({ name: queue, options: { id: jobId, startAfter: new Date(notBefore) } });
  }
}
