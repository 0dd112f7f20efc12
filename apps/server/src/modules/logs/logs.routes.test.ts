import { rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CUSTOM_RANGE_MESSAGES } from '@mining-hub/contract/logs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLog, logLine, writeLog } from '../../../test/log-fixtures.ts';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';

// The logs endpoints use no tables, so PGlite alone is enough for the app around them.
describe('logs routes', () => {
  let t: TestApp;
  let cookie: string;
  const now = Date.now();
  const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000);

  beforeAll(async () => {
    t = await createTestApp('pglite');
    cookie = (await signIn(t, { role: 'admin' })).cookie;
    const recent = [
      logLine(minutesAgo(90), 'ERROR', 'too old for the last hour', 'crm'),
      logLine(minutesAgo(50), 'INFO', 'fetched 20 articles', 'news'),
      logLine(minutesAgo(40), 'ERROR', 'HubSpot push failed for article 7', 'crm'),
      '    at push (/srv/app/crm.ts:10:3)',
      logLine(minutesAgo(30), 'WARNING', 'slow HubSpot answer', 'crm'),
      logLine(minutesAgo(20), 'CRITICAL', 'database unreachable', 'db'),
      logLine(minutesAgo(10), 'DEBUG', 'cache warmed', 'jobs'),
    ];
    await writeLog(t.logDir, 'app.log', `${recent.join('\n')}\n`);
    await writeLog(t.logDir, 'big.log', generateLog({ entries: 5000, end: now, stepMs: 2000, seed: 1 }).content);
    await writeLog(path.dirname(t.logDir), 'outside.log', 'secret\n');
    await symlink(path.join(path.dirname(t.logDir), 'outside.log'), path.join(t.logDir, 'escape.log'));
  });
  afterAll(async () => {
    await rm(path.join(path.dirname(t.logDir), 'outside.log'), { force: true });
    await t.close();
  });

  const read = (body: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/logs/read', headers: { origin: APP_ORIGIN, cookie }, payload: body });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/logs/files' })).statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logs/read',
      headers: { origin: APP_ORIGIN },
      payload: { log_file: 'app.log' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists the log files with display names and sizes, never a symlink out of the directory', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/logs/files', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const { success, data } = response.json();
    expect(success).toBe(true);
    expect(data.map((file: { name: string }) => file.name).sort()).toEqual(['app.log', 'big.log']);
    expect(data).toContainEqual({ name: 'app.log', display_name: 'Application Log', size: expect.any(Number) });
  });

  it('narrows to ERROR and worse in the last hour, stack traces attached', async () => {
    const response = await read({ log_file: 'app.log', time_filter: '1h', log_level: 'ERROR' });
    expect(response.statusCode).toBe(200);
    const { success, data } = response.json();
    expect(success).toBe(true);
    expect(data).toMatchObject({
      file_name: 'app.log',
      total_lines_in_file: 7,
      filtered_lines: 2,
      pagination: {
        showing_start: 1,
        showing_end: 2,
        total_filtered: 2,
        current_page: 1,
        total_pages: 1,
        has_next: false,
      },
    });
    expect(data.lines).toEqual([
      expect.stringMatching(/ - db - CRITICAL - database unreachable$/),
      expect.stringMatching(/ - crm - ERROR - HubSpot push failed for article 7\n {4}at push/),
    ]);
    const cutoff = Date.parse(data.cutoff_time);
    expect(cutoff).toBeGreaterThanOrEqual(now - 3_600_000);
    expect(cutoff).toBeLessThanOrEqual(Date.now() - 3_600_000);
  });

  it('searches a term case-insensitively across every level', async () => {
    const { data } = (await read({ log_file: 'app.log', time_filter: '24h', search_term: 'hubspot' })).json();
    expect(data.filtered_lines).toBe(2);
    expect(data.lines.map((line: string) => line.split('\n')[0]?.split(' - ').at(-1))).toEqual([
      'slow HubSpot answer',
      'HubSpot push failed for article 7',
    ]);
  });

  it('reads a custom range in the given time zone', async () => {
    const format = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Tokyo',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    const wall = (date: Date) => {
      const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
      return {
        date: `${parts.day}/${parts.month}/${parts.year}`,
        time: `${parts.hour}:${parts.minute}`,
        period: String(parts.dayPeriod).toUpperCase() as 'AM' | 'PM',
      };
    };
    const response = await read({
      log_file: 'app.log',
      time_filter: '5m',
      time_zone: 'Asia/Tokyo',
      custom_date_time_range: { fromDateTime: wall(minutesAgo(95)), toDateTime: wall(minutesAgo(45)) },
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.lines.map((line: string) => line.split(' - ').at(-1))).toEqual([
      'fetched 20 articles',
      'too old for the last hour',
    ]);
  });

  it('pages through a larger file, newest first, to the last page', async () => {
    const first = (await read({ log_file: 'big.log', time_filter: '24h', page_size: 1000 })).json().data;
    expect(first.filtered_lines).toBe(5000);
    expect(first.pagination).toMatchObject({ total_pages: 5, has_next: true, showing_start: 1, showing_end: 1000 });
    expect(first.lines[0]).toMatch(/ - event 4999 about /);
    const last = (await read({ log_file: 'big.log', time_filter: '24h', page_size: 1000, page: 5 })).json().data;
    expect(last.pagination).toMatchObject({ current_page: 5, has_next: false, showing_start: 4001, showing_end: 5000 });
    expect(last.lines.at(-1)).toMatch(/ - event 0 about /);
  });

  it('pages oldest first when asked, and refuses an unknown order', async () => {
    const body = { log_file: 'big.log', time_filter: '24h', page_size: 1000, order: 'oldest' };
    const first = (await read(body)).json().data;
    expect(first.pagination).toMatchObject({ total_pages: 5, has_next: true, showing_start: 1, showing_end: 1000 });
    expect(first.lines[0]).toMatch(/ - event 0 about /);
    expect(first.lines.at(-1)).toMatch(/ - event 999 about /);
    const last = (await read({ ...body, page: 5 })).json().data;
    expect(last.lines.at(-1)).toMatch(/ - event 4999 about /);

    const unknown = await read({ ...body, order: 'random' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'validation_failed', detail: expect.stringContaining('body.order') });
  });

  it.each([
    ['31/02/2025', '1:00', 'AM', CUSTOM_RANGE_MESSAGES.invalidDate],
    ['01/02/2025', '00:30', 'AM', CUSTOM_RANGE_MESSAGES.invalidTime],
  ])('answers 400 for a From of %s %s %s', async (date, time, period, message) => {
    const response = await read({
      log_file: 'app.log',
      custom_date_time_range: {
        fromDateTime: { date, time, period },
        toDateTime: { date: '01/03/2025', time: '1:00', period: 'AM' },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: message, code: 'validation_failed' });
  });

  it('answers 400 for a From after To and a To in the future', async () => {
    const range = (fromDate: string, toDate: string) => ({
      log_file: 'app.log',
      custom_date_time_range: {
        fromDateTime: { date: fromDate, time: '1:00', period: 'AM' },
        toDateTime: { date: toDate, time: '1:00', period: 'AM' },
      },
    });
    const backwards = await read(range('02/03/2025', '01/03/2025'));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ detail: CUSTOM_RANGE_MESSAGES.fromAfterTo, code: 'validation_failed' });
    const future = await read(range('01/03/2025', '01/01/2099'));
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({ detail: CUSTOM_RANGE_MESSAGES.toInFuture, code: 'validation_failed' });
  });

  it.each([
    ['page 0', { page: 0 }, 'body.page'],
    ['page_size 7', { page_size: 7 }, 'body.page_size'],
    ['a 10 KB search term', { search_term: 'x'.repeat(10 * 1024) }, 'body.search_term'],
    ['an unknown level', { log_level: 'LOUD' }, 'body.log_level'],
    ['an unknown time filter', { time_filter: '2h' }, 'body.time_filter'],
    ['an unknown time zone', { time_zone: 'Mars/Olympus_Mons' }, 'Unknown time zone'],
  ])('answers 400 naming the problem for %s', async (_name, body, named) => {
    const response = await read({
      log_file: 'app.log',
      ...body,
      ...('time_zone' in body
        ? {
            custom_date_time_range: {
              fromDateTime: { date: '01/03/2025', time: '1:00', period: 'AM' },
              toDateTime: { date: '02/03/2025', time: '1:00', period: 'AM' },
            },
          }
        : {}),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(named);
  });

  it('answers an empty last page for a page far past the end', async () => {
    const response = await read({ log_file: 'app.log', time_filter: '24h', page: 10_000 });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      lines: [],
      filtered_lines: 6,
      pagination: { current_page: 10_000, total_pages: 1, has_next: false, showing_start: 0, showing_end: 0 },
    });
  });

  it.each(['../outside.log', '/etc/passwd', '..', 'escape.log', 'app.log/../../outside.log', 'missing.log', ''])(
    'refuses the file name %j with 400',
    async (name) => {
      const response = await read({ log_file: name });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toEqual(expect.any(String));
    },
  );

  it('copes with a file deleted or rotated between listing and reading', async () => {
    await writeLog(t.logDir, 'scraper.log', `${logLine(minutesAgo(5), 'INFO', 'crawl started', 'scraper')}\n`);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/v1/logs/files', headers: { cookie } })).json().data;
    expect(listed.map((file: { name: string }) => file.name)).toContain('scraper.log');
    await rm(path.join(t.logDir, 'scraper.log'));
    const deleted = await read({ log_file: 'scraper.log' });
    expect(deleted.statusCode).toBe(400);
    expect(deleted.json().detail).toMatch(/deleted or rotated/);

    await rename(path.join(t.logDir, 'app.log'), path.join(t.logDir, 'app.1.log'));
    await writeFile(path.join(t.logDir, 'app.log'), `${logLine(minutesAgo(1), 'INFO', 'after rotation')}\n`);
    const rotated = (await read({ log_file: 'app.log', time_filter: '1h' })).json().data;
    expect(rotated.lines).toEqual([expect.stringContaining('after rotation')]);
    const older = (await read({ log_file: 'app.1.log', time_filter: '24h' })).json().data;
    expect(older.filtered_lines).toBe(6);
  });

  it('refuses a read without the Origin header', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logs/read',
      headers: { cookie },
      payload: { log_file: 'app.log' },
    });
    expect(response.statusCode).toBe(403);
  });
});
