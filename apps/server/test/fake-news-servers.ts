import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FeedItem {
  guid: string;
  title: string;
  link: string;
  description: string;
  published: Date;
}

/** An RSS 2.0 document for the given items. */
export function rssXml(title: string, items: FeedItem[]): string {
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const entries = items
    .map(
      (
        item,
      ) => `<item><guid>${escape(item.guid)}</guid><title>${escape(item.title)}</title><link>${escape(item.link)}</link>
<description>${escape(item.description)}</description><pubDate>${item.published.toUTCString()}</pubDate></item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${escape(title)}</title>
<link>https://example.com</link><description>test feed</description>${entries}</channel></rss>`;
}

export type Route = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/** A local HTTP server with per-path behaviour, standing in for feed hosts and news APIs. */
export async function startFakeServer(
  routes: Record<string, Route>,
): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    const path = (request.url ?? '').split('?')[0] ?? '';
    const route = routes[path];
    if (!route) {
      response.writeHead(404).end('not found');
      return;
    }
    route(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Behaviours of a misbehaving feed host. */
export const feedRoutes = {
  ok:
    (xml: string): Route =>
    (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(xml),
  status:
    (code: number): Route =>
    (_req, res) =>
      res.writeHead(code, { 'content-type': 'text/plain' }).end('oops'),
  malformed: (): Route => (_req, res) =>
    res.writeHead(200, { 'content-type': 'application/rss+xml' }).end('<rss><channel><item><title>broken'),
  /** Never answers: the client's timeout has to end it. */
  hang: (): Route => () => undefined,
  /** Answers `xml` once `released` resolves. */
  held:
    (xml: string, released: Promise<void>): Route =>
    (_req, res) =>
      void released.then(() => res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(xml)),
  /** Streams `megabytes` of XML-ish filler without a content-length. */
  huge:
    (megabytes: number): Route =>
    (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < megabytes) {
          sent += 1;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => (sent = megabytes));
      pump();
    },
};

/** One article as the fake MiningHub news API holds it (the fields the adapter reads). */
export interface FakeMininghubArticle {
  id: number;
  title: string;
  date: string;
  company: { name: string; ticker: string; market_cap?: number; shares_outstanding?: number };
  commodities?: string[];
  country?: string;
}

/**
 * `GET /news` of a fake MiningHub API that filters like the real one is documented to: `marketcap[min|max]`
 * and `outstandingshares[min|max]` in millions (a company without the figure is out when its range is asked
 * for), paged by `page` and `per_page`. Requires `Authorization: Bearer {token}`. With `ignoreRanges` it
 * answers every article, as an API without those filters would.
 */
export function mininghubNewsRoute(
  token: string,
  articles: readonly FakeMininghubArticle[],
  options: { ignoreRanges?: boolean } = {},
): Route {
  return (req, res) => {
    if (req.headers.authorization !== `Bearer ${token}`) return void res.writeHead(401).end();
    const params = new URL(req.url ?? '', 'http://x').searchParams;
    const within = (value: number | undefined, name: string) => {
      const min = params.get(`${name}[min]`);
      const max = params.get(`${name}[max]`);
      if (options.ignoreRanges || (min === null && max === null)) return true;
      return value !== undefined && value >= Number(min ?? 0) && (max === null || value <= Number(max));
    };
    const matching = articles.filter(
      (article) =>
        within(article.company.market_cap, 'marketcap') &&
        within(article.company.shares_outstanding, 'outstandingshares'),
    );
    const perPage = Number(params.get('per_page') ?? 50);
    const page = Number(params.get('page') ?? 1);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        data: matching.slice((page - 1) * perPage, page * perPage),
        meta: {
          current_page: page,
          last_page: Math.max(1, Math.ceil(matching.length / perPage)),
          total: matching.length,
        },
      }),
    );
  };
}
