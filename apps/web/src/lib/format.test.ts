import { describe, expect, it } from 'vitest';
import { formatNumber } from './format.ts';

describe('formatNumber', () => {
  it('groups thousands en-US style', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(1234567)).toBe('1,234,567');
  });
});
