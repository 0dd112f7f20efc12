import type { AppConfig } from '../../config.ts';
import { COMPANIES } from '../../demo/news/corpus/companies.ts';
import { createDemoSource } from '../../demo/news/demo-source.ts';
import type { KnownCompany, NewsSource } from './news-source.ts';

/** The configured news sources: feeds and MiningHub when set, otherwise the bundled demo corpus. */
export async function createNewsSources(config: AppConfig['news']): Promise<NewsSource[]> {
  const sources: NewsSource[] = [];
  // The feed reader (cheerio, a feed parser, an XML validator) is loaded only when feeds are configured.
  if (config.feeds.length > 0) {
    const { createRssSource } = await import('./rss-source.ts');
    sources.push(...config.feeds.map((url) => createRssSource(url)));
  }
  if (config.mininghubToken) {
    const { createMininghubSource } = await import('./mininghub-source.ts');
    sources.push(createMininghubSource({ token: config.mininghubToken, baseUrl: config.mininghubBaseUrl }));
  }
  return sources.length > 0 ? sources : [createDemoSource()];
}

/** The demo corpus's companies with their market cap and share count, known whichever sources are on. */
export function demoKnownCompanies(): KnownCompany[] {
  return COMPANIES.map((company) => ({
    name: company.name,
    ticker: company.ticker,
    exchange: company.exchange,
    marketCapMusd: company.marketCapMusd,
    sharesOutstandingM: company.sharesOutstandingM,
  }));
}
