import { describe, expect, it } from 'vitest';
import { ACCOUNT_MENTIONS, scoreDiscovery, scoreResolution } from '../../../test/accounts-scoring.ts';
import { coreKey, EntityIndex, nameKey, normaliseTicker, tickersIn } from './entity-resolution.ts';

describe('entity resolution', () => {
  it('drops legal forms, punctuation, accents and case, and keeps what distinguishes', () => {
    expect(nameKey('Labrador Gold Corp.')).toBe('labrador gold');
    expect(nameKey('LABRADOR GOLD CORPORATION')).toBe('labrador gold');
    expect(nameKey('Doré Copper Mining Corp.')).toBe(nameKey('Dore Copper Mining Corp'));
    expect(nameKey('African Mining & Exploration plc')).toBe(nameKey('African Mining and Exploration plc.'));
    expect(nameKey('Pardoo Resources Pty Ltd')).toBe('pardoo resources');
    expect(nameKey('Sandfire Resources')).not.toBe(nameKey('Sandfire Mining'));
    expect(coreKey('Barrick Gold Corporation')).toBe(coreKey('Barrick Mining Corporation'));
  });

  it('reads listings on any exchange however they are written', () => {
    expect(normaliseTicker('TSX-V: abc')).toBe('TSXV:ABC');
    expect(normaliseTicker('(ASX: XYZ)')).toBe('ASX:XYZ');
    expect(normaliseTicker('NYSE MKT:AAU')).toBe('NYSE American:AAU');
    expect(normaliseTicker('Moon: ABC')).toBeNull();
    expect(tickersIn('(TSXV:DCMC; OTCQB:DRCMF; FRA:DCM)')).toEqual(['TSXV:DCMC', 'OTCQB:DRCMF', 'FSE:DCM']);
    expect(tickersIn('[OM-TSXV, BWMXF-OTC]')).toEqual(['TSXV:OM', 'OTC:BWMXF']);
    expect(tickersIn('(HI-V)')).toEqual(['TSXV:HI']);
    expect(tickersIn('Osisko Mining OSK.TO')).toEqual(['TSX:OSK']);
    expect(tickersIn('(LON:POW)')).toEqual(['LSE:POW']);
    expect(tickersIn('ASX/LSE: RSG')).toEqual(['ASX:RSG', 'LSE:RSG']);
  });

  it('joins by listing, name, former name; sends ambiguity to review; calls the unknown new', () => {
    const index = new EntityIndex([
      { id: 1, names: ['NexGold Mining Corp.', 'Treasury Metals Inc.'], tickers: ['TSX:TML'] },
      { id: 2, names: ['Osisko Mining Inc.'], tickers: ['TSX:OSK'] },
      { id: 3, names: ['Osisko Metals Incorporated'], tickers: ['TSXV:OM'] },
    ]);
    expect(index.resolve({ name: null, tickers: ['TSX:TML'] })).toMatchObject({ kind: 'match', id: 1 });
    expect(index.resolve({ name: 'Treasury Metals', tickers: [] })).toMatchObject({ kind: 'match', id: 1 });
    expect(index.resolve({ name: 'Osisko', tickers: [] })).toMatchObject({ kind: 'review', candidates: [2, 3] });
    expect(index.resolve({ name: 'Osisko Metals', tickers: ['TSX:OSK'] })).toMatchObject({ kind: 'review' });
    expect(index.resolve({ name: 'Canaccord Genuity Corp.', tickers: [] })).toEqual({ kind: 'new' });
  });

  it('never joins a look-alike by its core name when descriptors or listings say it is another company', () => {
    const index = new EntityIndex([{ id: 1, names: ['Osisko Metals Incorporated'], tickers: ['TSXV:OM'] }]);
    expect(index.resolve({ name: 'Osisko Mining Inc', tickers: ['TSX:OSK'] })).toMatchObject({ kind: 'review' });
    expect(index.resolve({ name: 'Osisko Mining Inc', tickers: [] })).toMatchObject({ kind: 'review' });
    expect(index.resolve({ name: 'Osisko Metals Corp', tickers: [] })).toMatchObject({ kind: 'match', id: 1 });
    const unlisted = new EntityIndex([{ id: 2, names: ['Blackwolf Copper and Gold Ltd'], tickers: [] }]);
    expect(unlisted.resolve({ name: 'Blackwolf Copper', tickers: [] })).toMatchObject({ kind: 'match', id: 2 });
    expect(unlisted.resolve({ name: 'Blackwolf', tickers: ['TSXV:BWCG'] })).toMatchObject({ kind: 'match', id: 2 });
  });

  it('builds companies from nothing, in either order of the labelled mentions, without a wrong merge', () => {
    for (const mentions of [ACCOUNT_MENTIONS, [...ACCOUNT_MENTIONS].reverse()]) {
      const score = scoreDiscovery(mentions);
      expect(score.wrongMerges).toEqual([]);
      expect(score.pairPrecision).toBeGreaterThanOrEqual(0.98);
      expect(score.pairRecall).toBeGreaterThanOrEqual(0.8);
    }
  });

  it(`scores precision >= 0.98 and recall >= 0.9 on ${ACCOUNT_MENTIONS.length} labelled real mentions`, () => {
    const score = scoreResolution();
    expect(score.mentions).toBeGreaterThanOrEqual(200);
    expect(score.wrong).toEqual([]);
    expect(score.precision).toBeGreaterThanOrEqual(0.98);
    expect(score.recall).toBeGreaterThanOrEqual(0.9);
  });
});
