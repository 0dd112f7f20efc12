import { describe, it, expect } from 'vitest';
import {
  ARTICLE_TYPE_GROUPS,
  ARTICLE_TYPE_VALUES,
  articleTypeGroupOf,
  findCommodity,
  findCountry,
  findState,
} from '@mining-hub/contract/reference-data';
import { loadDemoCorpus, resolveDates } from './demo-corpus.ts';

const NOW = new Date('2026-03-15T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const corpus = loadDemoCorpus(NOW);

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"');

describe('demo corpus', () => {
  it('has at least 300 articles with unique ids, titles and urls', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(300);
    expect(new Set(corpus.map((a) => a.id)).size).toBe(corpus.length);
    expect(new Set(corpus.map((a) => a.title)).size).toBe(corpus.length);
    for (const a of corpus) {
      expect(a.id).toMatch(/^demo-\d{4}$/);
      expect(a.url).toBe(`/demo-news/articles/${a.id}`);
    }
  });

  it('spreads dates over the year before now, with some today and more this week', () => {
    const ages = corpus.map((a) => NOW.getTime() - a.publishedAt.getTime());
    expect(Math.min(...ages)).toBeGreaterThan(0);
    expect(Math.max(...ages)).toBeLessThanOrEqual(365 * DAY);
    expect(ages.filter((ms) => ms <= DAY).length).toBeGreaterThanOrEqual(8);
    expect(ages.filter((ms) => ms <= 7 * DAY).length).toBeGreaterThanOrEqual(25);
    expect(ages.filter((ms) => ms <= 30 * DAY).length).toBeGreaterThan(ages.filter((ms) => ms <= 7 * DAY).length);
    // Every quarter of the year has articles.
    for (let q = 0; q < 4; q++) {
      expect(ages.some((ms) => ms > q * 91 * DAY && ms <= (q + 1) * 91 * DAY)).toBe(true);
    }
  });

  it('dates relative to whatever now it is loaded at, timelines included', () => {
    const later = new Date('2027-08-01T09:30:00Z');
    const moved = loadDemoCorpus(later);
    const shift = later.getTime() - NOW.getTime();
    const byId = new Map(corpus.map((a) => [a.id, a]));
    for (const a of moved) expect(a.publishedAt.getTime() - (byId.get(a.id)?.publishedAt.getTime() ?? 0)).toBe(shift);
    expect(moved.filter((a) => later.getTime() - a.publishedAt.getTime() <= DAY).length).toBeGreaterThanOrEqual(8);
    for (const a of [...corpus, ...moved]) {
      expect(`${a.title}${a.description}${a.content}`).not.toMatch(/\{\{/);
    }
  });

  it('is deterministic: two loads at the same now are deep-equal', () => {
    expect(loadDemoCorpus(NOW)).toEqual(corpus);
  });

  it('covers every type group and most types, with each type in its own group', () => {
    const groups = new Set(corpus.map((a) => a.typeGroup));
    for (const g of ARTICLE_TYPE_GROUPS) expect(groups.has(g.group)).toBe(true);
    for (const a of corpus) {
      expect(ARTICLE_TYPE_VALUES).toContain(a.type);
      expect(articleTypeGroupOf(a.type)).toBe(a.typeGroup);
    }
    expect(new Set(corpus.map((a) => a.type)).size).toBeGreaterThanOrEqual(ARTICLE_TYPE_VALUES.length - 3);
  });

  it('tags commodities, countries and states from reference data', () => {
    for (const a of corpus) {
      expect(a.commodities.length).toBeGreaterThan(0);
      for (const symbol of a.commodities) expect(findCommodity(symbol)?.symbol).toBe(symbol);
      expect(findCountry(a.country)?.code).toBe(a.country);
      if (a.state !== undefined) {
        const state = findState(a.state);
        expect(state?.code).toBe(a.state);
        expect(state?.country).toBe(a.country);
        expect(decode(a.content)).toContain(state?.name);
      }
      if (a.country === 'US' || a.country === 'CA') expect(a.state).toBeDefined();
    }
  });

  it('is spread across many companies, commodities and countries', () => {
    const count = (key: (a: (typeof corpus)[number]) => string) => {
      const map = new Map<string, number>();
      for (const a of corpus) map.set(key(a), (map.get(key(a)) ?? 0) + 1);
      return map;
    };
    expect(count((a) => a.company.name).size).toBeGreaterThanOrEqual(60);
    expect(new Set(corpus.flatMap((a) => a.commodities)).size).toBeGreaterThanOrEqual(30);
    const countries = count((a) => a.country);
    for (const code of ['CA', 'AU', 'US', 'PE', 'CL']) expect(countries.get(code) ?? 0).toBeGreaterThanOrEqual(8);
    for (const code of ['ZA', 'GH', 'NA', 'TZ', 'ZM', 'CD', 'BW', 'ML', 'BF'])
      expect(countries.get(code)).toBeDefined();
    const exchanges = new Set(corpus.map((a) => a.company.exchange));
    for (const e of ['TSX', 'TSXV', 'ASX', 'NYSE American', 'CSE', 'AIM', 'JSE', 'LSE'])
      expect(exchanges.has(e)).toBe(true);
  });

  it('has HTML bodies for some articles and plain text for the rest', () => {
    const html = corpus.filter((a) => a.content.trimStart().startsWith('<'));
    expect(html.length / corpus.length).toBeGreaterThan(0.2);
    expect(html.length / corpus.length).toBeLessThan(0.4);
    expect(html.some((a) => a.content.includes('<table>'))).toBe(true);
    expect(html.some((a) => a.content.includes('<ul>'))).toBe(true);
    for (const a of corpus) expect(a.description).not.toMatch(/[<>]/);
  });

  it('has PDF articles served from the app itself', () => {
    const pdfs = corpus.filter((a) => a.articleType === 'pdf');
    expect(pdfs.length).toBeGreaterThanOrEqual(6);
    for (const a of pdfs) expect(a.pdfUrl).toBe(`/demo-news/pdf/${a.id}.pdf`);
    for (const a of corpus.filter((x) => x.articleType === 'news')) expect(a.pdfUrl).toBeUndefined();
  });

  it('ends most articles with a contact block whose people are in contacts', () => {
    const heading = 'For further information, please contact:';
    const withBlock = corpus.filter((a) => a.content.includes(heading));
    expect(withBlock.length / corpus.length).toBeGreaterThanOrEqual(0.6);
    for (const a of corpus) {
      const text = decode(a.content);
      const block = text.slice(text.indexOf(heading));
      expect(a.contacts.length > 0).toBe(text.includes(heading));
      expect(a.contacts.length).toBeLessThanOrEqual(3);
      const domain = new URL(a.company.website).hostname.replace(/^www\./, '');
      for (const c of a.contacts) {
        expect(block).toContain(`${c.first_name} ${c.last_name}`);
        expect(block).toContain(c.job_title);
        expect(block).toContain(c.email);
        expect(block).toContain(c.phone_number);
        expect(c.email.endsWith(`@${domain}`)).toBe(true);
      }
    }
  });

  it('states the drilling facts it carries', () => {
    const planned = corpus.filter((a) => a.facts.drillingPlanned);
    expect(planned.length).toBeGreaterThan(60);
    expect(corpus.length - planned.length).toBeGreaterThan(60);
    for (const a of corpus) {
      const { drillingMeters, drillingTimeline } = a.facts;
      if (!a.facts.drillingPlanned) {
        expect(drillingMeters).toBeUndefined();
        continue;
      }
      if (drillingMeters !== undefined) expect(a.content).toContain(drillingMeters.toLocaleString('en-US'));
      if (drillingTimeline !== undefined) expect(a.content).toContain(drillingTimeline);
    }
    expect(planned.filter((a) => a.facts.drillingMeters !== undefined).length).toBeGreaterThan(50);
  });

  it('writes drill results with intercepts and programs with metres and timelines', () => {
    const results = corpus.filter((a) => a.type === 'drill-results');
    expect(results.length).toBeGreaterThan(10);
    for (const a of results)
      expect(a.content).toMatch(/\d+\.\d m grading [\d,.]+(%| g\/t| ppm| mg\/L) .*? from [\d,.]+ m/);
    const programs = corpus.filter((a) => a.type === 'drill-program');
    for (const a of programs) expect(a.content).toMatch(/\d{1,2},\d{3}-metre [\w ()]+ drilling program/);
  });
});

describe('resolveDates', () => {
  const published = new Date('2026-11-20T10:00:00Z');

  it('resolves dates, months, quarters and halves relative to publication', () => {
    expect(resolveDates('{{date:0}}', published)).toBe('November 20, 2026');
    expect(resolveDates('{{dmy:12}}', published)).toBe('2 December 2026');
    expect(resolveDates('{{q:1}}', published)).toBe('Q1 2027');
    expect(resolveDates('{{q:-1}}', published)).toBe('Q3 2026');
    expect(resolveDates('{{mon:2}} / {{mony:2}}', published)).toBe('January / January 2027');
    expect(resolveDates('{{yr:1}} {{yy:0}}', published)).toBe('2027 26');
    expect(resolveDates('{{half:1}}', published)).toBe('the first half of 2027');
  });
});
