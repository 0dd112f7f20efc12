import { workJobs, type PgBoss } from '../../jobs/queue.ts';
import type { Logger } from '../../logging.ts';
import type { DigestService } from './digest.service.ts';

/** Every five minutes one worker's tick sends the digests that are due (pg-boss cron: once per slot). */
export const DIGEST_TICK_JOB = 'digest-tick';

export async function defineDigestJobs(boss: PgBoss): Promise<void> {
  await boss.createQueue(DIGEST_TICK_JOB, { retryLimit: 0, expireInSeconds: 5 * 60 });
  await boss.schedule(DIGEST_TICK_JOB, '*/5 * * * *');
}

export async function workDigestJobs(
  boss: PgBoss,
  digest: DigestService,
  logger: Logger,
  now: () => Date = () => new Date(),
): Promise<void> {
  await workJobs(boss, DIGEST_TICK_JOB, {}, async () => {
    const { sent, failed } = await digest.sendDue(now());
    if (sent + failed > 0) logger.info(`daily digests: ${sent} sent, ${failed} failed`);
  });
}
