import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

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

export interface FakeServerOptions {
  /**
   * What the server does with a connection the client keeps alive. 'keep' (Node's default) serves every
   * request on it. 'reset' and 'close' serve one request per connection and then, without saying so (no
   * `Connection: close`, a Keep-Alive header that promises 5 s), drop the connection when the client sends
   * its next request on it: with a TCP reset (ECONNRESET at the client), or closed unanswered (undici's
   * 'other side closed'). From the client, that is a server that closed an idle connection just as the
   * client reused it, the classic failure of kept-alive requests.
   */
  keptAlive?: 'keep' | 'reset' | 'close';
}

/** A local HTTP server with per-path behaviour, standing in for feed hosts and news APIs. */
export async function startFakeServer(
  routes: Record<string, Route>,
  options: FakeServerOptions = {},
): Promise<{
  url: string;
  /** Every request answered (not those dropped), in order. */
  requests: string[];
  /** Requests on a reused connection that the server dropped (`keptAlive` 'reset' or 'close'). */
  dropped(): number;
  close(): Promise<void>;
}> {
  const requests: string[] = [];
  const served = new WeakSet<Socket>();
  let dropped = 0;
  const server = http.createServer((request, response) => {
    if (options.keptAlive === 'reset' || options.keptAlive === 'close') {
      if (served.has(request.socket)) {
        dropped += 1;
        if (options.keptAlive === 'reset') request.socket.resetAndDestroy();
        else request.socket.destroy();
        return;
      }
      served.add(request.socket);
    }
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
    dropped: () => dropped,
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
    (code: number, headers: Record<string, string> = {}): Route =>
    (_req, res) =>
      res.writeHead(code, { 'content-type': 'text/plain', ...headers }).end('oops'),
  /** The nth request gets the nth route; the last one answers every request after. */
  sequence: (...routes: [Route, ...Route[]]): Route => {
    let served = 0;
    return (req, res) => {
      const route = routes[Math.min(served, routes.length - 1)] ?? routes[0];
      served += 1;
      route(req, res);
    };
  },
  /** Answers `xml` after `delayMs` (nothing if the client has gone by then). */
  delayed:
    (xml: string, delayMs: number): Route =>
    (_req, res) =>
      void setTimeout(() => {
        if (!res.destroyed) res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(xml);
      }, delayMs),
  /**
   * Promises all of `xml` (Content-Length), sends the first half, and resets the connection: the client has
   * the headers and part of the body when the connection goes.
   */
  resetMidBody:
    (xml: string): Route =>
    (_req, res) => {
      const body = Buffer.from(xml);
      res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-length': String(body.length) });
      // A moment for the client to read what came, so the reset does not overtake it.
      res.write(body.subarray(0, body.length >> 1), () => setTimeout(() => res.socket?.resetAndDestroy(), 50));
    },
  /** Closes the connection without an answer, every time. */
  dropConnection: (): Route => (req) => void req.socket.destroy(),
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
