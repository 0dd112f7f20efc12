import { workJobs, type PgBoss } from '../../jobs/queue.ts';
import type { Logger } from '../../logging.ts';
import type { AuthService } from './auth.service.ts';

export const PURGE_SESSIONS_JOB = 'auth-purge-expired-sessions';

/** Declares the session clean-up queue and its schedule (every 15 minutes); safe on every process. */
export async function defineAuthJobs(boss: PgBoss): Promise<void> {
  await boss.createQueue(PURGE_SESSIONS_JOB);
  await boss.schedule(PURGE_SESSIONS_JOB, '*/15 * * * *');
}

/** Runs the clean-up on worker processes. */
export async function workAuthJobs(boss: PgBoss, auth: AuthService, logger: Logger): Promise<void> {
  await workJobs(boss, PURGE_SESSIONS_JOB, {}, async () => {
    const removed = await auth.purgeExpiredSessions();
    if (removed > 0) logger.info(`removed ${removed} expired sessions`);
    return { removed };
  });
}
