import { describe, expect, it } from 'vitest';
import { widgetSpanClass } from './pinboard-styles.ts';

describe('widgetSpanClass', () => {
  it('spans 1, 2 and 3 of the board columns for small, medium and large', () => {
    expect(widgetSpanClass('small')).toBe('md:col-span-1');
    expect(widgetSpanClass('medium')).toBe('md:col-span-2');
    expect(widgetSpanClass('large')).toBe('md:col-span-3');
  });
});
