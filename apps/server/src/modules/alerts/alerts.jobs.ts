import { z } from 'zod';
import { declareQueue, failNoSoonerThan, JOB_HEARTBEAT, workJobs, type PgBoss } from '../../jobs/queue.ts';
import type { Logger } from '../../logging.ts';
import { DeliveryRetry, type AlertsService } from './alerts.service.ts';

export const ALERT_DELIVERY_JOB = 'alert-delivery';
const payloadSchema = z.object({ alertId: z.number().int() });
// 6 attempts; the queue's backoff waits 15-30 s, doubling, capped at 5 minutes: about 8 to 12 minutes in all.
const RETRY_LIMIT = 5;
const RETRY_DELAY_SECONDS = 15;

/**
 * Declares the alert delivery queue: retried with backoff on 5xx, 429 and timeouts. A delivery whose worker
 * died stops its heartbeat and is retried within seconds on another worker (jobs/queue.ts).
 */
export async function defineAlertJobs(boss: PgBoss, options: { retryDelaySeconds?: number } = {}): Promise<void> {
  const settings = {
    retryLimit: RETRY_LIMIT,
    retryDelay: options.retryDelaySeconds ?? RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 5 * 60,
    heartbeatSeconds: JOB_HEARTBEAT.heartbeatSeconds,
  };
  await declareQueue(boss, ALERT_DELIVERY_JOB, settings);
}

export function enqueueAlertDelivery(boss: PgBoss) {
  return async (alertId: number): Promise<void> => {
    await boss.send(ALERT_DELIVERY_JOB, payloadSchema.parse({ alertId }), { singletonKey: `alert:${alertId}` });
  };
}

/** Delivers alerts on worker processes; a Retry-After the receiver asked for is kept. */
export async function workAlertJobs(boss: PgBoss, alerts: AlertsService, logger: Logger): Promise<void> {
  await workJobs(
    boss,
    ALERT_DELIVERY_JOB,
    {
      localConcurrency: 4,
      pollingIntervalSeconds: 0.5,
      includeMetadata: true,
      heartbeatRefreshSeconds: JOB_HEARTBEAT.refreshSeconds,
    },
    async ([job]) => {
      if (!job) return;
      const { alertId } = payloadSchema.parse(job.data);
      try {
        await alerts.deliver(alertId, job.retryCount >= RETRY_LIMIT);
      } catch (error) {
        logger.warn(
          `alert ${alertId}: ${error instanceof Error ? error.message : String(error)} (attempt ${job.retryCount + 1})`,
        );
        if (!(error instanceof DeliveryRetry) || error.retryAfterMs === undefined) throw error;
        await failNoSoonerThan(boss, ALERT_DELIVERY_JOB, job.id, error, Date.now() + error.retryAfterMs);
      }
    },
  );
}
