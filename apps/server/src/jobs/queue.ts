import { PgBoss, fromPglite, type Queue, type WorkHandlerFor, type WorkOptions } from 'pg-boss';
import { asBackgroundWork, type DatabaseHandle } from '../db/client.ts';
import type { DatabaseAvailability } from '../db/database-outage.ts';
import { withSchemaLock } from '../db/migrate.ts';
import type { Logger } from '../logging.ts';

export type { PgBoss } from 'pg-boss';

/**
 * A running job's heartbeat: pg-boss's worker writes it every `refreshSeconds` from its own timer, whatever
 * the job's code is waiting for (a slow AI call keeps its job alive), and a job whose heartbeat is
 * `heartbeatSeconds` old (pg-boss's minimum) belonged to a worker that died: it is failed and retried.
 */
export const JOB_HEARTBEAT = { heartbeatSeconds: 10, refreshSeconds: 2 } as const;

/**
 * On PostgreSQL several processes share the queue, and a worker killed with -9 leaves its jobs active. Each
 * worker process looks for stale heartbeats every second (pg-boss's monitor, done by one process per
 * interval), so such a job is failed 8 to 11 s after the kill and retried 1 to 2 s later (its queue's retry
 * delay) on another worker, instead of after pg-boss's default minute. Api processes keep the defaults.
 * PGlite has one process, whose jobs left running at a crash are retried at its next start.
 */
const WORKER_SUPERVISION = { superviseIntervalSeconds: 1, monitorIntervalSeconds: 1 } as const;

/**
 * Starts pg-boss on the app's own database (PGlite or PostgreSQL); `worker` when this process runs jobs.
 * Its first start creates its schema, under the lock our migrations take, so processes starting together
 * on an empty database create it once.
 */
export async function startJobQueue(
  handle: DatabaseHandle,
  logger: Logger,
  options: { worker: boolean } = { worker: true },
): Promise<PgBoss> {
  const engine = handle.engine;
  const boss =
    engine.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(engine.pglite), backend: 'pglite' })
      : new PgBoss({ connectionString: engine.url, max: 5, ...(options.worker ? WORKER_SUPERVISION : {}) });
  boss.on('error', reportQueueError(handle.availability, logger));
  await withSchemaLock(handle, () => boss.start());
  return boss;
}

/**
 * pg-boss's 'error' listener. An outage is logged once by the database's availability; pg-boss keeps polling
 * and resumes when it is back. pg-boss wraps some of its own failed queries (a schedule's bookkeeping) in an
 * Error of its own whose `cause` is the driver's error, so the cause is what says whether it was an outage.
 */
export function reportQueueError(availability: Pick<DatabaseAvailability, 'noteFailure'>, logger: Logger) {
  return (error: Error): void => {
    const outage =
      availability.noteFailure(error) || (error.cause !== undefined && availability.noteFailure(error.cause));
    if (!outage) logger.error({ err: error }, 'job queue error');
  };
}

/**
 * `boss.work`, with the handler's database work on the background connections: on PostgreSQL a job's queries
 * never wait behind a crowd of requests for a connection (db/client.ts).
 */
export function workJobs<ReqData, const O extends WorkOptions>(
  boss: PgBoss,
  name: string,
  options: O,
  handler: WorkHandlerFor<O, ReqData>,
): Promise<string> {
  const run = handler as (jobs: unknown) => Promise<unknown>;
  const inBackground = (jobs: unknown) => asBackgroundWork(() => run(jobs));
  return boss.work<ReqData, unknown, O>(name, options, inBackground as WorkHandlerFor<O, ReqData>);
}

/**
 * Creates the queue with these settings, or brings an existing one to them: createQueue leaves a queue as it
 * was, so a database made by an older version would keep its old settings.
 */
export async function declareQueue(boss: PgBoss, name: string, settings: Omit<Queue, 'name'>): Promise<void> {
  await boss.createQueue(name, settings);
  await boss.updateQueue(name, settings);
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

/**
 * Hands jobs of `queue` that a process now gone left running back to the queue at once (as retries),
 * instead of after the heartbeat check (pg-boss checks every minute on PGlite, which has one process). Only
 * safe when this process is the database's only user (embedded PGlite); returns how many there were.
 */
export async function retryOrphanedJobs(boss: PgBoss, queue: string): Promise<number> {
  const running = (await boss.findJobs(queue)).filter((job) => job.state === 'active');
  if (running.length > 0) {
    await boss.fail(
      queue,
      running.map((job) => job.id),
      { message: 'interrupted by the last shutdown' },
    );
  }
  return running.length;
}
