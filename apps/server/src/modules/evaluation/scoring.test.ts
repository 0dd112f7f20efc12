import { DEFAULT_FUNCTION_SCHEMA } from '@mining-hub/contract/prompts';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/log-fixtures.ts';
import { contactsF1, fieldKind, scoreOutput, setF1, tokenSetF1, tokens } from './scoring.ts';

const parameters = DEFAULT_FUNCTION_SCHEMA.parameters;

describe('evaluation scoring', () => {
  it('reads field kinds from the schema, and from the expected value where the schema has no such field', () => {
    const properties = parameters.properties as Record<string, Record<string, unknown>>;
    expect(fieldKind(properties.buying_intent_score, 'High')).toBe('exact');
    expect(fieldKind(properties.drilling_length_meters, '5,000 m')).toBe('text');
    expect(fieldKind(properties.talking_points, [])).toBe('set');
    expect(fieldKind(properties.contact_details, [])).toBe('contacts');
    expect(fieldKind({ type: 'integer' }, 3)).toBe('number');
    expect(fieldKind({ type: 'boolean' }, true)).toBe('exact');
    expect(fieldKind(undefined, 4)).toBe('number');
    expect(fieldKind(undefined, true)).toBe('exact');
    expect(fieldKind(undefined, ['a'])).toBe('set');
  });

  it('keeps a number with thousands separators whole', () => {
    expect([...tokens('Planned: 12,000 m of RC drilling')]).toEqual(['planned', '12000', 'm', 'of', 'rc', 'drilling']);
  });

  it('reads the words of generated texts, ASCII or not, as the one expression over any script does', () => {
    // The reading tokens() had before it took a faster way for ASCII texts.
    const naive = (text: string) =>
      text
        .toLowerCase()
        .replace(/(\d)[,\u00a0\u202f](?=\d{3}\b)/gu, '$1')
        .match(/[\p{L}\p{N}]+(?:\.\d+)?/gu) ?? [];
    const random = seededRandom(36);
    const ascii = ['a', 'Z', 'q', '1', '0', '9', ',', '.', ' ', '-', '_', "'", '\n', 'ab12', '1,000', '2.5'];
    const other = ['\u00a0', '\u202f', 'é', 'İ', 'ß', 'Σ', '١', '²', '😀', '“', '—'];
    for (let round = 0; round < 2_000; round++) {
      const pool = round % 2 === 0 ? ascii : [...ascii, ...other];
      const length = Math.floor(random() * 24);
      const text = Array.from({ length }, () => pool[Math.floor(random() * pool.length)]).join('');
      expect([...tokens(text)], JSON.stringify(text)).toEqual([...new Set(naive(text))]);
    }
  });

  it('scores strings by token-set F1, worked by hand', () => {
    // expected {5000, m, diamond, drilling}, output {5000, m, drilling}: P = 3/3, R = 3/4, F1 = 6/7.
    expect(tokenSetF1('5,000 m diamond drilling', '5000 m drilling')).toBeCloseTo(6 / 7, 10);
    expect(tokenSetF1('', '')).toBe(1);
    expect(tokenSetF1('Q1 2027', '')).toBe(0);
  });

  it('scores arrays by set F1 and contacts by e-mail or full name', () => {
    // {a, b, c} against {b, c, d, e}: P = 2/4, R = 2/3, F1 = 4/7.
    expect(setF1(['a', 'b', 'c'], ['b', 'c', 'd', 'e'])).toBeCloseTo(4 / 7, 10);
    const expected = [
      { first_name: 'Jane', last_name: 'Doe', email: 'jane@acme.example' },
      { first_name: 'Raj', last_name: 'Patel', email: '' },
    ];
    // Jane by e-mail (name spelt otherwise), Raj by name; one extra person: P = 2/3, R = 2/2, F1 = 0.8.
    const actual = [
      { first_name: 'J.', last_name: 'Doe', email: 'JANE@acme.example' },
      { first_name: 'raj', last_name: 'PATEL' },
      { first_name: 'Tom', last_name: 'Lee' },
    ];
    expect(contactsF1(expected, actual)).toBeCloseTo(0.8, 10);
    // E-mails match before names: Ann's namesake in the output is Ben's e-mail, and Ann's e-mail is on the
    // other output contact. Both people are found (F1 = 1), where a name match taken first would find one.
    const ann = { first_name: 'Ann', last_name: 'Ng', email: 'ann@acme.example' };
    const ben = { first_name: 'Ben', last_name: 'Ode', email: 'ben@acme.example' };
    const output = [
      { first_name: 'Ann', last_name: 'Ng', email: 'ben@acme.example' },
      { name: 'A. Ng', email: 'Ann@Acme.example ' },
    ];
    expect(contactsF1([ann, ben], output)).toBe(1);
    // Two people behind one shared address each match one output person who has it.
    const shared = [
      { first_name: 'Cy', last_name: 'Dunn', email: 'info@acme.example' },
      { first_name: 'Di', last_name: 'Eyre', email: 'info@acme.example' },
    ];
    expect(contactsF1(shared, [...shared].reverse())).toBe(1);
  });

  it('scores a whole output per field and as their mean, with missing fields and numbers within tolerance', () => {
    const schema = {
      ...parameters,
      properties: {
        ...(parameters.properties as object),
        drilling_metres: { type: 'number' },
        is_junior: { type: 'boolean' },
      },
    };
    const expected = {
      buying_intent_score: 'Very High',
      drilling_planned: 'Yes',
      drilling_metres: 5000,
      is_junior: true,
      drilling_length_meters: '5,000 m',
      talking_points: ['C$5M placement', 'diamond drilling'],
    };
    const output = {
      buying_intent_score: 'High', // 0
      drilling_planned: 'Yes', // 1
      drilling_metres: 5200, // within 5 %: 1
      // is_junior missing: 0
      drilling_length_meters: '5000 m', // 1
      talking_points: ['diamond drilling'], // P = 1, R = 1/2: F1 = 2/3
    };
    const scored = scoreOutput(schema, expected, output);
    expect(scored.fields).toEqual({
      buying_intent_score: 0,
      drilling_planned: 1,
      drilling_metres: 1,
      is_junior: 0,
      drilling_length_meters: 1,
      talking_points: expect.closeTo(2 / 3, 10),
    });
    expect(scored.score).toBeCloseTo((0 + 1 + 1 + 0 + 1 + 2 / 3) / 6, 10);
    expect(scoreOutput(schema, { drilling_metres: 5000 }, { drilling_metres: 5300 }).score).toBe(0);
  });

  it('gives an invalid output (null) zero on every expected field', () => {
    expect(scoreOutput(parameters, { drilling_planned: 'Yes', buying_intent_score: 'Low' }, null)).toEqual({
      score: 0,
      fields: { drilling_planned: 0, buying_intent_score: 0 },
    });
  });
});
