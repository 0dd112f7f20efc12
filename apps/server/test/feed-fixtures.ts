import iconv from 'iconv-lite';
import type { Route } from './fake-news-servers.ts';

// Feeds and article pages in the shapes real publishers send: legacy encodings declared in one place
// only, byte order marks, wrong content types, and the XML quirks feed readers have to forgive.

/** Names that break when a legacy encoding is read as UTF-8 (or the other way round). */
export const NAMES = {
  quebec: 'Société Minière du Québec drills 14 m of 6.1 g/t Au near Val-d’Or',
  // ISO-8859-1 has no curly apostrophe.
  ivoryLatin1: "Côte d'Ivoire: Société Minière de l'Ouest raises gold output",
  ivory: 'Côte d’Ivoire: Société Minière de l’Ouest raises gold output',
  zijin: '紫金矿业 acquires a stake in a copper project in Serbia',
  sumitomo: '住友金属鉱山 raises nickel output at its Pomalaa project',
};

/** The bytes of `text` in `encoding` (iconv-lite names: windows-1252, latin1, gbk, shift_jis, utf8). */
export const encode = (text: string, encoding: string): Uint8Array =>
  encoding === 'utf8' ? new TextEncoder().encode(text) : new Uint8Array(iconv.encode(text, encoding));

export const withUtf8Bom = (bytes: Uint8Array): Uint8Array => new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);

/** Answers 200 with these bytes and this Content-Type header (none at all when null). */
export const serveBytes =
  (bytes: Uint8Array, contentType: string | null): Route =>
  (_request, response) => {
    response.writeHead(200, contentType === null ? {} : { 'content-type': contentType }).end(bytes);
  };

export interface FixtureItem {
  title: string;
  link?: string;
  guid?: string;
  date?: string;
  description?: string;
}

/** A WordPress-style RSS 2.0 feed; `declaration` is the whole XML declaration ('' for none). */
export function wordpressRss(
  items: FixtureItem[],
  { declaration = '<?xml version="1.0" encoding="UTF-8"?>', title = 'Mining Wire' } = {},
): string {
  const entries = items
    .map(
      (item) => `
	<item>
		<title>${item.title}</title>
		${item.link === undefined ? '' : `<link>${item.link}</link>`}
		<dc:creator><![CDATA[Newsroom]]></dc:creator>
		${item.date === undefined ? '' : `<pubDate>${item.date}</pubDate>`}
		<category><![CDATA[Gold]]></category>
		${item.guid === undefined ? '' : `<guid isPermaLink="false">${item.guid}</guid>`}
		<description><![CDATA[${item.description ?? '<p>Drilling results.</p>'}]]></description>
	</item>`,
    )
    .join('');
  return `${declaration}
<rss version="2.0"
	xmlns:content="http://purl.org/rss/1.0/modules/content/"
	xmlns:dc="http://purl.org/dc/elements/1.1/"
	xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
	<title>${title}</title>
	<atom:link href="https://wire.example/feed/" rel="self" type="application/rss+xml" />
	<link>https://wire.example</link>
	<description>Mining news</description>
	<lastBuildDate>Tue, 03 Jun 2025 09:39:21 +0000</lastBuildDate>
	<language>en-US</language>${entries}
</channel>
</rss>
`;
}

/** An article page; `head` carries whatever charset declaration the test wants. */
export function articlePage(head: string, headline: string): string {
  const paragraph = `${headline}. The company reported assays from its flagship project, where drilling continues on a
    second target. The results extend the known mineralisation along strike and at depth, and the company expects
    to publish a resource update later in the year once the remaining holes are logged and assayed.`;
  return `<!DOCTYPE html>
<html lang="fr">
<head>
${head}
<title>${headline}</title>
</head>
<body>
<header><nav><a href="/">Accueil</a></nav></header>
<main><article>
<h1>${headline}</h1>
<p>${paragraph}</p>
<p>${paragraph}</p>
<p>${paragraph}</p>
</article></main>
<footer>Copyright Mining Wire</footer>
</body>
</html>
`;
}
