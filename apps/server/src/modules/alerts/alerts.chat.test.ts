import type { AlertSignal } from '@mining-hub/contract/alerts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  startSlackReceiver,
  startTeamsReceiver,
  type SlackMessage,
  type TeamsMessage,
} from '../../../test/fake-chat-receivers.ts';
import { seedWatch } from '../../../test/signal-factory.ts';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { testEngines } from '../../../test/test-database.ts';

const HUB_ORIGIN = 'https://hub.example';

type Receiver = Awaited<ReturnType<typeof startSlackReceiver>>;

describe.each(testEngines)('Slack and Teams alerts (%s)', (engine) => {
  let testApp: TestApp;
  let slack: Receiver;
  let teams: Receiver;
  let userId: number;
  let cookie: string;

  beforeAll(async () => {
    [slack, teams] = await Promise.all([startSlackReceiver(), startTeamsReceiver()]);
    testApp = await createTestApp(engine, {
      pipeline: { appOrigin: HUB_ORIGIN },
      alerts: { webhookSecret: 'chat-secret-0123456789', allowedPrivateOrigins: [slack.origin, teams.origin] },
      alertJobs: { retryDelaySeconds: 1 },
    });
    ({ userId, cookie } = await signIn(testApp));
  });
  afterAll(async () => {
    await testApp.close();
    await slack.close();
    await teams.close();
  });

  const createWatch = (name: string) => seedWatch(testApp.database.handle.db, userId, name, 5);

  let nextId = 1;
  /** Signals as a watch run hands them over (alert claims need real articles: one insert each). */
  async function signals(count: number): Promise<AlertSignal[]> {
    const made: AlertSignal[] = [];
    for (let index = 0; index < count; index++) {
      const n = nextId++;
      const row = await testApp.database.handle.db
        .insertInto('articles')
        .values({
          source_key: `chat:${n}:${Math.random()}`,
          title: `Ferntree ${n} starts drilling`,
          source: 'Seed Wire',
          article_type: 'news',
          raw_json: '{}',
          commodities: [],
          countries: [],
          states: [],
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      made.push({
        article_id: row.id,
        title: `Ferntree ${n} starts <drilling> | phase 2`,
        url: `https://wire.example/release-${n}`,
        company: `Ferntree Metals ${n} Ltd`,
        buying_intent_score: 'Very High',
        signal_summary: `A 12,000 m program at site ${n}.`,
        intent_reasons: ['12,000 m drill program', 'Funded: C$8 million placement', 'Rigs needed by March', 'extra'],
      });
    }
    return made;
  }

  const alertRows = (watchId: number) =>
    testApp.database.handle.db
      .selectFrom('alerts')
      .select(['status', 'attempts', 'last_error', 'webhook_format'])
      .where('watch_id', '=', watchId)
      .execute();

  it('posts a valid Block Kit message to a Slack webhook, whose buttons open the signal and its source', async () => {
    const watchId = await createWatch('Copper <juniors> & co');
    const sent = await signals(12);
    await testApp.services.alerts.sendDigest({
      watch: {
        id: watchId,
        name: 'Copper <juniors> & co',
        webhook_url: `${slack.origin}/services/T0/B0/${watchId}`,
        webhook_format: 'slack',
        email_to: [],
      },
      signals: sent,
    });
    await vi.waitFor(() => expect(slack.received.filter((r) => r.path.endsWith(`/${watchId}`))).toHaveLength(1), {
      timeout: 10_000,
      interval: 100,
    });
    const [delivery] = slack.received.filter((r) => r.path.endsWith(`/${watchId}`));
    expect(delivery?.problem).toBeNull();
    const message = delivery?.body as SlackMessage;
    expect(message.blocks[0]).toEqual({
      type: 'header',
      text: { type: 'plain_text', text: 'Copper <juniors> & co: 12 new signals', emoji: false },
    });
    const [first] = sent;
    const section = message.blocks.find((block) => block.type === 'section');
    const sectionText = section?.type === 'section' ? (section.text?.text ?? '') : '';
    // The title links to the signal in the app, escaped for mrkdwn ('|' would end the label).
    expect(sectionText).toContain(
      `*<${HUB_ORIGIN}/signals/${first?.article_id}|Ferntree 1 starts &lt;drilling&gt; ¦ phase 2>*`,
    );
    expect(sectionText).toContain('*Very High* intent · Ferntree Metals 1 Ltd');
    expect(sectionText).toContain('A 12,000 m program at site 1.');
    const context = message.blocks.find((block) => block.type === 'context');
    expect(context?.type === 'context' && context.elements[0]?.text).toBe(
      'Why: 12,000 m drill program · Funded: C$8 million placement · Rigs needed by March',
    );
    const buttons = message.blocks.flatMap((block) => (block.type === 'actions' ? block.elements : []));
    expect(buttons.slice(0, 2).map((button) => [button.text.text, button.url])).toEqual([
      ['Open signal', `${HUB_ORIGIN}/signals/${first?.article_id}`],
      ['Source', 'https://wire.example/release-1'],
    ]);
    // Ten signals one by one, then a line for the rest.
    expect(buttons.filter((button) => button.text.text === 'Open signal')).toHaveLength(10);
    expect(JSON.stringify(message.blocks.at(-1))).toContain(`…and 2 more: <${HUB_ORIGIN}/signals|open the inbox>`);
    await vi.waitFor(async () =>
      expect(await alertRows(watchId)).toEqual([
        { status: 'sent', attempts: 1, last_error: null, webhook_format: 'slack' },
      ]),
    );
  });

  it('posts a valid Adaptive Card to a Teams Workflows webhook, with the same content and links', async () => {
    const watchId = await createWatch('Teams watch');
    const sent = await signals(2);
    await testApp.services.alerts.sendDigest({
      watch: {
        id: watchId,
        name: 'Teams watch',
        webhook_url: `${teams.origin}/workflows/${watchId}`,
        webhook_format: 'teams',
        email_to: [],
      },
      signals: sent,
    });
    await vi.waitFor(() => expect(teams.received.filter((r) => r.path.endsWith(`/${watchId}`))).toHaveLength(1), {
      timeout: 10_000,
      interval: 100,
    });
    const [delivery] = teams.received.filter((r) => r.path.endsWith(`/${watchId}`));
    expect(delivery?.problem).toBeNull();
    const card = (delivery?.body as TeamsMessage).attachments[0]?.content;
    expect(card?.version).toBe('1.4');
    const text = JSON.stringify(card?.body);
    expect(text).toContain('Teams watch: 2 new signals');
    expect(text).toContain('"title":"Intent","value":"Very High"');
    expect(text).toContain('"title":"Company","value":"Ferntree Metals');
    expect(text).toContain('Why: 12,000 m drill program · Funded: C$8 million placement · Rigs needed by March');
    const containers = (card?.body ?? []).filter((element) => element.type === 'Container');
    expect(containers).toHaveLength(2);
    const urls = containers.map((container) =>
      container.type === 'Container'
        ? container.items.flatMap((item) => (item.type === 'ActionSet' ? item.actions.map((a) => a.url) : []))
        : [],
    );
    expect(urls).toEqual(sent.map((signal) => [`${HUB_ORIGIN}/signals/${signal.article_id}`, signal.url]));
    await vi.waitFor(async () =>
      expect(await alertRows(watchId)).toEqual([
        { status: 'sent', attempts: 1, last_error: null, webhook_format: 'teams' },
      ]),
    );
  });

  it('records a refusal: a private address stays refused, and a receiver that rejects the payload is not retried', async () => {
    const privateWatch = await createWatch('Inside');
    await testApp.services.alerts.sendDigest({
      watch: {
        id: privateWatch,
        name: 'Inside',
        webhook_url: 'http://10.0.0.8/services/x',
        webhook_format: 'slack',
        email_to: [],
      },
      signals: await signals(1),
    });
    // A Slack message sent to the Teams receiver: it answers 400, a refusal worth no retry.
    const wrongWatch = await createWatch('Wrong format');
    await testApp.services.alerts.sendDigest({
      watch: {
        id: wrongWatch,
        name: 'Wrong format',
        webhook_url: `${teams.origin}/wrong/${wrongWatch}`,
        webhook_format: 'slack',
        email_to: [],
      },
      signals: await signals(1),
    });
    await vi.waitFor(
      async () => {
        expect(await alertRows(privateWatch)).toEqual([
          expect.objectContaining({ status: 'failed', attempts: 1, last_error: expect.stringMatching(/^refused: /) }),
        ]);
        expect(await alertRows(wrongWatch)).toEqual([
          expect.objectContaining({ status: 'failed', attempts: 1, last_error: 'webhook answered HTTP 400' }),
        ]);
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it("keeps a watch's webhook format over HTTP, refuses an unknown one, and sends test alerts in it", async () => {
    const post = (url: string, payload: Record<string, unknown>) =>
      testApp.app.inject({ method: 'POST', url, headers: { cookie, origin: APP_ORIGIN }, payload });
    const created = await post('/api/v1/watches', {
      name: 'Slack watch',
      filters: { dateRange: 7 },
      interval_minutes: 60,
      webhook_url: `${slack.origin}/services/T0/B0/xyz`,
      webhook_format: 'slack',
    });
    expect(created.json()).toMatchObject({ success: true });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ webhook_format: 'slack' });
    const unknown = await post('/api/v1/watches', {
      name: 'Odd',
      filters: { dateRange: 7 },
      interval_minutes: 60,
      webhook_format: 'discord',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ detail: expect.stringContaining('webhook_format'), code: 'validation_failed' });

    const test = await post('/api/v1/watches/test-alert', {
      webhook_url: `${teams.origin}/test-card`,
      webhook_format: 'teams',
    });
    expect(test.json()).toEqual({ success: true, data: { webhook: 'sent' } });
    const [delivery] = teams.received.filter((r) => r.path === '/test-card');
    expect(delivery?.problem).toBeNull();
  });
});
