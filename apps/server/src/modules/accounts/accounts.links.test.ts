import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRef } from '@mining-hub/contract/common';
import type { CrmRecord } from '@mining-hub/contract/crm';
import type { Article } from '@mining-hub/contract/news';
import type { Notification } from '@mining-hub/contract/notifications';
import type { Signal } from '@mining-hub/contract/signals';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { pushAs, seedFetchedSignals } from '../../../test/signal-factory.ts';
import { testEngines } from '../../../test/test-database.ts';
import { webhookBody } from '../alerts/alert-digest.ts';

// Every list that names a company links to its page (issue 34): each article carries the account its story joined.
describe.each(testEngines)('account links on %s', (engine) => {
  let t: TestApp;
  let admin: { cookie: string; userId: number };
  let sessionId: string;
  let resolved: number;
  let unresolved: number;
  let merged: number;
  let alpha: number;
  let survivor: number;

  const get = <T>(url: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } }).then((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: T }>().data;
    });

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signIn(t, { role: 'admin' });
    const db = t.database.handle.db;
    [resolved = 0, unresolved = 0, merged = 0] = await seedFetchedSignals(db, admin.userId, [
      // The feed named no company: the inbox used to say "Unknown company".
      { title: 'Alpha Copper starts 8,000 m drilling', company: null },
      { title: 'Beta Gold plans a placement', company: 'Beta Gold' },
      { title: 'Gamma Metals closes financing', company: 'Gamma Metals' },
    ]);
    await t.services.stories.assign([resolved, unresolved, merged]);
    sessionId = (
      await db
        .selectFrom('session_articles')
        .select('session_id')
        .where('article_id', '=', resolved)
        .executeTakeFirstOrThrow()
    ).session_id;
    const company = async (name: string) =>
      (await db.insertInto('companies').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
    const storyOf = async (articleId: number) =>
      (await db.selectFrom('articles').select('story_id').where('id', '=', articleId).executeTakeFirstOrThrow())
        .story_id ?? 0;
    alpha = await company('Alpha Copper Corp.');
    const gamma = await company('Gamma Metals Ltd');
    survivor = await company('Gamma Metals Limited');
    await db
      .insertInto('company_stories')
      .values([
        { company_id: alpha, story_id: await storyOf(resolved) },
        { company_id: gamma, story_id: await storyOf(merged) },
      ])
      .execute();
    // As the sync would have left them: read (the one of `unresolved` naming no company), so a push does not read
    // them again (pipeline.crm-account.test.ts checks that a push reads a story the sync has not).
    const read = [];
    for (const id of [resolved, unresolved, merged]) read.push({ story_id: await storyOf(id) });
    await db.insertInto('account_story_sync').values(read).execute();
    const merge = await t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${survivor}/merge`,
      headers: { cookie: admin.cookie, origin: APP_ORIGIN },
      payload: { other_id: gamma },
    });
    expect(merge.statusCode, merge.body).toBe(200);
    for (const id of [resolved, unresolved, merged]) await pushAs(t, admin.cookie, id);
    await t.services.notifications.notify(admin.userId, {
      title: 'Watch: 3 new signals',
      body: '',
      link: `/signals/${resolved}`,
      items: [resolved, unresolved, merged].map((id) => ({ label: `signal ${id}`, link: `/signals/${id}` })),
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  const expected = (): Record<number, AccountRef> => ({
    [resolved]: { id: alpha, name: 'Alpha Copper Corp.' },
    [unresolved]: null,
    // Merged: the survivor, never the merged company.
    [merged]: { id: survivor, name: 'Gamma Metals Limited' },
  });

  it('shows each signal its account, the survivor of a merge, and null for a story that joined none', async () => {
    const signals = await get<Signal[]>('/api/v1/signals');
    expect(Object.fromEntries(signals.map((signal) => [signal.article_id, signal.account]))).toEqual(expected());
  });

  it('shows it on the news list and the article detail', async () => {
    const articles = await get<Article[]>(`/api/v1/articles/session/${sessionId}`);
    expect(Object.fromEntries(articles.map((article) => [article.article_id, article.account]))).toEqual(expected());
    for (const [id, account] of Object.entries(expected())) {
      expect((await get<Article>(`/api/v1/article/${id}`)).account).toEqual(account);
    }
  });

  it('shows it on CRM records and bell items', async () => {
    const records = await get<CrmRecord[]>('/api/v1/crm-outbox');
    expect(Object.fromEntries(records.map((record) => [record.article_id, record.account]))).toEqual(expected());
    const [notification] = await get<Notification[]>('/api/v1/notifications');
    expect(
      Object.fromEntries((notification?.items ?? []).map((item) => [item.link.split('/').pop(), item.account])),
    ).toEqual(expected());
  });

  it('follows a split: the list cached before it shows the company the story is back with', async () => {
    // The news list caches its items by row version; an account moves without one.
    const [merge] = (await get<{ merges: { id: number }[] }>(`/api/v1/companies/${survivor}`)).merges;
    const split = await t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${survivor}/split`,
      headers: { cookie: admin.cookie, origin: APP_ORIGIN },
      payload: { merge_id: merge?.id },
    });
    expect(split.statusCode, split.body).toBe(200);
    const articles = await get<Article[]>(`/api/v1/articles/session/${sessionId}`);
    expect(articles.find((article) => article.article_id === merged)?.account?.name).toBe('Gamma Metals Ltd');
  });

  it('links a webhook signal with an account to its company page', () => {
    const body = JSON.parse(
      webhookBody(
        {
          watch: { id: 1, name: 'Copper' },
          signals: [
            {
              article_id: 1,
              title: 'A',
              url: 'https://x.example/a',
              company: null,
              buying_intent_score: 'High',
              signal_summary: null,
              account: { id: 42, name: 'Alpha Copper Corp.' },
            },
            {
              article_id: 2,
              title: 'B',
              url: 'https://x.example/b',
              company: 'Beta',
              buying_intent_score: null,
              signal_summary: null,
            },
          ],
        },
        'https://hub.example',
      ),
    ) as { signals: { company_url: string | null }[] };
    expect(body.signals.map((signal) => signal.company_url)).toEqual(['https://hub.example/companies/42', null]);
  });
});
