import { describe, expect, it } from 'vitest';
import { COUNTRIES, MINING_REGIONS, STATES } from '@mining-hub/contract/reference-data';
import { seededRandom } from '../../test/log-fixtures.ts';
import { findMentions } from './mining-mentions.ts';
import { DISTRICTS } from './mining-places.ts';

const commodities = (text: string) => findMentions(text).commodities.sort();
const countries = (text: string) => findMentions(text).countries.sort();

describe('drilling methods never make a commodity', () => {
  it.each([
    'Diamond drilling at the Mt Ida gold project returned 14m @ 5.2g/t Au.',
    'The RC and diamond core rigs will test the gold shear; two diamond holes and a diamond tail are planned.',
    'Assays from DD hole KDD012 and aircore, RAB and sonic drilling confirm the gold anomaly.',
    'Boreal Diamond Drilling Ltd. holds the contract; the diamond-drilled core was cut with a diamond saw at the gold mine.',
    'Reverse circulation (RC) and diamond and RC pre-collar drilling at the gold project.',
  ])('%s', (text) => {
    expect(commodities(text)).toEqual(['Au']);
  });

  it('reads diamonds where diamonds are mined: carats, kimberlite, diamond mine, rough diamonds', () => {
    expect(commodities('A 180-carat Type IIa diamond was recovered.')).toEqual(['Diamonds']);
    expect(commodities('A new kimberlite pipe returned 312 microdiamonds.')).toEqual(['Diamonds']);
    expect(commodities('Diamond production rose at the Karowe diamond mine.')).toEqual(['Diamonds']);
    expect(commodities('It sold 42,000 carats of rough diamonds.')).toEqual(['Diamonds']);
    // Diamond drilling in a kimberlite release is still drilling; the kimberlite makes the commodity.
    expect(commodities('Diamond drilling tested the kimberlite.')).toEqual(['Diamonds']);
    // Carats alone are gemstones' too.
    expect(commodities('The mine sold 3.1 million carats of emerald.')).toEqual(['Gemstones']);
  });
});

describe('places inside other places', () => {
  it.each([
    ['Drilling in central New South Wales hit copper.', ['AU'], ['AU-NSW']],
    ['The project near Hillsboro, New Mexico, is permitted.', ['US'], ['NM']],
    ['The Pilbara, Western Australia and South Australia.', ['AU'], ['AU-SA', 'AU-WA']],
    ['Projects in Papua New Guinea, Equatorial Guinea and Guinea-Bissau.', ['GQ', 'GW', 'PG'], []],
    ['A licence in Guinea.', ['GN'], []],
    ['Uranium in Niger; lithium in Nigeria; a refinery in Niger State.', ['NE', 'NG'], []],
    ['Gold in the Dominican Republic.', ['DO'], []],
    ['Coal in West Virginia and Wyoming County, West Virginia.', ['US'], ['WV']],
    ['Antimony in the New England region of New South Wales.', ['AU'], ['AU-NSW']],
    ['Gold in County Tyrone, Northern Ireland.', ['GB'], []],
    ['Gold in north Wales.', ['GB'], []],
    ['Gold in the Lake Victoria Goldfields of Tanzania.', ['TZ'], []],
    ['Gold in central Victoria.', ['AU'], ['AU-VIC']],
    ['Copper near Cloncurry in North West Queensland.', ['AU'], ['AU-QLD']],
    ['PGMs from Rustenburg in North West province.', ['ZA'], []],
  ])('%s', (text, expectedCountries, expectedStates) => {
    const found = findMentions(text);
    expect(found.countries.sort()).toEqual(expectedCountries);
    expect(found.states.sort()).toEqual(expectedStates);
  });

  it('reads Georgia as the country or the US state only when the release says which', () => {
    expect(findMentions('Copper 60 km south-west of Tbilisi, Georgia.')).toMatchObject({
      countries: ['GE'],
      states: [],
    });
    expect(findMentions('Kaolin in Washington County, Georgia, USA.')).toMatchObject({
      countries: ['US'],
      states: ['GA'],
    });
    expect(findMentions('Kaolin in Georgia and feldspar in North Carolina.').states.sort()).toEqual(['GA', 'NC']);
    expect(findMentions('A gold licence in Georgia.')).toMatchObject({ countries: [], states: [] });
  });

  it('maps the mining regions of Chile, Peru, Brazil and South Africa to their country, accents optional', () => {
    expect(countries('Porphyry in the Antofagasta Region; brines in Tarapaca.')).toEqual(['CL']);
    expect(countries('Targets in Apurimac, Áncash, Cuzco and Moquegua.')).toEqual(['PE']);
    expect(countries('Lithium in Minas Gerais, nickel in Goias, gold in Pará.')).toEqual(['BR']);
    expect(countries('Coal in Mpumalanga and PGMs in Limpopo.')).toEqual(['ZA']);
    expect(findMentions('Gold in Cajamarca.').states).toEqual(['PE-CAJ']);
    // Mongolia's copper and coal province, in its own spelling or the English one.
    expect(countries('The Altan Tolgoi deposit at Kharmagtai, in Ömnögovi province.')).toEqual(['MN']);
    expect(countries('Coal from the South Gobi, near Oyu Tolgoi.')).toEqual(['MN']);
  });

  it('reads accented spellings of names listed without accents, wherever they sit in the text', () => {
    expect(findMentions('Drilling near Val-d’Or, Québec, hit gold.')).toMatchObject({
      countries: ['CA'],
      states: ['QC'],
    });
    // Decomposed accents too, and offsets stay right after text that folding would shorten (Hangul, ligatures).
    expect(countries('광산 ﬁnds: Que\u0301bec, Perú and México.')).toEqual(['CA', 'MX', 'PE']);
  });

  it('does not read a person, a city, a county, a listing or a domicile as a place', () => {
    expect(countries('Chad Williams and Jordan Smith joined the board.')).toEqual([]);
    expect(countries('Victoria Chen was appointed CFO.')).toEqual([]);
    expect(findMentions('Drilling near Victoria, British Columbia.').states).toEqual(['BC']);
    expect(findMentions('Offices in Victoria, British Columbia.').states).toEqual([]);
    expect(countries('Shares trade on the New York Stock Exchange.')).toEqual([]);
    expect(countries('A Jersey-registered company headquartered in Ontario, Toronto-based.')).toEqual([]);
    expect(countries('Offered in all provinces of Canada except Quebec.')).toEqual([]);
    expect(countries('Graphite in the Mozambique Belt of Tanzania.')).toEqual(['TZ']);
    expect(countries('Gold in the Copperbelt Province of Zambia.')).toEqual(['ZM']);
    // A road: the project 85 km from Watson Lake is reached from it, in British Columbia.
    expect(
      findMentions('The zinc property in northwestern British Columbia is reached by a road from the Alaska Highway.'),
    ).toMatchObject({ countries: ['CA'], states: ['BC'] });
    // The next sentence's CEO is nobody's home: the possessive is the project's place.
    expect(
      findMentions(
        "TSC Limited (ASX: TSC) drills at the Rover Project in WA's goldfields.\nCEO Ian Warland said more.",
        undefined,
        {
          release: true,
        },
      ),
    ).toMatchObject({ countries: ['AU'], states: ['AU-WA'] });
    expect(countries("South Africa's chief executive said the mine would reopen.")).toEqual([]);
  });

  it('knows the abbreviations DRC, PNG, UK and USA in capitals only', () => {
    expect(countries('Tin in North Kivu, DRC; gold in PNG; coal in the UK and the USA.')).toEqual([
      'CD',
      'GB',
      'PG',
      'US',
    ]);
    expect(countries('Ask us about png images.')).toEqual([]);
  });
});

describe('lead, the metal and the verb', () => {
  it.each([
    'Dr. Lee will lead the copper drill program.',
    'She is lead author of the copper study and a leading copper developer.',
    'Euroz acted as lead manager; long-lead items for the copper plant; a lead-in to the copper study.',
    'The chair will lead a strategic review of the copper project.',
  ])('not metal: %s', (text) => {
    expect(commodities(text)).toEqual(['Cu']);
  });

  it.each([
    '14m at 18% Zn and 2.1% lead.',
    'Silver-lead veins returned 38% Pb.',
    'A zinc-lead discovery.',
    'Lead-zinc mineralisation.',
    'First zinc and lead concentrates shipped.',
    'Lead production fell 3% and lead grades rose.',
    'A Pb-Zn intercept.',
  ])('metal: %s', (text) => {
    expect(commodities(text)).toContain('Pb');
  });

  it('reads the symbol Pb, but not the U-Pb or Pb-Pb of isotope dating', () => {
    expect(commodities('Zn+Pb of 6.1% and elevated Pb.')).toEqual(['Pb', 'Zn']);
    expect(commodities('U-Pb zircon dating and Pb-Pb ages of the gold event.')).toEqual(['Au']);
  });
});

describe('names that contain metals and places', () => {
  it.each([
    ['Silver Lake Resources Limited (ASX: SLR) sold 72,000 oz of gold. Silver Lake said…', ['Au']],
    ['Silver Lake Resources Reports Record Gold Sales', ['Au']],
    ['Gold Fields said Tarkwa output rose.', []],
    ['Copper Mountain Mining Corporation (TSX: CMMC) produced zinc.', ['Zn']],
    ['Lithium Americas Corp. (NYSE: LAC) received a permit.', []],
    ['Fortescue said its Iron Bridge magnetite operation produced 67% Fe concentrate.', ['Fe']],
    ['It appointed a CEO to advance its Ruby Hill copper project.', ['Cu']],
    ['Emerald Isle Resources plc reported zinc.', ['Zn']],
    ['Platinum Group Metals Ltd. (TSX: PTM) updated its palladium project.', ['Pd']],
    ['Salt Lake Potash Limited sold its sulphate of potash project.', ['Potash (KCl)']],
    ['Ardmore Copper Holdings will fund the gold project.', ['Au']],
  ])('%s', (text, expected) => {
    expect(commodities(text)).toEqual(expected);
  });

  it('keeps a commodity named with its project, belt or trend', () => {
    expect(commodities('Drilling at the Mt Ida Gold Project in the Thompson Nickel Belt.')).toEqual(['Au', 'Ni']);
    expect(commodities('Barrick Gold said the Carlin Gold Trend…')).toEqual(['Au']);
  });

  it('reads no commodity or place into tickers', () => {
    const text =
      'AngloGold Ashanti plc (NYSE: AU; JSE: ANG), Barrick (NYSE: GOLD; TSX: ABX) and ASX:CHN reported copper.';
    expect(findMentions(text)).toEqual({ commodities: ['Cu'], countries: [], states: [] });
  });

  it('does not lose the country of a company named after it when the project is elsewhere', () => {
    expect(countries('Lithium Chile Inc. (TSXV: LITH) sold its lithium project in Salta, Argentina.')).toEqual(['AR']);
  });
});

describe('words that are minerals of the rock, not the product', () => {
  it.each([
    ['36 m of 1.8 g/t Au in intense silica-sericite alteration.', ['Au']],
    ['0.34% Cu in magnetite-rich potassic alteration and magnetite skarn.', ['Cu']],
    ['0.62% WO3 in garnet-diopside skarn.', ['W']],
    ['Quartz-fluorite-adularia veins with 9.1 g/t Au.', ['Au']],
    ['A barite-rich lens with 8.4% Zn.', ['Zn']],
    ['1.1% Ni in talc-carbonate altered komatiite; spodumene cutting mica schist.', ['Li', 'Ni']],
    ['Gold in banded iron formation and an iron oxide copper-gold system.', ['Au', 'Cu']],
    ['Lime and cyanide consumption at the gold heap leach; gold hosted in limestone.', ['Au']],
    ['Low sulphur coking coal.', ['Coal']],
    ['Anode material for the lithium-ion battery market from graphite.', ['Graphite']],
    ['Lithium brine from the Atacama salt flat.', ['Li']],
  ])('%s', (text, expected) => {
    expect(commodities(text)).toEqual(expected);
  });

  it('reads them where the release sells them', () => {
    expect(commodities('A magnetite concentrate and hematite direct-shipping ore.')).toEqual(['Fe']);
    expect(commodities('High-purity silica sand and acid-grade fluorspar production.')).toEqual(['CaF2', 'SiO2']);
    expect(commodities('Zircon and rutile sales from the mineral sands mine.')).toEqual(['HMS', 'Ti', 'Zr']);
  });
});

describe('symbols', () => {
  it('reads grades, oxides and joined symbols, not words that look like symbols', () => {
    expect(commodities('0.6% Nb2O5, 1.48% Li2O, 0.55% WO3, 36% Fe and 98% SiO2.')).toEqual(
      ['Fe', 'Li', 'Nb', 'SiO2', 'W'].sort(),
    );
    expect(commodities('A Ni-Cu-PGE target and a Cu-Au porphyry; 4.1 g/t 3PGE+Au.')).toEqual(
      ['Au', 'Cu', 'Ni', 'PGM'].sort(),
    );
    expect(commodities('In total, the Co-op will be in place. As planned, S-type granite.')).toEqual([]);
  });
});

describe('longest match against a naive reader', () => {
  // Place names with no rule of their own, many of them inside one another ('New England' has one).
  // Districts that name one country (with or without a state), without a commodity word in them.
  const districts = DISTRICTS.filter((d) => d.place.country && !d.alternatives);
  const special =
    /^(?:Georgia|Washington|North West|Victoria|Chad|Jordan|India|Israel|Jersey|England|Holland|Guerrero|Hidalgo|Morelos|Mendoza|Córdoba|O'Higgins|San Martín|Lima|Colima|Durango|Amazonas|Santa Cruz|La Rioja|La Libertad|Misiones|Chaco|Formosa|Distrito Federal|Gander|Murchison|Kimberley|Carlin|Fairbanks|Lachlan)$/;
  const names = [
    ...COUNTRIES.flatMap((c) => [c.name, ...(c.aliases ?? [])]).filter((n) => n.length >= 4 && !n.includes('.')),
    ...STATES.map((s) => s.name),
    ...MINING_REGIONS.map((r) => r.name),
    ...districts.flatMap((d) => d.names),
  ].filter((name) => !special.test(name) && /^\p{Lu}/u.test(name));
  const placeOf = (name: string) => {
    const district = districts.find((d) => d.names.includes(name));
    if (district) return { country: district.place.country ?? '', state: district.place.state };
    const state = STATES.find((s) => s.name === name);
    if (state) return { country: state.country, state: state.code };
    const region = MINING_REGIONS.find((r) => r.name === name);
    const country = COUNTRIES.find((c) => c.name === name || c.aliases?.includes(name));
    return { country: region?.country ?? country?.code ?? '', state: null };
  };
  // The plain reading: at each word, the longest name that starts there, then on after it.
  function naive(words: readonly string[]) {
    const found = { countries: new Set<string>(), states: new Set<string>() };
    for (let i = 0; i < words.length;) {
      let best = '';
      for (const name of names) {
        const parts = name.split(' ');
        if (parts.length > best.split(' ').length || !best) {
          if (parts.every((part, k) => words[i + k] === part)) best = name;
        }
      }
      if (!best) {
        i += 1;
        continue;
      }
      const place = placeOf(best);
      found.countries.add(place.country);
      if (place.state) found.states.add(place.state);
      i += best.split(' ').length;
    }
    return { countries: [...found.countries].sort(), states: [...found.states].sort() };
  }
  const pieces = [
    'New',
    'South',
    'North',
    'West',
    'Western',
    'Northern',
    'Papua',
    'Equatorial',
    'Republic',
    'of',
    'the',
    'in',
    'and',
    'near',
    ...['Wales', 'Mexico', 'Guinea', 'Australia', 'Niger', 'Nigeria', 'Sudan', 'Africa', 'Korea', 'Cape', 'Ireland'],
    ...['Territory', 'Zealand', 'Caledonia', 'Dominican', 'Congo', 'Carolina', 'Dakota', 'Virginia', 'Columbia'],
  ];

  it('agrees on random runs of words that make and break place names', () => {
    const random = seededRandom(42);
    for (let round = 0; round < 400; round++) {
      const words = Array.from({ length: 4 + Math.floor(random() * 12) }, () => {
        const pick = random();
        return pick < 0.25
          ? (names[Math.floor(random() * names.length)] ?? '')
          : (pieces[Math.floor(random() * pieces.length)] ?? '');
      });
      const text = words.join(' ');
      // 'Western Australian' is a demonym, read by rules of its own (mining-place-rules.test.ts).
      if (/(?:Western|South) Australian/.test(text)) continue;
      const found = findMentions(text);
      expect({ countries: found.countries.sort(), states: found.states.sort() }, text).toEqual(naive(text.split(' ')));
    }
  });
});
