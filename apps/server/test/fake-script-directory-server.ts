import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A project directory in the demo directory's markup whose "script" pages render their contacts with an
 * inline script and name no data the HTTP crawler could read instead: only a browser gets them. The
 * scraper crawls it as a demo-kind source (`{kind: 'demo', baseUrl}`), Australia only.
 */
export interface FakeScriptDirectoryServer {
  baseUrl: string;
  /** Pages with their contacts in the HTML. */
  staticGids: string[];
  /** Pages whose contacts only a script renders. */
  scriptGids: string[];
  close(): Promise<void>;
}

export async function startFakeScriptDirectoryServer(options: {
  staticPages: number;
  scriptPages: number;
}): Promise<FakeScriptDirectoryServer> {
  const staticGids = Array.from({ length: options.staticPages }, (_, i) => `AU-S${i + 1}`);
  const scriptGids = Array.from({ length: options.scriptPages }, (_, i) => `AU-J${i + 1}`);
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const send = (status: number, html: string) =>
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    if (url.pathname === '/demo-directory/countries/AU') return send(200, listPage([...staticGids, ...scriptGids]));
    const gid = /^\/demo-directory\/projects\/([^/]+)$/.exec(url.pathname)?.[1];
    if (gid && staticGids.includes(gid)) return send(200, projectPage(gid, false));
    if (gid && scriptGids.includes(gid)) return send(200, projectPage(gid, true));
    return send(404, '<p>Not found</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    staticGids,
    scriptGids,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const contactOf = (gid: string) => ({ name: `Contact of ${gid}`, email: `${gid.toLowerCase()}@fixture.example` });

function listPage(gids: string[]): string {
  const links = gids.map((gid) => `<li><a data-project-link href="/demo-directory/projects/${gid}">${gid}</a></li>`);
  return `<!doctype html><html><body><section data-directory-list><ul>${links.join('')}</ul></section></body></html>`;
}

function projectPage(gid: string, scriptOnly: boolean): string {
  const contact = contactOf(gid);
  const contactItem =
    `<li data-contact><span data-field="contact-name">${contact.name}</span>` +
    `<a data-field="contact-email" href="mailto:${contact.email}">${contact.email}</a></li>`;
  // Built by the script from pieces, so no crawler finds the contact in the HTML as it arrives.
  const script = `(function () {
  var item = document.createElement('li');
  item.setAttribute('data-contact', '');
  var name = document.createElement('span');
  name.setAttribute('data-field', 'contact-name');
  name.textContent = ['Contact', 'of', ${JSON.stringify(gid)}].join(' ');
  item.appendChild(name);
  document.querySelector('[data-field="contacts"]').appendChild(item);
  document.querySelector('article').setAttribute('data-contacts-state', 'rendered');
})();`;
  return `<!doctype html><html><body>
<article data-gid="${gid}" data-contacts-state="${scriptOnly ? 'pending' : 'rendered'}">
<h1 data-field="name">Project ${gid}</h1>
<dl><dd data-field="commodities"><ul><li data-symbol="Cu">Copper</li></ul></dd>
<dd data-field="stage">Exploration</dd><dd data-field="country" data-code="AU">Australia</dd></dl>
<section data-field="owner"><span data-field="owner-name">Owner of ${gid} Ltd</span></section>
<ul data-field="contacts">${scriptOnly ? '' : contactItem}</ul>
</article>
${scriptOnly ? `<script>${script}</script>` : ''}</body></html>`;
}
