import { loadDemoCorpus, type DemoArticle } from './demo-corpus.ts';

/*
 * The starter evaluation set: demo releases whose drilling facts and contacts the corpus knows, written as
 * JSON Lines (title, text, source, source_url, expected). The product ships the result as
 * modules/evaluation/starter-set.jsonl and seeds it on first start; rebuild it after the corpus changes:
 *   node apps/server/src/demo/news/starter-evaluation-set.ts > apps/server/src/modules/evaluation/starter-set.jsonl
 */

/** Fixed, so the file only changes when the corpus does. */
const CORPUS_DATE = new Date('2026-01-15T12:00:00Z');
const PER_KIND = 20;

/** The expected fields of the default schema that the demo corpus knows for certain. */
export function expectedOf(article: DemoArticle): Record<string, unknown> {
  const { facts } = article;
  return {
    drilling_planned: facts.drillingPlanned ? 'Yes' : 'No',
    drilling_length_meters:
      facts.drillingPlanned && facts.drillingMeters ? `${facts.drillingMeters.toLocaleString('en-US')} m` : '',
    drilling_timeline: facts.drillingPlanned ? (facts.drillingTimeline ?? '') : '',
    contact_details: article.contacts.map(({ first_name, last_name, email }) => ({ first_name, last_name, email })),
  };
}

/** JSONL lines of the starter set: 20 releases planning drilling and 20 that do not, spread over the corpus. */
export function starterSetLines(): string[] {
  const corpus = loadDemoCorpus(CORPUS_DATE).filter((article) => article.articleType === 'news');
  const pick = (articles: DemoArticle[]) =>
    Array.from({ length: PER_KIND }, (_, i) => articles[Math.floor((i * articles.length) / PER_KIND)]).filter(
      (article): article is DemoArticle => article !== undefined,
    );
  const drilling = pick(corpus.filter((article) => article.facts.drillingPlanned));
  const other = pick(corpus.filter((article) => !article.facts.drillingPlanned));
  return [...drilling, ...other]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((article) =>
      JSON.stringify({
        title: article.title,
        text: article.content,
        source: article.source,
        source_url: article.url,
        expected: expectedOf(article),
      }),
    );
}

if (import.meta.main) process.stdout.write(`${starterSetLines().join('\n')}\n`);
