import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { JSDOM, VirtualConsole } from 'jsdom';
import { registerErrorHandling } from '../../http/error-handler.ts';
import type { ZodApp } from '../../http/types.ts';
import { registerDemoDirectoryRoutes } from './demo-directory.routes.ts';
import { demoProjectAsScraped, loadDemoDirectory } from './demo-directory.ts';
import { createDemoDirectorySource, DEMO_DIRECTORY_READY_SELECTOR } from './demo-directory-source.ts';
import type { CrawlRequest, CrawlResponse } from '../../adapters/project-sources/project-source.ts';

const directory = loadDemoDirectory();

/** GETs a crawl request over real HTTP, as the crawler hands the answer to the source. */
async function fetchPage(request: CrawlRequest): Promise<CrawlResponse> {
  const response = await fetch(request.url, { headers: request.headers });
  expect(response.status, request.url).toBe(200);
  return { url: request.url, body: await response.text(), contentType: response.headers.get('content-type') ?? '' };
}

/** Runs a JavaScript-only page's own script in jsdom (no browser), its fetch going to the real server. */
async function renderWithScript(page: CrawlResponse): Promise<CrawlResponse> {
  const dom = new JSDOM(page.body, {
    url: page.url,
    runScripts: 'dangerously',
    virtualConsole: new VirtualConsole(),
    beforeParse(window) {
      Object.assign(window, {
        fetch: (input: string, init?: RequestInit) => fetch(new URL(input, page.url), init),
      });
    },
  });
  try {
    await vi.waitFor(() => expect(dom.window.document.querySelector(DEMO_DIRECTORY_READY_SELECTOR)).not.toBeNull(), {
      timeout: 5000,
      interval: 20,
    });
    return { ...page, body: dom.serialize() };
  } finally {
    dom.window.close();
  }
}

describe('demo directory pace (DEMO_DIRECTORY_DELAY_MS)', () => {
  it('holds back every page and the contacts API by the delay, as a remote site would', async () => {
    const app: ZodApp = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    registerDemoDirectoryRoutes(app, { delayMs: 200 });
    try {
      const project = directory.projectsIn('AU')[0];
      for (const url of [
        '/demo-directory/countries',
        '/demo-directory/countries/AU',
        `/demo-directory/projects/${project?.gid}`,
        `/demo-directory/api/projects/${project?.gid}/contacts`,
        '/demo-directory/projects/NOPE-1',
      ]) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url });
        // A timer never fires before its time (Node may round it down by under a millisecond).
        expect(performance.now() - started, url).toBeGreaterThanOrEqual(199);
        expect(response.statusCode, url).toBe(url.endsWith('NOPE-1') ? 404 : 200);
      }
    } finally {
      await app.close();
    }
  });
});

describe('demo directory source over HTTP', () => {
  // Only the directory's routes, on a real port: the crawler reads them over HTTP.
  const app: ZodApp = Fastify().withTypeProvider<ZodTypeProvider>();
  let origin = '';
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    registerDemoDirectoryRoutes(app, { delayMs: 0 });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('lists the countries of the index page', async () => {
    const source = createDemoDirectorySource(`${origin}/`);
    const countries = await source.listCountries();
    expect([...countries].sort()).toEqual(directory.countries.map((c) => c.code).sort());
    expect(countries).toContain('AU');
  });

  it('discovers every Australian project by following the next-page links', async () => {
    const source = createDemoDirectorySource(origin);
    const queue = source.discoveryRequests('AU');
    const gids: string[] = [];
    let pages = 0;
    for (let request = queue.shift(); request; request = queue.shift()) {
      const found = source.parseDiscovery(await fetchPage(request));
      pages += 1;
      gids.push(...found.gids);
      queue.push(...found.next);
    }
    expect(pages).toBe(3);
    expect(gids).toEqual(directory.projectsIn('AU').map((p) => p.gid));
  });

  it('discovers nothing for a country without projects', async () => {
    const source = createDemoDirectorySource(origin);
    const [request] = source.discoveryRequests('NZ');
    if (!request) throw new Error('no discovery request');
    expect(source.parseDiscovery(await fetchPage(request))).toEqual({ gids: [], next: [] });
  });

  it('reads a static project page completely', async () => {
    const source = createDemoDirectorySource(origin);
    const project = directory.projectsIn('CA').find((p) => !p.js_only);
    if (!project) throw new Error('no static project');
    const request = source.projectRequest(project.gid);
    const result = source.parseProject(project.gid, await fetchPage(request));
    expect(result).toEqual({ kind: 'project', project: demoProjectAsScraped(project, request.url) });
  });

  it('reads every Australian project over HTTP alone: a JavaScript-only page names the contacts its script loads', async () => {
    const source = createDemoDirectorySource(origin);
    const readWithData: string[] = [];
    for (const project of directory.projectsIn('AU')) {
      const request = source.projectRequest(project.gid);
      const page = await fetchPage(request);
      const result = source.parseProject(project.gid, page);
      if (result.kind === 'needs-browser') throw new Error(`${project.gid} asked for a browser`);
      if (result.kind === 'project') {
        expect(result.project).toEqual(demoProjectAsScraped(project, request.url));
        continue;
      }
      readWithData.push(project.gid);
      const scraped = source.parseProjectData?.(project.gid, page, await fetchPage(result.request));
      expect(scraped).toEqual(demoProjectAsScraped(project, request.url));
    }
    expect(readWithData).toEqual(
      directory
        .projectsIn('AU')
        .filter((p) => p.js_only)
        .map((p) => p.gid),
    );
  });

  it('reads a JavaScript-only page once its own script has rendered the contacts from the address it names', async () => {
    const source = createDemoDirectorySource(origin);
    const project = directory.projectsIn('AU').find((p) => p.js_only && p.contacts.length > 1);
    if (!project) throw new Error('no JavaScript-only project with several contacts');
    const request = source.projectRequest(project.gid);
    const page = await fetchPage(request);
    expect(source.parseProject(project.gid, page)).toEqual({
      kind: 'needs-data',
      request: {
        url: `${origin}/demo-directory/api/projects/${project.gid}/contacts`,
        headers: { accept: 'application/json' },
      },
    });
    const rendered = await renderWithScript(page);
    expect(source.parseProject(project.gid, rendered)).toEqual({
      kind: 'project',
      project: demoProjectAsScraped(project, request.url),
    });
  });

  it('asks for the browser when a script-rendered page names nowhere its contacts come from', async () => {
    const source = createDemoDirectorySource(origin);
    const project = directory.projectsIn('AU').find((p) => p.js_only);
    if (!project) throw new Error('no JavaScript-only project');
    const page = await fetchPage(source.projectRequest(project.gid));
    const unnamed = { ...page, body: page.body.replace(/ data-contacts-src="[^"]*"/, '') };
    expect(unnamed.body).not.toBe(page.body);
    expect(source.parseProject(project.gid, unnamed)).toEqual({ kind: 'needs-browser' });
  });

  it('refuses contact data that is not JSON, not in shape or of another project', async () => {
    const source = createDemoDirectorySource(origin);
    const [first, second] = directory.projectsIn('AU').filter((p) => p.js_only);
    if (!first || !second) throw new Error('too few JavaScript-only projects');
    const page = await fetchPage(source.projectRequest(first.gid));
    const data = (body: string) => ({ url: `${origin}/contacts`, body, contentType: 'application/json' });
    const other = await fetchPage({ url: `${origin}/demo-directory/api/projects/${second.gid}/contacts` });
    expect(() => source.parseProjectData?.(first.gid, page, data('<html>'))).toThrow('not JSON');
    expect(() => source.parseProjectData?.(first.gid, page, data('{"contacts":1}'))).toThrow('expected shape');
    expect(() => source.parseProjectData?.(first.gid, page, other)).toThrow(`not ${first.gid}`);
  });

  it('refuses pages that are not the project asked for', async () => {
    const source = createDemoDirectorySource(origin);
    const [first, second] = directory.projectsIn('US');
    if (!first || !second) throw new Error('too few projects');
    const page = await fetchPage(source.projectRequest(first.gid));
    expect(() => source.parseProject(second.gid, page)).toThrow(`not ${second.gid}`);
    const index = await fetchPage({ url: `${origin}/demo-directory/countries` });
    expect(() => source.parseProject(first.gid, index)).toThrow('not a demo directory project page');
    expect(() => source.parseDiscovery(page)).toThrow('not a demo directory list page');
    const failed = { ...page, body: page.body.replace(/data-contacts-state="\w+"/, 'data-contacts-state="failed"') };
    expect(() => source.parseProject(first.gid, failed)).toThrow('could not load its contacts');
  });
});
