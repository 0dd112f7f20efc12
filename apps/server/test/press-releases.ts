import { feedRoutes, rssXml, startFakeServer } from './fake-news-servers.ts';

/** Press-release pages as newswires serve them, for the article pipeline's tests. */

const PEOPLE = [
  'Jane Doe',
  'Mark Liu',
  'Ana Souza',
  'Tom Becker',
  'Ruth Okafor',
  'Ian Grant',
  'Lea Moreau',
  'Sam Patel',
  'Kate Olsen',
  'Omar Haddad',
  'Nina Kowalski',
  'Paul Reyes',
  'Eva Lindqvist',
  'Raj Mehta',
];

/** A press release page like a newswire's, with a drilling plan and a contact block. */
export function pressRelease(n: number): string {
  const [first, last] = (PEOPLE[n - 1] ?? 'Jo Smith').split(' ');
  return `<!doctype html><html><head><title>Release ${n}</title></head><body><nav>Home | Markets</nav><main><article>
<h1>Company ${n} Resources plans 12,000-metre drill program at Red Lake</h1>
<p>Toronto, Ontario - Company ${n} Resources Inc. (TSXV: C${n}) is pleased to announce a fully funded 12,000-metre diamond drilling program at its Red Lake Gold Project in Ontario, starting in Q2 2026.</p>
<p>The program will test extensions of the high-grade zone, where previous drilling returned 12.5 m grading 8.1 g/t Au. The company recently closed a C$8 million private placement to fund the work.</p>
<p>"We are excited to return to Red Lake with two rigs," said the CEO.</p>
<p>For further information, please contact:</p>
<p>${first} ${last}<br>President &amp; CEO<br>${first?.toLowerCase()}.${last?.toLowerCase()}@company${n}.com<br>+1 416 555 01${String(n).padStart(2, '0')}</p>
</article></main><footer>Copyright</footer></body></html>`;
}

/**
 * A newswire on loopback: `/news/{n}` serves press release n (1…count) and `/feed.xml` lists them, titled
 * 'Release n'. Its origin is the one the expand step must trust (`pipeline.appOrigin`).
 */
export async function startPressWire(count: number) {
  let feed = '';
  const routes: Parameters<typeof startFakeServer>[0] = {
    '/feed.xml': (req, res) => feedRoutes.ok(feed)(req, res),
  };
  for (let n = 1; n <= count; n++) {
    routes[`/news/${n}`] = (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pressRelease(n));
  }
  const server = await startFakeServer(routes);
  const items = Array.from({ length: count }, (_, i) => ({
    guid: `release-${i + 1}`,
    title: `Release ${i + 1}`,
    link: `${server.url}/news/${i + 1}`,
    description: `Release ${i + 1} summary`,
    published: new Date(),
  }));
  feed = rssXml('Wire', items);
  return { server, feedUrl: `${server.url}/feed.xml` };
}
