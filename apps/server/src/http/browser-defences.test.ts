import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as cheerio from 'cheerio';
import type { LightMyRequestResponse } from 'fastify';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoCorpus } from '../demo/news/demo-corpus.ts';
import { loadDemoDirectory } from '../demo/directory/demo-directory.ts';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../test/test-app.ts';

const APP_CSP =
  "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self';img-src 'self' data: http: https:;" +
  "media-src 'self' https:;frame-src 'self' https:;font-src 'self' data:;connect-src 'self';object-src 'none';" +
  "base-uri 'self';form-action 'self';frame-ancestors 'none'";

const FRAME_CSP =
  "sandbox allow-scripts; default-src * data: blob: 'unsafe-inline' 'unsafe-eval'; frame-ancestors 'self'";

// Swagger UI inserts <style> elements; its pages alone allow inline styles.
const DOCS_CSP = APP_CSP.replace("style-src 'self';", "style-src 'self' 'unsafe-inline';");

function expectAppDefences(response: LightMyRequestResponse, what: string, csp = APP_CSP): void {
  expect(response.headers['content-security-policy'], what).toBe(csp);
  expect(response.headers['x-frame-options'], what).toBe('DENY');
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['referrer-policy'], what).toBe('same-origin');
}

describe('browser defences', () => {
  let t: TestApp;
  let webDir: string;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'mh-test-web-'));
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Mining Sales Hub</title>');
    t = await createTestApp('pglite', { webDistDir: webDir });
    alice = (await signIn(t)).cookie;
    bob = (await signIn(t)).cookie;
  });
  afterAll(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const addWidget = async (cookie: string, widget: { type: string; content: string }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pinboard/widgets',
      headers: { origin: APP_ORIGIN, cookie },
      payload: { title: 'Widget', ...widget },
    });
    expect(response.statusCode).toBe(201);
    return response.json().data.id as number;
  };

  it('guards the app page with the CSP and framing, sniffing and referrer rules', async () => {
    const response = await get('/dashboard');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expectAppDefences(response, 'GET /dashboard');
  });

  it('adds no-store to every /api answer: success, 400, 401, 403 and 404', async () => {
    const answers = {
      200: await get('/api/v1/auth/me', alice),
      400: await t.app.inject({
        method: 'POST',
        url: '/api/v1/pinboard/widgets',
        headers: { origin: APP_ORIGIN, cookie: alice },
        payload: { title: 'x', type: 'image', content: 'javascript:alert(1)' },
      }),
      401: await get('/api/v1/auth/me'),
      403: await t.app.inject({
        method: 'POST',
        url: '/api/v1/pinboard/widgets',
        headers: { origin: 'https://evil.example', cookie: alice },
        payload: {},
      }),
      404: await get('/api/v1/no-such-thing', alice),
      '404 (upper case)': await get('/API/v1/auth/me', alice),
      '404 (/api itself)': await get('/api', alice),
      '404 (/API)': await get('/API', alice),
    };
    for (const [status, response] of Object.entries(answers)) {
      expect(response.statusCode, status).toBe(Number.parseInt(status));
      expect(response.headers['content-type'], status).toMatch(/^application\/json/);
      expectAppDefences(response, status);
      expect(response.headers['cache-control'], status).toBe('no-store');
    }
    const outsideApi = await get('/api-docs-lookalike', alice);
    expect(outsideApi.headers['cache-control']).not.toBe('no-store');
  });

  it('keeps the OpenAPI documentation under the same policy, inline styles aside', async () => {
    for (const url of ['/api/docs/', '/api/docs/json', '/api/docs/static/swagger-ui-bundle.js']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expectAppDefences(response, url, DOCS_CSP);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it("serves a custom widget's HTML only to its owner, as a sandboxed document of its own", async () => {
    const html = '<p id="out">hello</p><script>document.getElementById("out").textContent = "ran";</script>';
    const id = await addWidget(alice, { type: 'custom', content: html });
    const response = await get(`/api/v1/pinboard/widgets/${id}/frame`, alice);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(html);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(FRAME_CSP);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');

    const iframeWidget = await addWidget(alice, { type: 'iframe', content: 'https://example.com' });
    const refused = {
      "another user's widget": await get(`/api/v1/pinboard/widgets/${id}/frame`, bob),
      'a widget that is not custom HTML': await get(`/api/v1/pinboard/widgets/${iframeWidget}/frame`, alice),
      'an unknown widget': await get(`/api/v1/pinboard/widgets/${id + 1000}/frame`, alice),
    };
    for (const [what, answer] of Object.entries(refused)) {
      expect(answer.statusCode, what).toBe(404);
      expect(answer.body, what).not.toContain('hello');
      expectAppDefences(answer, what);
    }
    const anonymous = await get(`/api/v1/pinboard/widgets/${id}/frame`);
    expect(anonymous.statusCode).toBe(401);
    expectAppDefences(anonymous, 'anonymous');
  });

  it('lets the demo sites (stand-ins for outside sites) run exactly their own inline code, and frames demo PDFs', async () => {
    const jsOnly = loadDemoDirectory()
      .projectsIn('AU')
      .find((project) => project.js_only);
    const page = await get(`/demo-directory/projects/${jsOnly?.gid}`);
    expect(page.statusCode).toBe(200);
    const $ = cheerio.load(page.body);
    const hash = (inline: string) => `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    const csp = page.headers['content-security-policy'];
    expect(csp).toContain(`script-src ${hash($('script').text())}`);
    expect(csp).toContain(`style-src ${hash($('style').text())}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');

    const pdfUrl = loadDemoCorpus(new Date()).find((article) => article.pdfUrl)?.pdfUrl;
    const pdf = await get(pdfUrl ?? '');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(pdf.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
  });
});
