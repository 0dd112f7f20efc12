import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@mining-hub/contract/notifications';
import type { Watch, WatchRun } from '@mining-hub/contract/watches';
import type { TestApp } from '../../../test/test-app.ts';
import { rssXml, type FeedItem } from '../../../test/fake-news-servers.ts';
import { testEngines } from '../../../test/test-database.ts';
import { callApi, createWatchAs, startWatchApp, type WatchApp } from '../../../test/watch-app.ts';
import type { WatchDigest } from './watches.service.ts';

describe.each(testEngines)('watches on %s', (engine) => {
  let app: WatchApp;
  let t: TestApp;
  let pages: WatchApp['pages'];
  let alice: WatchApp['alice'];
  let bob: WatchApp['bob'];
  let admin: WatchApp['admin'];
  let digests: WatchDigest[];
  const items: FeedItem[] = [];
  const publish = (n: number) => {
    items.push({
      guid: `${n}`,
      title: `Release ${n}`,
      link: `${pages.url}/news/${n}`,
      description: 'Drilling',
      published: new Date(),
    });
  };

  beforeAll(async () => {
    app = await startWatchApp(engine, { feed: () => rssXml('Wire', items), releases: 4, withContact: true });
    ({ t, pages, alice, bob, admin, digests } = app);
    for (const n of [1, 2, 3]) publish(n);
  });
  afterAll(async () => app?.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
    callApi(t, method, url, cookie, payload);
  const valid = { name: 'Gold in Ontario', filters: { dateRange: 7 }, interval_minutes: 60, push_min_intent: 'Low' };
  const createWatch = (cookie: string, body: object = valid) => createWatchAs(t, cookie, body);
  const runsOf = async (watchId: number): Promise<WatchRun[]> =>
    (await call('GET', `watches/${watchId}/runs`, alice.cookie)).json().data;
  /** Waits for the watch's newest run to finish and returns it. */
  const finishedRun = async (watchId: number, count: number): Promise<WatchRun> => {
    for (let i = 0; i < 600; i++) {
      const runs = await runsOf(watchId);
      const newest = runs[0];
      if (runs.length === count && newest && (newest.status === 'completed' || newest.status === 'failed'))
        return newest;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the run did not finish');
  };
  const unread = async (cookie: string): Promise<{ data: Notification[]; unread_count: number }> =>
    (await call('GET', 'notifications?unread=true', cookie)).json();

  it('refuses invalid watches with 400 naming the field', async () => {
    for (const [field, body] of [
      ['name', { ...valid, name: '  ' }],
      ['interval_minutes', { ...valid, interval_minutes: 0 }],
      ['interval_minutes', { ...valid, interval_minutes: 1441 }],
      ['push_min_intent', { ...valid, push_min_intent: 'Scorching' }],
      ['webhook_url', { ...valid, webhook_url: 'ftp://hooks.example.com/x' }],
      ['email_to', { ...valid, email_to: Array.from({ length: 21 }, (_, i) => `rep${i}@example.com`) }],
      ['email_to', { ...valid, email_to: ['not an address'] }],
      ['filters', { ...valid, filters: { dateRange: 0 } }],
      ['filters', { ...valid, filters: { dateRange: 7, commodity: ['Unobtainium'] } }],
    ] as const) {
      const refused = await call('POST', 'watches', alice.cookie, body);
      expect(refused.statusCode, `${field}: ${refused.body}`).toBe(400);
      expect(refused.json()).toEqual({ detail: expect.stringContaining(field), code: 'validation_failed' });
    }
    const patched = await call('PATCH', `watches/${(await createWatch(alice.cookie)).id}`, alice.cookie, {
      interval_minutes: 0,
    });
    expect(patched.statusCode).toBe(400);
  });

  it('refuses a webhook on a private, loopback or link-local address', async () => {
    for (const url of ['http://127.0.0.1:9/hook', 'http://169.254.169.254/latest/meta-data', 'http://10.0.0.5/x']) {
      const refused = await call('POST', 'watches', alice.cookie, { ...valid, webhook_url: url });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().detail).toContain('webhook_url');
    }
  });

  it('saves, lists, reads and changes a watch with commodities and a country (names in, codes out)', async () => {
    const watch = await createWatch(alice.cookie, {
      ...valid,
      name: 'Copper and gold in Chile',
      filters: { dateRange: 30, commodity: ['Copper', 'Gold'], country: 'Chile' },
    });
    expect(watch.filters).toMatchObject({ dateRange: 30, commodity: ['Cu', 'Au'], country: 'CL' });
    const listed = (await call('GET', 'watches', alice.cookie)).json().data as Watch[];
    expect(listed.find((w) => w.id === watch.id)?.filters).toMatchObject({ commodity: ['Cu', 'Au'], country: 'CL' });
    const read = await call('GET', `watches/${watch.id}`, alice.cookie);
    expect(read.statusCode, read.body).toBe(200);
    const changed = await call('PATCH', `watches/${watch.id}`, alice.cookie, {
      filters: { dateRange: 7, commodity: ['Lithium'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.filters).toMatchObject({ dateRange: 7, commodity: ['Li'] });
    expect((await call('DELETE', `watches/${watch.id}`, alice.cookie)).statusCode).toBe(200);
  });

  it("keeps each watch to its creator (others' answer 404) and shows admins all", async () => {
    const watch = await createWatch(alice.cookie, { ...valid, name: 'Private copper', email_to: ['rep@example.com'] });
    expect(watch).toMatchObject({
      owner_id: alice.userId,
      name: 'Private copper',
      filters: { dateRange: 7, commodity: [] },
      interval_minutes: 60,
      push_min_intent: 'Low',
      webhook_url: null,
      email_to: ['rep@example.com'],
      enabled: true,
      last_run: null,
    });
    for (const [method, url] of [
      ['GET', `watches/${watch.id}`],
      ['PATCH', `watches/${watch.id}`],
      ['DELETE', `watches/${watch.id}`],
      ['POST', `watches/${watch.id}/run`],
      ['GET', `watches/${watch.id}/runs`],
    ] as const) {
      const answer = await call(method, url, bob.cookie, method === 'PATCH' ? { enabled: false } : undefined);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    const bobs = (await call('GET', 'watches', bob.cookie)).json().data as Watch[];
    expect(bobs.map((w) => w.id)).not.toContain(watch.id);
    const everyone = (await call('GET', 'watches', admin.cookie)).json().data as Watch[];
    expect(everyone.map((w) => w.id)).toContain(watch.id);
    expect((await call('GET', `watches/${watch.id}`, admin.cookie)).statusCode).toBe(200);

    const off = await call('PATCH', `watches/${watch.id}`, alice.cookie, { enabled: false });
    expect(off.json().data).toMatchObject({ enabled: false, next_run_at: null, name: 'Private copper' });
    expect((await call('DELETE', `watches/${watch.id}`, alice.cookie)).statusCode).toBe(200);
    expect((await call('GET', `watches/${watch.id}`, alice.cookie)).statusCode).toBe(404);
  });

  it('runs now, analyses and pushes only new articles, alerts each once, and the schedule runs it again', async () => {
    // Only this watch is on: the others would run at the scheduled tick below too.
    for (const other of (await call('GET', 'watches', admin.cookie)).json().data as Watch[]) {
      await call('PATCH', `watches/${other.id}`, admin.cookie, { enabled: false });
    }
    const watch = await createWatch(alice.cookie, { ...valid, name: 'Red Lake' });
    const started = await call('POST', `watches/${watch.id}/run`, alice.cookie);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().data).toMatchObject({ status: 'queued', trigger: 'manual' });

    const first = await finishedRun(watch.id, 1);
    expect(first).toMatchObject({ status: 'completed', error: null, new_articles: 3, analysed: 3 });
    expect(first.alerted).toBeGreaterThan(0);
    expect(first.pushed).toBe(first.alerted); // threshold Low: every scored signal is pushed and alerted
    expect(digests).toHaveLength(1);
    expect(digests[0]?.watch).toEqual({
      id: watch.id,
      name: 'Red Lake',
      webhook_url: null,
      webhook_format: 'generic',
      email_to: [],
    });
    expect(digests[0]?.signals[0]).toMatchObject({
      title: expect.stringMatching(/^Release \d$/),
      url: expect.stringMatching(/^http:\/\//),
    });
    const bell = await unread(alice.cookie);
    expect(bell.unread_count).toBe(1);
    expect(bell.data[0]).toMatchObject({
      title: `Red Lake: ${first.alerted} new signal${first.alerted === 1 ? '' : 's'}`,
      read: false,
      // The bell opens the strongest signal; each line opens its own.
      link: `/signals/${digests[0]?.signals[0]?.article_id}`,
      items: digests[0]?.signals.slice(0, 5).map((signal) => ({
        label: `${signal.buying_intent_score ?? 'No intent'} · ${signal.company ?? signal.title}`,
        link: `/signals/${signal.article_id}`,
      })),
    });
    expect((await unread(bob.cookie)).unread_count).toBe(0);

    // Nothing new: nothing analysed, pushed or alerted again.
    await call('POST', `watches/${watch.id}/run`, alice.cookie);
    expect(await finishedRun(watch.id, 2)).toMatchObject({
      status: 'completed',
      new_articles: 0,
      analysed: 0,
      pushed: 0,
      alerted: 0,
    });
    expect(digests).toHaveLength(1);
    expect((await unread(alice.cookie)).unread_count).toBe(1);

    // A new item, then the schedule's tick one interval on: one run, with only the new article.
    publish(4);
    const dueAt = new Date(Date.now() + 61 * 60_000);
    expect(await t.services.watches.enqueueDue(dueAt)).toBe(1);
    expect(await t.services.watches.enqueueDue(dueAt)).toBe(0); // a second tick of the same slot queues nothing
    const scheduled = await finishedRun(watch.id, 3);
    expect(scheduled).toMatchObject({ status: 'completed', trigger: 'schedule', new_articles: 1, analysed: 1 });
    expect(digests).toHaveLength(1 + Math.min(scheduled.alerted, 1));
    const alerted = digests.flatMap((digest) => digest.signals.map((signal) => signal.article_id));
    expect(new Set(alerted).size).toBe(alerted.length); // never the same article twice

    const listed = (await call('GET', 'watches', alice.cookie)).json().data as Watch[];
    expect(listed.find((w) => w.id === watch.id)?.last_run).toMatchObject({ id: scheduled.id });
    const runs = await runsOf(watch.id);
    expect(runs.map((run) => run.id)).toEqual([...runs.map((run) => run.id)].sort((a, b) => b - a));
  });

  it('marks notifications read one by one or all at once, each user only their own', async () => {
    const userId = alice.userId;
    await t.services.notifications.notify(userId, { title: 'One', body: 'b', link: null });
    await t.services.notifications.notify(userId, { title: 'Two', body: 'b', link: null });
    const before = await unread(alice.cookie);
    const [newest] = before.data;
    if (!newest) throw new Error('no notification');
    expect(newest.title).toBe('Two');
    expect((await call('POST', `notifications/${newest.id}/read`, bob.cookie)).statusCode).toBe(404);
    expect((await call('POST', `notifications/${newest.id}/read`, alice.cookie)).statusCode).toBe(200);
    const after = await unread(alice.cookie);
    expect(after.unread_count).toBe(before.unread_count - 1);
    expect(after.data.map((n) => n.id)).not.toContain(newest.id);
    const all = (await call('GET', 'notifications', alice.cookie)).json().data as Notification[];
    expect(all.find((n) => n.id === newest.id)?.read).toBe(true);

    expect((await call('POST', 'notifications/read-all', alice.cookie)).statusCode).toBe(200);
    expect(await unread(alice.cookie)).toEqual({ success: true, data: [], unread_count: 0 });
  });
});
