import { describe, expect, it } from 'vitest';
import { fetchNewsRequestSchema } from '@mining-hub/contract/news';
import type { SourceArticle } from '../../adapters/news-sources/news-source.ts';
import { classifyArticle, matchesQuery, tagArticle } from './article-classifier.ts';

describe('article classifier', () => {
  it('finds commodities by name and by symbol in grade context, without false symbol hits', () => {
    const tags = classifyArticle(
      'Boreal Metals intersects 24.5 m grading 3.1 g/t Au and 0.8% Cu',
      'The silver credits are strong. In total, the company will use its Co-op partner. As planned, drilling continues.',
    );
    expect(tags.commodities.sort()).toEqual(['Ag', 'Au', 'Cu']);
  });

  it('finds countries and states, and infers the country of a state or province', () => {
    expect(classifyArticle('Drilling starts at Red Lake, Ontario', 'A program in northern Ontario.')).toMatchObject({
      states: ['ON'],
      countries: ['CA'],
    });
    const tags = classifyArticle(
      'Andes Copper update',
      'Work continues in Chile and Peru; the Nevada project is on hold.',
    );
    expect(tags.countries.sort()).toEqual(['CL', 'PE', 'US']);
    expect(tags.states).toEqual(['NV']);
    expect(classifyArticle('Papua New Guinea gold', 'x').countries).toEqual(['PG']);
  });

  it.each([
    ['Kestrel Resources announces maiden mineral resource of 1.2 Moz gold', 'maiden-resource', 'resource-estimate'],
    ['Sable Lithium closes $12 million bought deal financing', 'bought-deal', 'financings'],
    ['Granite Peak announces flow-through private placement', 'flow-through-financing', 'financings'],
    ['Orca Minerals to acquire Dune Copper in all-share deal', 'acquisition', 'mergers-acquisitions'],
    ['Taiga Gold drills 42.5 m of 3.2 g/t Au from 118 m', 'drill-results', 'drilling'],
    ['Ridgeline plans 15,000-metre drill program starting in Q2', 'drill-program', 'drilling'],
    ['Coppercrest receives environmental permit for Sierra project', 'permitting', 'company-project-updates'],
    ['Harbour Nickel appoints new CEO', 'management-change', 'company-project-updates'],
  ])('types "%s" as %s (%s)', (title, type, group) => {
    expect(classifyArticle(title, '')).toMatchObject({ type, typeGroup: group });
  });
});

describe('article classifier on real release shapes', () => {
  it("reads neither the dateline city nor the qualified person's professional body as the project location", () => {
    const tags = classifyArticle(
      'Andes Pacific Copper Drills 410 m of 0.62% CuEq',
      `<p>VANCOUVER, British Columbia--(Newsfile Corp. - March 3, 2026) - Andes Pacific Copper Corp. (TSXV: APC) reports 410 m of 0.62% CuEq from the Antofagasta Region.</p>
<p>Qualified Person: J. Doe, P.Geo., a member of the Engineers and Geoscientists of British Columbia, approved this release.</p>`,
    );
    expect(tags).toMatchObject({ commodities: ['Cu'], countries: ['CL'], states: ['CL-AN'] });
    expect(
      classifyArticle('Gold drilling', "PERTH, Western Australia – Sassandra Gold Ltd drills in Côte d'Ivoire.")
        .countries,
    ).toEqual(['CI']);
  });

  it.each([
    'Sydney, Australia, Mar 3, 2026 AEST (ABN Newswire) - Kopje Gold Limited (ASX:KPJ) reports drilling in Ghana.',
    'Sydney, Australia (ABN Newswire) - Kopje Gold Limited (ASX:KPJ) reports drilling in Ghana.',
    'VANCOUVER, BC / ACCESSWIRE / May 17, 2026 / Kopje Gold Corp. (CSE:KPJ) reports drilling in Ghana.',
    'TORONTO, Ontario--(Newsfile Corp. - March 3, 2026) - Kopje Gold Corp. (TSXV: KPJ) reports drilling in Ghana.',
    'Perth, Western Australia: 11 April 2026: Kopje Gold Limited (ASX: KPJ) reports drilling in Ghana.',
    'ABN: 44 103 423 981 | 21 Ord Street, West Perth, Western Australia\nKopje Gold Limited reports drilling in Ghana.',
    'JOHANNESBURG (miningweekly.com) – Kopje Gold reports drilling in Ghana.',
  ])('reads neither a newswire dateline nor a letterhead as the project location: %s', (body) => {
    expect(classifyArticle('Kopje Gold Drills 12 m at 4.1 g/t Au', body)).toMatchObject({
      countries: ['GH'],
      states: [],
    });
  });

  it('reads the shorthand of an Australian release with its listing', () => {
    const tags = classifyArticle(
      'Lake Johnston Lithium Drilling Update',
      'Charger Lithium Limited (ASX: CHR) drilled pegmatites at Lake Johnston, 100 km west of Norseman, WA.',
    );
    expect(tags).toMatchObject({ countries: ['AU'], states: ['AU-WA'] });
  });

  it('tags the project’s country, not the markets, owners and neighbours a feature names around it', () => {
    const tags = classifyArticle(
      'Copper miners take hunt to Mongolian dunes',
      "A band of explorers will search Mongolia's Gobi Desert for copper this spring, led by Australia's Xanadu " +
        "Mines and Canada's Kincora Copper.\n\nRising demand and depleted deposits in Chile, the biggest producer, " +
        'push miners to riskier places.\n\nThe country is close to the biggest copper consumer, China.',
    );
    expect(tags.countries).toEqual(['MN']);
  });

  it('reads a summary cut short as the release, but not a run of links to other stories', () => {
    const summary = 'Sonoro Gold reports assays from its Cerro Caliche gold project in Sonora, Mexico...';
    expect(classifyArticle('Sonoro Gold Drills 15 m of 1.3 g/t Au', summary).countries).toEqual(['MX']);
    const page =
      'Romania: Parapet and Alerion sign seven new contracts...\nGreece: ExxonMobil and Energean begin drilling...\n' +
      'Zijin Mining has agreed to invest USD350 million in the copper mines of RTB Bor in Serbia.';
    expect(classifyArticle('Zijin to Up Stake in Serbian Copper Miner', page).countries).toEqual(['RS']);
  });

  it('takes the company description only where the news names no place or commodity', () => {
    const about =
      '\n\nAbout Karnavik Gold Corp.\n\nKarnavik advances the Tundra Lake Gold Project in Nunavut, Canada, and copper in Chile.';
    expect(
      classifyArticle('Karnavik Appoints General Manager', `Karnavik appointed a general manager.${about}`),
    ).toMatchObject({
      commodities: ['Au', 'Cu'],
      countries: ['CA', 'CL'],
      states: ['NU'],
    });
    expect(
      classifyArticle('Karnavik Begins Drilling', `Karnavik began drilling for gold in the Yukon.${about}`),
    ).toMatchObject({ commodities: ['Au'], countries: ['CA'], states: ['YT'] });
    // The news names the country only; the description names the project's one province of it.
    expect(
      classifyArticle(
        'Further lithium discovery at Solaroz',
        'Lithium Energy reports brine results from its Solaroz project in Argentina.\n\nAbout Lithium Energy\n\nThe Solaroz Lithium Brine Project lies in the Salar de Olaroz in Jujuy Province.',
      ),
    ).toMatchObject({ countries: ['AR'], states: ['AR-Y'] });
    // …or the few it works in.
    expect(
      classifyArticle(
        'GSilver announces a bought deal',
        'GSilver will use the proceeds to act on opportunities in Mexico.\n\nAbout GSilver\n\nGSilver produces silver from the El Cubo Mine in the state of Guanajuato and from the Topia mine in north-western Durango.',
      ),
    ).toMatchObject({ countries: ['MX'], states: ['MX-GUA', 'MX-DUR'] });
  });

  it('reads a dateline whose date comes first and whose place is in brackets', () => {
    expect(
      classifyArticle(
        'Lundin Gold announces a project financing package for Fruta del Norte',
        'May 30, 2017 (Vancouver, Canada) - Lundin Gold Inc. announces a financing package for its Fruta del Norte project in Ecuador.',
      ),
    ).toMatchObject({ countries: ['EC'] });
  });

  it('reads a TheNewswire dateline, a company named after a country and a zone named after a state as no project place', () => {
    expect(
      classifyArticle(
        'Arizona Gold & Silver reports first holes at the Philadelphia project',
        'Vancouver, British Columbia - TheNewswire - January 2025 - Arizona Gold & Silver Inc. reports core drilling at its Philadelphia project in Arizona. Ausenco Engineering Canada Inc. will build the plant.',
      ),
    ).toMatchObject({ countries: ['US'], states: ['AZ'] });
    expect(
      classifyArticle(
        'Thunder Mountain Gold reports intercepts at South Mountain',
        'Drilling in the Texas Zone at the South Mountain project in Idaho returned copper and silver.',
      ),
    ).toMatchObject({ countries: ['US'], states: ['ID'] });
  });

  it.each([
    [
      'Leonora Gold Raises A$30 Million',
      'raised A$30 million in a share placement; proceeds will repay the debt facility',
      'private-placement',
    ],
    ['Zambezi Copper Issues US$40 Million Convertible Notes', '', 'debt-financing'],
    ['Copper Developer Closes Private Placement of Convertible Debentures', '', 'debt-financing'],
    ['Cornwall Tin Launches £20 Million Rights Issue', '', 'rights-offering'],
    ['US$150 Million Gold Stream for Sadiola North', 'entered a gold streaming agreement', 'royalty-stream'],
    ['Ahafo Gold Signs US$75 Million Project Loan Facility', '', 'debt-financing'],
    ['Nordic Bond to Fund Greenland Rare Earths', 'raised US$60 million through a Nordic bond issue', 'debt-financing'],
    ['Orca Minerals to Acquire Dune Copper', 'the property is subject to a 2% NSR royalty', 'acquisition'],
  ])('types the financing "%s" by its instrument', (title, body, type) => {
    expect(classifyArticle(title, body).type).toBe(type);
  });
});

describe('query matching', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const article = (overrides: Partial<SourceArticle> = {}): SourceArticle => ({
    sourceKey: 'k',
    title: 'Taiga Gold drills 42.5 m of 3.2 g/t Au at Red Lake, Ontario',
    source: 'Wire',
    url: null,
    description: 'Taiga Gold Corp. (TSXV: TGA) reports results.',
    content: 'High grade continues.',
    articleType: 'news',
    pdfUrl: null,
    publishedAt: new Date('2026-11-20T12:00:00Z'),
    tags: {},
    raw: {},
    ...overrides,
  });
  const match = (input: object, a = article()) =>
    matchesQuery(a, tagArticle(a), fetchNewsRequestSchema.parse({ dateRange: 7, ...input }), now);

  it('keeps articles inside the date range only', () => {
    expect(match({})).toBe(true);
    expect(match({ dateRange: 1 })).toBe(false);
    expect(match({}, article({ publishedAt: new Date('2026-10-01T00:00:00Z') }))).toBe(false);
  });

  it('keeps every item however old with All Time, while the other ranges still filter', () => {
    const old = article({ publishedAt: new Date('1998-03-02T09:00:00Z') });
    expect(match({ dateRange: 3650 }, old)).toBe(true);
    expect(match({ dateRange: 3649 }, old)).toBe(false);
    expect(match({ dateRange: 365 }, old)).toBe(false);
    // Not the future, though: a date more than a day ahead is a feed's error, whatever the range.
    expect(match({ dateRange: 3650 }, article({ publishedAt: new Date('2027-01-01T00:00:00Z') }))).toBe(false);
  });

  it('filters by country, state, commodity, type group and text fields', () => {
    expect(match({ country: 'Canada', state: 'ON', commodity: ['Gold'] })).toBe(true);
    expect(match({ country: 'Australia' })).toBe(false);
    expect(match({ commodity: ['Copper', 'Gold'] })).toBe(true);
    expect(match({ commodity: ['Copper'] })).toBe(false);
    expect(match({ type: ['drilling'] })).toBe(true);
    expect(match({ type: ['financings'] })).toBe(false);
    expect(match({ ticker: 'tga', company: 'taiga', free_text_search: 'HIGH GRADE' })).toBe(true);
    expect(match({ article: 'nickel' })).toBe(false);
  });
});
