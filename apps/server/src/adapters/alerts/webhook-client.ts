import crypto from 'node:crypto';
import { fetch } from 'undici';
import { parseRetryAfterMs } from '@mining-hub/contract/retry-after';
import { privateTargetProblem, publicAgent, trustedAgent } from '../guarded-network.ts';

/** What a delivery attempt came to: sent, or why not and whether trying again later may help. */
export type DeliveryOutcome =
  { ok: true } | { ok: false; reason: string; retryable: boolean; retryAfterMs?: number | undefined };

export interface WebhookTargetOptions {
  /** ALLOWED_PRIVATE_ORIGINS: origins reachable although they resolve to private addresses. */
  allowedOrigins: readonly string[];
}

/** Why a URL is refused as a webhook (not http(s), or a private, loopback or link-local target), or null. */
export async function webhookUrlProblem(rawUrl: string, options: WebhookTargetOptions): Promise<string | null> {
  if (!URL.canParse(rawUrl)) return 'not a valid URL';
  const url = new URL(rawUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `must be an http(s) URL, not ${url.protocol}`;
  return privateTargetProblem(url, options.allowedOrigins);
}

/** `sha256=<hex HMAC-SHA256 of the body>`, the value of X-Signature-256. */
export const webhookSignature = (body: string, secret: string) =>
  `sha256=${crypto.createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

/**
 * POSTs a signed JSON body to a webhook: `X-Signature-256` over the exact bytes sent, `X-Webhook-Timestamp`
 * (Unix seconds) and `X-Webhook-Id`. The target is checked again here and the connection made through the
 * guarded agent, so a DNS answer that changed since the watch was saved cannot reach inside. Redirects are
 * not followed.
 */
export async function postWebhook(
  rawUrl: string,
  request: { body: string; secret: string; deliveryId: string },
  options: WebhookTargetOptions & { timeoutMs: number },
): Promise<DeliveryOutcome> {
  const problem = await webhookUrlProblem(rawUrl, options);
  if (problem) return { ok: false, reason: `refused: ${problem}`, retryable: false };
  const url = new URL(rawUrl);
  let response;
  try {
    response = await fetch(url, {
      method: 'POST',
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
      dispatcher: options.allowedOrigins.includes(url.origin) ? trustedAgent : publicAgent,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'MiningHub-Alerts/1.0',
        'x-signature-256': webhookSignature(request.body, request.secret),
        'x-webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'x-webhook-id': request.deliveryId,
      },
    });
  } catch (error) {
    return connectionFailure(error, options.timeoutMs);
  }
  await response.body?.cancel();
  if (response.status >= 200 && response.status < 300) return { ok: true };
  const status = response.status;
  const retryable = status === 429 || status === 408 || status >= 500;
  return {
    ok: false,
    reason: `webhook answered HTTP ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}`,
    retryable,
    retryAfterMs: retryable ? parseRetryAfterMs(response.headers.get('retry-after')) : undefined,
  };
}

function connectionFailure(error: unknown, timeoutMs: number): DeliveryOutcome {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return { ok: false, reason: `webhook timed out after ${Math.round(timeoutMs / 1000)} s`, retryable: true };
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const message = cause?.message ?? (error instanceof Error ? error.message : String(error));
  // The guarded lookup refuses a private address found at connect time: that will not get better by retrying soon.
  if (message.startsWith('refused:')) return { ok: false, reason: message, retryable: false };
  return { ok: false, reason: `webhook could not be reached: ${message}`, retryable: true };
}
