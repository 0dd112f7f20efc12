import type { AlertDigest, AlertSignal } from '@mining-hub/contract/alerts';
import { signalLink } from '../../lib/article-link.ts';
import { escapeMrkdwn as mrkdwn } from './alert-digest.ts';

/**
 * Slack (Block Kit) and Microsoft Teams (Adaptive Card) messages of a digest (issue 35): per signal its
 * intent, company, summary and strongest reasons, with buttons that open the signal in the app and its source.
 * Limits kept here are Slack's and Teams' documented ones (docs/ARCHITECTURE.md, "Act from anywhere").
 */

/** Signals shown one by one; the rest are counted in a closing line that links to the inbox. */
export const CHAT_SIGNALS_SHOWN = 10;
/** The strongest reasons a message lists per signal. */
const REASONS_SHOWN = 3;

// Slack's documented limits: header text 150, section text 3000, context element text 3000 (kept to 2000 here),
// button text 75, button url 3000, action_id 255, 50 blocks per message.
const SLACK_HEADER_MAX = 150;
const SLACK_SECTION_MAX = 3000;
const SLACK_CONTEXT_MAX = 2000;
const URL_MAX = 3000;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
const plural = (count: number) => `${count} new signal${count === 1 ? '' : 's'}`;

/** The parts of a signal a chat message shows, with both links. */
function partsOf(signal: AlertSignal, appOrigin: string) {
  return {
    signalUrl: signalLink(signal.article_id, appOrigin),
    // A source link longer than a button may carry is left out rather than cut (a cut URL goes nowhere).
    sourceUrl: signal.url.length <= URL_MAX ? signal.url : null,
    intent: signal.buying_intent_score ?? 'No intent',
    company: signal.company ?? 'Company not named',
    reasons: (signal.intent_reasons ?? []).slice(0, REASONS_SHOWN),
  };
}

const heading = (digest: AlertDigest) => `${digest.watch.name.replace(/\s+/g, ' ')}: ${plural(digest.signals.length)}`;
const inboxLink = (appOrigin: string) => new URL('/signals', appOrigin).href;

// A '|' would end a link's label early.
const linkLabel = (text: string) => mrkdwn(text).replace(/\|/g, '¦');

/** A Slack incoming-webhook body: `text` for notifications and old clients, `blocks` for the message. */
export function slackMessage(digest: AlertDigest, appOrigin: string) {
  const shown = digest.signals.slice(0, CHAT_SIGNALS_SHOWN);
  const blocks: unknown[] = [
    { type: 'header', text: { type: 'plain_text', text: clip(heading(digest), SLACK_HEADER_MAX), emoji: false } },
  ];
  for (const signal of shown) {
    const parts = partsOf(signal, appOrigin);
    const lines = [
      `*<${parts.signalUrl}|${linkLabel(clip(signal.title, 500))}>*`,
      `*${mrkdwn(parts.intent)}* intent · ${mrkdwn(parts.company)}`,
      ...(signal.signal_summary ? [mrkdwn(clip(signal.signal_summary, 2000))] : []),
    ];
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: clip(lines.join('\n'), SLACK_SECTION_MAX) } });
    if (parts.reasons.length > 0) {
      blocks.push({
        type: 'context',
        elements: [{ type: 'mrkdwn', text: clip(`Why: ${parts.reasons.map(mrkdwn).join(' · ')}`, SLACK_CONTEXT_MAX) }],
      });
    }
    const buttons: unknown[] = [
      {
        type: 'button',
        text: { type: 'plain_text', text: 'Open signal' },
        url: parts.signalUrl,
        action_id: `open-signal-${signal.article_id}`,
        style: 'primary',
      },
    ];
    if (parts.sourceUrl) {
      buttons.push({
        type: 'button',
        text: { type: 'plain_text', text: 'Source' },
        url: parts.sourceUrl,
        action_id: `open-source-${signal.article_id}`,
      });
    }
    blocks.push({ type: 'actions', elements: buttons });
  }
  const more = digest.signals.length - shown.length;
  if (more > 0) {
    blocks.push({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: `…and ${more} more: <${inboxLink(appOrigin)}|open the inbox>` }],
    });
  }
  const text = `${mrkdwn(heading(digest))}: ${shown
    .map((signal) => `${signal.buying_intent_score ?? 'No intent'} · ${signal.company ?? signal.title}`)
    .map(mrkdwn)
    .join('; ')}`;
  return { text: clip(text, SLACK_SECTION_MAX), blocks };
}

/**
 * A Teams Workflows webhook body: a message with one Adaptive Card attachment (schema 1.4, which Teams renders
 * on desktop, web and mobile), one container per signal with its facts and two Action.OpenUrl buttons.
 */
export function teamsMessage(digest: AlertDigest, appOrigin: string) {
  const shown = digest.signals.slice(0, CHAT_SIGNALS_SHOWN);
  const body: unknown[] = [{ type: 'TextBlock', text: heading(digest), size: 'Large', weight: 'Bolder', wrap: true }];
  for (const signal of shown) {
    const parts = partsOf(signal, appOrigin);
    const items: unknown[] = [
      { type: 'TextBlock', text: signal.title, weight: 'Bolder', wrap: true },
      {
        type: 'FactSet',
        facts: [
          { title: 'Intent', value: parts.intent },
          { title: 'Company', value: parts.company },
        ],
      },
    ];
    if (signal.signal_summary) items.push({ type: 'TextBlock', text: signal.signal_summary, wrap: true });
    if (parts.reasons.length > 0) {
      items.push({
        type: 'TextBlock',
        text: `Why: ${parts.reasons.join(' · ')}`,
        wrap: true,
        isSubtle: true,
        size: 'Small',
      });
    }
    const actions: unknown[] = [{ type: 'Action.OpenUrl', title: 'Open signal', url: parts.signalUrl }];
    if (parts.sourceUrl) actions.push({ type: 'Action.OpenUrl', title: 'Source', url: parts.sourceUrl });
    items.push({ type: 'ActionSet', actions });
    body.push({ type: 'Container', separator: true, spacing: 'Medium', items });
  }
  const more = digest.signals.length - shown.length;
  if (more > 0) body.push({ type: 'TextBlock', text: `…and ${more} more in the inbox.`, wrap: true, isSubtle: true });
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          msteams: { width: 'Full' },
          body,
          actions: [{ type: 'Action.OpenUrl', title: 'Open the inbox', url: inboxLink(appOrigin) }],
        },
      },
    ],
  };
}
