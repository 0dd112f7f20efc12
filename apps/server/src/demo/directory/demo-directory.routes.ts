import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { findCommodity, findCountry } from '@mining-hub/contract/reference-data';
import { loadDemoDirectory, type DemoContact, type DemoDirectory, type DemoProject } from './demo-directory.ts';
import { notFound } from '../../errors.ts';
import type { ZodApp } from '../../http/types.ts';
import { cspHash, escapeHtml } from '../../lib/html.ts';

/** Projects per list page of a country. */
export const DEMO_DIRECTORY_PAGE_SIZE = 25;

const codeParams = z.object({ code: z.string().max(100) });
const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).optional() });
const gidParams = z.object({ gid: z.string().max(100) });

const CSS = `
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#f5f7fa}
header.site{background:#243b53;color:#fff;padding:12px 24px;display:flex;gap:16px;align-items:baseline;flex-wrap:wrap}
header.site a{color:#fff;text-decoration:none}header.site .brand{font-weight:700}
nav.crumbs a{color:#bcccdc}main{max-width:960px;margin:24px auto;padding:0 24px}
h1{margin:0 0 8px;font-size:26px}h2{font-size:18px;margin:24px 0 8px}
table{width:100%;border-collapse:collapse;background:#fff}th,td{text-align:left;padding:8px;border-bottom:1px solid #d9e2ec}
th{background:#f0f4f8;font-size:13px;text-transform:uppercase;letter-spacing:.03em}
a{color:#1d5fa8}ul.countries{list-style:none;padding:0;columns:2}ul.countries li{padding:4px 0}
.count{color:#627d98}.pager{display:flex;gap:16px;margin:16px 0}
dl{display:grid;grid-template-columns:160px 1fr;gap:6px 16px;background:#fff;padding:16px;border-radius:6px;margin:0}
dt{color:#627d98}dd{margin:0}ul.commodities{list-style:none;margin:0;padding:0;display:flex;gap:8px;flex-wrap:wrap}
ul.commodities li{background:#e6f0ff;border-radius:10px;padding:0 8px}
ul.contact-list{list-style:none;padding:0;margin:0;display:grid;gap:8px}
li.contact{background:#fff;border-radius:6px;padding:10px 16px;display:grid;grid-template-columns:1fr 1fr;gap:2px 16px}
li.contact .name{font-weight:600}li.contact .title,li.contact .phone{color:#486581}
footer{max-width:960px;margin:32px auto;padding:0 24px;color:#829ab1;font-size:13px}
`;

/** Fetches the contacts of a JavaScript-only project page from the address its list names and renders them as the static pages do. */
const CONTACTS_SCRIPT = `(function () {
  var article = document.querySelector('article[data-gid]');
  if (!article) return;
  var list = article.querySelector('[data-field="contacts"]');
  var loading = article.querySelector('[data-contacts-loading]');
  var url = list.getAttribute('data-contacts-src');
  function part(tag, cls, field, text) {
    var element = document.createElement(tag);
    element.className = cls;
    element.setAttribute('data-field', field);
    element.textContent = text;
    return element;
  }
  function render(contacts) {
    for (var i = 0; i < contacts.length; i++) {
      var contact = contacts[i];
      var item = document.createElement('li');
      item.className = 'contact';
      item.setAttribute('data-contact', '');
      item.appendChild(part('span', 'name', 'contact-name', contact.name));
      if (contact.title) item.appendChild(part('span', 'title', 'contact-title', contact.title));
      if (contact.email) {
        var link = part('a', 'email', 'contact-email', contact.email);
        link.setAttribute('href', 'mailto:' + contact.email);
        item.appendChild(link);
      }
      if (contact.phone) item.appendChild(part('span', 'phone', 'contact-phone', contact.phone));
      list.appendChild(item);
    }
    if (loading) loading.parentNode.removeChild(loading);
    article.setAttribute('data-contacts-state', 'rendered');
  }
  var attempt = 0;
  function load() {
    attempt += 1;
    fetch(url, { headers: { accept: 'application/json' } })
      .then(function (response) {
        if (!response.ok) throw new Error('HTTP ' + response.status);
        return response.json();
      })
      .then(function (body) { render(body.contacts); })
      .catch(function () {
        if (attempt < 4) return void setTimeout(load, 200 * attempt);
        if (loading) loading.textContent = 'Contacts could not be loaded.';
        article.setAttribute('data-contacts-state', 'failed');
      });
  }
  load();
})();`;

// These pages stand in for an outside site, so they carry a policy of their own instead of the app's
// (which has no inline script or style): exactly their inline stylesheet and contacts script may run.
const PAGE_CSP = [
  "default-src 'self'",
  `script-src ${cspHash(CONTACTS_SCRIPT)}`,
  `style-src ${cspHash(CSS)}`,
  'img-src data:',
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

function layout(title: string, crumbs: { href: string; label: string }[], body: string, script = ''): string {
  const trail = crumbs.map((crumb) => ` › <a href="${escapeHtml(crumb.href)}">${escapeHtml(crumb.label)}</a>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Demo Mining Directory</title><link rel="icon" href="data:,"><style>${CSS}</style></head>
<body><header class="site"><a class="brand" href="/demo-directory/countries">Demo Mining Directory</a><nav class="crumbs" aria-label="Breadcrumb">${trail}</nav></header>
<main>
${body}
</main>
<footer><p>Demo content: fictional companies, projects and people. Websites and e-mail addresses use the reserved .example domain.</p></footer>
${script ? `<script>${script}</script>` : ''}</body></html>`;
}

const countryUrl = (code: string, page = 1) => `/demo-directory/countries/${code}${page > 1 ? `?page=${page}` : ''}`;
const projectUrl = (gid: string) => `/demo-directory/projects/${encodeURIComponent(gid)}`;
const contactsUrl = (gid: string) => `/demo-directory/api/projects/${encodeURIComponent(gid)}/contacts`;
const countryName = (code: string) => findCountry(code)?.name ?? code;
const commodityName = (symbol: string) => findCommodity(symbol)?.name ?? symbol;

function renderCountriesIndex(directory: DemoDirectory): string {
  const items = directory.countries
    .map(
      (country) =>
        `<li data-country="${escapeHtml(country.code)}"><a href="${countryUrl(country.code)}">${escapeHtml(country.name)}</a> ` +
        `<span class="count" data-project-count="${country.projectCount}">${country.projectCount} projects</span></li>`,
    )
    .join('\n');
  const body = `<h1>Mining projects by country</h1>
<p>${directory.projects.length} projects in ${directory.countries.length} countries.</p>
<ul class="countries" data-directory-countries>
${items}
</ul>`;
  return layout('Countries', [], body);
}

function renderCountryPage(code: string, projects: readonly DemoProject[], page: number, pages: number): string {
  const name = countryName(code);
  const slice = projects.slice((page - 1) * DEMO_DIRECTORY_PAGE_SIZE, page * DEMO_DIRECTORY_PAGE_SIZE);
  const rows = slice
    .map(
      (project) => `<tr data-gid="${escapeHtml(project.gid)}">
<td><a class="project-link" data-project-link href="${projectUrl(project.gid)}">${escapeHtml(project.name)}</a></td>
<td>${escapeHtml(project.commodities.join(', '))}</td><td>${escapeHtml(project.stage)}</td><td>${escapeHtml(project.region)}</td>
<td>${escapeHtml(project.owner.name)} (${escapeHtml(project.owner.exchange)}: ${escapeHtml(project.owner.ticker)})</td></tr>`,
    )
    .join('\n');
  const table =
    slice.length > 0
      ? `<table class="projects"><thead><tr><th>Project</th><th>Commodities</th><th>Stage</th><th>Region</th><th>Owner</th></tr></thead>
<tbody>
${rows}
</tbody></table>`
      : `<p class="empty">No projects are listed for ${escapeHtml(name)}.</p>`;
  const pager = [
    page > 1 ? `<a rel="prev" href="${countryUrl(code, page - 1)}">← Previous</a>` : '',
    `<span>Page ${page} of ${pages}</span>`,
    page < pages ? `<a rel="next" href="${countryUrl(code, page + 1)}">Next →</a>` : '',
  ].join(' ');
  const body = `<h1>Mining projects in ${escapeHtml(name)}</h1>
<p class="summary">${projects.length} projects</p>
<section data-directory-list data-country="${escapeHtml(code)}" data-page="${page}" data-pages="${pages}">
${table}
<nav class="pager" aria-label="Pages">${pager}</nav>
</section>`;
  return layout(
    `Projects in ${name}${page > 1 ? `, page ${page}` : ''}`,
    [{ href: countryUrl(code), label: name }],
    body,
  );
}

/** One contact, in exactly the markup the page script builds for the JavaScript-only pages. */
function renderContact(contact: DemoContact): string {
  const part = (tag: string, cls: string, field: string, text: string, extra = '') =>
    `<${tag} class="${cls}" data-field="${field}"${extra}>${escapeHtml(text)}</${tag}>`;
  return (
    `<li class="contact" data-contact="">` +
    part('span', 'name', 'contact-name', contact.name) +
    part('span', 'title', 'contact-title', contact.title) +
    part('a', 'email', 'contact-email', contact.email, ` href="mailto:${escapeHtml(contact.email)}"`) +
    part('span', 'phone', 'contact-phone', contact.phone) +
    `</li>`
  );
}

const formatMarketCap = (musd: number) =>
  `US$${musd.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} million`;

function renderProjectPage(project: DemoProject): string {
  const country = countryName(project.country);
  const owner = project.owner;
  const commodities = project.commodities
    .map(
      (symbol) =>
        `<li data-symbol="${escapeHtml(symbol)}">${escapeHtml(commodityName(symbol))} (${escapeHtml(symbol)})</li>`,
    )
    .join('');
  // JavaScript-only pages ship no contact data at all: the script fetches it after load, from the address
  // the list names (which a crawler that knows the site may fetch itself, without a browser).
  const contacts = project.js_only ? '' : project.contacts.map(renderContact).join('\n');
  const contactsSource = project.js_only ? ` data-contacts-src="${escapeHtml(contactsUrl(project.gid))}"` : '';
  const body = `<article class="project" data-gid="${escapeHtml(project.gid)}" data-contacts-state="${project.js_only ? 'pending' : 'rendered'}">
<h1 data-field="name">${escapeHtml(project.name)}</h1>
<p class="lead">${escapeHtml(project.commodities.map(commodityName).join(', '))} project in ${escapeHtml(project.region)}, ${escapeHtml(country)}</p>
<section class="facts"><h2>Project</h2>
<dl>
<dt>Commodities</dt><dd data-field="commodities"><ul class="commodities">${commodities}</ul></dd>
<dt>Stage</dt><dd data-field="stage">${escapeHtml(project.stage)}</dd>
<dt>Country</dt><dd data-field="country" data-code="${escapeHtml(project.country)}">${escapeHtml(country)}</dd>
<dt>Region</dt><dd data-field="region">${escapeHtml(project.region)}</dd>
<dt>Location</dt><dd data-field="location">${escapeHtml(project.location)}</dd>
</dl></section>
<section class="owner" data-field="owner"><h2>Owner</h2>
<dl>
<dt>Company</dt><dd data-field="owner-name">${escapeHtml(owner.name)}</dd>
<dt>Ticker</dt><dd data-field="owner-ticker">${escapeHtml(owner.ticker)}</dd>
<dt>Exchange</dt><dd data-field="owner-exchange">${escapeHtml(owner.exchange)}</dd>
<dt>Market cap</dt><dd data-field="owner-market-cap" data-musd="${owner.market_cap_musd}">${formatMarketCap(owner.market_cap_musd)}</dd>
<dt>Website</dt><dd data-field="owner-website"><a href="${escapeHtml(owner.website)}" rel="nofollow">${escapeHtml(owner.website.replace(/^https?:\/\//, ''))}</a></dd>
</dl></section>
<section class="contacts"><h2>Contacts</h2>
<ul class="contact-list" data-field="contacts"${contactsSource}>${contacts}</ul>
${project.js_only ? '<p class="loading" data-contacts-loading>Loading contacts…</p>\n<noscript><p>The contacts of this project need JavaScript.</p></noscript>' : ''}
</section>
</article>`;
  return layout(
    project.name,
    [
      { href: countryUrl(project.country), label: country },
      { href: projectUrl(project.gid), label: project.name },
    ],
    body,
    project.js_only ? CONTACTS_SCRIPT : '',
  );
}

/**
 * The demo directory's pages, served by the app itself like a public project directory: a country
 * index, paged lists per country and project pages, about 30 % of which render their contacts with
 * JavaScript. Public (outside /api/v1) and cached after the first render: crawlers hit them hard.
 * `delayMs` holds each answer back that long (DEMO_DIRECTORY_DELAY_MS), as a remote site would.
 */
export function registerDemoDirectoryRoutes(app: ZodApp, { delayMs }: { delayMs: number }): void {
  const onRequest = delayMs > 0 ? [() => sleep(delayMs)] : [];
  const directory = loadDemoDirectory();
  const cache = new Map<string, string>();
  const cached = (key: string, render: () => string) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = render();
      cache.set(key, value);
    }
    return value;
  };
  const findProject = (gid: string) => {
    const project = directory.project(gid);
    if (!project) throw notFound(`Demo project ${gid} not found`);
    return project;
  };
  const html = { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': PAGE_CSP };

  app.get('/demo-directory/countries', { schema: { hide: true }, onRequest }, async (_request, reply) =>
    reply.headers(html).send(cached('index', () => renderCountriesIndex(directory))),
  );

  app.get(
    '/demo-directory/countries/:code',
    { schema: { hide: true, params: codeParams, querystring: pageQuery }, onRequest },
    async (request, reply) => {
      const code = request.params.code.toUpperCase();
      if (!/^[A-Z]{2}$/.test(code) || findCountry(code)?.code !== code) {
        throw notFound(`Unknown country code ${request.params.code}`);
      }
      const projects = directory.projectsIn(code);
      const pages = Math.max(1, Math.ceil(projects.length / DEMO_DIRECTORY_PAGE_SIZE));
      const page = request.query.page ?? 1;
      if (page > pages) throw notFound(`${countryName(code)} has ${pages} page${pages === 1 ? '' : 's'} of projects`);
      return reply
        .headers(html)
        .send(cached(`country:${code}:${page}`, () => renderCountryPage(code, projects, page, pages)));
    },
  );

  app.get(
    '/demo-directory/projects/:gid',
    { schema: { hide: true, params: gidParams }, onRequest },
    async (request, reply) => {
      const project = findProject(request.params.gid);
      return reply.headers(html).send(cached(`project:${project.gid}`, () => renderProjectPage(project)));
    },
  );

  app.get(
    '/demo-directory/api/projects/:gid/contacts',
    { schema: { hide: true, params: gidParams }, onRequest },
    async (request, reply) => {
      const project = findProject(request.params.gid);
      const body = cached(`contacts:${project.gid}`, () =>
        JSON.stringify({ gid: project.gid, contacts: project.contacts }),
      );
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}
