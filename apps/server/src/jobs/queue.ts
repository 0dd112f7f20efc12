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
