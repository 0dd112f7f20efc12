/**
 * The place vocabulary of mining beyond the reference data's countries and states (for mining-mentions.ts):
 * districts, belts, basins, camps and towns a release names instead of its state, islands, the shorthand of
 * Australian, Canadian and US releases ('WA', 'B.C.', 'Nfld'), and demonyms. Each maps to a country and, where
 * the place lies in one, a state or province of the reference data. A place that spans a border ('Abitibi',
 * 'Walker Lane', 'Lachlan Fold Belt') names only what it lies in wholly; one that names nothing certain
 * ('Birimian', 'Central African Copperbelt', 'Borneo') is listed as nothing, so it can't be misread either.
 */

export interface Place {
  country: string | null;
  state: string | null;
}

export interface PlaceName {
  /** Spellings; accents and case are optional unless `exact`. */
  names: readonly string[];
  place: Place;
  /**
   * The places the name means where the release otherwise names their country ('WA' beside 'ASX' or another
   * Australian place is Western Australia, beside Idaho or the USA Washington); `place` where it names none.
   */
  alternatives?: readonly Place[];
  /** Only these spellings, in this case ('WA', 'B.C.', 'Qld'). */
  exact?: true;
  /** A postal code, read only after a town and a comma: 'Elko, NV', 'Timmins, ON'. */
  afterTown?: true;
}

const at = (country: string | null, state: string | null = null): Place => ({ country, state });
const NOTHING = at(null);

const district = (state: string | null, country: string, ...names: string[]): PlaceName => ({
  names,
  place: at(country, state),
});

/** Districts, belts, basins, mining towns and islands. */
export const DISTRICTS: readonly PlaceName[] = [
  // Western Australia
  district('AU-WA', 'AU', 'Pilbara', 'West Pilbara', 'East Pilbara', 'Pilbara Craton', 'Hamersley', 'Hamersley Basin'),
  district('AU-WA', 'AU', 'Yilgarn', 'Yilgarn Craton', 'Eastern Goldfields', 'Kalgoorlie', 'Kalgoorlie-Boulder'),
  district('AU-WA', 'AU', 'Kambalda', 'Coolgardie', 'Norseman', 'Leonora', 'Laverton', 'Wiluna'),
  district('AU-WA', 'AU', 'Meekatharra', 'Mount Magnet', 'Mt Magnet', 'Southern Cross', 'Paterson Province'),
  district('AU-WA', 'AU', 'Fraser Range', 'Albany-Fraser', 'Gascoyne', 'Ravensthorpe', 'Greenbushes', 'Pilgangoora'),
  district('AU-WA', 'AU', 'Port Hedland', 'Marble Bar', 'Karratha', 'Nullagine', 'Boddington', 'Mallina Basin'),
  district('AU-WA', 'AU', 'East Kimberley', 'West Kimberley', 'Kimberley region', 'Golden Mile'),
  district('AU-WA', 'AU', 'Lake Johnston', 'Forrestania', 'Mount Holland', 'Bullfinch', 'Edjudina'),
  { names: ['Goldfields', 'Murchison'], place: NOTHING, alternatives: [at('AU', 'AU-WA')] },
  // New South Wales, Queensland, Northern Territory, South Australia, Victoria, Tasmania
  district('AU-NSW', 'AU', 'Cobar', 'Cobar Basin', 'Broken Hill', 'East Lachlan', 'Eastern Lachlan', 'Macquarie Arc'),
  district('AU-NSW', 'AU', 'Cadia', 'Cadia Valley', 'Hunter Valley', 'Gunnedah Basin', 'Molong', 'Mudgee', 'Tomingley'),
  district('AU-QLD', 'AU', 'Mount Isa', 'Mt Isa', 'Mount Isa Inlier', 'Cloncurry', 'Bowen Basin', 'Galilee Basin'),
  district('AU-QLD', 'AU', 'North West Minerals Province', 'Mount Isa Block'),
  district('AU-QLD', 'AU', 'Surat Basin', 'Charters Towers', 'Townsville', 'Drummond Basin', 'Mount Morgan', 'Gympie'),
  district('AU-NT', 'AU', 'Tennant Creek', 'Pine Creek', 'Arnhem Land', 'Alice Springs'),
  { names: ['McArthur River'], place: NOTHING, alternatives: [at('AU', 'AU-NT'), at('CA', 'SK')] },
  district('AU-SA', 'AU', 'Gawler Craton', 'Olympic Dam', 'Eyre Peninsula', 'Stuart Shelf', 'Flinders Ranges'),
  district('AU-SA', 'AU', 'Carrapateena', 'Prominent Hill'),
  district('AU-VIC', 'AU', 'Bendigo', 'Ballarat', 'Fosterville', 'Stawell', 'Castlemaine', 'Victorian Goldfields'),
  district('AU-VIC', 'AU', 'Central Victorian Goldfields'),
  district('AU-TAS', 'AU', 'Mount Read Volcanics', 'Zeehan', 'Rosebery', 'Savage River'),
  district(null, 'AU', 'Lachlan Fold Belt', 'Lachlan Orogen', 'Lachlan', 'New England Fold Belt', 'New England Orogen'),
  district(null, 'AU', 'Tanami', 'Curnamona', 'Curnamona Craton', 'Musgrave Province'),
  // British Columbia, Yukon, Northwest Territories, Nunavut
  district('BC', 'CA', 'Golden Triangle', 'Toodoggone', 'Quesnel Trough', 'Quesnel Terrane', 'Cariboo', 'Kootenay'),
  district('BC', 'CA', 'Kootenays', 'Iskut', 'Eskay Creek', 'Atlin', 'Vancouver Island', 'Haida Gwaii'),
  district('BC', 'CA', 'Highland Valley', 'Kamloops', 'Smithers', 'Prince George', 'Cassiar', 'Sulphurets'),
  district('YT', 'CA', 'Klondike', 'White Gold District', 'Dawson City', 'Whitehorse', 'Keno Hill'),
  district('YT', 'CA', 'Yukon Territory'),
  district('NT', 'CA', 'Yellowknife', 'Lac de Gras', 'NWT', 'N.W.T.'),
  district(
    'NU',
    'CA',
    'Kivalliq',
    'Kitikmeot',
    'Rankin Inlet',
    'Baker Lake',
    'Baffin Island',
    'Hope Bay',
    'Meadowbank',
  ),
  district(null, 'CA', 'Selwyn Basin', 'Slave Craton', 'Abitibi', 'Abitibi Greenstone Belt', 'Labrador Trough'),
  // The Prairies, Ontario, Quebec, Atlantic Canada
  district('SK', 'CA', 'Athabasca Basin', 'Athabaska Basin', 'Saskatoon', 'La Ronge', 'Patterson Lake', 'Wollaston'),
  district('MB', 'CA', 'Flin Flon', 'Snow Lake', 'Bird River', 'Lynn Lake'),
  district('ON', 'CA', 'Red Lake', 'Timmins', 'Sudbury', 'Greater Sudbury', 'Ring of Fire', 'Kirkland Lake', 'Hemlo'),
  district('ON', 'CA', 'Wawa', 'Thunder Bay', 'Larder Lake', 'Elliot Lake', 'Kenora'),
  district('ON', 'CA', 'Atikokan', 'Balmertown', 'Shining Tree', 'James Bay Lowlands'),
  district('QC', 'CA', "Val-d'Or", "Val d'Or", 'Rouyn-Noranda', 'Malartic', 'Chibougamau', 'Chapais', 'Matagami'),
  district('QC', 'CA', 'James Bay', 'Eeyou Istchee', 'Nunavik', 'Fermont', 'Sept-Îles', 'Lebel-sur-Quévillon'),
  district('QC', 'CA', 'Témiscamingue', 'Gaspé', 'Eastern Townships', 'Outaouais', 'Mauricie', 'Côte-Nord', 'Saguenay'),
  district('NL', 'CA', 'Newfoundland', 'Labrador', 'Baie Verte', "Voisey's Bay", 'Gander', 'Exploits Subzone'),
  district('NS', 'CA', 'Cape Breton', 'Cape Breton Island', 'Cape Breton Highlands', 'Antigonish', 'Meguma'),
  district('NB', 'CA', 'Bathurst Mining Camp', 'Miramichi'),
  // United States
  district('NV', 'US', 'Carlin Trend', 'Carlin', 'Cortez Trend', 'Battle Mountain', 'Getchell Trend', 'Elko'),
  district('NV', 'US', 'Winnemucca', 'Tonopah', 'Clayton Valley', 'Thacker Pass', 'Battle Mountain-Eureka Trend'),
  district('AK', 'US', 'Fairbanks', 'Nome', 'Juneau', 'Kuskokwim', 'Ambler Mining District'),
  district('MN', 'US', 'Mesabi Range', 'Duluth Complex'),
  district('ID', 'US', "Coeur d'Alene Mining District"),
  district('MT', 'US', 'Butte', 'Stillwater Complex'),
  district('AZ', 'US', 'Globe-Miami'),
  district('UT', 'US', 'Bingham Canyon'),
  district('CO', 'US', 'Cripple Creek'),
  district('SD', 'US', 'Black Hills'),
  district('MI', 'US', 'Upper Peninsula'),
  district('CA', 'US', 'Mother Lode'),
  district(null, 'US', 'Walker Lane', 'Great Basin', 'Powder River Basin', 'Appalachia'),
  // Mexico and Central America
  district(null, 'MX', 'Sierra Madre', 'Sierra Madre Occidental', 'Sierra Madre Oriental', 'Sierra Madre del Sur'),
  district('MX-SON', 'MX', 'Hermosillo', 'Álamos'),
  district('MX-ZAC', 'MX', 'Fresnillo', 'Mazapil', 'Peñasquito'),
  district('MX-DUR', 'MX', 'Tayoltita', 'Velardeña', 'San Dimas', 'Gómez Palacio'),
  district('MX-CHH', 'MX', 'Batopilas', 'Hidalgo del Parral'),
  district('MX-COA', 'MX', 'Sierra Mojada'),
  district('MX-NLE', 'MX', 'Monterrey'),
  district('MX-JAL', 'MX', 'Guadalajara'),
  district('MX-TAM', 'MX', 'Tampico'),
  // South America
  district('PE-ANC', 'PE', 'Antamina', 'Huaraz'),
  district('PE-PAS', 'PE', 'Cerro de Pasco'),
  district('PE-JUN', 'PE', 'Toromocho'),
  district('PE-APU', 'PE', 'Las Bambas'),
  district(null, 'CL', 'Atacama', 'Atacama Desert'),
  district('CL-AT', 'CL', 'Atacama Region', 'Region of Atacama', 'Maricunga', 'Maricunga Belt', 'Copiapó'),
  district('CL-AN', 'CL', 'Salar de Atacama', 'Atacama salt flat', 'Atacama Salt Flats', 'Calama', 'Chuquicamata'),
  district('CL-TA', 'CL', 'Iquique', 'Salar de Llamara', 'Pampa del Tamarugal'),
  district('CL-AT', 'CL', 'Third Region', 'Region III'),
  district('AR-Z', 'AR', 'Deseado Massif'),
  district('AR-F', 'AR', 'Famatina'),
  district('AR-Y', 'AR', 'Salar de Olaroz', 'Olaroz', 'Cauchari'),
  district('AR-A', 'AR', 'Salar de Arizaro', 'Arizaro', 'Salar de Pocitos'),
  district('AR-K', 'AR', 'Salar del Hombre Muerto', 'Hombre Muerto'),
  district('AR-B', 'AR', 'Bahía Blanca'),
  district('BR-PA', 'BR', 'Carajás', 'Tapajós', 'Serra Pelada'),
  district('BR-MG', 'BR', 'Quadrilátero Ferrífero', 'Jequitinhonha', 'Belo Horizonte'),
  district('BR-MT', 'BR', 'Alta Floresta'),
  district(null, 'BO', 'Potosí', 'Oruro', 'Salar de Uyuni', 'Uyuni'),
  { names: ['Guiana Shield', 'Andean Copper Belt', 'Lithium Triangle', 'Patagonia', 'Puna'], place: NOTHING },
  // Africa
  district(null, 'ZM', 'Copperbelt', 'Zambian Copperbelt', 'Copperbelt Province', 'Solwezi', 'Kitwe', 'Chingola'),
  district(null, 'ZM', 'North-Western Province', 'Lumwana', 'Kansanshi'),
  { names: ['Central African Copperbelt', 'Central Africa Copperbelt', 'African Copperbelt'], place: NOTHING },
  district(null, 'BW', 'Kalahari Copperbelt'),
  district(null, 'CD', 'Katanga', 'Haut-Katanga', 'Lualaba', 'Kolwezi', 'Lubumbashi', 'Kibali', 'Ituri', 'North Kivu'),
  district(null, 'CD', 'South Kivu', 'Kamoa-Kakula', 'Manono'),
  district(
    null,
    'GH',
    'Ashanti',
    'Ashanti Region',
    'Ashanti Belt',
    'Tarkwa',
    'Obuasi',
    'Sefwi',
    'Sefwi Belt',
    'Kumasi',
  ),
  district(null, 'GH', 'Ahafo', 'Bono Region', 'Bono East'),
  district(null, 'ML', 'Kéniéba', 'Sadiola', 'Bougouni', 'Goulamina', 'Loulo', 'Yanfolila'),
  district(null, 'GN', 'Siguiri', 'Simandou', 'Boké'),
  district(null, 'BF', 'Houndé'),
  district(null, 'SN', 'Kédougou'),
  district(null, 'TZ', 'Lake Victoria Goldfields', 'Geita'),
  district(null, 'ZA', 'Witwatersrand', 'Bushveld', 'Bushveld Complex', 'Rustenburg'),
  district(null, 'ZW', 'Great Dyke', 'Matabeleland'),
  district(null, 'MZ', 'Tete', 'Cabo Delgado'),
  district(null, 'NA', 'Erongo'),
  {
    names: [
      'Birimian',
      'Birimian Greenstone Belt',
      'West African Craton',
      'Arabian-Nubian Shield',
      'Kédougou-Kéniéba Inlier',
    ],
    place: NOTHING,
  },
  // Asia and the Pacific
  district(null, 'ID', 'Sumatra', 'North Sumatra', 'South Sumatra', 'West Sumatra', 'Sulawesi', 'North Sulawesi'),
  district(null, 'ID', 'Central Sulawesi', 'South Sulawesi', 'Kalimantan', 'Java', 'Halmahera', 'Sumbawa', 'Lombok'),
  district(null, 'ID', 'West Papua', 'Weda Bay', 'Morowali'),
  district(null, 'MY', 'Sabah', 'Sarawak'),
  district(null, 'PH', 'Mindanao', 'Luzon', 'Surigao', 'Surigao del Norte', 'Palawan', 'Visayas'),
  district(null, 'PG', 'Lihir', 'Bougainville', 'Porgera', 'Wafi-Golpu', 'Ok Tedi', 'New Ireland', 'New Britain'),
  district(null, 'PG', 'Morobe'),
  district(null, 'NZ', 'Otago', 'Reefton', 'Macraes', 'Waihi', 'Coromandel', 'West Coast of New Zealand'),
  district(null, 'CN', 'Inner Mongolia', 'Xinjiang', 'Tibet', 'Yunnan', 'Jiangxi', 'Shandong', 'Sichuan'),
  district(null, 'MN', 'South Gobi', 'Omnogovi', 'Oyu Tolgoi'),
  district(null, 'JP', 'Hokkaido', 'Kyushu'),
  district(null, 'GE', 'Tbilisi'),
  { names: ['Borneo', 'Golden Triangle of Southeast Asia'], place: NOTHING },
  // Europe
  { names: ['Lapland', 'Finnish Lapland'], place: at('FI'), alternatives: [at('SE')] },
  district(null, 'SE', 'Swedish Lapland', 'Norrbotten', 'Skellefteå', 'Bergslagen'),
  district(null, 'GB', 'Cornwall', 'Dalradian'),
  district(null, 'TR', 'Anatolia'),
  district(null, 'RU', 'Siberia', 'Urals', 'Yakutia', 'Chukotka', 'Kamchatka'),
  // Names shared by two places: the release's other places decide.
  { names: ['Kimberley'], place: NOTHING, alternatives: [at('AU', 'AU-WA'), at('ZA')] },
  { names: ['Bathurst'], place: NOTHING, alternatives: [at('AU', 'AU-NSW'), at('CA', 'NB')] },
];

const country = (code: string, ...names: string[]): PlaceName => ({ names, place: at(code) });

/**
 * The countries of mining in the languages mining portals republish releases in (Spanish, Portuguese, Italian,
 * French, German), where the name is not the English one with its accents ('Perú' and 'México' fold to it).
 */
export const EXONYMS: readonly PlaceName[] = [
  country('BR', 'Brasil', 'Brasile', 'Brésil', 'Brasilien'),
  country('CI', "Costa d'Avorio", 'Costa de Marfil', 'Costa do Marfim', "Côte-d'Ivoire", 'Elfenbeinküste'),
  country('MX', 'Messico', 'Mexique', 'Mexiko'),
  country('PE', 'Pérou', 'Perù'),
  country('CL', 'Cile'),
  country('AR', 'Argentinien'),
  country('CA', 'Kanada'),
  country('AU', 'Australien', 'Australie'),
  { names: ['Westaustralien', 'Australie-Occidentale'], place: at('AU', 'AU-WA') },
  country('US', 'Estados Unidos', 'EE.UU.', 'EEUU', 'Stati Uniti', 'États-Unis', 'Vereinigte Staaten'),
  country('ZA', 'Sudáfrica', 'África do Sul', 'Sudafrica', 'Afrique du Sud', 'Südafrika'),
  country('MA', 'Marruecos', 'Marrocos', 'Marocco', 'Maroc', 'Marokko'),
  country('GL', 'Groenlandia', 'Groenlândia', 'Groenland', 'Grönland'),
  country('FI', 'Finlandia', 'Finlande', 'Finnland'),
  country('SE', 'Suecia', 'Suécia', 'Svezia', 'Suède', 'Schweden'),
  country('NO', 'Noruega', 'Norvegia', 'Norvège', 'Norwegen'),
  country('CN', 'Cina', 'Chine'),
  country('JP', 'Japón', 'Japão', 'Giappone'),
  country(
    'CD',
    'República Democrática do Congo',
    'República Democrática del Congo',
    'Repubblica Democratica del Congo',
  ),
];

/** Names that are also other places, people or words: the release's other places decide, or context rules. */
export const SHARED_NAMES: readonly PlaceName[] = [
  { names: ['Amazonas'], place: NOTHING, alternatives: [at('BR', 'BR-AM'), at('PE', 'PE-AMA')] },
  { names: ['Santa Cruz'], place: NOTHING, alternatives: [at('AR', 'AR-Z'), at('BO')] },
  { names: ['Santa Cruz Province', 'Province of Santa Cruz'], place: at('AR', 'AR-Z') },
  { names: ['Córdoba'], place: at('AR', 'AR-X'), alternatives: [at('CO'), at('ES')] },
  { names: ['La Rioja'], place: at('AR', 'AR-F'), alternatives: [at('ES')] },
  { names: ['La Libertad'], place: at('PE', 'PE-LAL'), alternatives: [at('SV')] },
  { names: ['Misiones'], place: at('AR', 'AR-N'), alternatives: [at('PY')] },
  { names: ['Chaco'], place: at('AR', 'AR-H'), alternatives: [at('PY')] },
  { names: ['Formosa'], place: at('AR', 'AR-P'), alternatives: [at('TW')] },
  { names: ['Distrito Federal'], place: at('BR', 'BR-DF'), alternatives: [at('MX', 'MX-CMX')] },
  { names: ['Murchison Greenstone Belt'], place: at('ZA') },
];

/** Shorthand: Australian state abbreviations where the release is Australian, Canadian ones, US and Canadian postal codes. */
export const ABBREVIATIONS: readonly PlaceName[] = [
  { names: ['WA'], place: NOTHING, alternatives: [at('AU', 'AU-WA'), at('US', 'WA')], exact: true },
  { names: ['NT'], place: NOTHING, alternatives: [at('AU', 'AU-NT'), at('CA', 'NT')], exact: true },
  { names: ['SA'], place: NOTHING, alternatives: [at('AU', 'AU-SA'), at('ZA')], exact: true },
  { names: ['Vic', 'VIC', 'Vic.'], place: NOTHING, alternatives: [at('AU', 'AU-VIC')], exact: true },
  { names: ['Tas', 'TAS', 'Tas.'], place: NOTHING, alternatives: [at('AU', 'AU-TAS')], exact: true },
  { names: ['NSW', 'N.S.W.'], place: at('AU', 'AU-NSW'), exact: true },
  { names: ['Qld', 'QLD', 'Qld.'], place: at('AU', 'AU-QLD'), exact: true },
  { names: ['B.C.'], place: at('CA', 'BC'), exact: true },
  { names: ['BC'], place: NOTHING, alternatives: [at('CA', 'BC')], exact: true },
  { names: ['Que.', 'Qué.', 'Qc', 'QC'], place: NOTHING, alternatives: [at('CA', 'QC')], exact: true },
  { names: ['Ont.'], place: at('CA', 'ON'), exact: true },
  { names: ['Sask.'], place: at('CA', 'SK'), exact: true },
  { names: ['Man.'], place: NOTHING, alternatives: [at('CA', 'MB')], exact: true },
  { names: ['Alta.'], place: NOTHING, alternatives: [at('CA', 'AB')], exact: true },
  { names: ['Nfld', 'Nfld.', 'N.L.'], place: at('CA', 'NL'), exact: true },
  { names: ['NL'], place: NOTHING, alternatives: [at('CA', 'NL')], exact: true },
  { names: ['N.S.'], place: NOTHING, alternatives: [at('CA', 'NS')], exact: true },
  { names: ['N.B.'], place: NOTHING, alternatives: [at('CA', 'NB')], exact: true },
  { names: ['P.E.I.'], place: at('CA', 'PE'), exact: true },
  { names: ['Y.T.'], place: at('CA', 'YT'), exact: true },
];

/**
 * Demonyms, read only before what a project is or where it lies ('a Ghanaian gold project', 'the Peruvian
 * Andes', 'Finnish Lapland'), never before who someone is ('a Chinese offtaker', 'Canadian securities laws').
 */
export const DEMONYMS: readonly PlaceName[] = [
  ...(
    [
      ['GH', 'Ghanaian'],
      ['PE', 'Peruvian'],
      ['CL', 'Chilean'],
      ['MX', 'Mexican'],
      ['AR', 'Argentine', 'Argentinian', 'Argentinean'],
      ['BR', 'Brazilian'],
      ['BO', 'Bolivian'],
      ['EC', 'Ecuadorian'],
      ['CO', 'Colombian'],
      ['GY', 'Guyanese'],
      ['SR', 'Surinamese'],
      ['PA', 'Panamanian'],
      ['NI', 'Nicaraguan'],
      ['HN', 'Honduran'],
      ['GT', 'Guatemalan'],
      ['CA', 'Canadian'],
      ['AU', 'Australian'],
      ['NZ', 'New Zealand'],
      ['ML', 'Malian'],
      ['BF', 'Burkinabe', 'Burkinabé'],
      ['CI', 'Ivorian'],
      ['GN', 'Guinean'],
      ['SN', 'Senegalese'],
      ['NE', 'Nigerien'],
      ['NG', 'Nigerian'],
      ['TZ', 'Tanzanian'],
      ['ZM', 'Zambian'],
      ['CD', 'Congolese'],
      ['ZW', 'Zimbabwean'],
      ['ZA', 'South African'],
      ['NA', 'Namibian'],
      ['BW', 'Botswanan'],
      ['MZ', 'Mozambican'],
      ['MG', 'Malagasy'],
      ['KE', 'Kenyan'],
      ['ET', 'Ethiopian'],
      ['EG', 'Egyptian'],
      ['MA', 'Moroccan'],
      ['SD', 'Sudanese'],
      ['SA', 'Saudi', 'Saudi Arabian'],
      ['TR', 'Turkish'],
      ['FI', 'Finnish'],
      ['SE', 'Swedish'],
      ['NO', 'Norwegian'],
      ['IE', 'Irish'],
      ['GB', 'British', 'Scottish', 'Welsh', 'Cornish'],
      ['ES', 'Spanish'],
      ['PT', 'Portuguese'],
      ['RS', 'Serbian'],
      ['BA', 'Bosnian'],
      ['GR', 'Greek'],
      ['KZ', 'Kazakh', 'Kazakhstani'],
      ['KG', 'Kyrgyz'],
      ['UZ', 'Uzbek'],
      ['MN', 'Mongolian'],
      ['CN', 'Chinese'],
      ['JP', 'Japanese'],
      ['KR', 'Korean', 'South Korean'],
      ['ID', 'Indonesian'],
      ['PH', 'Philippine', 'Filipino'],
      ['MY', 'Malaysian'],
      ['VN', 'Vietnamese'],
      ['IN', 'Indian'],
      ['PG', 'Papua New Guinean'],
      ['FJ', 'Fijian'],
      ['GL', 'Greenlandic'],
      ['RU', 'Russian'],
      ['AM', 'Armenian'],
    ] as const
  ).map(([country, ...names]): PlaceName => ({ names, place: at(country) })),
  { names: ['Alaskan'], place: at('US', 'AK') },
  { names: ['Nevadan'], place: at('US', 'NV') },
  { names: ['Western Australian'], place: at('AU', 'AU-WA') },
  { names: ['South Australian'], place: at('AU', 'AU-SA') },
  { names: ['Tasmanian'], place: at('AU', 'AU-TAS') },
  { names: ['Victorian'], place: at('AU', 'AU-VIC') },
  { names: ['Sonoran'], place: at('MX', 'MX-SON') },
];

/** US and Canadian postal codes, read after a town: 'Elko, NV', 'Timmins, ON', 'Val-d'Or, QC'. */
export function postalCodes(states: readonly { code: string; country: string }[]): PlaceName[] {
  return states
    .filter((state) => (state.country === 'US' || state.country === 'CA') && /^[A-Z]{2}$/.test(state.code))
    .map((state) => ({ names: [state.code], place: at(state.country, state.code), exact: true, afterTown: true }));
}
