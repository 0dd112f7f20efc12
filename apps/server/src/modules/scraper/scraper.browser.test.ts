import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoDirectory } from '../../demo/directory/demo-directory.ts';
import {
  startFakeScriptDirectoryServer,
  type FakeScriptDirectoryServer,
} from '../../../test/fake-script-directory-server.ts';
import { isAlive } from '../../../test/processes.ts';
import { processTree, scraperApi } from '../../../test/scraper-api.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';

// Issue 18: a fresh machine has no Chromium. Only pages that need a script may need one, and without it
// the run goes on with the rest and says which pages it skipped.
const NO_CHROMIUM = '/nonexistent/chromium';
const settings = { mode: 'test', max_workers: 4, max_concurrency: 2, batch_size: 20 };

interface CrmJson {
  summary: { projects: number };
  companies: { contacts: { email: string | null; projects: string[] }[]; projects: { gid: string }[] }[];
}

async function startApp(options: Parameters<typeof createTestApp>[1]) {
  const t = await createTestApp('pglite', options);
  return { t, api: scraperApi(t, (await signIn(t, { role: 'admin' })).cookie) };
}

describe('no Chromium at CHROMIUM_PATH, on the demo directory', () => {
  let t: TestApp;
  let api: ReturnType<typeof scraperApi>;
  beforeAll(async () => ({ t, api } = await startApp({ chromiumPath: NO_CHROMIUM, scraperSupervisor: {} })));
  afterAll(async () => t.close());

  it('/health is ok and reports the browser missing, with its path and how to install one', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      browser: {
        status: 'missing',
        path: NO_CHROMIUM,
        detail: `No Chromium at ${NO_CHROMIUM}: install Chromium (apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium executable`,
      },
    });
  });

  it(
    'test mode completes with its JSON, Excel and report outputs, JavaScript-only pages included',
    { timeout: 90_000 },
    async () => {
      expect((await api.call('POST', '/start', settings)).statusCode).toBe(200);
      const done = await api.until('completion', (p) => p.status !== 'running', 80_000);
      expect(done).toMatchObject({
        status: 'completed',
        current_phase: 'completed',
        overall_progress: 100,
        projects_total: 60,
        projects_completed: 60,
        projects_failed: 0,
        projects_skipped: 0,
        skipped_pages: [],
      });

      const outputs = (await api.call('GET', '/outputs')).json().data;
      expect([outputs.json.length, outputs.excel.length, outputs.reports.length]).toEqual([1, 1, 1]);
      const report = (await api.download('reports')).json();
      expect(report.phases.assembly).toMatchObject({ http_pages: 60, http_data_requests: 18, browser_pages: 0 });
      expect(report.skipped).toEqual([]);

      // The contacts only a script shows on the page are in the export all the same.
      const crm: CrmJson = (await api.download('json')).json();
      expect(crm.summary.projects).toBe(60);
      const emails = new Set(crm.companies.flatMap((company) => company.contacts.map((contact) => contact.email)));
      const scriptContacts = loadDemoDirectory()
        .projectsIn('AU')
        .filter((project) => project.js_only)
        .flatMap((project) => project.contacts);
      expect(scriptContacts.length).toBeGreaterThan(18);
      expect(scriptContacts.filter((contact) => !emails.has(contact.email))).toEqual([]);

      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await api.download('excel')).rawPayload as unknown as ArrayBuffer);
      expect(workbook.getWorksheet('Projects')?.rowCount).toBe(61);
    },
  );
});

describe('a directory with pages only a script renders', () => {
  let directory: FakeScriptDirectoryServer;
  let scratch: string;
  beforeAll(async () => {
    directory = await startFakeScriptDirectoryServer({ staticPages: 6, scriptPages: 3 });
    scratch = await mkdtemp(path.join(os.tmpdir(), 'mh-browser-test-'));
  });
  afterAll(async () => {
    await directory.close();
    await rm(scratch, { recursive: true, force: true });
  });
  const source = () => ({ kind: 'demo' as const, baseUrl: directory.baseUrl });
  const pageUrl = (gid: string) => `${directory.baseUrl}/demo-directory/projects/${gid}`;

  it('no Chromium: the rest completes, and the run names the skipped pages and why', { timeout: 60_000 }, async () => {
    const { t, api } = await startApp({ chromiumPath: NO_CHROMIUM, scraperSupervisor: { source: source() } });
    try {
      await api.call('POST', '/start', { ...settings, batch_size: 10 });
      const done = await api.until('completion', (p) => p.status !== 'running');
      const reason = `needs a browser: No Chromium at ${NO_CHROMIUM}`;
      expect(done).toMatchObject({
        status: 'completed',
        overall_progress: 100,
        projects_total: 9,
        projects_completed: 6,
        projects_failed: 0,
        projects_skipped: 3,
        current_activity: 'Completed: 6 projects exported, 0 failed, 3 skipped (they need a browser)',
      });
      const skipped = directory.scriptGids.map((gid) => ({ gid, url: pageUrl(gid), reason }));
      expect(done.skipped_pages).toEqual(skipped);

      const outputs = (await api.call('GET', '/outputs')).json().data;
      expect([outputs.json.length, outputs.excel.length, outputs.reports.length]).toEqual([1, 1, 1]);
      const report = (await api.download('reports')).json();
      expect(report.skipped).toEqual(skipped);
      expect(report.failures).toEqual([]);
      expect(report.phases.assembly).toMatchObject({ projects_skipped: 3, http_pages: 9, browser_pages: 0 });
      const crm: CrmJson = (await api.download('json')).json();
      expect(crm.summary.projects).toBe(6);
      const log = await readFile(path.join(t.logDir, 'scraper.log'), 'utf8');
      expect(log).toContain(
        `WARNING - No Chromium at ${NO_CHROMIUM}: pages that need a browser are skipped; install Chromium (apt-get install -y chromium)`,
      );
    } finally {
      await t.close();
    }
  });

  it(
    'a Chromium that does not start: its pages are skipped with the launch error, the run completes',
    { timeout: 60_000 },
    async () => {
      const broken = path.join(scratch, 'broken-chromium');
      await writeFile(broken, '#!/bin/sh\necho "this is no browser" >&2\nexit 3\n');
      await chmod(broken, 0o755);
      const { t, api } = await startApp({ chromiumPath: broken, scraperSupervisor: { source: source() } });
      try {
        const health = (await t.app.inject({ method: 'GET', url: '/health' })).json();
        expect(health.browser).toEqual({ status: 'available', path: broken, detail: null }); // a look, not a launch
        await api.call('POST', '/start', { ...settings, batch_size: 10 });
        const done = await api.until('completion', (p) => p.status !== 'running');
        expect(done).toMatchObject({ status: 'completed', projects_completed: 6, projects_skipped: 3 });
        expect(done.skipped_pages.map((page) => page.gid)).toEqual(directory.scriptGids);
        expect(done.skipped_pages[0]?.reason).toContain(
          `needs a browser: Chromium at ${broken} could not be started (`,
        );
      } finally {
        await t.close();
      }
    },
  );

  it(
    'with Chromium: only the script pages are rendered in it, and their contacts read',
    { timeout: 90_000 },
    async () => {
      const { t, api } = await startApp({ scraperSupervisor: { source: source() } });
      try {
        await api.call('POST', '/start', { ...settings, batch_size: 10 });
        const done = await api.until('completion', (p) => p.status !== 'running', 80_000);
        expect(done).toMatchObject({ status: 'completed', projects_completed: 9, projects_skipped: 0 });
        const report = (await api.download('reports')).json();
        expect(report.phases.assembly).toMatchObject({ http_pages: 9, http_data_requests: 0, browser_pages: 3 });
        const crm: CrmJson = (await api.download('json')).json();
        // The script pages' contacts (the only ones without an e-mail) were read from the rendered pages.
        const contacts = crm.companies.flatMap((company) => company.contacts);
        const rendered = contacts.filter((contact) => contact.email === null).flatMap((contact) => contact.projects);
        expect(rendered.sort()).toEqual(directory.scriptGids);
        expect(contacts).toHaveLength(9);
      } finally {
        await t.close();
      }
    },
  );
});

describe('Emergency Stop while Chromium renders', () => {
  let directory: FakeScriptDirectoryServer;
  beforeAll(async () => (directory = await startFakeScriptDirectoryServer({ staticPages: 1, scriptPages: 40 })));
  afterAll(async () => directory.close());

  it('cancels the run and leaves no browser behind', { timeout: 60_000 }, async () => {
    const { t, api } = await startApp({
      scraperSupervisor: { source: { kind: 'demo', baseUrl: directory.baseUrl }, stopGraceMs: 3000 },
    });
    try {
      const started = await api.call('POST', '/start', {
        ...settings,
        max_workers: 1,
        max_concurrency: 1,
        batch_size: 50,
      });
      const { pid } = started.json().data;
      await api.until('the browser to render pages', (p) => p.projects_completed >= 3);
      const tree = await processTree(pid);
      expect(tree.length).toBeGreaterThan(1); // the child and the Chromium it started

      expect((await api.call('POST', '/stop')).statusCode).toBe(200);
      expect((await api.progress()).status).toBe('cancelled');
      await expect.poll(() => tree.filter(isAlive), { timeout: 10_000 }).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
