import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mimePart, startSmtpServer } from '../../../test/fake-smtp-server.ts';
import { seedFetchedSignals, seedWatch } from '../../../test/signal-factory.ts';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { testEngines } from '../../../test/test-database.ts';
import { DIGEST_TICK_JOB } from './digest.jobs.ts';

const HUB_ORIGIN = 'https://hub.example';
// Perth is UTC+8 all year: 07:00 there is 23:00 UTC the day before.
const at = (iso: string) => new Date(iso);

function only<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('missing');
  return value;
}
const part = (raw: string, type: string) => only(mimePart(raw, type));
const idOf = (result: { rows: { id: number }[] }) => only(result.rows[0]).id;

describe.each(testEngines)('daily digest (%s)', (engine) => {
  let testApp: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let userId: number;
  let email: string;
  let cookie: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    testApp = await createTestApp(engine, {
      pipeline: { appOrigin: HUB_ORIGIN },
      alerts: { smtpUrl: smtp.url, emailFrom: 'Mining Hub <alerts@hub.example>' },
    });
    ({ userId, cookie, email } = await signIn(testApp));
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  const db = () => testApp.database.handle.db;
  const put = (payload: unknown) =>
    testApp.app.inject({
      method: 'PUT',
      url: '/api/v1/digest/settings',
      headers: { cookie, origin: APP_ORIGIN },
      payload: payload as Record<string, unknown>,
    });
  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

  it('keeps each user’s choice and refuses an unknown hour or time zone', async () => {
    const before = await testApp.app.inject({ url: '/api/v1/digest/settings', headers: { cookie } });
    expect(before.json()).toEqual({
      success: true,
      data: { enabled: false, hour: 7, time_zone: 'UTC', email },
    });
    for (const bad of [
      { enabled: true, hour: 24, time_zone: 'UTC' },
      { enabled: true, hour: 7, time_zone: 'Mars/Olympus_Mons' },
    ]) {
      const response = await put(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
    const saved = await put({ enabled: true, hour: 7, time_zone: 'Australia/Perth' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ enabled: true, hour: 7, time_zone: 'Australia/Perth', email });
    const anonymous = await testApp.app.inject({ url: '/api/v1/digest/settings' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('sends once at the chosen hour, grouped by company with links, then nothing when nothing is new', async () => {
    const watchId = await seedWatch(db(), userId, 'Gold juniors');
    const analysedAt = at('2026-11-27T20:00:00Z');
    const [drill, raise, quiet] = await seedFetchedSignals(
      db(),
      userId,
      [
        { title: 'Ferntree drills 40 holes', company: 'Ferntree Metals Ltd', intent: 'Very High' },
        { title: 'Ferntree raises A$20M', company: 'Ferntree Metals Ltd', intent: 'High' },
        { title: 'Quiet quarter at Dingo', company: 'Dingo Gold', intent: 'Low' },
      ],
      { at: analysedAt },
    );
    await db()
      .insertInto('watch_seen_articles')
      .values([drill, raise, quiet].map(only).map((article_id) => ({ watch_id: watchId, article_id })))
      .execute();
    // A company the user owns: its signal comes through the article's story, without any watch.
    const [owned] = await seedFetchedSignals(
      db(),
      userId,
      [{ title: 'Bluegum starts a PFS', company: 'Bluegum Resources', intent: 'High' }],
      { at: analysedAt },
    );
    const story = await sql<{ id: number }>`
      INSERT INTO stories (primary_article_id, title_key, fingerprint) VALUES (${owned}, 'bluegum pfs', '{}')
      RETURNING id`.execute(db());
    const company = await sql<{ id: number }>`
      INSERT INTO companies (name, owner_id) VALUES ('Bluegum Resources', ${userId}) RETURNING id`.execute(db());
    await sql`UPDATE articles SET story_id = ${idOf(story)} WHERE id = ${owned}`.execute(db());
    await sql`INSERT INTO company_stories (company_id, story_id) VALUES (${idOf(company)}, ${idOf(story)})`.execute(
      db(),
    );

    const { digest } = testApp.services;
    await digest.sendDue(at('2026-11-27T22:59:00Z')); // 06:59 in Perth
    expect(mailsTo(email)).toHaveLength(0);

    // Two processes ticking at the same minute: one e-mail.
    await Promise.all([digest.sendDue(at('2026-11-27T23:00:00Z')), digest.sendDue(at('2026-11-27T23:00:30Z'))]);
    await digest.sendDue(at('2026-11-27T23:35:00Z'));
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    const raw = only(mails[0]).raw;
    expect(raw).toMatch(/^Subject: Daily digest 2026-11-28: 3 new signals$/m);
    const text = part(raw, 'text/plain');
    const html = part(raw, 'text/html');
    for (const part of [text, html]) {
      expect(part).toContain('Ferntree Metals Ltd');
      expect(part).toContain('Bluegum Resources');
      for (const id of [drill, raise, owned]) expect(part).toContain(`${HUB_ORIGIN}/signals/${id}`);
      expect(part).not.toContain('Quiet quarter');
      expect(part).toContain(`${HUB_ORIGIN}/api/v1/digest/unsubscribe?token=`);
    }
    // Grouped: both Ferntree signals under one heading, the Very High one first.
    expect(html.match(/Ferntree Metals Ltd<\/h2>/g)).toHaveLength(1);
    expect(text.indexOf('Ferntree drills')).toBeLessThan(text.indexOf('Ferntree raises'));

    // The next morning nothing new: no e-mail.
    await digest.sendDue(at('2026-11-28T23:00:00Z'));
    expect(mailsTo(email)).toHaveLength(1);

    // A new signal the day after: only it is in that morning's digest.
    const [fresh] = await seedFetchedSignals(
      db(),
      userId,
      [{ title: 'Ferntree hits 12 g/t', company: 'Ferntree Metals Ltd' }],
      {
        at: at('2026-11-29T10:00:00Z'),
      },
    );
    await db()
      .insertInto('watch_seen_articles')
      .values({ watch_id: watchId, article_id: only(fresh) })
      .execute();
    await digest.sendDue(at('2026-11-29T23:05:00Z'));
    const latest = mailsTo(email);
    expect(latest).toHaveLength(2);
    const latestText = part(only(latest[1]).raw, 'text/plain');
    expect(latestText).toContain(`${HUB_ORIGIN}/signals/${fresh}`);
    expect(latestText).not.toContain('Ferntree drills');
  });

  it('unsubscribes from the e-mail’s link after a confirmation, or in one click from the mail client', async () => {
    const raw = only(mailsTo(email)[0]).raw;
    const text = part(raw, 'text/plain');
    const link = /https:\/\/hub\.example(\/api\/v1\/digest\/unsubscribe\?token=[\w-]+)/.exec(text)?.[1];
    expect(link).toBeDefined();
    // RFC 8058: the mail client offers its own button, which POSTs to the same link (headers unfolded).
    const headers = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toMatch(/^List-Unsubscribe: <https:\/\/hub\.example\/api\/v1\/digest\/unsubscribe\?token=[\w-]+>/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const enabled = async () =>
      (await testApp.app.inject({ url: '/api/v1/digest/settings', headers: { cookie } })).json().data.enabled;

    // Opening the link (or a mail scanner following it) changes nothing: the page asks first.
    const page = await testApp.app.inject({ url: only(link) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<button type="submit">Turn off the daily digest</button>');
    // Its own policy: exactly its inline stylesheet, no script, and the form posting back to this server.
    const style = /<style>([^<]*)<\/style>/.exec(page.body)?.[1] ?? '';
    const styleHash = createHash('sha256').update(style).digest('base64');
    expect(page.headers['content-security-policy']).toBe(
      `default-src 'none'; style-src 'sha256-${styleHash}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    );
    expect(page.body).not.toContain('<script');
    const action = /<form method="post" action="([^"]+)">/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
    expect(action).toBe(link);
    expect(await enabled()).toBe(true);

    // The page's button: a form post from the app's own origin, without signing in.
    const confirmed = await testApp.app.inject({
      method: 'POST',
      url: only(action),
      headers: { origin: APP_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('no longer receive');
    expect(await enabled()).toBe(false);

    // The mail client's one-click POST comes from its servers, with no Origin; another site's Origin is refused.
    expect((await put({ enabled: true, hour: 7, time_zone: 'Australia/Perth' })).statusCode).toBe(200);
    const foreign = await testApp.app.inject({
      method: 'POST',
      url: only(link),
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(foreign.statusCode).toBe(403);
    expect(await enabled()).toBe(true);
    const oneClick = await testApp.app.inject({
      method: 'POST',
      url: only(link),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(await enabled()).toBe(false);

    for (const method of ['GET', 'POST'] as const) {
      const forged = await testApp.app.inject({
        method,
        url: '/api/v1/digest/unsubscribe?token=not-a-real-token-at-all',
        ...(method === 'POST'
          ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' }
          : {}),
      });
      expect(forged.statusCode).toBe(404);
      expect(forged.json()).toMatchObject({ code: 'not_found' });
      const tooShort = await testApp.app.inject({ method, url: '/api/v1/digest/unsubscribe?token=short' });
      expect(tooShort.statusCode).toBe(400);
      expect(tooShort.json()).toMatchObject({ code: 'validation_failed' });
    }
  });
});

describe.each(testEngines)('daily digest on the job queue (%s)', (engine) => {
  let testApp: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    testApp = await createTestApp(engine, {
      pipeline: { appOrigin: HUB_ORIGIN },
      alerts: { smtpUrl: smtp.url, emailFrom: 'Mining Hub <alerts@hub.example>' },
      alertJobs: {},
    });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  it('sends a due digest from the tick, once however many ticks run', async () => {
    const { userId, email, cookie } = await signIn(testApp);
    const db = testApp.database.handle.db;
    // Hour 0 UTC: due at any time of the day the test runs.
    const saved = await testApp.app.inject({
      method: 'PUT',
      url: '/api/v1/digest/settings',
      headers: { cookie, origin: APP_ORIGIN },
      payload: { enabled: true, hour: 0, time_zone: 'UTC' },
    });
    expect(saved.statusCode).toBe(200);
    const watchId = await seedWatch(db, userId, 'Copper');
    const [article] = await seedFetchedSignals(db, userId, [{ title: 'Coppertop drills', intent: 'Very High' }], {
      at: new Date(Date.now() - 60_000),
    });
    await db
      .insertInto('watch_seen_articles')
      .values({ watch_id: watchId, article_id: only(article) })
      .execute();

    const boss = only(testApp.boss);
    const ticks = await Promise.all([boss.send(DIGEST_TICK_JOB, {}), boss.send(DIGEST_TICK_JOB, {})]);
    await vi.waitFor(() => expect(smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(1), {
      timeout: 20_000,
    });
    // Both ticks done: the second found the day claimed.
    await vi.waitFor(
      async () => {
        for (const id of ticks) {
          expect((await boss.getJobById(DIGEST_TICK_JOB, only(id ?? undefined)))?.state).toBe('completed');
        }
      },
      { timeout: 20_000 },
    );
    expect(smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    expect(part(only(smtp.received[0]).raw, 'text/plain')).toContain(`${HUB_ORIGIN}/signals/${only(article)}`);
  });
});
