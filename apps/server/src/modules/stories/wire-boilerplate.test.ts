import { describe, expect, it } from 'vitest';
import { issuerNameOf, listingsOf, normaliseTitle, stripBoilerplate, stripDateline } from './wire-boilerplate.ts';

describe('normaliseTitle', () => {
  it('reads every wire’s spelling of one title as one key', () => {
    const key = normaliseTitle('Kodiak Copper Drills 12.5 Metres of 3.41 g/t Gold at Kelly', 'Kodiak Copper Corp.');
    // The issuer's name (as the body gives it) goes: some outlets put it in front, with its listing, some not.
    expect(key).toBe('drills 12.5 metres of 3.41 g t gold at kelly');
    for (const copy of [
      'KODIAK COPPER DRILLS 12.5 METRES OF 3.41 G/T GOLD AT KELLY',
      'Kodiak Copper Drills 12.5 Metres of 3.41 g/t Gold at Kelly - Newsfile',
      'Kodiak Copper Drills 12.5 Metres of 3.41 g/t Gold at Kelly | GlobeNewswire',
      'RETRANSMISSION: Kodiak Copper Drills 12.5 Metres of 3.41 g/t Gold at Kelly',
      'CORRECTION - Kodiak Copper Drills 12.5 Metres of 3.41 g/t Gold at Kelly',
      'Kodiak Copper (TSXV: KDK) Drills 12.5 Metres of 3.41 g/t Gold at Kelly',
      'Kodiak Copper Corp. Drills 12.5 Metres of 3.41 g/t Gold at Kelly | Junior Mining Network',
      '  Kodiak  Copper Drills 12.5 Metres of 3.41 g/t Gold at Kelly - Mining.com',
      'Drills 12.5 Metres of 3.41 g/t Gold at Kelly',
    ]) {
      expect(normaliseTitle(copy, 'Kodiak Copper Corp.'), copy).toBe(key);
    }
  });

  it('keeps the name without an issuer, but not ABN Newswire’s name-and-listing prefix', () => {
    expect(normaliseTitle('Kodiak Copper Drills 12.5 Metres of 3.41 g/t Gold at Kelly - Newsfile')).toBe(
      'kodiak copper drills 12.5 metres of 3.41 g t gold at kelly',
    );
    expect(normaliseTitle('Western Areas Ltd (ASX:WSA) Significant Widths of Nickel-Copper Sulphides at Sahara')).toBe(
      'significant widths of nickel copper sulphides at sahara',
    );
  });

  it('keeps accents apart from letters, thousands apart from numbers, and the title’s own words', () => {
    expect(normaliseTitle('Minera Alamos Begins Production at Santana, Sonora, México')).toBe(
      'minera alamos begins production at santana sonora mexico',
    );
    expect(normaliseTitle('Closes $1,500,000 Private Placement')).toBe('closes 1500000 private placement');
    // 'Updated' is part of this title, not a wire prefix; the second half after a dash is the title's own.
    expect(normaliseTitle('Updated Mineral Resource Estimate - Tonnage Up 40%')).toBe(
      'updated mineral resource estimate tonnage up 40',
    );
  });
});

describe('stripDateline', () => {
  it.each([
    'VANCOUVER, British Columbia--(Newsfile Corp. - March 3, 2025) - Kodiak Copper Corp. reports',
    'VANCOUVER, BC, March 3, 2025 /CNW/ - Kodiak Copper Corp. reports',
    'Vancouver, British Columbia, March 03, 2025 (GLOBE NEWSWIRE) -- Kodiak Copper Corp. reports',
    'VANCOUVER, BC / ACCESSWIRE / March 3, 2025 / Kodiak Copper Corp. reports',
    'VANCOUVER, British Columbia--(BUSINESS WIRE)--Kodiak Copper Corp. reports',
    'Sydney, Mar 3, 2025 AEST (ABN Newswire) - Kodiak Copper Corp. reports',
    'March 3, 2025 – Vancouver, B.C. – Kodiak Copper Corp. reports',
  ])('cuts %s', (line) => {
    expect(stripDateline(line)).toBe('Kodiak Copper Corp. reports');
  });

  it('leaves running text alone', () => {
    const line =
      'The company drilled 12 holes in 2024 - results are pending - and plans more on March 3, 2025 - later.';
    expect(stripDateline(line)).toBe(line);
  });
});

describe('stripBoilerplate', () => {
  const news =
    'The company reports 12.5 metres grading 3.41 g/t gold from hole KD-25-014 at the Kelly target in British Columbia, the best intercept to date.';
  const tail = [
    'Qualified Person',
    'Jeff Ward, P.Geo., a Qualified Person as defined by National Instrument 43-101, has reviewed and approved the technical content of this release.',
    'About Kodiak Copper Corp.',
    'Kodiak is focused on its copper-gold porphyry projects in Canada and the USA.',
    'For further information contact: Nancy Curry, nancyc@kodiakcoppercorp.com, +1 (604) 646-8362',
    'Neither TSX Venture Exchange nor its Regulation Services Provider accepts responsibility for the adequacy or accuracy of this release.',
    'Forward-Looking Statements',
    'This release contains forward-looking statements about the program.',
  ].join('\n');

  it('keeps the news and drops the header, dateline, listing and shared tail', () => {
    const text = [
      'RETRANSMISSION: Kodiak Drills 12.5 m',
      'NOT FOR DISTRIBUTION TO UNITED STATES NEWSWIRE SERVICES OR FOR DISSEMINATION IN THE UNITED STATES',
      `VANCOUVER, BC, March 3, 2025 /CNW/ - Kodiak Copper Corp. (TSXV: KDK) (OTCQB: KDKCF) ("Kodiak" or the "Company") announces results. ${news}`,
      tail,
      'SOURCE Kodiak Copper Corp.',
    ].join('\n');
    expect(stripBoilerplate(text)).toBe(`Kodiak Copper Corp. announces results.\n${news}`);
  });

  it('finds the same body in a flattened page with a portal’s header and related links', () => {
    const page = [
      'Home > News > Kodiak Drills 12.5 m Share Tweet Email',
      'By Newsfile Corp. | March 3, 2025',
      `Vancouver, British Columbia--(Newsfile Corp. - March 3, 2025) - Kodiak Copper Corp. (TSX-V: KDK; OTCQB: KDKCF) announces results. ${news} ${tail.replace(/\n/g, ' ')}`,
      'Related News',
      'Kodiak closes private placement',
    ].join('\n');
    expect(stripBoilerplate(page)).toBe(`Kodiak Copper Corp. announces results.\n${news}`);
  });

  it('does not end a short release at a heading in its first lines', () => {
    const text = `Contact: media@example.com\n${news}\nAbout Kodiak Copper Corp.\nKodiak explores.`;
    expect(stripBoilerplate(text)).toBe(news);
  });
});

describe('issuerNameOf', () => {
  it('reads the name before the first listing of the opening', () => {
    expect(
      issuerNameOf(
        'TORONTO, June 07, 2022 (GLOBE NEWSWIRE) -- Labrador Gold Corp. (TSX.V:LAB | OTCQX:NKOSF) (“LabGold”)',
      ),
    ).toBe('Labrador Gold Corp.');
    expect(issuerNameOf('Perth, Jun 23, 2020 AEST (ABN Newswire) - Western Areas Ltd (ASX:WSA) has intersected')).toBe(
      'Western Areas Ltd',
    );
    expect(issuerNameOf('A release without a listing.')).toBeUndefined();
  });
});

describe('listingsOf', () => {
  it('reads each exchange and symbol once, in one spelling', () => {
    expect(listingsOf('Kodiak Copper Corp. (TSX-V: KDK) (OTCQB: KDKCF) and (TSXV:KDK); Lindian (ASX:LIN)')).toEqual([
      'ASX:LIN',
      'OTCQB:KDKCF',
      'TSXV:KDK',
    ]);
  });
});
