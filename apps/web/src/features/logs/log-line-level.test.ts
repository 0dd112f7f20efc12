import { describe, expect, it } from 'vitest';
import { lineLevelOf } from './log-line-level.ts';

describe('lineLevelOf', () => {
  it('colours by the level marker in the text', () => {
    expect(lineLevelOf('2026-11-22 09:30:00,000 - crm - ERROR - push failed\n    at push')).toBe('error');
    expect(lineLevelOf('2026-11-22 09:30:00,000 - crm - WARNING - slow')).toBe('warning');
    expect(lineLevelOf('2026-11-22 09:30:00,000 - app - INFO - ready')).toBe('info');
    expect(lineLevelOf('2026-11-22 09:30:00,000 - app - DEBUG - cache')).toBe('debug');
    expect(lineLevelOf('2026-11-22 09:30:00,000 - db - CRITICAL - down')).toBe('critical');
    expect(lineLevelOf('plain text without a level')).toBeUndefined();
    expect(lineLevelOf('2026-11-22 09:30:00,000 - app - ERROR-ish')).toBeUndefined();
  });

  it('checks ERROR before WARNING, INFO and DEBUG, as the spec lists them', () => {
    expect(lineLevelOf('2026-11-22 09:30:00,000 - app - INFO - upstream said " - ERROR - "')).toBe('error');
  });
});
