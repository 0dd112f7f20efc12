import { describe, expect, it } from 'vitest';
import { figuresConflict, releaseFigures } from './release-figures.ts';

describe('figuresConflict', () => {
  it('keeps serial releases of one template apart when the figures they name share none', () => {
    const october = releaseFigures('', 'outlined a copper-in-soil anomaly measuring 5.1 km by 600 m');
    const november = releaseFigures('', 'outlined a copper-in-soil anomaly measuring 5.8 km by 350 m');
    expect(figuresConflict(october, november)).toBe(true);
    const december = releaseFigures('', 'funded with £38 million in cash; its 80%-owned project');
    expect(figuresConflict(december, releaseFigures('', 'funded with £8.3 million; 670 hectares; 80%-owned'))).toBe(
      true,
    );
    const nine = releaseFigures('', 'a 9,500-metre diamond drilling program at Coolgarra Creek');
    expect(figuresConflict(nine, releaseFigures('', 'an 11,500-metre diamond drilling program'))).toBe(true);
    const grant = releaseFigures('', 'awarded C$4.4 million to support approximately 6,500 metres of drilling');
    const secondGrant = releaseFigures('', 'awarded C$3.5 million; a 3,000-metre drilling program is planned');
    expect(figuresConflict(grant, secondGrant)).toBe(true);
  });

  it('lets copies through: the same figures written another way, a summary with fewer of them, none at all', () => {
    const release = releaseFigures('', 'awarded C$4.4 million to support approximately 6,500 metres of drilling');
    expect(figuresConflict(release, releaseFigures('', 'a $4,400,000 grant for 6500 m of drilling'))).toBe(false);
    expect(figuresConflict(release, releaseFigures('', 'awarded C$4.4 million'))).toBe(false);
    expect(figuresConflict(release, releaseFigures('', 'awarded a grant to support drilling'))).toBe(false);
  });
});
