import type { Article } from '@mining-hub/contract/news';

/** An article as the API sends it, with test-chosen changes. */
export function makeArticle(changes: Partial<Article> = {}): Article {
  return {
    article_id: 42,
    title: 'Aurora Ridge drills 12.4 g/t Au over 8 metres',
    source: 'Demo Mining Wire',
    url: null,
    description: 'Step-out hole extends the main zone.',
    excerpt: null,
    content: null,
    text: null,
    expanded_description: null,
    full_content: null,
    status: 'fetched',
    failure_reason: null,
    article_type: 'news',
    pdf_iframe_url: null,
    fetched_at: '2025-03-10T15:00:00.000Z',
    published_at: null,
    raw_json: {},
    commodities: ['Au'],
    countries: ['CA'],
    states: ['ON'],
    type_group: 'drilling',
    type: 'drill-results',
    company: 'Aurora Ridge Gold',
    ticker: 'TSXV:ARG',
    project: 'Aurora',
    analysis: null,
    analysis_prompt_id: null,
    analysis_prompt_version: null,
    crm_company_id: null,
    ...changes,
  };
}
