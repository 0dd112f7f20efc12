import { afterAll, describe, expect, it } from 'vitest';
import { createArticleExtractor } from './article-extractor.ts';
import { extractArticle } from './extract-article.ts';

const paragraph = (n: number) =>
  `<p>Paragraph ${n}: Aurora Copper Corp. reported assay results from hole TAM-26-${n}, extending the mineralised zone, which remains open to the north and at depth.</p>`;
const page = (paragraphs: number) =>
  Buffer.from(
    `<!doctype html><html><head><title>Aurora Copper</title></head><body><nav><a href="/">Home</a></nav>` +
      `<article><h1>Aurora Copper drills at Tamarugo</h1>${Array.from({ length: paragraphs }, (_, n) => paragraph(n)).join('')}</article></body></html>`,
  );
const html = {
  contentType: 'text/html',
  url: 'https://wire.example.com/aurora',
  contentTypeHeader: 'text/html; charset=utf-8',
};

/** Pages are read on worker threads: the same result as reading them here, while this thread goes on. */
describe('the article extractor', () => {
  const extractor = createArticleExtractor({ threads: 1 });
  afterAll(() => extractor.close());

  it('reads a page on its thread exactly as extractArticle does here, and reports a page without text as it does', async () => {
    const body = page(5);
    expect(await extractor.extract({ body, ...html })).toEqual(
      await extractArticle(body, html.contentType, html.url, html.contentTypeHeader),
    );
    await expect(extractor.extract({ body: Buffer.from('<html><body></body></html>'), ...html })).rejects.toThrow(
      'no article text found on the page',
    );
  });

  it('leaves this thread free while a large page is read: its timers keep firing', async () => {
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 5);
    try {
      const extracted = await extractor.extract({ body: page(5_000), ...html });
      expect(extracted.fullContent).toContain('Paragraph 4999');
    } finally {
      clearInterval(ticker);
    }
    // Read on this thread, the page would hold it from start to end and no tick could fire meanwhile.
    expect(ticks).toBeGreaterThanOrEqual(5);
  });

  it('gives up a page that takes longer than its time, and reads the next one', async () => {
    const impatient = createArticleExtractor({ threads: 1, timeoutMs: 50 });
    try {
      await expect(impatient.extract({ body: page(5_000), ...html })).rejects.toThrow(
        'reading the page took longer than 0.05 s',
      );
      expect((await extractor.extract({ body: page(3), ...html })).fullContent).toContain('Paragraph 2');
    } finally {
      await impatient.close();
    }
  });

  it("counts a page's time from when its thread starts on it, not while it waits behind others", async () => {
    // Thirty pages of about 0.2 s each (warm) on one thread: the last waits about 6 s, twice the limit, and each
    // page alone stays far inside it even on a loaded machine. A first page warms the thread (its code's first
    // run is slower).
    const patient = createArticleExtractor({ threads: 1, timeoutMs: 3000 });
    try {
      await patient.extract({ body: page(200), ...html });
      const pages = Array.from({ length: 30 }, () => patient.extract({ body: page(2_000), ...html }));
      for (const read of await Promise.all(pages)) expect(read.fullContent).toContain('Paragraph 1999');
    } finally {
      await patient.close();
    }
  });
});
