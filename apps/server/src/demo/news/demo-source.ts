import { loadDemoCorpus, type DemoArticle } from './demo-corpus.ts';
import type { NewsSource, SourceArticle } from '../../adapters/news-sources/news-source.ts';

const PAGE_SIZE = 25;

/**
 * The offline default: the bundled corpus of fictional press releases, newest first, in pages like a
 * real API. Its articles carry their tags, and their pages are served by the app itself under /demo-news.
 */
export function createDemoSource(): NewsSource {
  return {
    name: 'Demo Mining Wire',
    filtersServerSide: false,
    async *fetchPages(_query, { now }) {
      const corpus = loadDemoCorpus(now).sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
      const totalPages = Math.ceil(corpus.length / PAGE_SIZE);
      for (let page = 1; page <= totalPages; page++) {
        yield {
          articles: corpus.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(toSourceArticle),
          page,
          totalPages,
        };
      }
    },
  };
}

function toSourceArticle(article: DemoArticle): SourceArticle {
  return {
    sourceKey: `demo:${article.id}`,
    title: article.title,
    source: article.source,
    url: article.url,
    description: article.description,
    content: article.content,
    articleType: article.articleType,
    pdfUrl: article.pdfUrl ?? null,
    publishedAt: article.publishedAt,
    tags: {
      commodities: [...article.commodities],
      countries: [article.country],
      states: article.state ? [article.state] : [],
      typeGroup: article.typeGroup,
      type: article.type,
      company: article.company.name,
      ticker: article.company.ticker,
      project: article.project ?? null,
    },
    companyFigures: {
      marketCapMusd: article.company.marketCapMusd,
      sharesOutstandingM: article.company.sharesOutstandingM,
    },
    raw: {
      date: article.publishedAt.toISOString(),
      link: article.url,
      pdf_iframe_url: article.pdfUrl ?? null,
      demo_id: article.id,
    },
  };
}
