import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeMiningHubProjectsServer,
  type FakeMiningHubProjectsServer,
} from '../../../test/fake-mininghub-projects-server.ts';
import { isAlive } from '../../../test/processes.ts';
import { processTree, scraperApi } from '../../../test/scraper-api.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';

// Real runs: the supervisor forks the crawler child, which crawls the demo directory this app serves
// over HTTP, its JavaScript-only pages through the contacts they name (no browser; scraper.browser.test.ts
// covers the pages only a browser renders).
const settings = { mode: 'test', max_workers: 4, max_concurrency: 2, batch_size: 10 };

describe('scraper runs on the demo directory', () => {
  let t: TestApp;
  let api: ReturnType<typeof scraperApi>;

  beforeAll(async () => {
    t = await createTestApp('pglite', { scraperSupervisor: { stopGraceMs: 3000 } });
    api = scraperApi(t, (await signIn(t, { role: 'admin' })).cookie);
  });
  afterAll(async () => t.close());
  afterEach(async () => {
    const status = await api.status();
    if (status.running || status.paused) await api.call('POST', '/stop');
  });

  it(
    'test mode with max_projects: Discovery → Assembly (HTTP, JavaScript-only pages too) → Export, files ready',
    { timeout: 90_000 },
    async () => {
      const started = await api.call('POST', '/start', { ...settings, max_projects: 24 });
      expect(started.statusCode).toBe(200);
      const { pid } = started.json().data;
      expect(pid).toEqual(expect.any(Number));

      const done = await api.until('completion', (p) => p.status !== 'running');
      expect(done).toMatchObject({
        status: 'completed',
        current_phase: 'completed',
        overall_progress: 100,
        countries_total: 1,
        countries_completed: 1,
        projects_total: 24,
        total_batches: 3,
        current_batch: 3,
        estimated_completion: null,
      });
      expect(done.total_gids).toBeGreaterThan(24);
      expect(done.projects_completed + done.projects_failed).toBe(24);
      expect(done.projects_failed).toBe(0);
      expect(await api.status()).toEqual({ running: false, paused: false, pid: null, start_time: null, mode: null });
      expect(isAlive(pid)).toBe(false);

      const outputs = (await api.call('GET', '/outputs')).json().data;
      expect(outputs.json).toHaveLength(1);
      expect(outputs.excel).toHaveLength(1);
      expect(outputs.reports).toHaveLength(1);

      const crm = (await api.call('GET', `/download/json/${outputs.json[0].name}`)).json();
      expect(crm.summary.projects).toBe(24);
      const contacts = crm.companies.flatMap((company: { contacts: unknown[] }) => company.contacts);
      expect(contacts.length).toBeGreaterThan(0);
      expect(crm.companies[0]).toMatchObject({ name: expect.any(String), projects: expect.any(Array) });
      const allProjects = crm.companies.flatMap((company: { projects: { country: string }[] }) => company.projects);
      expect(allProjects.every((project: { country: string }) => project.country === 'AU')).toBe(true);

      const report = (await api.call('GET', `/download/reports/${outputs.reports[0].name}`)).json();
      expect(report.phases.assembly.http_pages).toBe(24);
      // The JavaScript-only pages' contacts came from the data they name, over HTTP: no browser started.
      expect(report.phases.assembly.http_data_requests).toBeGreaterThan(0);
      expect(report.phases.assembly.browser_pages).toBe(0);
      expect(report.phases.discovery.pages).toBeGreaterThan(0);

      const excel = await api.call('GET', `/download/excel/${outputs.excel[0].name}`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Projects', 'Companies', 'Contacts', 'Summary']);
      expect(workbook.getWorksheet('Projects')?.rowCount).toBe(25);

      const scraperLog = await readFile(path.join(t.logDir, 'scraper.log'), 'utf8');
      expect(scraperLog).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} - scraper - INFO - run \d+ \(test mode/m);
      expect(scraperLog).toContain('Completed: 24 projects exported');
    },
  );

  it('pause holds the crawl where it is, resume finishes it', { timeout: 90_000 }, async () => {
    // 120 projects of every country: over HTTP, 30 of test mode could all be done before Pause landed.
    const run = { ...settings, mode: 'production', max_workers: 1, max_concurrency: 1, max_projects: 120 };
    await api.call('POST', '/start', run);
    await api.until('assembly', (p) => p.current_phase === 'assembly' && p.projects_completed > 0);
    const paused = await api.call('POST', '/pause');
    expect(paused.json().data).toMatchObject({ running: false, paused: true, pid: expect.any(Number) });
    // Pages in flight finish first; then nothing moves until Resume.
    const held = await api.until('the pause to take hold', (p) => p.current_activity === 'Paused', 20_000);
    expect(held.status).toBe('paused');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const stillHeld = await api.progress();
    expect(stillHeld.status).toBe('paused');
    expect(stillHeld.projects_completed).toBe(held.projects_completed);
    expect(stillHeld.projects_completed).toBeLessThan(120);

    expect((await api.call('POST', '/resume')).json().data).toMatchObject({ running: true, paused: false });
    const done = await api.until('completion', (p) => p.status !== 'running');
    expect(done).toMatchObject({ status: 'completed', projects_completed: 120 });
  });

  it(
    'a pause that lands before discovery begins reads Paused, and resume finishes the run',
    { timeout: 90_000 },
    async () => {
      await api.call('POST', '/start', { ...settings, max_projects: 24 });
      await api.call('POST', '/pause'); // at once: the child is still starting
      const held = await api.until('the pause to take hold', (p) => p.current_activity === 'Paused', 20_000);
      expect(held).toMatchObject({ status: 'paused', projects_completed: 0 });
      expect((await api.call('POST', '/resume')).json().data).toMatchObject({ running: true, paused: false });
      const done = await api.until('completion', (p) => p.status !== 'running');
      expect(done).toMatchObject({ status: 'completed', projects_completed: 24 });
    },
  );

  it(
    'Emergency Stop mid-run: cancelled, no pid, the child and whatever it started gone',
    { timeout: 60_000 },
    async () => {
      // Production mode (every country, 360 projects): over HTTP, test mode can finish before Stop lands.
      const started = await api.call('POST', '/start', {
        ...settings,
        mode: 'production',
        max_workers: 1,
        max_concurrency: 1,
      });
      const { pid } = started.json().data;
      await api.until('project pages', (p) => p.current_phase === 'assembly' && p.projects_completed >= 3);
      // Its own process tree, not every Chromium on the machine: other suites run browsers beside this one.
      const tree = await processTree(pid);

      const stopped = await api.call('POST', '/stop');
      expect(stopped.statusCode).toBe(200);
      expect(stopped.json().data).toEqual({ running: false, paused: false, pid: null, start_time: null, mode: null });
      expect((await api.progress()).status).toBe('cancelled');
      expect(isAlive(pid)).toBe(false);
      await expect.poll(() => tree.filter(isAlive), { timeout: 10_000 }).toEqual([]);
    },
  );

  it('a crashed child: the run is failed, saying why', async () => {
    const started = await api.call('POST', '/start', settings);
    const { pid } = started.json().data;
    process.kill(pid, 'SIGKILL');
    const failed = await api.until('failure', (p) => p.status !== 'running', 10_000);
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('exited unexpectedly (signal SIGKILL)');
    expect((await api.status()).running).toBe(false);
  });
});

describe('a server restart during a run', () => {
  let database: TestDatabase;
  afterAll(async () => database.drop());

  it(
    'the next server takes the run over and finishes it from the saved crawl state',
    { timeout: 120_000 },
    async () => {
      database = await createTestDatabase('pglite');
      const logDir = await mkdtemp(path.join(os.tmpdir(), 'mh-restart-logs-'));
      const scraperDir = await mkdtemp(path.join(os.tmpdir(), 'mh-restart-scraper-'));
      const first = await createTestApp('pglite', { database, logDir, scraperDir, scraperSupervisor: {} });
      const api1 = scraperApi(first, (await signIn(first, { role: 'admin' })).cookie);
      // Every country: over HTTP, 40 projects of test mode could all be done before the shutdown.
      const started = await api1.call('POST', '/start', {
        ...settings,
        mode: 'production',
        max_workers: 1,
        max_concurrency: 1,
        max_projects: 120,
      });
      const firstPid = started.json().data.pid;
      const before = await api1.until('some projects', (p) => p.projects_completed >= 5);
      await first.close(); // graceful shutdown: the child stops and the run stays active
      expect(isAlive(firstPid)).toBe(false);

      const second = await createTestApp('pglite', { database, logDir, scraperDir, scraperSupervisor: {} });
      try {
        const api2 = scraperApi(second, (await signIn(second, { role: 'admin' })).cookie);
        const done = await api2.until('completion', (p) => p.status !== 'running');
        expect(done).toMatchObject({ status: 'completed', projects_completed: 120, projects_failed: 0 });
        const report = (
          await api2.call(
            'GET',
            `/download/reports/${(await api2.call('GET', '/outputs')).json().data.reports[0].name}`,
          )
        ).json();
        // The second child fetched only what the first had not.
        expect(report.phases.assembly.http_pages).toBeLessThanOrEqual(120 - before.projects_completed + 4);
        const continued = /continuing with (\d+) ids and (\d+) projects already done/.exec(
          await readFile(path.join(logDir, 'scraper.log'), 'utf8'),
        );
        expect(Number(continued?.[1])).toBeGreaterThanOrEqual(120);
        expect(Number(continued?.[2])).toBeGreaterThanOrEqual(before.projects_completed);
      } finally {
        await second.close();
        await rm(scraperDir, { recursive: true, force: true });
        await rm(logDir, { recursive: true, force: true });
      }
    },
  );
});

describe('scraper runs on MiningHub', () => {
  let fake: FakeMiningHubProjectsServer;
  let t: TestApp;
  let api: ReturnType<typeof scraperApi>;

  beforeAll(async () => {
    fake = await startFakeMiningHubProjectsServer({ token: 'mh-token', maxPerPage: 20 });
    t = await createTestApp('pglite', {
      scraperSupervisor: { source: { kind: 'mininghub', baseUrl: fake.baseUrl, token: 'mh-token' } },
    });
    api = scraperApi(t, (await signIn(t, { role: 'admin' })).cookie);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it(
    'a failing project is counted and the run goes on; a 429 is waited out as Retry-After says',
    { timeout: 60_000 },
    async () => {
      fake.failures.serverErrorGids.add('100004');
      fake.failures.malformedGids.add('100007');
      fake.failures.rateLimit = { remaining: 2, retryAfterSeconds: 1 };
      const started = await api.call('POST', '/start', {
        ...settings,
        mode: 'production',
        countries: 'Australia',
        max_projects: 12,
      });
      expect(started.statusCode).toBe(200);
      const done = await api.until('completion', (p) => p.status !== 'running');
      expect(done).toMatchObject({ status: 'completed', countries_total: 1, total_gids: 60, projects_total: 12 });
      expect(done).toMatchObject({ projects_completed: 10, projects_failed: 2 });

      const outputs = (await api.call('GET', '/outputs')).json().data;
      const report = (await api.call('GET', `/download/reports/${outputs.reports[0].name}`)).json();
      expect(report.run.source).toMatch(/MiningHub/i);
      expect(report.failures).toEqual([
        { gid: '100004', reason: expect.stringContaining('500') },
        { gid: '100007', reason: expect.any(String) },
      ]);
      // Retried with backoff: the failing gid was asked for 1 + 3 times.
      expect(fake.requests.filter((request) => request.includes('/projects/100004/')).length).toBe(4);
      expect(report.phases.assembly.retries).toBeGreaterThanOrEqual(6);
      const crm = (await api.call('GET', `/download/json/${outputs.json[0].name}`)).json();
      expect(crm.summary.projects).toBe(10);
    },
  );

  it('the child crawls with the token, which is not on its command line (any local user reads that in ps)', async () => {
    const started = await api.call('POST', '/start', {
      ...settings,
      mode: 'production',
      countries: 'Australia',
      max_projects: 3,
    });
    const { pid } = started.json().data;
    const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8');
    expect(commandLine).toContain('scraper-child');
    expect(commandLine).not.toContain('mh-token');
    // The fake refuses a wrong token: projects fetched prove the child got it (over IPC).
    const done = await api.until('completion', (p) => p.status !== 'running');
    expect(done).toMatchObject({ status: 'completed', projects_completed: 3 });
  });
});
