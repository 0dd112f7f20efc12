import type { DigestSettings } from '@mining-hub/contract/digest';
import type { Mailer } from '../../adapters/alerts/smtp-mailer.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logging.ts';
import { renderDigestEmail } from './digest-email.ts';
import type { DigestRecipient, DigestRepository } from './digest.repository.ts';

interface DigestDeps {
  repository: DigestRepository;
  /** Absent when SMTP_URL is unset: then no digest is claimed, so none is lost. */
  mailer: Mailer | undefined;
  appOrigin: string;
  logger: Logger;
}

// A first digest (or one after a long pause) covers at most the last day.
const FIRST_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The user's local date (YYYY-MM-DD) and hour at `now` in their time zone. */
export function localTime(now: Date, timeZone: string): { date: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

const invalidUnsubscribeLink = () =>
  new AppError(404, 'not_found', 'This unsubscribe link is not valid (it may be from an old e-mail).');

/** The daily digest: settings, unsubscribe, and the tick that sends each user's once a day. */
export function createDigestService(deps: DigestDeps) {
  const { repository } = deps;

  async function sendOne(
    mailer: Mailer,
    recipient: DigestRecipient,
    now: Date,
  ): Promise<'sent' | 'empty' | 'failed' | 'skipped'> {
    const local = localTime(now, recipient.time_zone);
    // At or after the chosen hour: a tick missed at the hour itself (a restart) still sends that day.
    if (local.hour < recipient.hour) return 'skipped';
    if (!(await repository.claim(recipient.user_id, local.date, now))) return 'skipped';
    const since = new Date(
      Math.max((await repository.lastWindowEnd(recipient.user_id))?.getTime() ?? 0, now.getTime() - FIRST_WINDOW_MS),
    );
    const signals = await repository.newSignals(recipient.user_id, since, now);
    if (signals.length === 0) {
      await repository.finish(recipient.user_id, local.date, { status: 'empty', signals: 0 });
      return 'empty';
    }
    const email = await renderDigestEmail({
      signals,
      localDate: local.date,
      appOrigin: deps.appOrigin,
      unsubscribeUrl: unsubscribeUrl(recipient.unsubscribe_token),
    });
    const unsubscribe = unsubscribeUrl(recipient.unsubscribe_token);
    // RFC 8058: a mail client's own "Unsubscribe" button POSTs to the link, with no page in between.
    const headers = { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    const outcome = await mailer.send({ to: [recipient.email], ...email, headers });
    await repository.finish(
      recipient.user_id,
      local.date,
      outcome.ok
        ? { status: 'sent', signals: signals.length }
        : { status: 'failed', signals: signals.length, error: outcome.reason },
    );
    if (!outcome.ok) deps.logger.warn(`daily digest to user ${recipient.user_id}: ${outcome.reason}`);
    return outcome.ok ? 'sent' : 'failed';
  }

  const unsubscribeUrl = (token: string) =>
    new URL(`/api/v1/digest/unsubscribe?token=${encodeURIComponent(token)}`, deps.appOrigin).href;

  return {
    settings: (userId: number) => repository.settings(userId),

    async saveSettings(userId: number, settings: DigestSettings) {
      await repository.saveSettings(userId, settings);
      return repository.settings(userId);
    },

    /** Checks the token of a link before its page asks to confirm; 404 when no user has it. */
    async checkUnsubscribeToken(token: string): Promise<void> {
      if (!(await repository.knowsToken(token))) throw invalidUnsubscribeLink();
    },

    async unsubscribe(token: string): Promise<void> {
      if (!(await repository.unsubscribe(token))) throw invalidUnsubscribeLink();
    },

    /**
     * Sends the digests due at `now` (the tick's clock, a fake one in tests); each user's at most once per
     * local day whichever processes tick, since each claims its (user, day) row first.
     */
    async sendDue(now: Date): Promise<{ sent: number; empty: number; failed: number }> {
      const counts = { sent: 0, empty: 0, failed: 0 };
      const { mailer } = deps;
      if (!mailer) return counts;
      for (const recipient of await repository.recipients()) {
        const outcome = await sendOne(mailer, recipient, now);
        if (outcome !== 'skipped') counts[outcome] += 1;
      }
      return counts;
    },
  };
}
export type DigestService = ReturnType<typeof createDigestService>;
