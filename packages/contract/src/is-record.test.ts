import { describe, expect, it } from 'vitest';
import { isRecord } from './is-record.ts';

describe('isRecord', () => {
  it('accepts objects and refuses null, arrays and primitives', () => {
    expect(isRecord({ a: 1 })).toBe(true);
    expect(isRecord(Object.create(null))).toBe(true);
    expect(isRecord(null)).toBe(false);
    expect(isRecord([])).toBe(false);
    expect(isRecord('x')).toBe(false);
    expect(isRecord(undefined)).toBe(false);
  });
});
