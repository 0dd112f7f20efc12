import crypto from 'node:crypto';
import type { AlertSignal, WebhookPayload } from '@mining-hub/contract/alerts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mimePart, startSmtpServer } from '../../../test/fake-smtp-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/fake-webhook-receiver.ts';
import { seedFetchedSignals, seedWatch } from '../../../test/signal-factory.ts';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { testEngines } from '../../../test/test-database.ts';

const SECRET = 'test-webhook-secret-0123456789';
const HUB_ORIGIN = 'https://hub.example';

describe.each(testEngines)('alert delivery (%s)', (engine) => {
  let testApp: TestApp;
  let receiver: WebhookReceiver;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let userId: number;
  let cookie: string;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    smtp = await startSmtpServer();
    testApp = await createTestApp(engine, {
      pipeline: { appOrigin: HUB_ORIGIN },
      alerts: {
        webhookSecret: SECRET,
        smtpUrl: smtp.url,
        emailFrom: 'Mining Hub <alerts@hub.example>',
        // The receiver runs on 127.0.0.1: only its origin being allowed lets the alerts reach it.
        allowedPrivateOrigins: [receiver.origin],
      },
      alertJobs: { retryDelaySeconds: 1 },
    });
    ({ userId, cookie } = await signIn(testApp));
  });
  afterAll(async () => {
    await testApp.close();
    await receiver.close();
    await smtp.close();
  });

  const createWatch = (name: string) => seedWatch(testApp.database.handle.db, userId, name, 5);

  /** Analysed articles, as the watch's run hands them over. */
  async function seedSignals(titles: string[], url?: string | null): Promise<AlertSignal[]> {
    const ids = await seedFetchedSignals(
      testApp.database.handle.db,
      userId,
      titles.map((title) => ({ title, url, intent: 'High' as const })),
    );
    return ids.map((id, index) => ({
      article_id: id,
      title: titles[index] ?? '',
      url: url === undefined ? `https://wire.example/${id}` : (url ?? ''),
      company: `${titles[index] ?? ''} Corp`,
      buying_intent_score: 'High',
      signal_summary: `Summary of ${titles[index] ?? ''}`,
    }));
  }

  const alertStatus = async (watchId: number) =>
    testApp.database.handle.db
      .selectFrom('alerts')
      .select(['id', 'channel', 'status', 'attempts', 'last_error'])
      .where('watch_id', '=', watchId)
      .orderBy('id')
      .execute();

  const verify = (rawBody: string, signature: unknown) =>
    typeof signature === 'string' &&
    signature.length === 71 &&
    crypto.timingSafeEqual(
      Buffer.from(signature),
      Buffer.from(`sha256=${crypto.createHmac('sha256', SECRET).update(rawBody).digest('hex')}`),
    );

  it('retries a webhook that failed with 500, signs the exact body, and stops after the one 2xx', async () => {
    const watchId = await createWatch('Copper & gold');
    const path = `/hook-${watchId}`;
    receiver.script(path, [{ status: 500 }]);
    const signals = await seedSignals(['Red Hill drills', 'Blue Lake assays'], '/demo-news/articles/7');
    await testApp.services.alerts.sendDigest({
      watch: { id: watchId, name: 'Copper & gold', webhook_url: `${receiver.origin}${path}`, email_to: [] },
      signals,
    });

    await vi.waitFor(() => expect(receiver.to(path).map((request) => request.status)).toEqual([500, 200]), {
      timeout: 15_000,
      interval: 100,
    });
    const [first, second] = receiver.to(path);
    expect(second?.rawBody).toBe(first?.rawBody);
    for (const request of receiver.to(path)) {
      expect(verify(request.rawBody, request.headers['x-signature-256'])).toBe(true);
      expect(Number(request.headers['x-webhook-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 60);
      expect(request.headers['content-type']).toMatch(/^application\/json/);
    }
    const body = JSON.parse(second?.rawBody ?? '{}') as WebhookPayload;
    expect(body.watch).toEqual({ id: watchId, name: 'Copper & gold' });
    expect(body.signals.map((signal) => signal.article_id)).toEqual(signals.map((signal) => signal.article_id));
    // Relative article links are made absolute on the app's origin; each signal links to its page in the app,
    // in the JSON and in the chat text.
    expect(body.signals[0]?.url).toBe(`${HUB_ORIGIN}/demo-news/articles/7`);
    expect(body.signals[0]?.signal_url).toBe(`${HUB_ORIGIN}/signals/${signals[0]?.article_id}`);
    expect(body.text).toContain(`*Copper &amp; gold*: 2 new signals`);
    expect(body.text).toContain(
      `<${HUB_ORIGIN}/signals/${signals[0]?.article_id}|Red Hill drills> — Red Hill drills Corp · High intent`,
    );

    await vi.waitFor(async () => expect((await alertStatus(watchId))[0]?.status).toBe('sent'));
    // A job retried after its completion got lost finds the delivery recorded and sends nothing.
    const [alert] = await alertStatus(watchId);
    await testApp.services.alerts.deliver(alert?.id ?? 0, false);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.to(path)).toHaveLength(2);
    expect(await alertStatus(watchId)).toEqual([
      expect.objectContaining({ channel: 'webhook', status: 'sent', attempts: 2, last_error: null }),
    ]);
  });

  it('waits at least as long as a 429 Retry-After asks', async () => {
    const watchId = await createWatch('Rate limited');
    const path = `/hook-${watchId}`;
    receiver.script(path, [{ status: 429, headers: { 'retry-after': '3' } }]);
    await testApp.services.alerts.sendDigest({
      watch: { id: watchId, name: 'Rate limited', webhook_url: `${receiver.origin}${path}`, email_to: [] },
      signals: await seedSignals(['Nickel news']),
    });
    await vi.waitFor(() => expect(receiver.to(path).map((request) => request.status)).toEqual([429, 200]), {
      timeout: 15_000,
      interval: 100,
    });
    const [limited, accepted] = receiver.to(path);
    // The queue's own first retry comes after 1 to 2 s here; the receiver asked for 3.
    expect((accepted?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(3000);
  });

  it('gives up on a 4xx other than 429 and on a private address, and records why', async () => {
    const watchId = await createWatch('Gone');
    const path = `/hook-${watchId}`;
    receiver.script(path, [{ status: 410 }]);
    await testApp.services.alerts.sendDigest({
      watch: { id: watchId, name: 'Gone', webhook_url: `${receiver.origin}${path}`, email_to: [] },
      signals: await seedSignals(['Zinc news']),
    });
    const privateWatch = await createWatch('Inside');
    // Accepted once (say DNS answered a public address then), refused at delivery time.
    await testApp.services.alerts.sendDigest({
      watch: { id: privateWatch, name: 'Inside', webhook_url: 'http://169.254.169.254/latest', email_to: [] },
      signals: await seedSignals(['Lithium news']),
    });
    await vi.waitFor(
      async () => {
        expect(await alertStatus(watchId)).toEqual([
          expect.objectContaining({ status: 'failed', attempts: 1, last_error: 'webhook answered HTTP 410' }),
        ]);
        expect(await alertStatus(privateWatch)).toEqual([
          expect.objectContaining({ status: 'failed', attempts: 1, last_error: expect.stringMatching(/^refused: /) }),
        ]);
      },
      { timeout: 10_000, interval: 100 },
    );
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(receiver.to(path)).toHaveLength(1);
  });

  it('alerts each article once per watch and channel: a second digest holds only new ones, a third nothing', async () => {
    const watchId = await createWatch('Copper & gold');
    const path = `/hook-${watchId}`;
    const to = [`sales-${watchId}@example.com`, `boss-${watchId}@example.com`];
    const mailsTo = () => smtp.received.filter((mail) => mail.to.includes(to[0] ?? ''));
    const digestsArrived = (count: number) =>
      vi.waitFor(
        () => {
          expect(receiver.to(path)).toHaveLength(count);
          expect(mailsTo()).toHaveLength(count);
        },
        { timeout: 10_000, interval: 100 },
      );
    const watch = { id: watchId, name: 'Copper & gold', webhook_url: `${receiver.origin}${path}`, email_to: to };
    const [a, b, c] = await seedSignals(['Alpha <b>copper</b> & gold', 'Bravo gold', 'Charlie copper']);
    if (!a || !b || !c) throw new Error('signals not seeded');

    await testApp.services.alerts.sendDigest({ watch, signals: [a, b] });
    await digestsArrived(1);
    await testApp.services.alerts.sendDigest({ watch, signals: [b, c, c] });
    await digestsArrived(2);
    await testApp.services.alerts.sendDigest({ watch, signals: [a, b, c] });
    await new Promise((resolve) => setTimeout(resolve, 2000));

    const webhookIds = receiver
      .to(path)
      .map((request) => (JSON.parse(request.rawBody) as WebhookPayload).signals.map((signal) => signal.article_id));
    expect(webhookIds).toEqual([[a.article_id, b.article_id], [c.article_id]]);
    expect(mailsTo()).toHaveLength(2);
    expect(await alertStatus(watchId)).toHaveLength(4);

    const [first, second] = mailsTo();
    expect(first?.to.sort()).toEqual([...to].sort());
    expect(first?.from).toBe('alerts@hub.example');
    expect(first?.raw).toMatch(/^Subject: \[Mining Hub\] Copper & gold: 2 new signals\r?$/m);
    expect(second?.raw).toMatch(/^Subject: \[Mining Hub\] Copper & gold: 1 new signal\r?$/m);
    const text = mimePart(first?.raw ?? '', 'text/plain') ?? '';
    const html = mimePart(first?.raw ?? '', 'text/html') ?? '';
    expect(text).toContain('1. Alpha <b>copper</b> & gold');
    expect(text).toContain(`Source: https://wire.example/${a.article_id}`);
    expect(text).toContain(`Open the signal: ${HUB_ORIGIN}/signals/${a.article_id}`);
    expect(text).toContain(`Open Mining Hub: ${HUB_ORIGIN}/signals`);
    expect(html).toContain(
      `<a href="${HUB_ORIGIN}/signals/${a.article_id}">Alpha &lt;b&gt;copper&lt;/b&gt; &amp; gold</a>`,
    );
    expect(html).toContain(`<a href="https://wire.example/${a.article_id}" style="color:#555">Source</a>`);
    expect(html).toContain(`<a href="${HUB_ORIGIN}/signals">`);
    expect(mimePart(second?.raw ?? '', 'text/plain')).toContain('Charlie copper');
    expect(mimePart(second?.raw ?? '', 'text/plain')).not.toContain('Bravo gold');
  });

  it('sends a test alert at once through POST /watches/test-alert, and refuses bad input with 400', async () => {
    const send = (payload: unknown) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/v1/watches/test-alert',
        headers: { cookie, origin: APP_ORIGIN },
        payload: payload as Record<string, unknown>,
      });
    const response = await send({ webhook_url: `${receiver.origin}/test-hook`, email_to: ['tester@example.com'] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { webhook: 'sent', email: 'sent' } });
    const [delivered] = receiver.to('/test-hook');
    expect(verify(delivered?.rawBody ?? '', delivered?.headers['x-signature-256'])).toBe(true);
    expect(smtp.received.some((mail) => mail.to.includes('tester@example.com'))).toBe(true);

    const refused = await send({ webhook_url: 'http://10.0.0.8/hook' });
    expect(refused.json().data.webhook).toMatch(/^refused: 10\.0\.0\.8 is a private address/);

    for (const bad of [{}, { webhook_url: 'ftp://example.com/x' }, { email_to: ['not-an-address'] }]) {
      const answer = await send(bad);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ detail: expect.any(String), code: 'validation_failed' });
    }
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/watches/test-alert',
      headers: { origin: APP_ORIGIN },
      payload: { webhook_url: `${receiver.origin}/test-hook` },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
