import { mkdir, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/test-database.ts';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';

const settings = { mode: 'test', max_workers: 2, max_concurrency: 1, batch_size: 50 };

// No worker supervises runs here: these tests cover the API's side (validation, states, files).
describe.each(testEngines)('scraper routes on %s', (engine) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    cookie = (await signIn(t, { role: 'admin' })).cookie;
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/scraper${url}`, headers: { origin: APP_ORIGIN, cookie }, payload });
  const stopAnyRun = async () => {
    const status = (await call('GET', '/status')).json().data;
    if (status.running || status.paused) expect((await call('POST', '/stop')).statusCode).toBe(200);
  };

  it('needs a session', async () => {
    for (const url of ['/status', '/progress', '/outputs']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/scraper${url}` })).statusCode).toBe(401);
    }
  });

  it('reports nothing running and a not-started progress before any run', async () => {
    expect((await call('GET', '/status')).json()).toEqual({
      success: true,
      data: { running: false, paused: false, pid: null, start_time: null, mode: null },
    });
    const progress = (await call('GET', '/progress')).json().data;
    expect(progress).toMatchObject({ status: 'not_started', current_phase: 'not_started', overall_progress: 0 });
  });

  it.each([
    [{ ...settings, mode: 'fast' }, 'body.mode'],
    [{ ...settings, max_workers: 3 }, 'body.max_workers: must be one of 1, 2, 4, 6, 8, 10, 12, 15, 20'],
    [{ ...settings, max_concurrency: 0 }, 'body.max_concurrency'],
    [{ ...settings, batch_size: 9 }, 'body.batch_size'],
    [{ ...settings, batch_size: 201 }, 'body.batch_size'],
    [{ ...settings, max_projects: 0 }, 'body.max_projects'],
    [{ ...settings, mode: 'production', countries: 'Australia, Atlantis' }, "countries: unknown 'Atlantis'"],
  ])('refuses bad settings %j with 400 naming the field', async (body, detail) => {
    const response = await call('POST', '/start', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(detail);
    expect((await call('GET', '/status')).json().data.running).toBe(false);
  });

  describe('run states', () => {
    beforeEach(stopAnyRun);

    it('start → pause → resume → Emergency Stop, one run at a time', async () => {
      const started = await call('POST', '/start', { ...settings, mode: 'production', countries: 'Canada, pe , ' });
      expect(started.statusCode).toBe(200);
      expect(started.json()).toMatchObject({
        success: true,
        error: null,
        data: { running: true, paused: false, mode: 'production' },
      });
      expect(Date.parse(started.json().data.start_time)).toBeGreaterThan(Date.now() - 60_000);

      const second = await call('POST', '/start', settings);
      expect(second.statusCode).toBe(409);
      expect(second.json().detail).toBe('A scraper run is already active');

      expect((await call('POST', '/resume')).json().detail).toBe('The scraper is not paused');
      const paused = await call('POST', '/pause');
      expect(paused.json().data).toMatchObject({ running: false, paused: true });
      expect((await call('GET', '/progress')).json().data.status).toBe('paused');
      expect((await call('POST', '/pause')).statusCode).toBe(409);
      expect((await call('POST', '/resume')).json().data).toMatchObject({ running: true, paused: false });

      const stopped = await call('POST', '/stop');
      expect(stopped.statusCode).toBe(200);
      expect(stopped.json().data).toEqual({ running: false, paused: false, pid: null, start_time: null, mode: null });
      expect((await call('GET', '/progress')).json().data.status).toBe('cancelled');
      expect((await call('POST', '/stop')).statusCode).toBe(409);
    });

    it('two simultaneous starts: exactly one wins', async () => {
      const responses = await Promise.all([call('POST', '/start', settings), call('POST', '/start', settings)]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    });
  });

  describe('output files', () => {
    const outputs = () => path.join(t.scraperDir, 'outputs');

    beforeAll(async () => {
      for (const type of ['json', 'excel', 'reports']) await mkdir(path.join(outputs(), type), { recursive: true });
      await writeFile(path.join(outputs(), 'json', 'mining-projects-20261101-100000.json'), '{"companies":[]}\n');
      await writeFile(path.join(outputs(), 'excel', 'mining-projects-20261101-100000.xlsx'), 'PK fake');
      await writeFile(path.join(outputs(), 'json', '.mining-projects-20261101-110000.json.partial'), '{');
      await writeFile(path.join(t.scraperDir, 'secret.json'), '{"secret":true}');
      await symlink(path.join(t.scraperDir, 'secret.json'), path.join(outputs(), 'json', 'escape.json'));
    });

    it('lists regular files per kind with size and epoch-seconds time, no symlinks or partial files', async () => {
      const { data } = (await call('GET', '/outputs')).json();
      expect(data.json).toEqual([
        { name: 'mining-projects-20261101-100000.json', size: 17, modified: expect.any(Number) },
      ]);
      expect(data.excel.map((file: { name: string }) => file.name)).toEqual(['mining-projects-20261101-100000.xlsx']);
      expect(data.reports).toEqual([]);
      expect(Math.abs(data.json[0].modified - Date.now() / 1000)).toBeLessThan(120);
    });

    it('downloads with the content type and Content-Disposition', async () => {
      const response = await call('GET', '/download/excel/mining-projects-20261101-100000.xlsx');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers['content-disposition']).toContain(
        'attachment; filename="mining-projects-20261101-100000.xlsx"',
      );
      expect(response.body).toBe('PK fake');
      const json = await call('GET', '/download/json/mining-projects-20261101-100000.json');
      expect(json.headers['content-type']).toContain('application/json');
      expect(json.json()).toEqual({ companies: [] });
    });

    it.each([
      ['/download/json/..%2Fsecret.json', 400],
      ['/download/json/..%2F..%2Fsecret.json', 400],
      ['/download/json/escape.json', 400],
      ['/download/json/.mining-projects-20261101-110000.json.partial', 400],
      ['/download/json/%2Fetc%2Fpasswd', 400],
      ['/download/excel/mining-projects-20261101-100000.json', 400],
      ['/download/logs/app.log', 400],
      ['/download/json/mining-projects-20990101-000000.json', 404],
    ])('refuses %s with %i {detail}, reading nothing outside the folder', async (url, status) => {
      const response = await call('GET', url);
      expect(response.statusCode).toBe(status);
      expect(response.json().detail).toEqual(expect.any(String));
      expect(response.body).not.toContain('"secret":true');
    });

    it('deletes a listed file; paths, symlinks and unknown names are refused and nothing else is touched', async () => {
      for (const url of ['/outputs/json/escape.json', '/outputs/json/..%2Fsecret.json', '/outputs/reports/x.json']) {
        const response = await call('DELETE', url);
        expect([400, 404]).toContain(response.statusCode);
        expect(response.json().detail).toEqual(expect.any(String));
      }
      expect(await readdir(t.scraperDir)).toContain('secret.json');
      expect(await readdir(path.join(outputs(), 'json'))).toContain('escape.json');

      const deleted = await call('DELETE', '/outputs/json/mining-projects-20261101-100000.json');
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json().success).toBe(true);
      expect((await call('GET', '/outputs')).json().data.json).toEqual([]);
      expect((await call('DELETE', '/outputs/json/mining-projects-20261101-100000.json')).statusCode).toBe(404);
    });

    afterAll(async () => rm(outputs(), { recursive: true, force: true }));
  });
});
