import type { AlertDigest, AlertSignal, WebhookPayload } from '@mining-hub/contract/alerts';
import { absoluteArticleUrl, companyLink, signalLink } from '../../lib/article-link.ts';
import { escapeHtml } from '../../lib/html.ts';

const PRODUCT = 'Mining Hub';

/** The signal with an absolute link (`absoluteArticleUrl`: its own, or the app's page for the article). */
export function withAbsoluteUrl(signal: AlertSignal, appOrigin: string): AlertSignal {
  return { ...signal, url: absoluteArticleUrl([signal.url], signal.article_id, appOrigin) };
}

const countOf = (digest: AlertDigest) => `${digest.signals.length} new signal${digest.signals.length === 1 ? '' : 's'}`;

/** "Company · High intent", the parts a signal has. */
const signalFacts = (signal: AlertSignal) =>
  [signal.company, signal.buying_intent_score && `${signal.buying_intent_score} intent`].filter(Boolean).join(' · ');

// Slack's mrkdwn (Mattermost reads it too) needs only these three escaped.
export const escapeMrkdwn = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The chat message of a digest: a heading, then one line per signal linking to it in the app, with its summary. */
export function chatText(digest: AlertDigest, appOrigin: string): string {
  const lines = [`*${escapeMrkdwn(digest.watch.name)}*: ${countOf(digest)} (${PRODUCT})`];
  for (const signal of digest.signals) {
    const facts = signalFacts(signal);
    lines.push(
      `• <${signalLink(signal.article_id, appOrigin)}|${escapeMrkdwn(signal.title).replace(/\|/g, '¦')}>${facts ? ` — ${escapeMrkdwn(facts)}` : ''}`,
    );
    if (signal.signal_summary) lines.push(`    ${escapeMrkdwn(signal.signal_summary)}`);
  }
  return lines.join('\n');
}

/** The exact JSON body POSTed (and signed) for a digest; each signal carries the link that opens it in the app. */
export function webhookBody(digest: AlertDigest, appOrigin: string): string {
  const payload: WebhookPayload = {
    text: chatText(digest, appOrigin),
    watch: { id: digest.watch.id, name: digest.watch.name },
    signals: digest.signals.map((signal) => ({
      article_id: signal.article_id,
      title: signal.title,
      url: signal.url,
      signal_url: signalLink(signal.article_id, appOrigin),
      company: signal.company,
      buying_intent_score: signal.buying_intent_score,
      signal_summary: signal.signal_summary,
      intent_reasons: signal.intent_reasons ?? [],
      company_url: signal.account ? companyLink(signal.account.id, appOrigin) : null,
    })),
  };
  return JSON.stringify(payload);
}

/** The e-mail of a digest: subject naming the watch and the count, plain-text and HTML parts, absolute links. */
export function digestEmail(digest: AlertDigest, appOrigin: string): { subject: string; text: string; html: string } {
  const heading = `${digest.watch.name}: ${countOf(digest)}`;
  const appLink = new URL('/signals', appOrigin).href;
  const text = [
    heading,
    '',
    ...digest.signals.flatMap((signal, index) => [
      `${index + 1}. ${signal.title}`,
      ...[
        signalFacts(signal),
        signal.signal_summary,
        `Open the signal: ${signalLink(signal.article_id, appOrigin)}`,
        signal.account && `Company page: ${companyLink(signal.account.id, appOrigin)}`,
        `Source: ${signal.url}`,
      ]
        .filter(Boolean)
        .map((line) => `   ${line}`),
      '',
    ]),
    `Open ${PRODUCT}: ${appLink}`,
  ].join('\n');
  const items = digest.signals.map((signal) => {
    const facts = signalFacts(signal);
    return [
      `<li style="margin-bottom:12px"><a href="${escapeHtml(signalLink(signal.article_id, appOrigin))}">${escapeHtml(signal.title)}</a>`,
      facts ? `<br><span style="color:#555">${escapeHtml(facts)}</span>` : '',
      signal.signal_summary ? `<br>${escapeHtml(signal.signal_summary)}` : '',
      `<br><a href="${escapeHtml(signal.url)}" style="color:#555">Source</a>`,
      '</li>',
    ].join('');
  });
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h2>${escapeHtml(heading)}</h2>`,
    `<ol>${items.join('')}</ol>`,
    `<p><a href="${escapeHtml(appLink)}">Open ${PRODUCT}</a></p>`,
    '</body></html>',
  ].join('');
  // A name with line breaks must not break the Subject header.
  return { subject: `[${PRODUCT}] ${heading.replace(/\s+/g, ' ')}`, text, html };
}
