import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import { loadDemoDirectory } from './demo-directory.ts';
import { DEMO_DIRECTORY_READY_SELECTOR } from './demo-directory-source.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const directory = loadDemoDirectory();
const australia = directory.projectsIn('AU');
const staticProject = australia.find((p) => !p.js_only);
const scriptProject = australia.find((p) => p.js_only);

describe('demo directory routes', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('pglite');
  });
  afterAll(() => testApp.close());

  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  it('lists the countries with their project counts and links, without a session', async () => {
    const response = await get('/demo-directory/countries');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const $ = cheerio.load(response.body);
    const items = $('[data-directory-countries] [data-country]');
    expect(items.length).toBe(directory.countries.length);
    const au = $('[data-country="AU"]');
    expect(au.find('a').attr('href')).toBe('/demo-directory/countries/AU');
    expect(au.find('a').text()).toBe('Australia');
    expect(au.find('[data-project-count]').attr('data-project-count')).toBe('60');
  });

  it('pages a country 25 projects at a time, linking each project and the next page', async () => {
    const gids: string[] = [];
    let url: string | undefined = '/demo-directory/countries/AU';
    const visited: string[] = [];
    while (url) {
      visited.push(url);
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      const $ = cheerio.load(response.body);
      const links = $('a[data-project-link]');
      expect(links.length).toBeLessThanOrEqual(25);
      links.each((_i, link) => void gids.push(($(link).attr('href') ?? '').replace('/demo-directory/projects/', '')));
      url = $('a[rel="next"]').attr('href');
    }
    expect(visited).toEqual([
      '/demo-directory/countries/AU',
      '/demo-directory/countries/AU?page=2',
      '/demo-directory/countries/AU?page=3',
    ]);
    expect(gids).toEqual(australia.map((p) => p.gid));
  });

  it('answers an empty list for a real country without projects, and 404 for unknown codes and pages', async () => {
    const empty = await get('/demo-directory/countries/NZ');
    expect(empty.statusCode).toBe(200);
    const $ = cheerio.load(empty.body);
    expect($('[data-directory-list]').attr('data-country')).toBe('NZ');
    expect($('a[data-project-link]')).toHaveLength(0);
    expect($('a[rel="next"]')).toHaveLength(0);

    for (const url of [
      '/demo-directory/countries/XX',
      '/demo-directory/countries/Australia',
      '/demo-directory/countries/AU?page=4',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().detail, url).toEqual(expect.any(String));
    }
    expect((await get('/demo-directory/countries/AU?page=0')).statusCode).toBe(400);
    expect((await get('/demo-directory/countries/au')).statusCode).toBe(200);
  });

  it('serves a static project page with every detail marked up and its contacts rendered', async () => {
    if (!staticProject) throw new Error('no static Australian project');
    const response = await get(`/demo-directory/projects/${staticProject.gid}`);
    expect(response.statusCode).toBe(200);
    const $ = cheerio.load(response.body);
    expect($(DEMO_DIRECTORY_READY_SELECTOR)).toHaveLength(1);
    expect($('[data-field="name"]').text()).toBe(staticProject.name);
    expect($('[data-field="country"]').attr('data-code')).toBe('AU');
    expect($('[data-field="owner-ticker"]').text()).toBe(staticProject.owner.ticker);
    expect($('[data-contact]')).toHaveLength(staticProject.contacts.length);
    expect(response.body).toContain(staticProject.contacts[0]?.email);
    expect($('script')).toHaveLength(0);
  });

  it('ships a JavaScript-only page without its contacts, which come from the contacts API the page names', async () => {
    if (!scriptProject) throw new Error('no JavaScript-only Australian project');
    const response = await get(`/demo-directory/projects/${scriptProject.gid}`);
    expect(response.statusCode).toBe(200);
    const $ = cheerio.load(response.body);
    expect($(DEMO_DIRECTORY_READY_SELECTOR)).toHaveLength(0);
    expect($('article').attr('data-contacts-state')).toBe('pending');
    expect($('[data-contact]')).toHaveLength(0);
    for (const contact of scriptProject.contacts) {
      expect(response.body).not.toContain(contact.email);
      expect(response.body).not.toContain(contact.phone);
    }
    expect($('[data-field="contacts"]').attr('data-contacts-src')).toBe(
      `/demo-directory/api/projects/${scriptProject.gid}/contacts`,
    );
    expect($('script').text()).toContain("getAttribute('data-contacts-src')");
    // Everything inline: no external scripts, styles or images.
    expect($('script[src], link[rel="stylesheet"], img')).toHaveLength(0);

    const contacts = await get(`/demo-directory/api/projects/${scriptProject.gid}/contacts`);
    expect(contacts.statusCode).toBe(200);
    expect(contacts.json()).toEqual({ gid: scriptProject.gid, contacts: scriptProject.contacts });
  });

  it('answers 404 with a detail for an unknown project', async () => {
    for (const url of ['/demo-directory/projects/AU-9999', '/demo-directory/api/projects/nope/contacts']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: expect.stringContaining('not found'), code: 'not_found' });
    }
  });
});
