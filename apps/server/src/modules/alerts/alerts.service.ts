import crypto from 'node:crypto';
import type { AlertDigest, AlertSignal, TestAlertRequest, TestAlertResult } from '@mining-hub/contract/alerts';
import type { WebhookFormat } from '@mining-hub/contract/watches';
import type { Mailer } from '../../adapters/alerts/smtp-mailer.ts';
import { postWebhook, webhookUrlProblem, type DeliveryOutcome } from '../../adapters/alerts/webhook-client.ts';
import type { Logger } from '../../logging.ts';
import { digestEmail, webhookBody, withAbsoluteUrl } from './alert-digest.ts';
import { slackMessage, teamsMessage } from './chat-messages.ts';
import type { AlertsRepository, AlertTarget } from './alerts.repository.ts';

export interface DigestInput {
  /** `webhook_format` is 'generic' (the signed JSON body) when left out. */
  watch: { id: number; name: string; webhook_url: string | null; webhook_format?: WebhookFormat; email_to: string[] };
  signals: AlertSignal[];
}

export interface AlertsDeps {
  repository: AlertsRepository;
  /** Queues the delivery job of a recorded alert. */
  enqueueDelivery: (alertId: number) => Promise<void>;
  /** WEBHOOK_SECRET; without it a secret generated once and kept in the database signs webhooks. */
  webhookSecret: string | undefined;
  /** SMTP_URL's mailer; without it no e-mail is sent. */
  mailer: Mailer | undefined;
  /** Where relative article links and the app link point. */
  appOrigin: string;
  /** ALLOWED_PRIVATE_ORIGINS. */
  allowedPrivateOrigins: readonly string[];
  logger: Logger;
  webhookTimeoutMs?: number;
}

/** Asks the delivery job to try again later (no sooner than `retryAfterMs` when the receiver said). */
export class DeliveryRetry extends Error {
  readonly retryAfterMs: number | undefined;
  constructor(message: string, retryAfterMs: number | undefined) {
    super(message);
    this.retryAfterMs = retryAfterMs;
  }
}

const WEBHOOK_SECRET_SETTING = 'webhook_secret';

const SAMPLE_SIGNAL: AlertSignal = {
  article_id: 0,
  title: 'Test alert: Example Copper Ltd starts a 20,000 m drilling program',
  url: '/news-signals',
  company: 'Example Copper Ltd',
  buying_intent_score: 'High',
  signal_summary: 'A sample signal sent by "Send test alert"; your watches will send digests like this.',
  intent_reasons: ['20,000 m drilling program', 'Funded by a recent placement'],
};

/** Alert delivery for watches: signed webhooks and e-mail digests, each article at most once per watch and channel. */
export function createAlertsService(deps: AlertsDeps) {
  const { repository, logger } = deps;
  const webhookTimeoutMs = deps.webhookTimeoutMs ?? 10_000;
  const target = { allowedOrigins: deps.allowedPrivateOrigins };

  async function signingSecret(): Promise<string> {
    return deps.webhookSecret ?? (await ensureGeneratedSecret()).value;
  }

  function ensureGeneratedSecret() {
    return repository.setting(WEBHOOK_SECRET_SETTING, () => crypto.randomBytes(32).toString('hex'));
  }

  /** The body for the webhook's format: the signed generic JSON, a Slack Block Kit or a Teams Adaptive Card message. */
  function bodyFor(format: WebhookFormat, digest: AlertDigest, appOrigin: string): string {
    if (format === 'slack') return JSON.stringify(slackMessage(digest, appOrigin));
    if (format === 'teams') return JSON.stringify(teamsMessage(digest, appOrigin));
    return webhookBody(digest, appOrigin);
  }

  async function sendWebhook(
    url: string,
    format: WebhookFormat,
    digest: AlertDigest,
    deliveryId: string,
    appOrigin = deps.appOrigin,
  ): Promise<DeliveryOutcome> {
    // Slack and Teams ignore the signature headers; every format goes through the same guarded client.
    const body = bodyFor(format, digest, appOrigin);
    return postWebhook(
      url,
      { body, secret: await signingSecret(), deliveryId },
      { ...target, timeoutMs: webhookTimeoutMs },
    );
  }

  async function sendEmail(to: string[], digest: AlertDigest, appOrigin = deps.appOrigin): Promise<DeliveryOutcome> {
    if (!deps.mailer) return { ok: false, reason: 'SMTP_URL is not set: e-mail alerts are off', retryable: false };
    return deps.mailer.send({ to, ...digestEmail(digest, appOrigin) });
  }

  async function enqueue(channelTarget: AlertTarget, digest: AlertDigest): Promise<void> {
    const alert = await repository.claimDigest(channelTarget, digest);
    if (!alert) return;
    try {
      await deps.enqueueDelivery(alert.id);
    } catch (error) {
      await repository.discard(alert.id);
      throw error;
    }
  }

  return {
    /** Why a URL cannot be a webhook (not http(s), or private / loopback / link-local), or null when acceptable. */
    checkWebhookUrl: (url: string): Promise<string | null> => webhookUrlProblem(url, target),

    /**
     * Queues one webhook and one e-mail delivery for a watch's digest, each holding only the articles never
     * alerted on that channel for this watch; nothing when none is new. Never throws: problems are logged.
     */
    async sendDigest(input: DigestInput): Promise<void> {
      const { watch } = input;
      const unique = new Map(input.signals.map((signal) => [signal.article_id, signal]));
      const digest: AlertDigest = {
        watch: { id: watch.id, name: watch.name },
        signals: [...unique.values()].map((signal) => withAbsoluteUrl(signal, deps.appOrigin)),
      };
      if (digest.signals.length === 0) return;
      const targets: AlertTarget[] = [];
      if (watch.webhook_url) {
        targets.push({
          channel: 'webhook',
          webhook_url: watch.webhook_url,
          webhook_format: watch.webhook_format ?? 'generic',
        });
      }
      if (watch.email_to.length > 0 && deps.mailer) targets.push({ channel: 'email', email_to: watch.email_to });
      for (const channelTarget of targets) {
        try {
          await enqueue(channelTarget, digest);
        } catch (error) {
          logger.error(
            { err: error },
            `watch ${watch.id}: could not queue the ${channelTarget.channel} alert: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
    },

    /**
     * Delivers a recorded alert once. Sent or given-up alerts are never sent again; a failure worth retrying
     * throws DeliveryRetry unless this is the last attempt, when it is recorded as failed.
     */
    async deliver(alertId: number, lastAttempt: boolean): Promise<void> {
      const alert = await repository.find(alertId);
      if (!alert || alert.status !== 'pending') return;
      const outcome =
        alert.channel === 'webhook'
          ? await sendWebhook(alert.webhook_url ?? '', alert.webhook_format, alert.digest, `alert-${alert.id}`)
          : await sendEmail(alert.email_to, alert.digest);
      const where = `watch ${alert.watch_id} ${alert.channel} alert ${alert.id}`;
      if (outcome.ok) {
        // Recorded before the job completes: a retry after a lost completion finds 'sent' and stops.
        await repository.recordAttempt(alertId, { status: 'sent', error: null });
        logger.info(`${where}: sent ${alert.digest.signals.length} signals`);
        return;
      }
      const giveUp = !outcome.retryable || lastAttempt;
      await repository.recordAttempt(alertId, { status: giveUp ? 'failed' : 'pending', error: outcome.reason });
      if (giveUp) {
        logger.warn(`${where}: given up: ${outcome.reason}`);
        return;
      }
      throw new DeliveryRetry(outcome.reason, outcome.retryAfterMs);
    },

    /**
     * Sends a sample digest at once to the given webhook and addresses; per channel 'sent' or why not. Links
     * point at `appOrigin` (PUBLIC_ORIGIN, else the origin the request came to).
     */
    async sendTest(input: TestAlertRequest, appOrigin: string = deps.appOrigin): Promise<TestAlertResult> {
      const digest: AlertDigest = {
        watch: { id: 0, name: 'Test alert' },
        signals: [withAbsoluteUrl(SAMPLE_SIGNAL, appOrigin)],
      };
      const describe = (outcome: DeliveryOutcome) => (outcome.ok ? 'sent' : outcome.reason);
      const result: TestAlertResult = {};
      if (input.webhook_url !== undefined) {
        result.webhook = describe(
          await sendWebhook(input.webhook_url, input.webhook_format, digest, `test-${crypto.randomUUID()}`, appOrigin),
        );
      }
      if (input.email_to && input.email_to.length > 0) {
        result.email = describe(await sendEmail(input.email_to, digest, appOrigin));
      }
      return result;
    },

    /**
     * Without WEBHOOK_SECRET, makes sure the generated signing secret exists; returns it when this call
     * created it (the start-up prints it once), else undefined.
     */
    async ensureWebhookSecret(): Promise<string | undefined> {
      if (deps.webhookSecret) return undefined;
      const setting = await ensureGeneratedSecret();
      return setting.created ? setting.value : undefined;
    },
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;
