import { describe, expect, it } from 'vitest';
import { fingerprintRelease, isSameRelease } from './release-fingerprint.ts';

const release = (title: string, text: string, issuer?: string) => ({
  title,
  text,
  ...(issuer ? { issuer } : {}),
  publishedAt: new Date('2026-11-20T12:00:00Z'),
  fingerprint: fingerprintRelease({ title, text }),
});

// Feed summaries of one company's serial releases, and of two companies' releases written on one template.
const PERMIT = (company: string, project: string) =>
  `${company} announces that it has received a multi-year exploration permit covering up to sixty drill pads at its ` +
  `${project} Project in the Selwyn Basin, Northwest Territories, Canada. The permit allows the Company to carry ` +
  'out the drill program outlined earlier this year.';
const UPDATE =
  'Lanternfish Copper Ltd is pleased to provide an update on surface exploration at its Kuke Copper-Silver ' +
  'Project in the Kalahari Copper Belt, Ghanzi District, Botswana.';

describe('isSameRelease on summaries', () => {
  it('keeps two issuers apart, however alike their templates', () => {
    const fenwick = release(
      'Fenwick Bay Receives Exploration Permit',
      PERMIT('Fenwick Bay Resources Inc.', 'Flat Iron Creek'),
      'Fenwick Bay Resources Inc.',
    );
    const thimble = release(
      'Thimbleberry Receives Exploration Permit',
      PERMIT('Thimbleberry Exploration Ltd.', 'Kaskawan Lake'),
      'Thimbleberry Exploration Ltd.',
    );
    expect(isSameRelease(fenwick, thimble)).toBe(false);
  });

  it('joins summaries on the title as well: one summary under two headlines is two releases', () => {
    const targets = release('Lanternfish Copper Identifies 3 New Drill Targets at Kuke', UPDATE);
    const anomaly = release('Lanternfish Copper Defines 5.8 km Copper Soil Anomaly at Kuke', UPDATE);
    expect(isSameRelease(targets, anomaly)).toBe(false);
    const copy = release('LANTERNFISH COPPER IDENTIFIES 3 NEW DRILL TARGETS AT KUKE - Newsfile', UPDATE);
    expect(isSameRelease(targets, copy)).toBe(true);
  });
});
