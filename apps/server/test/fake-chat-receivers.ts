import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

/**
 * Local stand-ins for a Slack incoming webhook and a Microsoft Teams Workflows webhook. Each checks the body
 * against the documented schema of what it accepts and answers as the real service does: Slack 200 `ok` or 400
 * `invalid_blocks`, Teams 202 or 400. The schemas keep the documented limits that matter to our messages:
 *
 * - Slack Block Kit (docs.slack.dev/reference/block-kit): at most 50 blocks; header text plain_text up to 150
 *   characters; section text up to 3000, fields up to 10 of 2000; context 1 to 10 elements; actions 1 to 25
 *   elements; button text plain_text up to 75, url up to 3000, action_id up to 255 and unique in the message,
 *   style primary or danger.
 * - Adaptive Cards 1.x as Teams Workflows accepts them (adaptivecards.io/explorer; the "Post card in a chat or
 *   channel" flow): `{type: "message", attachments: [{contentType: "application/vnd.microsoft.card.adaptive",
 *   content: AdaptiveCard}]}`, a card of version 1.0 to 1.5 whose elements exist in that version (ActionSet
 *   from 1.2) and whose Action.OpenUrl actions carry an absolute URL.
 */

const slackText = (max: number) =>
  z.union([
    z.strictObject({ type: z.literal('plain_text'), text: z.string().min(1).max(max), emoji: z.boolean().optional() }),
    z.strictObject({ type: z.literal('mrkdwn'), text: z.string().min(1).max(max), verbatim: z.boolean().optional() }),
  ]);
const plainText = (max: number) =>
  z.strictObject({ type: z.literal('plain_text'), text: z.string().min(1).max(max), emoji: z.boolean().optional() });
const blockId = z.string().max(255).optional();
const slackButton = z.strictObject({
  type: z.literal('button'),
  text: plainText(75),
  action_id: z.string().max(255).optional(),
  url: z.url().max(3000).optional(),
  value: z.string().max(2000).optional(),
  style: z.enum(['primary', 'danger']).optional(),
  accessibility_label: z.string().max(75).optional(),
});
const slackBlock = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('header'), text: plainText(150), block_id: blockId }),
  z
    .strictObject({
      type: z.literal('section'),
      text: slackText(3000).optional(),
      fields: z.array(slackText(2000)).min(1).max(10).optional(),
      block_id: blockId,
    })
    .refine((block) => block.text !== undefined || block.fields !== undefined, 'a section needs text or fields'),
  z.strictObject({ type: z.literal('context'), elements: z.array(slackText(3000)).min(1).max(10), block_id: blockId }),
  z.strictObject({ type: z.literal('actions'), elements: z.array(slackButton).min(1).max(25), block_id: blockId }),
  z.strictObject({ type: z.literal('divider'), block_id: blockId }),
]);
export const slackMessageSchema = z
  .strictObject({ text: z.string().min(1).max(40_000), blocks: z.array(slackBlock).min(1).max(50) })
  .refine((message) => {
    const ids = message.blocks.flatMap((block) =>
      block.type === 'actions' ? block.elements.flatMap((button) => button.action_id ?? []) : [],
    );
    return new Set(ids).size === ids.length;
  }, 'action_id must be unique in a message');
export type SlackMessage = z.infer<typeof slackMessageSchema>;

const spacing = z.enum(['None', 'Small', 'Default', 'Medium', 'Large', 'ExtraLarge', 'Padding']).optional();
const common = {
  id: z.string().optional(),
  spacing,
  separator: z.boolean().optional(),
  isVisible: z.boolean().optional(),
};
const openUrl = z.strictObject({
  type: z.literal('Action.OpenUrl'),
  title: z.string().optional(),
  url: z.url({ protocol: /^https?$/ }),
  iconUrl: z.string().optional(),
});
type CardElement =
  | { type: 'TextBlock'; text: string }
  | { type: 'FactSet'; facts: { title: string; value: string }[] }
  | { type: 'Container'; items: CardElement[] }
  | { type: 'ActionSet'; actions: z.infer<typeof openUrl>[] };
const cardElement: z.ZodType<CardElement> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.strictObject({
      type: z.literal('TextBlock'),
      text: z.string().min(1),
      size: z.enum(['Default', 'Small', 'Medium', 'Large', 'ExtraLarge']).optional(),
      weight: z.enum(['Default', 'Lighter', 'Bolder']).optional(),
      color: z.enum(['Default', 'Dark', 'Light', 'Accent', 'Good', 'Warning', 'Attention']).optional(),
      isSubtle: z.boolean().optional(),
      wrap: z.boolean().optional(),
      maxLines: z.number().int().min(1).optional(),
      ...common,
    }),
    z.strictObject({
      type: z.literal('FactSet'),
      facts: z.array(z.strictObject({ title: z.string(), value: z.string() })).min(1),
      ...common,
    }),
    z.strictObject({
      type: z.literal('Container'),
      items: z.array(cardElement).min(1),
      style: z.enum(['default', 'emphasis', 'good', 'attention', 'warning', 'accent']).optional(),
      ...common,
    }),
    z.strictObject({ type: z.literal('ActionSet'), actions: z.array(openUrl).min(1), ...common }),
  ]),
);
export const adaptiveCardSchema = z.strictObject({
  $schema: z.string().optional(),
  type: z.literal('AdaptiveCard'),
  version: z.string().regex(/^1\.[0-5]$/),
  body: z.array(cardElement).optional(),
  actions: z.array(openUrl).optional(),
  msteams: z.strictObject({ width: z.enum(['Full']).optional() }).optional(),
});
export const teamsMessageSchema = z.strictObject({
  type: z.literal('message'),
  attachments: z
    .array(
      z.strictObject({
        contentType: z.literal('application/vnd.microsoft.card.adaptive'),
        contentUrl: z.string().nullable().optional(),
        content: adaptiveCardSchema,
      }),
    )
    .min(1),
});
export type TeamsMessage = z.infer<typeof teamsMessageSchema>;

export interface ChatDelivery {
  path: string;
  body: unknown;
  /** The schema's complaint, or null when the body is valid. */
  problem: string | null;
}

function startReceiver(schema: z.ZodType, answers: { ok: [number, string]; invalid: [number, string] }) {
  const received: ChatDelivery[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body: unknown;
      let problem: string | null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const checked = schema.safeParse(body);
        problem = checked.success ? null : z.prettifyError(checked.error);
      } catch (error) {
        problem = `not JSON: ${String(error)}`;
      }
      received.push({ path: request.url ?? '/', body, problem });
      const [status, text] = problem === null ? answers.ok : answers.invalid;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(text);
    });
  });
  return new Promise<{ origin: string; received: ChatDelivery[]; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        received,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

/** A Slack incoming webhook: 200 `ok` for a valid Block Kit message, 400 `invalid_blocks` otherwise. */
export const startSlackReceiver = () =>
  startReceiver(slackMessageSchema, { ok: [200, 'ok'], invalid: [400, 'invalid_blocks'] });

/** A Teams Workflows webhook: 202 for a valid Adaptive Card message, 400 otherwise. */
export const startTeamsReceiver = () =>
  startReceiver(teamsMessageSchema, { ok: [202, ''], invalid: [400, 'Bad Request: invalid card'] });
