import { sql } from 'kysely';
import { openDatabase, type Db } from '../../apps/server/src/db/client.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { createServices, type Services } from '../../apps/server/src/services.ts';
import {
  BENCH_ADMIN,
  measureTargets,
  printFigure,
  startSeededServer,
  type BenchServer,
  type LoadTarget,
  type SeedTarget,
} from './server.ts';

/** What a listing benchmark's `fill` gets: the migrated database, its services, and the bench admin's id. */
export interface SeedContext {
  db: Db;
  services: Services;
  adminId: number;
}

/**
 * Seeds a fresh database for a listing benchmark: migrates it, adds the bench admin, lets `fill` add the rows,
 * then settles with VACUUM (ANALYZE) what autovacuum would otherwise do to the fresh rows during the first
 * measurement.
 */
export async function seedListingDatabase(
  target: SeedTarget,
  fill: (context: SeedContext) => Promise<void>,
): Promise<void> {
  const handle = await openDatabase(target);
  try {
    await migrateToLatest(handle);
    const services = createServices(handle.db);
    const admin = await services.auth.addUser({ ...BENCH_ADMIN, name: 'Bench', role: 'admin' });
    await fill({ db: handle.db, services, adminId: admin.id });
    await sql`VACUUM (ANALYZE)`.execute(handle.db);
  } finally {
    await handle.close();
  }
}

/**
 * Runs a listing benchmark on PGlite, then on PostgreSQL (skipped, after saying why, when it does not answer):
 * the real server on a database `seed` filled (its time printed as `seedFigure`), then each of `targets` loaded
 * in turn, its figures named `name engine target`.
 */
export async function benchListing(options: {
  name: string;
  seedFigure: string;
  seed: (target: SeedTarget) => Promise<void>;
  targets: (server: BenchServer) => Promise<LoadTarget[]>;
  load: { connections: number; seconds: number; warmUpSeconds: number; goalsMs: Record<string, number> };
}): Promise<void> {
  for (const engine of ['pglite', 'postgres'] as const) {
    const seeded = await startSeededServer(engine, options.seed);
    if (!seeded) continue;
    const label = `${options.name} ${engine.padEnd(8)}`;
    printFigure(`${label} ${options.seedFigure}`, seeded.seedSeconds, 'seconds');
    try {
      await measureTargets(seeded.server, label, await options.targets(seeded.server), options.load);
    } finally {
      await seeded.close();
    }
  }
}
