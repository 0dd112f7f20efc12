import { z } from 'zod';

/*
 * Reference data for the Market Intelligence filters (SPEC.md sections 2, 3, 7 and 9). One source of
 * truth: the filter panel builds its option lists from it, the server validates requests against it,
 * and the news classifier tags articles with its symbols and codes.
 */

// ---------------------------------------------------------------------------------------------------
// Commodities
// ---------------------------------------------------------------------------------------------------

export interface Commodity {
  /** Display name, as the filter panel lists it. */
  name: string;
  /** What the server and the news sources use; element symbols where one exists. */
  symbol: string;
  /**
   * Other words that name the same commodity in news text. Bare one- or two-letter symbols (W, V, U,
   * In, Co...) collide with ordinary words, so a classifier should match those only in grade context.
   */
  aliases?: readonly string[];
}

export const COMMODITIES: readonly Commodity[] = [
  // Precious metals
  { name: 'Gold', symbol: 'Au' },
  { name: 'Silver', symbol: 'Ag' },
  { name: 'Platinum', symbol: 'Pt' },
  { name: 'Palladium', symbol: 'Pd' },
  { name: 'PGMs', symbol: 'PGM', aliases: ['Platinum Group Metals', 'Platinum Group Elements', 'PGE', 'PGEs'] },
  { name: 'Rhodium', symbol: 'Rh' },
  { name: 'Iridium', symbol: 'Ir' },
  { name: 'Osmium', symbol: 'Os' },
  { name: 'Ruthenium', symbol: 'Ru' },
  // Base metals
  { name: 'Copper', symbol: 'Cu' },
  { name: 'Zinc', symbol: 'Zn' },
  { name: 'Lead', symbol: 'Pb' },
  { name: 'Nickel', symbol: 'Ni' },
  { name: 'Tin', symbol: 'Sn', aliases: ['Cassiterite'] },
  { name: 'Aluminium', symbol: 'Al', aliases: ['Aluminum'] },
  { name: 'Bauxite', symbol: 'Bauxite' },
  { name: 'Alumina', symbol: 'Al2O3' },
  // Battery, energy-transition and critical metals
  { name: 'Lithium', symbol: 'Li', aliases: ['Spodumene', 'Lithium Carbonate', 'Lithium Hydroxide', 'Li2O', 'LCE'] },
  { name: 'Cobalt', symbol: 'Co' },
  { name: 'Graphite', symbol: 'Graphite', aliases: ['Flake Graphite', 'Natural Graphite'] },
  { name: 'Manganese', symbol: 'Mn', aliases: ['High-Purity Manganese'] },
  { name: 'Vanadium', symbol: 'V', aliases: ['V2O5'] },
  { name: 'Rare Earths', symbol: 'REE', aliases: ['Rare Earth Elements', 'Rare Earth', 'TREO', 'REO'] },
  { name: 'Neodymium', symbol: 'Nd', aliases: ['NdPr'] },
  { name: 'Praseodymium', symbol: 'Pr' },
  { name: 'Dysprosium', symbol: 'Dy' },
  { name: 'Terbium', symbol: 'Tb' },
  { name: 'Scandium', symbol: 'Sc' },
  { name: 'Niobium', symbol: 'Nb', aliases: ['Columbium'] },
  { name: 'Tantalum', symbol: 'Ta', aliases: ['Tantalite', 'Coltan'] },
  { name: 'Gallium', symbol: 'Ga' },
  { name: 'Germanium', symbol: 'Ge' },
  { name: 'Indium', symbol: 'In' },
  { name: 'Antimony', symbol: 'Sb', aliases: ['Stibnite'] },
  { name: 'Bismuth', symbol: 'Bi' },
  { name: 'Tellurium', symbol: 'Te' },
  { name: 'Selenium', symbol: 'Se' },
  { name: 'Cadmium', symbol: 'Cd' },
  { name: 'Hafnium', symbol: 'Hf' },
  { name: 'Beryllium', symbol: 'Be', aliases: ['Beryl'] },
  { name: 'Cesium', symbol: 'Cs', aliases: ['Caesium', 'Pollucite'] },
  { name: 'Rubidium', symbol: 'Rb' },
  { name: 'Magnesium', symbol: 'Mg', aliases: ['Magnesite'] },
  { name: 'Titanium', symbol: 'Ti', aliases: ['Ilmenite', 'Rutile'] },
  { name: 'Zircon', symbol: 'Zr', aliases: ['Zirconium'] },
  { name: 'Mineral Sands', symbol: 'HMS', aliases: ['Heavy Mineral Sands', 'Heavy Minerals'] },
  { name: 'Chromium', symbol: 'Cr', aliases: ['Chromite', 'Chrome'] },
  { name: 'Molybdenum', symbol: 'Mo', aliases: ['Molybdenite'] },
  { name: 'Tungsten', symbol: 'W', aliases: ['Scheelite', 'Wolframite', 'WO3'] },
  { name: 'Silicon', symbol: 'Si', aliases: ['Silicon Metal'] },
  { name: 'High-Purity Quartz', symbol: 'HPQ' },
  { name: 'Boron', symbol: 'B', aliases: ['Borate', 'Borates'] },
  // Energy minerals
  { name: 'Uranium', symbol: 'U3O8', aliases: ['Yellowcake'] },
  { name: 'Thorium', symbol: 'Th' },
  { name: 'Coal', symbol: 'Coal', aliases: ['Metallurgical Coal', 'Coking Coal', 'Thermal Coal', 'Met Coal'] },
  { name: 'Helium', symbol: 'He' },
  // Bulk commodities and fertilisers
  { name: 'Iron Ore', symbol: 'Fe', aliases: ['Iron', 'Magnetite', 'Hematite'] },
  { name: 'Potash', symbol: 'Potash (KCl)', aliases: ['Potassium Chloride', 'KCl', 'Sulphate of Potash', 'SOP'] },
  { name: 'Phosphate', symbol: 'P2O5', aliases: ['Phosphate Rock', 'Phosphorite'] },
  { name: 'Sulphur', symbol: 'S', aliases: ['Sulfur'] },
  { name: 'Iodine', symbol: 'I' },
  { name: 'Salt', symbol: 'NaCl', aliases: ['Halite'] },
  { name: 'Soda Ash', symbol: 'Na2CO3', aliases: ['Trona'] },
  // Industrial minerals
  { name: 'Fluorspar', symbol: 'CaF2', aliases: ['Fluorite'] },
  { name: 'Barite', symbol: 'BaSO4', aliases: ['Barytes', 'Baryte'] },
  { name: 'Gypsum', symbol: 'Gypsum' },
  { name: 'Kaolin', symbol: 'Kaolin', aliases: ['China Clay', 'Kaolinite', 'Halloysite'] },
  { name: 'Limestone', symbol: 'CaCO3', aliases: ['Lime'] },
  { name: 'Silica Sand', symbol: 'SiO2', aliases: ['Silica', 'Frac Sand', 'Quartz Sand'] },
  { name: 'Feldspar', symbol: 'Feldspar' },
  { name: 'Mica', symbol: 'Mica' },
  { name: 'Talc', symbol: 'Talc' },
  { name: 'Bentonite', symbol: 'Bentonite' },
  { name: 'Perlite', symbol: 'Perlite' },
  { name: 'Vermiculite', symbol: 'Vermiculite' },
  { name: 'Garnet', symbol: 'Garnet' },
  { name: 'Wollastonite', symbol: 'Wollastonite' },
  { name: 'Zeolite', symbol: 'Zeolite' },
  { name: 'Diatomite', symbol: 'Diatomite', aliases: ['Diatomaceous Earth'] },
  // Gems
  { name: 'Diamonds', symbol: 'Diamonds', aliases: ['Diamond'] },
  {
    name: 'Gemstones',
    symbol: 'Gemstones',
    aliases: ['Emerald', 'Emeralds', 'Ruby', 'Rubies', 'Sapphire', 'Sapphires'],
  },
];

const commodityIndex = buildIndex(COMMODITIES, (c) => [c.name, ...(c.aliases ?? []), c.symbol]);

/** The commodity a name, alias or symbol (any case) stands for. */
export function findCommodity(nameOrSymbol: string): Commodity | undefined {
  return commodityIndex.get(normalise(nameOrSymbol));
}

/**
 * Maps a commodity name (any case, or an alias such as 'Aluminum') to its symbol, as the client does
 * before sending (SPEC.md section 7): Silver → Ag, Potash → 'Potash (KCl)'. A symbol maps to itself;
 * unknown names pass through unchanged.
 */
export function commodityNameToSymbol(name: string): string {
  return findCommodity(name)?.symbol ?? name;
}

/** Whether a symbol or name (any case) is one of COMMODITIES. */
export function isKnownCommodity(symbolOrName: string): boolean {
  return findCommodity(symbolOrName) !== undefined;
}

/** A commodity given by name or symbol, normalised to its symbol; unknown values fail validation. */
export const commoditySymbolSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine(isKnownCommodity, { message: 'unknown commodity' })
  .transform(commodityNameToSymbol);

// ---------------------------------------------------------------------------------------------------
// Countries (ISO 3166-1 alpha-2)
// ---------------------------------------------------------------------------------------------------

export interface Country {
  /** ISO 3166-1 alpha-2 code. */
  code: string;
  name: string;
  /** Other names news text uses for the country. */
  aliases?: readonly string[];
}

export const COUNTRIES: readonly Country[] = [
  { code: 'AD', name: 'Andorra' },
  { code: 'AE', name: 'United Arab Emirates', aliases: ['UAE'] },
  { code: 'AF', name: 'Afghanistan' },
  { code: 'AG', name: 'Antigua and Barbuda' },
  { code: 'AI', name: 'Anguilla' },
  { code: 'AL', name: 'Albania' },
  { code: 'AM', name: 'Armenia' },
  { code: 'AO', name: 'Angola' },
  { code: 'AQ', name: 'Antarctica' },
  { code: 'AR', name: 'Argentina' },
  { code: 'AS', name: 'American Samoa' },
  { code: 'AT', name: 'Austria' },
  { code: 'AU', name: 'Australia' },
  { code: 'AW', name: 'Aruba' },
  { code: 'AX', name: 'Åland Islands' },
  { code: 'AZ', name: 'Azerbaijan' },
  { code: 'BA', name: 'Bosnia and Herzegovina' },
  { code: 'BB', name: 'Barbados' },
  { code: 'BD', name: 'Bangladesh' },
  { code: 'BE', name: 'Belgium' },
  { code: 'BF', name: 'Burkina Faso' },
  { code: 'BG', name: 'Bulgaria' },
  { code: 'BH', name: 'Bahrain' },
  { code: 'BI', name: 'Burundi' },
  { code: 'BJ', name: 'Benin' },
  { code: 'BL', name: 'Saint Barthélemy' },
  { code: 'BM', name: 'Bermuda' },
  { code: 'BN', name: 'Brunei' },
  { code: 'BO', name: 'Bolivia', aliases: ['Plurinational State of Bolivia'] },
  { code: 'BQ', name: 'Caribbean Netherlands' },
  { code: 'BR', name: 'Brazil' },
  { code: 'BS', name: 'Bahamas' },
  { code: 'BT', name: 'Bhutan' },
  { code: 'BV', name: 'Bouvet Island' },
  { code: 'BW', name: 'Botswana' },
  { code: 'BY', name: 'Belarus' },
  { code: 'BZ', name: 'Belize' },
  { code: 'CA', name: 'Canada' },
  { code: 'CC', name: 'Cocos (Keeling) Islands' },
  { code: 'CD', name: 'Democratic Republic of the Congo', aliases: ['DRC', 'DR Congo', 'Congo-Kinshasa'] },
  { code: 'CF', name: 'Central African Republic' },
  { code: 'CG', name: 'Republic of the Congo', aliases: ['Congo-Brazzaville'] },
  { code: 'CH', name: 'Switzerland' },
  { code: 'CI', name: "Côte d'Ivoire", aliases: ['Ivory Coast', "Cote d'Ivoire"] },
  { code: 'CK', name: 'Cook Islands' },
  { code: 'CL', name: 'Chile' },
  { code: 'CM', name: 'Cameroon' },
  { code: 'CN', name: 'China', aliases: ["People's Republic of China"] },
  { code: 'CO', name: 'Colombia' },
  { code: 'CR', name: 'Costa Rica' },
  { code: 'CU', name: 'Cuba' },
  { code: 'CV', name: 'Cape Verde', aliases: ['Cabo Verde'] },
  { code: 'CW', name: 'Curaçao' },
  { code: 'CX', name: 'Christmas Island' },
  { code: 'CY', name: 'Cyprus' },
  { code: 'CZ', name: 'Czechia', aliases: ['Czech Republic'] },
  { code: 'DE', name: 'Germany' },
  { code: 'DJ', name: 'Djibouti' },
  { code: 'DK', name: 'Denmark' },
  { code: 'DM', name: 'Dominica' },
  { code: 'DO', name: 'Dominican Republic' },
  { code: 'DZ', name: 'Algeria' },
  { code: 'EC', name: 'Ecuador' },
  { code: 'EE', name: 'Estonia' },
  { code: 'EG', name: 'Egypt' },
  { code: 'EH', name: 'Western Sahara' },
  { code: 'ER', name: 'Eritrea' },
  { code: 'ES', name: 'Spain' },
  { code: 'ET', name: 'Ethiopia' },
  { code: 'FI', name: 'Finland' },
  { code: 'FJ', name: 'Fiji' },
  { code: 'FK', name: 'Falkland Islands', aliases: ['Falkland Islands (Malvinas)'] },
  { code: 'FM', name: 'Micronesia' },
  { code: 'FO', name: 'Faroe Islands' },
  { code: 'FR', name: 'France' },
  { code: 'GA', name: 'Gabon' },
  {
    code: 'GB',
    name: 'United Kingdom',
    aliases: ['UK', 'U.K.', 'Great Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland'],
  },
  { code: 'GD', name: 'Grenada' },
  { code: 'GE', name: 'Georgia' },
  { code: 'GF', name: 'French Guiana' },
  { code: 'GG', name: 'Guernsey' },
  { code: 'GH', name: 'Ghana' },
  { code: 'GI', name: 'Gibraltar' },
  { code: 'GL', name: 'Greenland' },
  { code: 'GM', name: 'Gambia' },
  { code: 'GN', name: 'Guinea' },
  { code: 'GP', name: 'Guadeloupe' },
  { code: 'GQ', name: 'Equatorial Guinea' },
  { code: 'GR', name: 'Greece' },
  { code: 'GS', name: 'South Georgia and South Sandwich Islands' },
  { code: 'GT', name: 'Guatemala' },
  { code: 'GU', name: 'Guam' },
  { code: 'GW', name: 'Guinea-Bissau' },
  { code: 'GY', name: 'Guyana' },
  { code: 'HK', name: 'Hong Kong' },
  { code: 'HM', name: 'Heard Island and McDonald Islands' },
  { code: 'HN', name: 'Honduras' },
  { code: 'HR', name: 'Croatia' },
  { code: 'HT', name: 'Haiti' },
  { code: 'HU', name: 'Hungary' },
  { code: 'ID', name: 'Indonesia' },
  { code: 'IE', name: 'Ireland' },
  { code: 'IL', name: 'Israel' },
  { code: 'IM', name: 'Isle of Man' },
  { code: 'IN', name: 'India' },
  { code: 'IO', name: 'British Indian Ocean Territory' },
  { code: 'IQ', name: 'Iraq' },
  { code: 'IR', name: 'Iran', aliases: ['Islamic Republic of Iran'] },
  { code: 'IS', name: 'Iceland' },
  { code: 'IT', name: 'Italy' },
  { code: 'JE', name: 'Jersey' },
  { code: 'JM', name: 'Jamaica' },
  { code: 'JO', name: 'Jordan' },
  { code: 'JP', name: 'Japan' },
  { code: 'KE', name: 'Kenya' },
  { code: 'KG', name: 'Kyrgyzstan' },
  { code: 'KH', name: 'Cambodia' },
  { code: 'KI', name: 'Kiribati' },
  { code: 'KM', name: 'Comoros' },
  { code: 'KN', name: 'Saint Kitts and Nevis' },
  { code: 'KP', name: 'North Korea', aliases: ["Democratic People's Republic of Korea"] },
  { code: 'KR', name: 'South Korea', aliases: ['Republic of Korea'] },
  { code: 'KW', name: 'Kuwait' },
  { code: 'KY', name: 'Cayman Islands' },
  { code: 'KZ', name: 'Kazakhstan' },
  { code: 'LA', name: 'Laos', aliases: ["Lao People's Democratic Republic"] },
  { code: 'LB', name: 'Lebanon' },
  { code: 'LC', name: 'Saint Lucia' },
  { code: 'LI', name: 'Liechtenstein' },
  { code: 'LK', name: 'Sri Lanka' },
  { code: 'LR', name: 'Liberia' },
  { code: 'LS', name: 'Lesotho' },
  { code: 'LT', name: 'Lithuania' },
  { code: 'LU', name: 'Luxembourg' },
  { code: 'LV', name: 'Latvia' },
  { code: 'LY', name: 'Libya' },
  { code: 'MA', name: 'Morocco' },
  { code: 'MC', name: 'Monaco' },
  { code: 'MD', name: 'Moldova' },
  { code: 'ME', name: 'Montenegro' },
  { code: 'MF', name: 'Saint Martin' },
  { code: 'MG', name: 'Madagascar' },
  { code: 'MH', name: 'Marshall Islands' },
  { code: 'MK', name: 'North Macedonia', aliases: ['Macedonia'] },
  { code: 'ML', name: 'Mali' },
  { code: 'MM', name: 'Myanmar', aliases: ['Burma'] },
  { code: 'MN', name: 'Mongolia' },
  { code: 'MO', name: 'Macao' },
  { code: 'MP', name: 'Northern Mariana Islands' },
  { code: 'MQ', name: 'Martinique' },
  { code: 'MR', name: 'Mauritania' },
  { code: 'MS', name: 'Montserrat' },
  { code: 'MT', name: 'Malta' },
  { code: 'MU', name: 'Mauritius' },
  { code: 'MV', name: 'Maldives' },
  { code: 'MW', name: 'Malawi' },
  { code: 'MX', name: 'Mexico' },
  { code: 'MY', name: 'Malaysia' },
  { code: 'MZ', name: 'Mozambique' },
  { code: 'NA', name: 'Namibia' },
  { code: 'NC', name: 'New Caledonia' },
  { code: 'NE', name: 'Niger' },
  { code: 'NF', name: 'Norfolk Island' },
  { code: 'NG', name: 'Nigeria' },
  { code: 'NI', name: 'Nicaragua' },
  { code: 'NL', name: 'Netherlands', aliases: ['Holland'] },
  { code: 'NO', name: 'Norway' },
  { code: 'NP', name: 'Nepal' },
  { code: 'NR', name: 'Nauru' },
  { code: 'NU', name: 'Niue' },
  { code: 'NZ', name: 'New Zealand' },
  { code: 'OM', name: 'Oman' },
  { code: 'PA', name: 'Panama' },
  { code: 'PE', name: 'Peru' },
  { code: 'PF', name: 'French Polynesia' },
  { code: 'PG', name: 'Papua New Guinea', aliases: ['PNG'] },
  { code: 'PH', name: 'Philippines' },
  { code: 'PK', name: 'Pakistan' },
  { code: 'PL', name: 'Poland' },
  { code: 'PM', name: 'Saint Pierre and Miquelon' },
  { code: 'PN', name: 'Pitcairn Islands' },
  { code: 'PR', name: 'Puerto Rico' },
  { code: 'PS', name: 'Palestine' },
  { code: 'PT', name: 'Portugal' },
  { code: 'PW', name: 'Palau' },
  { code: 'PY', name: 'Paraguay' },
  { code: 'QA', name: 'Qatar' },
  { code: 'RE', name: 'Réunion' },
  { code: 'RO', name: 'Romania' },
  { code: 'RS', name: 'Serbia' },
  { code: 'RU', name: 'Russia', aliases: ['Russian Federation'] },
  { code: 'RW', name: 'Rwanda' },
  { code: 'SA', name: 'Saudi Arabia' },
  { code: 'SB', name: 'Solomon Islands' },
  { code: 'SC', name: 'Seychelles' },
  { code: 'SD', name: 'Sudan' },
  { code: 'SE', name: 'Sweden' },
  { code: 'SG', name: 'Singapore' },
  { code: 'SH', name: 'Saint Helena' },
  { code: 'SI', name: 'Slovenia' },
  { code: 'SJ', name: 'Svalbard and Jan Mayen', aliases: ['Svalbard'] },
  { code: 'SK', name: 'Slovakia' },
  { code: 'SL', name: 'Sierra Leone' },
  { code: 'SM', name: 'San Marino' },
  { code: 'SN', name: 'Senegal' },
  { code: 'SO', name: 'Somalia' },
  { code: 'SR', name: 'Suriname' },
  { code: 'SS', name: 'South Sudan' },
  { code: 'ST', name: 'São Tomé and Príncipe' },
  { code: 'SV', name: 'El Salvador' },
  { code: 'SX', name: 'Sint Maarten' },
  { code: 'SY', name: 'Syria' },
  { code: 'SZ', name: 'Eswatini', aliases: ['Swaziland'] },
  { code: 'TC', name: 'Turks and Caicos Islands' },
  { code: 'TD', name: 'Chad' },
  { code: 'TF', name: 'French Southern Territories' },
  { code: 'TG', name: 'Togo' },
  { code: 'TH', name: 'Thailand' },
  { code: 'TJ', name: 'Tajikistan' },
  { code: 'TK', name: 'Tokelau' },
  { code: 'TL', name: 'Timor-Leste', aliases: ['East Timor'] },
  { code: 'TM', name: 'Turkmenistan' },
  { code: 'TN', name: 'Tunisia' },
  { code: 'TO', name: 'Tonga' },
  { code: 'TR', name: 'Türkiye', aliases: ['Turkey'] },
  { code: 'TT', name: 'Trinidad and Tobago' },
  { code: 'TV', name: 'Tuvalu' },
  { code: 'TW', name: 'Taiwan' },
  { code: 'TZ', name: 'Tanzania', aliases: ['United Republic of Tanzania'] },
  { code: 'UA', name: 'Ukraine' },
  { code: 'UG', name: 'Uganda' },
  { code: 'UM', name: 'United States Minor Outlying Islands' },
  { code: 'US', name: 'United States', aliases: ['USA', 'United States of America', 'U.S.', 'U.S.A.'] },
  { code: 'UY', name: 'Uruguay' },
  { code: 'UZ', name: 'Uzbekistan' },
  { code: 'VA', name: 'Vatican City', aliases: ['Holy See'] },
  { code: 'VC', name: 'Saint Vincent and the Grenadines' },
  { code: 'VE', name: 'Venezuela', aliases: ['Bolivarian Republic of Venezuela'] },
  { code: 'VG', name: 'British Virgin Islands' },
  { code: 'VI', name: 'U.S. Virgin Islands' },
  { code: 'VN', name: 'Vietnam', aliases: ['Viet Nam'] },
  { code: 'VU', name: 'Vanuatu' },
  { code: 'WF', name: 'Wallis and Futuna' },
  { code: 'WS', name: 'Samoa' },
  { code: 'YE', name: 'Yemen' },
  { code: 'YT', name: 'Mayotte' },
  { code: 'ZA', name: 'South Africa' },
  { code: 'ZM', name: 'Zambia' },
  { code: 'ZW', name: 'Zimbabwe' },
];

const countryIndex = buildIndex(COUNTRIES, (c) => [c.code, c.name, ...(c.aliases ?? [])]);

/** The country an ISO code, name or alias (any case) stands for. */
export function findCountry(codeOrName: string): Country | undefined {
  return countryIndex.get(normalise(codeOrName));
}

/** A country given by code or name, normalised to its ISO code; unknown values fail validation. */
export const countryCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((value) => findCountry(value) !== undefined, { message: 'unknown country' })
  .transform((value) => findCountry(value)?.code ?? value);

// ---------------------------------------------------------------------------------------------------
// US states, Canadian provinces and territories, Australian states and territories
// ---------------------------------------------------------------------------------------------------

export interface Region {
  /**
   * USPS or Canada Post abbreviation; ISO 3166-2 elsewhere ('AU-WA', 'MX-SON', 'PE-ARE'), as Australia's own short
   * codes WA and NT are taken and Latin American subdivision codes would clash with them.
   */
  code: string;
  /** The usual English or Spanish/Portuguese name, with its accents ('Michoacán', 'São Paulo'). */
  name: string;
  /** Other names text uses for it ('Estado de México', 'Bío Bío'); lookups also ignore accents and case. */
  aliases?: readonly string[];
}

/** The countries whose states, provinces or regions the reference data lists. */
export const STATE_COUNTRIES = ['US', 'CA', 'AU', 'MX', 'PE', 'CL', 'AR', 'BR'] as const;
export type StateCountry = (typeof STATE_COUNTRIES)[number];

export interface State extends Region {
  /** ISO code of the country the state or province belongs to. */
  country: StateCountry;
}

export const US_STATES: readonly Region[] = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
];

export const CANADIAN_PROVINCES: readonly Region[] = [
  { code: 'AB', name: 'Alberta' },
  { code: 'BC', name: 'British Columbia' },
  { code: 'MB', name: 'Manitoba' },
  { code: 'NB', name: 'New Brunswick' },
  { code: 'NL', name: 'Newfoundland and Labrador' },
  { code: 'NS', name: 'Nova Scotia' },
  { code: 'ON', name: 'Ontario' },
  { code: 'PE', name: 'Prince Edward Island' },
  { code: 'QC', name: 'Quebec' },
  { code: 'SK', name: 'Saskatchewan' },
  { code: 'NT', name: 'Northwest Territories' },
  { code: 'NU', name: 'Nunavut' },
  { code: 'YT', name: 'Yukon' },
];

/** Added to SPEC.md's US and Canadian lists: Australia is the other big home of mining news. */
export const AUSTRALIAN_STATES: readonly Region[] = [
  { code: 'AU-NSW', name: 'New South Wales' },
  { code: 'AU-VIC', name: 'Victoria' },
  { code: 'AU-QLD', name: 'Queensland' },
  { code: 'AU-WA', name: 'Western Australia' },
  { code: 'AU-SA', name: 'South Australia' },
  { code: 'AU-TAS', name: 'Tasmania' },
  { code: 'AU-NT', name: 'Northern Territory' },
  { code: 'AU-ACT', name: 'Australian Capital Territory' },
];

/** Mexico's 31 states and its capital (ISO 3166-2:MX), the home of much Latin American silver and gold news. */
export const MEXICAN_STATES: readonly Region[] = [
  { code: 'MX-AGU', name: 'Aguascalientes' },
  { code: 'MX-BCN', name: 'Baja California' },
  { code: 'MX-BCS', name: 'Baja California Sur' },
  { code: 'MX-CAM', name: 'Campeche' },
  { code: 'MX-CHP', name: 'Chiapas' },
  { code: 'MX-CHH', name: 'Chihuahua' },
  { code: 'MX-CMX', name: 'Mexico City', aliases: ['Ciudad de México', 'CDMX'] },
  { code: 'MX-COA', name: 'Coahuila', aliases: ['Coahuila de Zaragoza'] },
  { code: 'MX-COL', name: 'Colima' },
  { code: 'MX-DUR', name: 'Durango' },
  { code: 'MX-GUA', name: 'Guanajuato' },
  { code: 'MX-GRO', name: 'Guerrero' },
  { code: 'MX-HID', name: 'Hidalgo' },
  { code: 'MX-JAL', name: 'Jalisco' },
  { code: 'MX-MEX', name: 'State of Mexico', aliases: ['Estado de México', 'Mexico State'] },
  { code: 'MX-MIC', name: 'Michoacán', aliases: ['Michoacán de Ocampo'] },
  { code: 'MX-MOR', name: 'Morelos' },
  { code: 'MX-NAY', name: 'Nayarit' },
  { code: 'MX-NLE', name: 'Nuevo León' },
  { code: 'MX-OAX', name: 'Oaxaca' },
  { code: 'MX-PUE', name: 'Puebla' },
  { code: 'MX-QUE', name: 'Querétaro' },
  { code: 'MX-ROO', name: 'Quintana Roo' },
  { code: 'MX-SLP', name: 'San Luis Potosí' },
  { code: 'MX-SIN', name: 'Sinaloa' },
  { code: 'MX-SON', name: 'Sonora' },
  { code: 'MX-TAB', name: 'Tabasco' },
  { code: 'MX-TAM', name: 'Tamaulipas' },
  { code: 'MX-TLA', name: 'Tlaxcala' },
  { code: 'MX-VER', name: 'Veracruz', aliases: ['Veracruz de Ignacio de la Llave'] },
  { code: 'MX-YUC', name: 'Yucatán' },
  { code: 'MX-ZAC', name: 'Zacatecas' },
];

/** Peru's 25 regions (departments) and Lima Province (ISO 3166-2:PE). */
export const PERUVIAN_REGIONS: readonly Region[] = [
  { code: 'PE-AMA', name: 'Amazonas' },
  { code: 'PE-ANC', name: 'Áncash' },
  { code: 'PE-APU', name: 'Apurímac' },
  { code: 'PE-ARE', name: 'Arequipa' },
  { code: 'PE-AYA', name: 'Ayacucho' },
  { code: 'PE-CAJ', name: 'Cajamarca' },
  { code: 'PE-CAL', name: 'Callao' },
  { code: 'PE-CUS', name: 'Cusco', aliases: ['Cuzco'] },
  { code: 'PE-HUV', name: 'Huancavelica' },
  { code: 'PE-HUC', name: 'Huánuco' },
  { code: 'PE-ICA', name: 'Ica' },
  { code: 'PE-JUN', name: 'Junín' },
  { code: 'PE-LAL', name: 'La Libertad' },
  { code: 'PE-LAM', name: 'Lambayeque' },
  { code: 'PE-LIM', name: 'Lima', aliases: ['Lima Region', 'Lima Province'] },
  { code: 'PE-LOR', name: 'Loreto' },
  { code: 'PE-MDD', name: 'Madre de Dios' },
  { code: 'PE-MOQ', name: 'Moquegua' },
  { code: 'PE-PAS', name: 'Pasco' },
  { code: 'PE-PIU', name: 'Piura' },
  { code: 'PE-PUN', name: 'Puno' },
  { code: 'PE-SAM', name: 'San Martín' },
  { code: 'PE-TAC', name: 'Tacna' },
  { code: 'PE-TUM', name: 'Tumbes' },
  { code: 'PE-UCA', name: 'Ucayali' },
];

/** Chile's 16 regions (ISO 3166-2:CL). */
export const CHILEAN_REGIONS: readonly Region[] = [
  { code: 'CL-AP', name: 'Arica y Parinacota', aliases: ['Arica and Parinacota'] },
  { code: 'CL-TA', name: 'Tarapacá' },
  { code: 'CL-AN', name: 'Antofagasta' },
  { code: 'CL-AT', name: 'Atacama' },
  { code: 'CL-CO', name: 'Coquimbo' },
  { code: 'CL-VS', name: 'Valparaíso' },
  {
    code: 'CL-RM',
    name: 'Santiago Metropolitan Region',
    aliases: ['Región Metropolitana', 'Región Metropolitana de Santiago', 'Metropolitan Region'],
  },
  { code: 'CL-LI', name: "O'Higgins", aliases: ["Libertador General Bernardo O'Higgins"] },
  { code: 'CL-ML', name: 'Maule' },
  { code: 'CL-NB', name: 'Ñuble' },
  { code: 'CL-BI', name: 'Biobío', aliases: ['Bío Bío', 'Bío-Bío'] },
  { code: 'CL-AR', name: 'Araucanía', aliases: ['La Araucanía'] },
  { code: 'CL-LR', name: 'Los Ríos' },
  { code: 'CL-LL', name: 'Los Lagos' },
  { code: 'CL-AI', name: 'Aysén', aliases: ['Aisén', 'Aysén del General Carlos Ibáñez del Campo'] },
  {
    code: 'CL-MA',
    name: 'Magallanes',
    aliases: ['Magallanes y la Antártica Chilena', 'Magallanes and Chilean Antarctica'],
  },
];

/** Argentina's 23 provinces and its capital (ISO 3166-2:AR). */
export const ARGENTINE_PROVINCES: readonly Region[] = [
  { code: 'AR-C', name: 'Buenos Aires City', aliases: ['Ciudad Autónoma de Buenos Aires', 'CABA'] },
  { code: 'AR-B', name: 'Buenos Aires' },
  { code: 'AR-K', name: 'Catamarca' },
  { code: 'AR-H', name: 'Chaco' },
  { code: 'AR-U', name: 'Chubut' },
  { code: 'AR-X', name: 'Córdoba' },
  { code: 'AR-W', name: 'Corrientes' },
  { code: 'AR-E', name: 'Entre Ríos' },
  { code: 'AR-P', name: 'Formosa' },
  { code: 'AR-Y', name: 'Jujuy' },
  { code: 'AR-L', name: 'La Pampa' },
  { code: 'AR-F', name: 'La Rioja' },
  { code: 'AR-M', name: 'Mendoza' },
  { code: 'AR-N', name: 'Misiones' },
  { code: 'AR-Q', name: 'Neuquén' },
  { code: 'AR-R', name: 'Río Negro' },
  { code: 'AR-A', name: 'Salta' },
  { code: 'AR-J', name: 'San Juan' },
  { code: 'AR-D', name: 'San Luis' },
  { code: 'AR-Z', name: 'Santa Cruz' },
  { code: 'AR-S', name: 'Santa Fe' },
  { code: 'AR-G', name: 'Santiago del Estero' },
  { code: 'AR-V', name: 'Tierra del Fuego' },
  { code: 'AR-T', name: 'Tucumán' },
];

/** Brazil's 26 states and its Federal District (ISO 3166-2:BR). */
export const BRAZILIAN_STATES: readonly Region[] = [
  { code: 'BR-AC', name: 'Acre' },
  { code: 'BR-AL', name: 'Alagoas' },
  { code: 'BR-AP', name: 'Amapá' },
  { code: 'BR-AM', name: 'Amazonas' },
  { code: 'BR-BA', name: 'Bahia' },
  { code: 'BR-CE', name: 'Ceará' },
  { code: 'BR-DF', name: 'Distrito Federal', aliases: ['Federal District'] },
  { code: 'BR-ES', name: 'Espírito Santo' },
  { code: 'BR-GO', name: 'Goiás' },
  { code: 'BR-MA', name: 'Maranhão' },
  { code: 'BR-MT', name: 'Mato Grosso' },
  { code: 'BR-MS', name: 'Mato Grosso do Sul' },
  { code: 'BR-MG', name: 'Minas Gerais' },
  { code: 'BR-PA', name: 'Pará' },
  { code: 'BR-PB', name: 'Paraíba' },
  { code: 'BR-PR', name: 'Paraná' },
  { code: 'BR-PE', name: 'Pernambuco' },
  { code: 'BR-PI', name: 'Piauí' },
  { code: 'BR-RJ', name: 'Rio de Janeiro' },
  { code: 'BR-RN', name: 'Rio Grande do Norte' },
  { code: 'BR-RS', name: 'Rio Grande do Sul' },
  { code: 'BR-RO', name: 'Rondônia' },
  { code: 'BR-RR', name: 'Roraima' },
  { code: 'BR-SC', name: 'Santa Catarina' },
  { code: 'BR-SP', name: 'São Paulo' },
  { code: 'BR-SE', name: 'Sergipe' },
  { code: 'BR-TO', name: 'Tocantins' },
];

/** Every state, province, territory or region of the reference data's countries; the code sets do not overlap. */
export const STATES: readonly State[] = [
  ...US_STATES.map((s): State => ({ ...s, country: 'US' })),
  ...CANADIAN_PROVINCES.map((s): State => ({ ...s, country: 'CA' })),
  ...AUSTRALIAN_STATES.map((s): State => ({ ...s, country: 'AU' })),
  ...MEXICAN_STATES.map((s): State => ({ ...s, country: 'MX' })),
  ...PERUVIAN_REGIONS.map((s): State => ({ ...s, country: 'PE' })),
  ...CHILEAN_REGIONS.map((s): State => ({ ...s, country: 'CL' })),
  ...ARGENTINE_PROVINCES.map((s): State => ({ ...s, country: 'AR' })),
  ...BRAZILIAN_STATES.map((s): State => ({ ...s, country: 'BR' })),
];

const stateIndex = buildIndex(STATES, (s) => [s.code, s.name, ...(s.aliases ?? [])]);

/** The state or province a code or name (any case) stands for. */
export function findState(codeOrName: string): State | undefined {
  return stateIndex.get(normalise(codeOrName));
}

/** A state or province given by code or name, normalised to its code; unknown values fail validation. */
export const stateCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((value) => findState(value) !== undefined, { message: 'unknown state or province' })
  .transform((value) => findState(value)?.code ?? value);

// ---------------------------------------------------------------------------------------------------
// Mining regions outside the state filter
// ---------------------------------------------------------------------------------------------------

export interface MiningRegion {
  name: string;
  /** ISO code of the country the region belongs to. */
  country: string;
  aliases?: readonly string[];
}

/**
 * The provinces of South Africa, whose releases name the province rather than the country ('Limpopo',
 * 'the Northern Cape'). Not filter options: the news classifier reads them as their country. (The states and
 * regions of Mexico, Peru, Chile, Argentina and Brazil are states above.)
 */
export const MINING_REGIONS: readonly MiningRegion[] = [
  { name: 'Limpopo', country: 'ZA' },
  { name: 'Northern Cape', country: 'ZA' },
  { name: 'Mpumalanga', country: 'ZA' },
  { name: 'North West', country: 'ZA' },
  { name: 'Gauteng', country: 'ZA' },
  { name: 'Free State', country: 'ZA' },
  { name: 'KwaZulu-Natal', country: 'ZA' },
  { name: 'Eastern Cape', country: 'ZA' },
  { name: 'Western Cape', country: 'ZA' },
];

// ---------------------------------------------------------------------------------------------------
// Article types (SPEC.md section 2: five groups, each with fixed type labels)
// ---------------------------------------------------------------------------------------------------

export const ARTICLE_TYPE_GROUPS = [
  {
    group: 'drilling',
    label: 'Drilling',
    types: [
      { value: 'drill-results', label: 'Drill Results' },
      { value: 'drill-program', label: 'Drill Program' },
      { value: 'assay-results', label: 'Assay Results' },
      { value: 'drilling-commenced', label: 'Drilling Commenced' },
      { value: 'drilling-completed', label: 'Drilling Completed' },
    ],
  },
  {
    group: 'mergers-acquisitions',
    label: 'Mergers & Acquisitions',
    types: [
      { value: 'acquisition', label: 'Acquisition' },
      { value: 'merger', label: 'Merger' },
      { value: 'takeover-bid', label: 'Takeover Bid' },
      { value: 'option-agreement', label: 'Option Agreement' },
      { value: 'joint-venture', label: 'Joint Venture' },
      { value: 'earn-in', label: 'Earn-in Agreement' },
      { value: 'divestiture', label: 'Divestiture' },
    ],
  },
  {
    group: 'company-project-updates',
    label: 'Company & Project Updates',
    types: [
      { value: 'exploration-update', label: 'Exploration Update' },
      { value: 'permitting', label: 'Permitting' },
      { value: 'preliminary-economic-assessment', label: 'Preliminary Economic Assessment' },
      { value: 'feasibility-study', label: 'Feasibility Study' },
      { value: 'construction', label: 'Construction Update' },
      { value: 'production-update', label: 'Production Update' },
      { value: 'management-change', label: 'Management Change' },
      { value: 'corporate-update', label: 'Corporate Update' },
    ],
  },
  {
    group: 'financings',
    label: 'Financings',
    types: [
      { value: 'private-placement', label: 'Private Placement' },
      { value: 'bought-deal', label: 'Bought Deal' },
      { value: 'flow-through-financing', label: 'Flow-Through Financing' },
      { value: 'rights-offering', label: 'Rights / Entitlement Offering' },
      { value: 'debt-financing', label: 'Debt Financing' },
      { value: 'royalty-stream', label: 'Royalty/Stream' },
      { value: 'government-funding', label: 'Government Funding' },
    ],
  },
  {
    group: 'resource-estimate',
    label: 'Resource Estimate',
    types: [
      { value: 'maiden-resource', label: 'Maiden Resource' },
      { value: 'resource-update', label: 'Resource Update' },
      { value: 'mineral-resource-estimate', label: 'Mineral Resource Estimate' },
      { value: 'reserve-estimate', label: 'Mineral Reserve Estimate' },
    ],
  },
] as const satisfies readonly {
  group: string;
  label: string;
  types: readonly { value: string; label: string }[];
}[];

export type ArticleTypeGroupValue = (typeof ARTICLE_TYPE_GROUPS)[number]['group'];
export type ArticleTypeOption = (typeof ARTICLE_TYPE_GROUPS)[number]['types'][number];
/** A single article type ('drill-results'). */
export type ArticleTypeValue = ArticleTypeOption['value'];

export const ARTICLE_TYPE_GROUP_VALUES: readonly ArticleTypeGroupValue[] = ARTICLE_TYPE_GROUPS.map((g) => g.group);

/** Every article type value, across all groups. */
export const ARTICLE_TYPE_VALUES: readonly ArticleTypeValue[] = ARTICLE_TYPE_GROUPS.flatMap((g) =>
  g.types.map((t): ArticleTypeValue => t.value),
);

/** A `type` filter entry: a whole group or a single type within one. */
export const articleTypeFilterSchema = z.enum([...ARTICLE_TYPE_GROUP_VALUES, ...ARTICLE_TYPE_VALUES]);
export type ArticleTypeFilterValue = z.infer<typeof articleTypeFilterSchema>;

/** The group a type value belongs to. */
export function articleTypeGroupOf(type: ArticleTypeValue): ArticleTypeGroupValue {
  const found = ARTICLE_TYPE_GROUPS.find((g) => g.types.some((t) => t.value === type));
  if (!found) throw new Error(`unknown article type ${type}`);
  return found.group;
}

/** The fixed label of a type or group value; unknown values come back unchanged. */
export function articleTypeLabel(value: string): string {
  for (const group of ARTICLE_TYPE_GROUPS) {
    if (group.group === value) return group.label;
    const type = group.types.find((t) => t.value === value);
    if (type) return type.label;
  }
  return value;
}

/** Expands a `type` filter (groups and single types) into the set of single types it selects. */
export function expandArticleTypeFilter(values: readonly ArticleTypeFilterValue[]): Set<ArticleTypeValue> {
  const selected = new Set<ArticleTypeValue>();
  for (const group of ARTICLE_TYPE_GROUPS) {
    for (const type of group.types) {
      if (values.includes(group.group) || values.includes(type.value)) selected.add(type.value);
    }
  }
  return selected;
}

// ---------------------------------------------------------------------------------------------------
// Date presets (SPEC.md section 9)
// ---------------------------------------------------------------------------------------------------

export const DATE_PRESETS = [
  { value: 'today', label: 'Today', days: 1 },
  { value: 'last-3-days', label: 'Last 3 Days', days: 3 },
  { value: 'last-7-days', label: 'Last 7 Days', days: 7 },
  { value: 'last-30-days', label: 'Last 30 Days', days: 30 },
  { value: 'this-year', label: 'This Year', days: 365 },
  { value: 'all-time', label: 'All Time', days: 3650 },
  { value: 'custom', label: 'Custom Range', days: null },
] as const;

export type DatePresetValue = (typeof DATE_PRESETS)[number]['value'];
export const DATE_PRESET_VALUES: readonly DatePresetValue[] = DATE_PRESETS.map((p) => p.value);
export const datePresetSchema = z.enum(DATE_PRESET_VALUES);
export const DEFAULT_DATE_PRESET: DatePresetValue = 'today';

/** Day count a preset sends as `dateRange`; null for 'custom', whose count comes from its dates. */
export function presetDays(preset: DatePresetValue): number | null {
  return DATE_PRESETS.find((p) => p.value === preset)?.days ?? null;
}

const DAY_MS = 86_400_000;

/**
 * Days between two dates, rounded up, at least 1: what a custom range sends as `dateRange`
 * (SPEC.md section 9). Reversed or equal dates give 1; rejecting them is the validator's job.
 */
export function customRangeDays(start: Date | string, end: Date | string): number {
  const ms = new Date(end).getTime() - new Date(start).getTime();
  if (!Number.isFinite(ms)) throw new RangeError('invalid date');
  return Math.max(1, Math.ceil(ms / DAY_MS));
}

// ---------------------------------------------------------------------------------------------------

/** Lookups ignore case and accents: 'michoacan' finds Michoacán, 'Quebec' and 'Québec' are one. */
function normalise(value: string): string {
  return value.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Case-insensitive lookup by every key an entry lists; the first entry to claim a key keeps it. */
function buildIndex<T>(entries: readonly T[], keys: (entry: T) => readonly string[]): Map<string, T> {
  const index = new Map<string, T>();
  for (const entry of entries) {
    for (const key of keys(entry)) {
      const k = normalise(key);
      if (!index.has(k)) index.set(k, entry);
    }
  }
  return index;
}
