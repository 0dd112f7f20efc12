import { describe, expect, it } from 'vitest';
import { parseFeedDate } from './feed-date.ts';

const iso = (text: string) => parseFeedDate(text)?.toISOString() ?? null;

describe('parseFeedDate', () => {
  it.each([
    // RFC 822 / 1123 / 2822 with named zones
    ['Tue, 03 Jun 2025 09:39:21 GMT', '2025-06-03T09:39:21.000Z'],
    ['Tue, 3 Jun 2025 09:39:21 UT', '2025-06-03T09:39:21.000Z'],
    ['Tue, 03 Jun 2025 09:39:21 Z', '2025-06-03T09:39:21.000Z'],
    ['Tue, 03 Jun 2025 09:39:21 EST', '2025-06-03T14:39:21.000Z'],
    ['Tue, 03 Jun 2025 09:39:21 EDT', '2025-06-03T13:39:21.000Z'],
    ['Tue, 03 Jun 2025 09:39:21 PDT', '2025-06-03T16:39:21.000Z'],
    ['Tue, 03 Jun 2025 09:39:21 pst', '2025-06-03T17:39:21.000Z'],
    ['Tue, 03 Jun 2025 09:39:21 CEST', '2025-06-03T07:39:21.000Z'],
    // military letters other than Z carry no information (RFC 5322 4.3): UTC
    ['Tue, 03 Jun 2025 09:39:21 A', '2025-06-03T09:39:21.000Z'],
    ['Tue, 03 Jun 2025 09:39:21 Y', '2025-06-03T09:39:21.000Z'],
    // numeric offsets, with a trailing comment or zone name
    ['Tue, 03 Jun 2025 09:39:21 +0530', '2025-06-03T04:09:21.000Z'],
    ['Tue, 03 Jun 2025 09:39:21 -04:00', '2025-06-03T13:39:21.000Z'],
    ['Tue, 03 Jun 2025 09:39:21 +0000 (UTC)', '2025-06-03T09:39:21.000Z'],
    ['Mon, 2 Jun 2025 21:05:00 -0400 EDT', '2025-06-03T01:05:00.000Z'],
    // no seconds, no weekday, full month names, two- and four-digit years, dashes
    ['03 Jun 25 09:39 GMT', '2025-06-03T09:39:00.000Z'],
    ['3 June 2025 09:39:21 +0100', '2025-06-03T08:39:21.000Z'],
    ['Thu, 01 Jan 98 00:00:00 GMT', '1998-01-01T00:00:00.000Z'],
    ['03-Jun-2025 09:39:21 +0000', '2025-06-03T09:39:21.000Z'],
    ['Tue, 03 Jun 2025', '2025-06-03T00:00:00.000Z'],
    // month first, as some US feeds write it
    ['Tuesday, June 3, 2025 9:39:21 PDT', '2025-06-03T16:39:21.000Z'],
    ['Jun 03 2025', '2025-06-03T00:00:00.000Z'],
    // ISO 8601 / RFC 3339 / W3C-DTF (dc:date, Atom), with and without a zone
    ['2025-06-03T09:39:21Z', '2025-06-03T09:39:21.000Z'],
    ['2025-06-03T09:39:21.123+02:00', '2025-06-03T07:39:21.000Z'],
    ['2025-06-03T09:39:21-0500', '2025-06-03T14:39:21.000Z'],
    ['2025-06-03 09:39:21', '2025-06-03T09:39:21.000Z'],
    ['2025-06-03T09:39', '2025-06-03T09:39:00.000Z'],
    ['2025-06-03', '2025-06-03T00:00:00.000Z'],
    ['  2025-06-03T09:39:21Z\n', '2025-06-03T09:39:21.000Z'],
  ])('%s', (text, expected) => {
    expect(iso(text)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'garbage',
    'yesterday',
    '31 Jun 2025 10:00 GMT',
    '2025-02-30',
    '2025-13-01',
    'Tue, 03 Foo 2025',
    '03 Jun 2025 25:61 GMT',
    '2025-06-03T09:39:21+25:00',
  ])('cannot read %j', (text) => {
    expect(parseFeedDate(text)).toBeNull();
  });

  it('does not depend on the server time zone', () => {
    const before = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    try {
      expect(iso('2025-06-03T09:39:21')).toBe('2025-06-03T09:39:21.000Z');
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});
