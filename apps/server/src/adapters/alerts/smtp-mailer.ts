import type { Transporter } from 'nodemailer';
import type { DeliveryOutcome } from './webhook-client.ts';

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Extra header lines ('List-Unsubscribe'). */
  headers?: Record<string, string>;
}

/** Sends e-mail; each call is one message and one delivery outcome. */
export interface Mailer {
  send(message: MailMessage): Promise<DeliveryOutcome>;
  close(): void;
}

// Errors that come back on every attempt until someone changes the configuration or the addresses.
const PERMANENT_CODES = new Set(['EAUTH', 'ECONFIG', 'EENVELOPE', 'EMAXRECIPIENTS']);

/** E-mail through the SMTP server of SMTP_URL (`smtp://` or `smtps://user:pass@host:port`), from `from`. */
export function createSmtpMailer(options: { smtpUrl: string; from: string; timeoutMs?: number }): Mailer {
  const timeout = options.timeoutMs ?? 30_000;
  // nodemailer (about 40 modules) is loaded with the first message, not at every server start.
  let transport: Promise<Transporter> | undefined;
  const openTransport = async () => {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
  };
  return {
    async send(message) {
      try {
        transport ??= openTransport();
        await (await transport).sendMail({ from: options.from, ...message });
        return { ok: true };
      } catch (error) {
        const failure = error as { message?: string; code?: string; permanent?: boolean };
        const permanent = failure.permanent === true || PERMANENT_CODES.has(failure.code ?? '');
        return { ok: false, reason: `e-mail not sent: ${failure.message ?? String(error)}`, retryable: !permanent };
      }
    },
    // A transport that never opened (its send already reported why) has nothing to close.
    close: () =>
      void transport?.then(
        (open) => open.close(),
        () => undefined,
      ),
  };
}
