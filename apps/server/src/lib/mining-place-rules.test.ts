import { describe, expect, it } from 'vitest';
import { findMentions } from './mining-mentions.ts';

/*
 * Where a release's project is, as a geologist labels it: each rule family with the traps real releases set.
 * (mining-mentions.test.ts covers names inside names, accents and the reference data's own ambiguities.)
 */
const places = (text: string) => {
  const found = findMentions(text);
  return { countries: found.countries.sort(), states: found.states.sort() };
};

describe('the states and regions of Mexico, Peru, Chile, Argentina and Brazil', () => {
  it.each([
    ['Iron ore mining in Michoacán and Colima.', ['MX'], ['MX-COL', 'MX-MIC']],
    ['Iron ore mining in Michoacan.', ['MX'], ['MX-MIC']],
    ['Silver in the State of Mexico and Nuevo Leon.', ['MX'], ['MX-MEX', 'MX-NLE']],
    ['Copper in the Arequipa Region and Apurimac.', ['PE'], ['PE-APU', 'PE-ARE']],
    ['Porphyry in the Antofagasta Region; brines in Tarapacá.', ['CL'], ['CL-AN', 'CL-TA']],
    ['Lithium brines in Salta, Jujuy and Catamarca.', ['AR'], ['AR-A', 'AR-K', 'AR-Y']],
    ['Lithium in Minas Gerais, nickel in Goiás, gold in Para.', ['BR'], ['BR-GO', 'BR-MG', 'BR-PA']],
  ])('%s', (text, countries, states) => {
    expect(places(text)).toEqual({ countries, states });
  });

  it('reads a name two countries share by the release’s other places', () => {
    expect(places('Gold in Amazonas, Brazil.')).toEqual({ countries: ['BR'], states: ['BR-AM'] });
    expect(places('Gold in Amazonas, northern Peru.')).toEqual({ countries: ['PE'], states: ['PE-AMA'] });
    expect(places('A gold project in Amazonas.')).toEqual({ countries: [], states: [] });
    expect(places('Silver in Santa Cruz province.')).toEqual({ countries: ['AR'], states: ['AR-Z'] });
  });
});

describe('districts, belts, islands and towns', () => {
  it.each([
    ['Gold in the Pilbara and at Kalgoorlie.', ['AU'], ['AU-WA']],
    ['Copper in the Cobar Basin; zinc at Mount Isa.', ['AU'], ['AU-NSW', 'AU-QLD']],
    ['Porphyry copper in the Lachlan Fold Belt.', ['AU'], []],
    ["Gold in B.C.'s Golden Triangle and at Red Lake.", ['CA'], ['BC', 'ON']],
    ['Gold near Gander, in central Newfoundland, and on Cape Breton Island.', ['CA'], ['NL', 'NS']],
    ['Uranium in the Athabasca Basin; gold in the Abitibi.', ['CA'], ['SK']],
    ['Gold on the Carlin Trend and in the Walker Lane.', ['US'], ['NV']],
    ['Copper in the Copperbelt; gold at Tarkwa and Obuasi.', ['GH', 'ZM'], []],
    ['Gold in North Sumatra and on Sulawesi; nickel on Mindanao.', ['ID', 'PH'], []],
    ['Gold at Lihir; copper on Vancouver Island.', ['CA', 'PG'], ['BC']],
  ])('%s', (text, countries, states) => {
    expect(places(text)).toEqual({ countries, states });
  });

  it('reads nothing into a belt or craton that crosses borders', () => {
    expect(places('Gold in the Birimian greenstones of the West African Craton.')).toEqual({
      countries: [],
      states: [],
    });
    expect(places('Copper in the Central African Copperbelt.')).toEqual({ countries: [], states: [] });
  });

  it('reads a deposit style named after a place as a style', () => {
    expect(places('A Carlin-type gold target and Broken Hill-style zinc in Idaho.')).toEqual({
      countries: ['US'],
      states: ['ID'],
    });
  });

  it('reads the Goldfields and the Murchison as Western Australia only in an Australian release', () => {
    expect(places('Gold in the Goldfields, 40 km from Kalgoorlie.')).toEqual({ countries: ['AU'], states: ['AU-WA'] });
    expect(places('Nickel in the Murchison (ASX: ABC).').countries).toEqual([]);
    expect(findMentions('Nickel in the Murchison.', 'Nickel in the Murchison. ASX release.').states).toEqual(['AU-WA']);
  });
});

describe('shorthand', () => {
  it('reads WA, NT and SA by the country the release is otherwise about', () => {
    expect(places('Lithium at Lake Johnston, WA, in Australia.')).toEqual({ countries: ['AU'], states: ['AU-WA'] });
    expect(places('Gold in Idaho and WA, USA.')).toEqual({ countries: ['US'], states: ['ID', 'WA'] });
    expect(places('Lithium at Lake Johnston, WA.').states).toEqual(['AU-WA']);
    expect(places('A lithium project in WA.')).toEqual({ countries: [], states: [] });
    expect(findMentions('Gold in WA.', 'Gold in WA. JORC Code 2012.').states).toEqual(['AU-WA']);
  });

  it('reads NSW, Qld, B.C., Que., Ont., Nfld and NWT', () => {
    expect(places('Copper in central NSW and Qld.')).toEqual({ countries: ['AU'], states: ['AU-NSW', 'AU-QLD'] });
    expect(places('Gold in northwestern B.C., Ont. and Que., in Canada.')).toEqual({
      countries: ['CA'],
      states: ['BC', 'ON', 'QC'],
    });
    expect(places('Gold in Nfld and diamonds in the NWT.')).toEqual({ countries: ['CA'], states: ['NL', 'NT'] });
  });

  it('reads a US or Canadian postal code after a town', () => {
    expect(places('The Elko, NV and Timmins, ON projects.')).toEqual({ countries: ['CA', 'US'], states: ['NV', 'ON'] });
    expect(places('GOLD IN THE HILLS OR ON THE PLAINS.')).toEqual({ countries: [], states: [] });
  });

  it('does not read a legal suffix as a state', () => {
    expect(places('Ogooué Manganese SA and Aurora Minerals NL reported manganese from Gabon.').countries).toEqual([
      'GA',
    ]);
  });
});

describe('demonyms', () => {
  it.each([
    ['Drilling at its Ghanaian gold project.', ['GH']],
    ['Porphyry targets in the Peruvian Andes.', ['PE']],
    ['Nickel at its target in Finnish Lapland.', ['FI']],
    ['Gold in the Mexican state of Sonora.', ['MX']],
    ['Barrick Gold Sells Stake in Tanzanian Mines', ['TZ']],
  ])('where: %s', (text, countries) => {
    expect(places(text).countries).toEqual(countries);
  });

  it.each([
    'A Chinese offtaker will buy the concentrate.',
    'Filed under Canadian securities laws on the Australian Securities Exchange.',
    'A Japanese trading house and a Korean steelmaker signed the offtake.',
    'The Chilean state-owned miner bid for it.',
  ])('who: %s', (text) => {
    expect(places(text).countries).toEqual([]);
  });
});

// Sentences of running text: a line with hardly a lower-case word reads as a headline, where capitals say nothing.
describe('places that are not where the project is', () => {
  it.each([
    ['a country inside a company name', 'Ganfeng took control of Mali Lithium, which said it would ship more.'],
    ['a funder’s name', 'Japan Oil, Gas and Metals National Corporation (JOGMEC) will fund the drilling.'],
    ['an agency ending in a country', 'Export Finance Australia and Geoscience Australia backed the study.'],
    ['a company ending in a place', 'AngloGold Ashanti and Lithium Australia NL signed.'],
    ['a buyer’s home', "South Africa's Harmony Gold agreed to acquire the company for cash."],
    ['a possessive owner', "China's largest lithium producer and Japan's JOGMEC joined."],
    ['a domicile with its city', 'The company is headquartered in Vancouver, British Columbia.'],
    ['a domicile by suffix', 'The WA-based explorer and a China-backed fund.'],
    ['an export destination', 'It exported 4.2 Mt of bauxite to an alumina refinery in China.'],
    ['an offtaker', 'It signed a concentrate offtake with a smelter in Japan.'],
    ['buyers and lenders', 'Banks in Germany and investors in the United States funded it.'],
    ['a seller', 'It bought the mothballed mine from Kirkland Lake in 2017.'],
    ['a comparison', 'The system is similar to deposits in Nevada; the area is larger than Colorado.'],
    ['an organisation of a country', 'The Geological Survey of Finland and Goldcorp of Canada joined the programme.'],
    ['an address', 'Level 2, 16 Ord Street, West Perth WA 6005.'],
    ['a currency', 'Costs are in U.S. dollars.'],
    ['a person', 'Virginia S. Gillerman, Juan Guerrero and Mr. Mendoza wrote the report together.'],
    ['a town named after a state', 'Prospectors reached Virginia City.'],
    ['a conference venue', 'He spoke at a conference in Cape Town.'],
    ['a speaker’s whereabouts', 'The president said from Germany that the results were phenomenal.'],
    ['a speaker on the phone', 'Brines continue west, the vice-president said by phone from Mendoza.'],
    ['a laboratory abroad', 'Core will be cut and then sent to Australia for assay, the company said.'],
    ['a likeness', 'The basins broadly resemble formations in Ireland that host zinc discoveries.'],
    ['a hyphenated word', 'Copper sits in the folded Pre-Katanga basement of the dome, the company said.'],
    ['a border', 'The hole lies near the Chile-Argentina border and the Northern Territory/Queensland border.'],
    ['a longer Spanish name', 'The offices are between Puebla de Guzmán and Paymogo in the province.'],
    ['a capital named after its state', 'The city of Victoria was a staging point for the gold seekers.'],
    ['a mine named after a state', 'Past producers include Premier and Big Missouri, worked by the old timers.'],
    ['a demonym in a company name', 'The company Australian Mines expanded its ground in the region.'],
  ])('%s', (_, text) => {
    expect(places(text).countries).toEqual([]);
  });

  it('keeps the place of an asset named after it, and the project’s own place beside a possessive', () => {
    expect(places('Drilling at the Nevada Gold Project.').countries).toEqual(['US']);
    expect(places("Drilling in Ghana's Ashanti Belt and Quebec's James Bay.").countries).toEqual(['CA', 'GH']);
    expect(places('Its zinc smelter in Finland and copper developer in Nunavut.').countries).toEqual(['CA', 'FI']);
    expect(places('Unlocking Chile’s Potential').countries).toEqual(['CL']);
    expect(places('Harmony bought the Eva project in the North West Minerals Province of Queensland.')).toEqual({
      countries: ['AU'],
      states: ['AU-QLD'],
    });
  });

  it('reads a town named with another country’s region as that region’s, but not a list of places', () => {
    expect(places('Drilling near Victoria, British Columbia.')).toEqual({ countries: ['CA'], states: ['BC'] });
    expect(places('Assays from Ontario, California.')).toEqual({ countries: ['US'], states: ['CA'] });
    expect(places('Silver from Durango, Colorado.')).toEqual({ countries: ['US'], states: ['CO'] });
    expect(places('Projects in Sonora, Peru and Chile.').countries).toEqual(['CL', 'MX', 'PE']);
  });
});

describe('new rules: agencies, markets, bearings, laboratories, pivots, lists and other languages', () => {
  it.each([
    ['a nation’s agency', 'The U.S. Geological Survey and the U.S. Department of the Interior published the yearbook.'],
    ['a market', 'Higher costs and depleted deposits in Chile, the biggest producer, push miners elsewhere.'],
    ['a share of world output', 'Today China and Congo account for about 60% of production of these minerals.'],
    ['a ranking', 'It is billed as the third-largest lithium mine after two mines in Australia.'],
    ['a far bearing', 'The Galeno project lies about 600 km north of Lima, the capital.'],
    ['a laboratory’s town', 'Samples are driven to the ALS laboratory in Arequipa for preparation.'],
    ['a neighbour across the border', 'The Los Pelambres mine lies across the border in Chile, the company said.'],
    ['where a company was', 'In 2018 the company moved away from gold exploration in Tanzania for good.'],
    ['a list after a comparison', 'Mining is less tied to its image than in Western Australia or Queensland.'],
    ['a destination in Italian', 'Partita per la Cina la prima spedizione di litio verde estratto nel Paese.'],
    ['a destination by road or rail', 'The concentrate goes to China; some is trucked to Durban and railed to Zambia.'],
    ['a comparison in Spanish', 'La compañía las comparó con otros grandes proyectos ubicados en Nevada, EE.UU.'],
    ['the Portuguese preposition', 'Para o CEO, o anúncio é um marco para o avanço da empresa.'],
    ['an owner’s company', "Explorers include Australia's Xanadu Mines and Canada's Kincora Copper."],
  ])('%s', (_, text) => {
    expect(places(text).countries).toEqual([]);
  });

  it('reads a town’s possessive before another country’s place as a company’s', () => {
    expect(places("Success at Kirkland Lake's Fosterville gold mine sparked new activity.")).toEqual({
      countries: ['AU'],
      states: ['AU-VIC'],
    });
  });

  it('reads the country of a far bearing when it names the project’s country too', () => {
    expect(places('The Galeno project lies about 600 km north of Lima, Peru.').countries).toEqual(['PE']);
  });

  it('reads Georgia the country and Georgia the state by the words of each', () => {
    expect(places('Before independence in 1991, Georgia mined manganese at Chiatura.').countries).toEqual(['GE']);
    expect(places('Georgia kaolin comes from Wilkinson and Twiggs counties.')).toEqual({
      countries: ['US'],
      states: ['GA'],
    });
  });

  it('reads the names of mining countries in the languages portals republish in', () => {
    expect(places('Nuove anomalie aurifere al Progetto Bouaflé in Costa d’Avorio.').countries).toEqual(['CI']);
    expect(places('Projeto de lítio no Brasil; Bohrungen in Westaustralien.')).toEqual({
      countries: ['AU', 'BR'],
      states: ['AU-WA'],
    });
  });
});

describe('the places a release’s project is in (salience)', () => {
  const release = (title: string, body: string) => {
    const found = findMentions(`${title}\n${body}`, `${title}\n${body}`, { release: true });
    return { countries: found.countries.sort(), states: found.states.sort() };
  };

  it('keeps the project’s place and drops a market named once in passing', () => {
    expect(
      release(
        'Copper miners take hunt to Mongolian dunes',
        "A band of explorers will search Mongolia's Gobi Desert for copper this spring.\n\n" +
          'Rising demand and falling grades push miners to riskier places.\n\n' +
          'The country is close to the biggest copper consumer, China.',
      ).countries,
    ).toEqual(['MN']);
  });

  it('keeps every project of a multi-project release, the anchor shared along a list', () => {
    expect(
      release(
        'Quarterly activities report',
        'Drilling continued at the Bulla Park copper project in NSW and the Yarrie lithium project in the Pilbara.\n\n' +
          'Criminal gangs stole ore from mines in Jalisco, Colima and Michoacan, Mexico.',
      ),
    ).toEqual({ countries: ['AU', 'MX'], states: ['AU-NSW', 'AU-WA', 'MX-COL', 'MX-JAL', 'MX-MIC'] });
  });

  it('drops a place far lighter than the project’s, but keeps a second project of the lead', () => {
    const body =
      'The company drilled its Cerro Caliche gold project in Sonora State, Mexico, and its Rogozna project in ' +
      'Serbia. Assays from Sonora confirm the zones merge; Sonora drilling resumes in May.\n\n' +
      'Prices fell on demand from Europe and a slump in China.';
    expect(release('Sonoro drills Cerro Caliche, Sonora', body)).toEqual({
      countries: ['MX', 'RS'],
      states: ['MX-SON'],
    });
  });

  it('reads a list of three countries no project anchors as a survey of the region, one anchored as projects', () => {
    expect(
      release(
        'Africa still offers good exploration potential',
        'Investment is looking to Tanzania, Zimbabwe and the Democratic Republic of the Congo, while explorers ' +
          'drill uranium projects in Namibia.',
      ).countries,
    ).toEqual(['NA']);
    expect(
      release('Latin America snapshot', 'Eight companies exploring in Argentina, Ecuador, Mexico and Peru.').countries,
    ).toEqual(['AR', 'EC', 'MX', 'PE']);
  });

  it('weighs the places of a company’s self-description as a survey’s, the project’s own as news', () => {
    expect(
      release(
        'Update on exploration on the NW Zambia joint venture',
        'The exploration company with advanced projects in Namibia, Botswana and Zambia reports diamond drilling ' +
          'on its licences in NW Zambia, where the partner completed 4 holes at the Turaco target in Zambia.',
      ),
    ).toEqual({ countries: ['ZM'], states: [] });
    expect(
      release(
        'DLP confirms a porphyry at Aurora',
        'DLP is an exploration company with activities in southeastern British Columbia and in Peru. Aurora is ' +
          'a copper project in the Cusco region.',
      ),
    ).toEqual({ countries: ['PE'], states: ['PE-CUS'] });
    expect(
      release(
        'Exploration update on Guadalcanal, Solomon Islands',
        'Solomon Gold, the gold and copper explorer active in Solomon Islands and Australia, reports rock chips from the Mbetilonga Project on Guadalcanal, Solomon Islands.',
      ).countries,
    ).toEqual(['SB']);
  });

  it('reads every place of a text that is not a release, as before', () => {
    const text = "Gold in B.C.'s Golden Triangle and at Red Lake; demand from China.";
    expect(findMentions(text).countries.sort()).toEqual(['CA', 'CN']);
  });
});
