import type { AppConfig } from '../../config.ts';
import { COMPANIES } from '../../demo/news/corpus/companies.ts';
import { createDemoSource } from '../../demo/news/demo-source.ts';
import { createMininghubSource } from './mininghub-source.ts';
import type { KnownCompany, NewsSource } from './news-source.ts';
import { createRssSource } from './rss-source.ts';

/** The configured news sources: feeds and MiningHub when set, otherwise the bundled demo corpus. */
export function createNewsSources(config: AppConfig['news']): NewsSource[] {
  const sources: NewsSource[] = config.feeds.map((url) => createRssSource(url));
  if (config.mininghubToken) {
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
