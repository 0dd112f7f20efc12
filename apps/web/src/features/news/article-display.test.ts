import { describe, expect, it } from 'vitest';
import {
  alsoFrom,
  articleBody,
  articleDate,
  articlePagePath,
  articleTags,
  isSafeUrl,
  nextPipelineAction,
  sourceLink,
  statusBadge,
  titleCaseStatus,
} from './article-display.ts';
import { makeArticle } from './test/article-factory.ts';

describe('statusBadge', () => {
  it('labels and colours the statuses as SPEC.md section 4 says', () => {
    expect(statusBadge('pushed_to_hubspot')).toEqual({ label: 'HubSpot', tone: 'success' });
    expect(statusBadge('summarised')).toEqual({ label: 'Analyzed', tone: 'processing' });
    expect(statusBadge('expanded')).toEqual({ label: 'Expanded', tone: 'info' });
    expect(statusBadge('failed_expansion')).toEqual({ label: 'Failed Expansion', tone: 'error' });
    expect(statusBadge('failed_summary')).toEqual({ label: 'Failed Summary', tone: 'error' });
    expect(statusBadge('failed_push')).toEqual({ label: 'Failed Push', tone: 'error' });
    expect(statusBadge('fetched')).toEqual({ label: 'Fetched', tone: 'default' });
    expect(statusBadge('queued_for_review')).toEqual({ label: 'Queued For Review', tone: 'default' });
  });

  it('says queued, then processing, while a batch works on an article again, not how its last attempt ended', () => {
    expect(statusBadge('failed_push', 'HubSpot', 'queued')).toEqual({ label: 'Queued', tone: 'default' });
    expect(statusBadge('failed_push', 'HubSpot', 'processing')).toEqual({ label: 'Processing', tone: 'processing' });
    expect(statusBadge('failed_push', 'HubSpot', null)).toEqual({ label: 'Failed Push', tone: 'error' });
  });

  it('title-cases with underscores replaced', () => {
    expect(titleCaseStatus('waiting__on_crm_')).toBe('Waiting On Crm');
  });
});

describe('articleDate', () => {
  it('prefers raw_json.date as a short US date, a bare date being that local day', () => {
    expect(articleDate({ raw_json: { date: '2025-01-05' }, fetched_at: '2025-03-10T15:00:00.000Z' })).toBe('1/5/2025');
  });

  it('falls back to fetched_at when raw_json has no readable date', () => {
    const fetched = '2025-03-10T15:00:00.000Z';
    const expected = new Date(fetched).toLocaleDateString('en-US');
    expect(articleDate({ raw_json: {}, fetched_at: fetched })).toBe(expected);
    expect(articleDate({ raw_json: { date: null }, fetched_at: fetched })).toBe(expected);
    expect(articleDate({ raw_json: { date: 'not a date' }, fetched_at: fetched })).toBe(expected);
  });
});

describe('articleBody', () => {
  it('frames a PDF, from the article or its raw source data, with the text its expansion read', () => {
    expect(articleBody(makeArticle({ pdf_iframe_url: '/api/v1/demo-pdf/7.pdf', full_content: ' text\n' }))).toEqual({
      kind: 'pdf',
      url: '/api/v1/demo-pdf/7.pdf',
      text: 'text',
    });
    expect(articleBody(makeArticle({ raw_json: { pdf_iframe_url: 'https://files.example/a.pdf' } }))).toEqual({
      kind: 'pdf',
      url: 'https://files.example/a.pdf',
      text: null,
    });
  });

  it('never frames a script URL', () => {
    expect(articleBody(makeArticle({ pdf_iframe_url: 'javascript:alert(1)' })).kind).toBe('none');
  });

  it('renders text with < as HTML and other text as text, fullest field first', () => {
    expect(articleBody(makeArticle({ full_content: '<p>Full</p>', content: 'short' }))).toEqual({
      kind: 'html',
      html: '<p>Full</p>',
    });
    expect(articleBody(makeArticle({ content: 'Plain body', excerpt: 'excerpt' }))).toEqual({
      kind: 'text',
      text: 'Plain body',
    });
    expect(articleBody(makeArticle({ excerpt: 'Only an excerpt' }))).toEqual({ kind: 'text', text: 'Only an excerpt' });
  });

  it('has no content when no text field has any', () => {
    expect(articleBody(makeArticle({ content: '   ' }))).toEqual({ kind: 'none' });
  });
});

describe('sourceLink', () => {
  it('uses the article URL, then the source link, then the product’s own article page', () => {
    expect(sourceLink(makeArticle({ url: 'https://news.example/a' }))).toEqual({
      href: 'https://news.example/a',
      external: true,
    });
    expect(sourceLink(makeArticle({ raw_json: { link: 'https://wire.example/b' } }))).toEqual({
      href: 'https://wire.example/b',
      external: true,
    });
    expect(sourceLink(makeArticle({ url: 'javascript:alert(1)' }))).toEqual({
      href: '/news-signals?article=42',
      external: false,
    });
    expect(articlePagePath(7)).toBe('/news-signals?article=7');
  });

  it('accepts only http(s) and same-origin paths', () => {
    expect(isSafeUrl('https://x.example')).toBe(true);
    expect(isSafeUrl('/files/a.pdf')).toBe(true);
    expect(isSafeUrl('//evil.example/a')).toBe(false);
    expect(isSafeUrl('data:text/html,hi')).toBe(false);
    expect(isSafeUrl(null)).toBe(false);
  });
});

describe('alsoFrom', () => {
  it("names the story's other copies with their links, the app's page where a copy has none", () => {
    const article = makeArticle({
      article_id: 7,
      story: {
        id: 3,
        primary_article_id: 7,
        sources: [
          { article_id: 7, name: 'Taiga Gold Corp.', url: 'https://taiga.example/n/14', published_at: null },
          { article_id: 8, name: 'Newsfile', url: 'https://newsfile.example/228871', published_at: null },
          { article_id: 9, name: 'GlobeNewswire', url: 'javascript:alert(1)', published_at: null },
        ],
      },
    });
    expect(alsoFrom(article)).toEqual([
      { name: 'Newsfile', href: 'https://newsfile.example/228871', external: true },
      { name: 'GlobeNewswire', href: '/news-signals?article=9', external: false },
    ]);
  });

  it('is empty for a release with one copy, or none grouped yet', () => {
    expect(alsoFrom(makeArticle({ story: null }))).toEqual([]);
    const single = {
      id: 1,
      primary_article_id: 42,
      sources: [{ article_id: 42, name: 'W', url: null, published_at: null }],
    };
    expect(alsoFrom(makeArticle({ story: single }))).toEqual([]);
  });
});

describe('nextPipelineAction', () => {
  it('offers Expand when fetched, Summarize when expanded, Push when summarised, nothing once in the CRM', () => {
    expect(nextPipelineAction('fetched')).toBe('expand');
    expect(nextPipelineAction('expanded')).toBe('summarize');
    expect(nextPipelineAction('summarised')).toBe('push');
    expect(nextPipelineAction('pushed_to_hubspot')).toBeNull();
    expect(nextPipelineAction('something_new')).toBeNull();
  });

  it('offers a failed step again', () => {
    expect(nextPipelineAction('failed_expansion')).toBe('expand');
    expect(nextPipelineAction('failed_summary')).toBe('summarize');
    expect(nextPipelineAction('failed_push')).toBe('push');
  });
});

describe('articleTags', () => {
  it('names commodities, states and countries, keeping unknown codes', () => {
    expect(articleTags({ commodities: ['Au', 'Xx'], states: ['ON'], countries: ['CA'] })).toEqual([
      'Gold',
      'Xx',
      'Ontario',
      'Canada',
    ]);
  });
});
