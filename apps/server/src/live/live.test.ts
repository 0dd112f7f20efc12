import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, listen, twoApiProcesses, waitFor } from '../../test/live-client.ts';
import { LISTENER_APPLICATION_NAME } from './live-bus.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { testEngines } from '../../test/test-database.ts';

describe('live socket', () => {
  let t: TestApp;
  let host: string;
  let alice: { cookie: string; userId: number };
  let bob: { cookie: string; userId: number };
  beforeAll(async () => {
    t = await createTestApp('pglite');
    host = await listen(t);
    alice = await signIn(t);
    bob = await signIn(t);
  });
  afterAll(() => t.close());

  it('refuses a socket without a session cookie, or from another origin', async () => {
    await expect(connect(host, { origin: `http://${host}` }).opened).rejects.toThrow('HTTP 401');
    await expect(connect(host, { origin: 'https://evil.example', cookie: alice.cookie }).opened).rejects.toThrow(
      'HTTP 403',
    );
  });

  it("delivers a user's messages to that user's sockets only, and broadcasts to everyone", async () => {
    const aliceSocket = connect(host, { origin: `http://${host}`, cookie: alice.cookie });
    const bobSocket = connect(host, { origin: `http://${host}`, cookie: bob.cookie });
    await Promise.all([aliceSocket.opened, bobSocket.opened]);
    t.bus.publish({ userId: alice.userId }, { type: 'article_updated', article_id: 42 });
    t.bus.publish('all', { type: 'stats_updated' });
    await waitFor(() => aliceSocket.received.length === 2 && bobSocket.received.length === 1);
    expect(aliceSocket.received).toEqual([
      { type: 'article_updated', article_id: 42, topic: expect.stringMatching(/\/u\d+\/articles$/), seq: 1 },
      { type: 'stats_updated', topic: expect.stringMatching(/\/all\/stats$/), seq: expect.any(Number) },
    ]);
    expect(bobSocket.received).toEqual([aliceSocket.received[1]]);
    aliceSocket.socket.close();
    bobSocket.socket.close();
  });

  it('numbers the messages of each topic (publisher, audience, subject) 1, 2, 3… so a client can see a gap', async () => {
    const dave = await signIn(t);
    const socket = connect(host, { origin: `http://${host}`, cookie: dave.cookie });
    await socket.opened;
    const batch = (n: number) => ({
      type: 'batch_progress' as const,
      batch_session_id: 'b1',
      data: { completed: n },
    });
    t.bus.publish({ userId: dave.userId }, batch(1));
    t.bus.publish({ userId: dave.userId }, { type: 'articles_updated' });
    t.bus.publish({ userId: dave.userId }, batch(2));
    t.bus.publish({ userId: dave.userId }, { type: 'article_updated', article_id: 3 });
    await waitFor(() => socket.received.length === 4);
    const [first, list, second, article] = socket.received.map((message) =>
      'topic' in message ? { topic: message.topic, seq: message.seq } : {},
    );
    expect(first).toEqual({ seq: 1, topic: expect.stringMatching(new RegExp(`/u${dave.userId}/batch:b1$`)) });
    expect(second).toEqual({ seq: 2, topic: first?.topic });
    expect(list).toEqual({ seq: 1, topic: expect.stringMatching(new RegExp(`/u${dave.userId}/articles$`)) });
    expect(article).toEqual({ seq: 2, topic: list?.topic });
    socket.socket.close();
  });

  it('answers a catch_up request with the state of its fetches and batches from the database, then resync', async () => {
    const erin = await signIn(t);
    const db = t.database.handle.db;
    await db
      .insertInto('news_sessions')
      .values({ id: uuid(9), user_id: erin.userId, query: '{}', status: 'running' })
      .execute();
    await db
      .insertInto('pipeline_batches')
      .values({ id: uuid(10), user_id: erin.userId, total: 0 })
      .execute();
    const socket = connect(host, { origin: `http://${host}`, cookie: erin.cookie });
    await socket.opened;
    await waitFor(() => socket.received.length === 2); // the catch-up on connect
    socket.socket.send(JSON.stringify({ type: 'catch_up' }));
    socket.socket.send('not json'); // ignored, as is anything but catch_up
    await waitFor(() => socket.received.length === 5, 5000);
    expect(socket.received.slice(2)).toEqual([
      { type: 'progress_update', session_id: uuid(9), data: expect.objectContaining({ status: 'running' }) },
      {
        type: 'batch_progress',
        batch_session_id: uuid(10),
        data: expect.objectContaining({ status: 'completed', progress_percentage: 100 }),
      },
      { type: 'resync' },
    ]);
    socket.socket.close();
  });

  it('tells a connecting socket how its fetch sessions stand (running, or ended in the last minutes), then the news', async () => {
    const carol = await signIn(t);
    const progress = { progress: 40, current_page: 2, total_pages: 5, articles_found: 37 };
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await t.database.handle.db
      .insertInto('news_sessions')
      .values([
        {
          id: uuid(1),
          user_id: carol.userId,
          query: '{}',
          status: 'completed',
          message: 'Found 9 articles',
          finished_at: minutesAgo(60),
          created_at: minutesAgo(61),
        },
        {
          id: uuid(2),
          user_id: carol.userId,
          query: '{}',
          status: 'completed',
          message: 'Found 12 articles',
          finished_at: minutesAgo(2),
          created_at: minutesAgo(3),
        },
        {
          id: uuid(3),
          user_id: carol.userId,
          query: '{}',
          status: 'running',
          message: 'Fetching Demo: page 2 of 5',
          ...progress,
        },
        { id: uuid(4), user_id: alice.userId, query: '{}', status: 'running' },
      ])
      .execute();
    const socket = connect(host, { origin: `http://${host}`, cookie: carol.cookie });
    await socket.opened;
    t.bus.publish({ userId: carol.userId }, { type: 'article_updated', article_id: 7 });
    await waitFor(() => socket.received.length === 3);
    expect(socket.received).toEqual([
      {
        type: 'progress_update',
        session_id: uuid(2),
        data: expect.objectContaining({ status: 'completed', message: 'Found 12 articles' }),
      },
      {
        type: 'progress_update',
        session_id: uuid(3),
        data: { status: 'running', message: 'Fetching Demo: page 2 of 5', ...progress },
      },
      { type: 'article_updated', article_id: 7, topic: expect.any(String), seq: 1 },
    ]);
    socket.socket.close();
  });
});

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe.skipIf(!testEngines.includes('postgres'))('live relay between two API processes on PostgreSQL', () => {
  const two = twoApiProcesses();

  it('a message published on instance A reaches a client connected to instance B', async () => {
    const { a, hostB } = two;
    const user = await signIn(a);
    const client = connect(hostB, { origin: `http://${hostB}`, cookie: user.cookie });
    await client.opened;
    a.bus.publish(
      { userId: user.userId },
      {
        type: 'progress_update',
        session_id: 's1',
        data: {
          message: 'Page 1',
          progress: 50,
          current_page: 1,
          total_pages: 2,
          articles_found: 20,
          status: 'running',
        },
      },
    );
    await waitFor(() => client.received.length === 1);
    expect(client.received[0]).toMatchObject({ type: 'progress_update', session_id: 's1' });
    client.socket.close();
  });

  it('listens again after the database drops the relay connection (restart, failover), and its sockets catch up', async () => {
    const { database, a, hostB } = two;
    const user = await signIn(a);
    await database.handle.db
      .insertInto('pipeline_batches')
      .values({ id: uuid(11), user_id: user.userId, total: 0 })
      .execute();
    const client = connect(hostB, { origin: `http://${hostB}`, cookie: user.cookie });
    await client.opened;
    await waitFor(() => client.received.length === 1); // the batch, caught up on connect
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const listeners = async () =>
      (
        await admin.query<{ pid: number }>(
          'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
          [LISTENER_APPLICATION_NAME],
        )
      ).rows.map((row) => row.pid);
    const before = await listeners();
    expect(before).toHaveLength(2); // one per instance
    await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [before]);
    await waitFor(async () => {
      const now = await listeners();
      return now.length === 2 && now.every((pid) => !before.includes(pid));
    });
    await admin.end();
    // What A published while B was not listening never reached B: B's sockets catch up from the database.
    await waitFor(() => client.received.length === 3);
    expect(client.received.slice(1)).toEqual([
      { type: 'batch_progress', batch_session_id: uuid(11), data: expect.objectContaining({ status: 'completed' }) },
      { type: 'resync' },
    ]);
    a.bus.publish({ userId: user.userId }, { type: 'article_updated', article_id: 7 });
    await waitFor(() => client.received.length === 4);
    expect(client.received[3]).toMatchObject({ type: 'article_updated', article_id: 7 });
    client.socket.close();
  });
});
