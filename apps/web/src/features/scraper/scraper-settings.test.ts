import { scraperStartRequestSchema } from '@mining-hub/contract/scraper';
import { describe, expect, it } from 'vitest';
import { buildStartRequest, DEFAULT_SETTINGS, parseBatchSize, settingsSummary } from './scraper-settings.ts';

describe('parseBatchSize', () => {
  it('accepts whole numbers from 10 to 200', () => {
    expect(parseBatchSize('10')).toBe(10);
    expect(parseBatchSize(' 200 ')).toBe(200);
    expect(parseBatchSize('50')).toBe(50);
  });

  it('refuses anything else', () => {
    for (const value of ['', '9', '201', '50.5', '-20', 'abc', '1e2']) expect(parseBatchSize(value)).toBeUndefined();
  });
});

describe('buildStartRequest', () => {
  it('sends the defaults of SPEC.md section 9 without max_projects or countries', () => {
    const request = buildStartRequest(DEFAULT_SETTINGS);
    expect(request).toEqual({ mode: 'test', max_workers: 2, max_concurrency: 1, batch_size: 50 });
    expect(request && Object.keys(request)).not.toContain('max_projects');
    expect(request && Object.keys(request)).not.toContain('countries');
    expect(scraperStartRequestSchema.safeParse(request).success).toBe(true);
  });

  it('adds max_projects and the trimmed countries only when set', () => {
    const request = buildStartRequest({
      ...DEFAULT_SETTINGS,
      mode: 'production',
      maxWorkers: 8,
      maxConcurrency: 4,
      batchSize: '120',
      maxProjects: 25,
      countries: ' Australia, Canada ,, Chile ',
    });
    expect(request).toEqual({
      mode: 'production',
      max_workers: 8,
      max_concurrency: 4,
      batch_size: 120,
      max_projects: 25,
      countries: ['Australia', 'Canada', 'Chile'],
    });
    expect(scraperStartRequestSchema.safeParse(request).success).toBe(true);
  });

  it('leaves out blank countries and an unset max_projects', () => {
    expect(buildStartRequest({ ...DEFAULT_SETTINGS, maxProjects: null, countries: ' , ' })).toEqual({
      mode: 'test',
      max_workers: 2,
      max_concurrency: 1,
      batch_size: 50,
    });
  });

  it('has no body while the batch size is invalid', () => {
    expect(buildStartRequest({ ...DEFAULT_SETTINGS, batchSize: '5' })).toBeUndefined();
  });
});

describe('settingsSummary', () => {
  it('says what Start will do', () => {
    expect(settingsSummary(DEFAULT_SETTINGS)).toBe('Test Mode · 2 workers · 1 browser page · batches of 50');
    expect(settingsSummary({ ...DEFAULT_SETTINGS, mode: 'production', maxConcurrency: 4, batchSize: '7' })).toBe(
      'Production Mode · 2 workers · 4 browser pages · invalid batch size',
    );
  });
});
