import { z } from 'zod';
import { loadDemoCorpus, type DemoArticle } from './demo-corpus.ts';
import { notFound } from '../../errors.ts';
import type { ZodApp } from '../../http/types.ts';
import { escapeHtml } from '../../lib/html.ts';
import { sanitizeArticleHtml } from '../../lib/article-html.ts';
import { renderArticlePdf } from './article-pdf.ts';

const idParams = z.object({ id: z.string().regex(/^[a-z0-9-]{1,40}$/) });
const pdfParams = z.object({ file: z.string().regex(/^[a-z0-9-]{1,40}\.pdf$/) });

/** The demo corpus's article pages and PDFs, served by the app itself like a newswire's site. */
export function registerDemoNewsRoutes(app: ZodApp): void {
  // The corpus text does not depend on the date, so one load serves every page; it is built on the first
  // request, not at every server start.
  let byId: Map<string, DemoArticle> | undefined;
  const pdfCache = new Map<string, Uint8Array>();
  const find = (id: string) => {
    byId ??= new Map(loadDemoCorpus(new Date()).map((article) => [article.id, article]));
    const article = byId.get(id);
    if (!article) throw notFound(`Demo article ${id} not found`);
    return article;
  };

  app.get('/demo-news/articles/:id', { schema: { hide: true, params: idParams } }, async (request, reply) => {
    const article = find(request.params.id);
    const body = article.content.includes('<')
      ? (sanitizeArticleHtml(article.content) ?? '')
      : article.content
          .split(/\n{2,}/)
          .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
          .join('\n');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(article.title)}</title></head>
<body><header><nav><a href="/">${escapeHtml(article.source)}</a> | Markets | Mining | Subscribe</nav></header>
<main><article><h1>${escapeHtml(article.title)}</h1>
<p class="byline">${escapeHtml(article.company.name)} (${escapeHtml(article.company.exchange)}: ${escapeHtml(article.company.ticker)})</p>
${body}</article></main>
<footer><p>© ${escapeHtml(article.source)}. Demo content: fictional companies and events.</p></footer></body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });

  app.get('/demo-news/pdf/:file', { schema: { hide: true, params: pdfParams } }, async (request, reply) => {
    const id = request.params.file.replace(/\.pdf$/, '');
    const article = find(id);
    let pdf = pdfCache.get(id);
    if (!pdf) {
      pdf = await renderArticlePdf(article);
      pdfCache.set(id, pdf);
    }
    // The article view frames these PDFs; the app's own policy lets no page frame it.
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${id}.pdf"`)
      .header('content-security-policy', "frame-ancestors 'self'")
      .header('x-frame-options', 'SAMEORIGIN')
      .send(Buffer.from(pdf));
  });
}
