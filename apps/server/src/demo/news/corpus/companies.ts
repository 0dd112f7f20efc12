import { createRng, seedOf } from './random.ts';
import { DEPOSITS, type DepositKey } from './vocabulary-data.ts';

/*
 * The invented companies and projects of the demo corpus. Every name, ticker and web domain here is
 * made up for this project; any likeness to a real issuer is unintended.
 */

export type Exchange = 'TSX' | 'TSXV' | 'CSE' | 'ASX' | 'NYSE American' | 'AIM' | 'LSE' | 'JSE';
export type Stage = 'exploration' | 'development' | 'production';
export type CityKey = keyof typeof CITIES;

export interface ProjectSeed {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** State or province code, for US and Canadian projects. */
  state?: string;
  /** The state, province or region named in the text outside the US and Canada. */
  region?: string;
  /** Belt, district or basin, with its article: 'the Red Lake district'. */
  area: string;
  /** Commodity symbols, the main one first. */
  commodities: readonly string[];
  stage: Stage;
  deposit: DepositKey;
}

export interface CompanySeed {
  name: string;
  /** What the release calls the company after the first mention. */
  short: string;
  ticker: string;
  exchange: Exchange;
  domain: string;
  city: CityKey;
  projects: readonly ProjectSeed[];
  /** Market capitalisation in millions of US dollars: juniors of a few million to majors of billions. */
  marketCapMusd: number;
  /** Shares outstanding, in millions. */
  sharesOutstandingM: number;
}

export interface City {
  /** Dateline as wires print it. */
  dateline: string;
  name: string;
  country: string;
  /** Telephone prefix the company's numbers start with. */
  phone: string;
}

export const CITIES = {
  vancouver: { dateline: 'VANCOUVER, British Columbia', name: 'Vancouver', country: 'CA', phone: '+1 (604) 555-01' },
  toronto: { dateline: 'TORONTO, Ontario', name: 'Toronto', country: 'CA', phone: '+1 (416) 555-01' },
  montreal: { dateline: 'MONTREAL, Quebec', name: 'Montreal', country: 'CA', phone: '+1 (514) 555-01' },
  saskatoon: { dateline: 'SASKATOON, Saskatchewan', name: 'Saskatoon', country: 'CA', phone: '+1 (306) 555-01' },
  winnipeg: { dateline: 'WINNIPEG, Manitoba', name: 'Winnipeg', country: 'CA', phone: '+1 (204) 555-01' },
  halifax: { dateline: 'HALIFAX, Nova Scotia', name: 'Halifax', country: 'CA', phone: '+1 (902) 555-01' },
  thunderBay: { dateline: 'THUNDER BAY, Ontario', name: 'Thunder Bay', country: 'CA', phone: '+1 (807) 555-01' },
  reno: { dateline: 'RENO, Nevada', name: 'Reno', country: 'US', phone: '+1 (775) 555-01' },
  denver: { dateline: 'DENVER, Colorado', name: 'Denver', country: 'US', phone: '+1 (303) 555-01' },
  tucson: { dateline: 'TUCSON, Arizona', name: 'Tucson', country: 'US', phone: '+1 (520) 555-01' },
  boise: { dateline: 'BOISE, Idaho', name: 'Boise', country: 'US', phone: '+1 (208) 555-01' },
  billings: { dateline: 'BILLINGS, Montana', name: 'Billings', country: 'US', phone: '+1 (406) 555-01' },
  duluth: { dateline: 'DULUTH, Minnesota', name: 'Duluth', country: 'US', phone: '+1 (218) 555-01' },
  perth: { dateline: 'PERTH, Western Australia', name: 'Perth', country: 'AU', phone: '+61 8 6555 ' },
  brisbane: { dateline: 'BRISBANE, Queensland', name: 'Brisbane', country: 'AU', phone: '+61 7 3555 ' },
  sydney: { dateline: 'SYDNEY, New South Wales', name: 'Sydney', country: 'AU', phone: '+61 2 9555 ' },
  melbourne: { dateline: 'MELBOURNE, Victoria', name: 'Melbourne', country: 'AU', phone: '+61 3 9555 ' },
  adelaide: { dateline: 'ADELAIDE, South Australia', name: 'Adelaide', country: 'AU', phone: '+61 8 8555 ' },
  hobart: { dateline: 'HOBART, Tasmania', name: 'Hobart', country: 'AU', phone: '+61 3 6555 ' },
  london: { dateline: 'LONDON, United Kingdom', name: 'London', country: 'GB', phone: '+44 (0)20 7946 0' },
  johannesburg: { dateline: 'JOHANNESBURG, South Africa', name: 'Johannesburg', country: 'ZA', phone: '+27 11 555 ' },
} as const satisfies Record<string, City>;

const EXCHANGES: readonly Exchange[] = ['TSX', 'TSXV', 'CSE', 'ASX', 'NYSE American', 'AIM', 'LSE', 'JSE'];
const STAGES: readonly Stage[] = ['exploration', 'development', 'production'];

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);
const isKeyOf = <T extends object>(record: T, key: string): key is Extract<keyof T, string> => key in record;

/**
 * One company per line (name | short name | ticker | exchange | domain | city), its projects on the
 * lines below it (> name | country | state code or region | area | commodities | stage | deposit style).
 */
const TABLE = `
# Canada
Karnavik Gold Corp. | Karnavik | KNV | TSXV | karnavikgold.com | vancouver
  > Tundra Lake | CA | NU | the Kivalliq region | Au | exploration | bif-au
Tallowmere Resources Inc. | Tallowmere | TMR | TSXV | tallowmere.com | toronto
  > Black Spruce | CA | ON | the Red Lake mining district | Au | exploration | orogenic-au
Orvanne Copper Corp. | Orvanne | ORV | TSX | orvannecopper.com | vancouver
  > Sable Creek | CA | BC | the Quesnel Terrane | Cu, Au, Mo | development | porphyry-cuau
Vellichor Metals Ltd. | Vellichor | VLM | TSXV | vellichormetals.com | vancouver
  > Grizzly Pass | CA | YT | the Tombstone Gold Belt | Au, Bi, Te | exploration | intrusion-au
  > Mayo North | CA | YT | the Keno Hill district | Ag, Pb, Zn | exploration | crd-ag
Brackwater Lithium Corp. | Brackwater | BWL | TSXV | brackwaterlithium.com | montreal
  > Lac Sarcelle | CA | QC | the James Bay region | Li, Ta, Cs | exploration | spodumene
Quillfeather Uranium Corp. | Quillfeather | QFU | TSXV | quillfeather.com | saskatoon
  > Cree Narrows | CA | SK | the eastern Athabasca Basin | U3O8 | exploration | unconformity-u
Harrowgate Mining Corp. | Harrowgate | HGM | TSX | harrowgatemining.com | toronto
  > Moosehide | CA | QC | the Abitibi greenstone belt | Au, Ag | production | orogenic-au
  > Lac Duval | CA | QC | the Chibougamau mining camp | Au, Cu | exploration | orogenic-au
Norquay Nickel Inc. | Norquay | NQN | TSXV | norquaynickel.com | winnipeg
  > Burntwood | CA | MB | the Thompson Nickel Belt | Ni, Cu, Co, PGM | exploration | magmatic-ni
Cindermoor Silver Corp. | Cindermoor | CDS | CSE | cindermoorsilver.com | vancouver
  > Kettle Gorge | CA | BC | the Kootenay Arc | Ag, Pb, Zn | exploration | crd-ag
Greyhollow Graphite Inc. | Greyhollow | GHG | TSXV | greyhollow.com | montreal
  > Lac Tourbière | CA | QC | the Grenville Province | Graphite | development | flake-graphite
Pelsworth Minerals Corp. | Pelsworth | PWM | TSXV | pelsworth.com | halifax
  > Gully Brook | CA | NS | the Meguma Terrane | Au | exploration | orogenic-au
  > Caribou Pond | CA | NL | the Buchans-Robert's Arm belt | Zn, Cu, Pb, Ag, Au | exploration | vms
Rimeshard Resources Ltd. | Rimeshard | RSR | TSXV | rimeshard.com | vancouver
  > Iceberg Creek | CA | BC | the Golden Triangle | Au, Ag, Cu | exploration | epithermal-agau
Kestrelmark Metals Corp. | Kestrelmark | KMC | CSE | kestrelmark.com | thunderBay
  > Ravenpoint | CA | ON | the Midcontinent Rift | Cu, Ni, PGM, Pd | exploration | contact-pgm
Solvanna Potash Corp. | Solvanna | SVP | TSX | solvannapotash.com | saskatoon
  > Prairie Ridge | CA | SK | the Prairie Evaporite Formation | Potash (KCl), NaCl | development | potash
Fenwick Bay Resources Inc. | Fenwick Bay | FBR | TSXV | fenwickbay.com | vancouver
  > Flat Iron Creek | CA | NT | the Selwyn Basin | W, Mo, Cu | exploration | skarn-w
Marrowdeep Gold Corp. | Marrowdeep | MDG | TSX | marrowdeep.com | toronto
  > Timberwolf | CA | ON | the Timmins gold camp | Au | production | orogenic-au
Halvard Rare Metals Inc. | Halvard | HRM | TSXV | halvardraremetals.com | toronto
  > Lac Brûlé | CA | QC | the Grenville Province | REE, Nb, Ta, Nd, Pr | exploration | carbonatite-ree
Ossory Copper Corp. | Ossory | OSC | TSXV | ossorycopper.com | vancouver
  > Bluegrouse | CA | BC | the Stikine Terrane | Cu, Mo, Au | exploration | porphyry-cumo
Wrenfield Gold Inc. | Wrenfield | WFG | TSXV | wrenfieldgold.com | vancouver
  > Coyote Wash | US | NV | the Walker Lane trend | Au, Ag | exploration | epithermal-agau
Thimbleberry Exploration Ltd. | Thimbleberry | TBX | CSE | thimbleberry.ca | winnipeg
  > Kaskawan Lake | CA | MB | the Bird River greenstone belt | Li, Cs, Ta, Rb | exploration | spodumene
Tundra Swan Gold Corp. | Tundra Swan | TSG | TSXV | tundraswangold.com | vancouver
  > Aniak Bend | US | AK | the Kuskokwim gold belt | Au, Cu, Sb | exploration | intrusion-au
Eelgrass Metals Corp. | Eelgrass | EGM | TSXV | eelgrassmetals.com | halifax
  > Nepisiguit North | CA | NB | the Bathurst Mining Camp | Zn, Pb, Cu, Ag | exploration | vms
Ferrovale Iron Ore Corp. | Ferrovale | FVI | TSX | ferrovale.com | montreal
  > Lac Marmotte | CA | QC | the Labrador Trough | Fe | development | magnetite-fe
Lynxhollow Resources Inc. | Lynxhollow | LYX | CSE | lynxhollow.com | thunderBay
  > Otter Narrows | CA | ON | the Beardmore-Geraldton belt | Au | exploration | bif-au
Glacierline Metals Corp. | Glacierline | GLM | TSXV | glacierlinemetals.com | vancouver
  > Nickel Mountain North | CA | YT | the Kluane mafic-ultramafic belt | Ni, Cu, PGM, Co | exploration | magmatic-ni
# Latin America, Canadian-listed
Stonecrop Metals Corp. | Stonecrop | SCM | TSXV | stonecropmetals.com | vancouver
  > Huaylacucho | PE | Ancash Region | the Miocene polymetallic belt | Zn, Pb, Ag, Cu | exploration | skarn-zn
Pachacuti Silver Corp. | Pachacuti | PCS | TSXV | pachacutisilver.com | vancouver
  > Cerro Yanaqocha | PE | Ayacucho Region | the southern Peru epithermal belt | Ag, Au, Zn | exploration | epithermal-agau
Vilcanota Copper Corp. | Vilcanota | VCC | TSX | vilcanotacopper.com | toronto
  > Tambo Rojo | PE | Apurímac Region | the Andahuaylas-Yauri belt | Cu, Mo, Au, Ag | development | porphyry-cumo
Illari Gold Corp. | Illari | ILG | CSE | illarigold.com | vancouver
  > Pampa Chullpa | PE | Puno Region | the Cordillera Oriental | Au, Ag, Sb | exploration | orogenic-ausb
Andesine Resources Corp. | Andesine | ADR | TSXV | andesineresources.com | vancouver
  > Quebrada Alta | CL | Atacama Region | the Paleocene porphyry belt | Cu, Au, Mo | exploration | porphyry-cuau
  > Llano Blanco | CL | Coquimbo Region | the Coastal Cordillera | Cu, Co, Au | exploration | iocg
Garúa Resources Ltd. | Garúa | GRU | TSXV | garuaresources.com | vancouver
  > Cerro Churqui | CL | Antofagasta Region | the Coastal Cordillera | Cu, Ag | exploration | sed-cu
Tolar Lithium Corp. | Tolar | TLC | TSXV | tolarlithium.com | vancouver
  > Salar de Pajonal Norte | CL | Atacama Region | the Lithium Triangle | Li, Potash (KCl), B | exploration | li-brine
Barranca Roja Silver Corp. | Barranca Roja | BRS | TSXV | barrancaroja.com | vancouver
  > Las Cuevitas | MX | Chihuahua | the Sierra Madre Occidental | Ag, Au, Pb, Zn | exploration | epithermal-agau
Chinchipe Metals Corp. | Chinchipe | CHP | TSXV | chinchipemetals.com | toronto
  > Cerro Amarillo | EC | Zamora-Chinchipe Province | the Zamora copper-gold belt | Cu, Au, Mo | exploration | porphyry-cuau
Hoatzin Gold Corp. | Hoatzin | HTZ | TSXV | hoatzingold.com | toronto
  > Makapa Creek | GY | Cuyuni-Mazaruni Region | the Guiana Shield | Au | exploration | orogenic-au
Lenga Silver Corp. | Lenga | LGS | TSXV | lengasilver.com | vancouver
  > La Maciega | AR | Santa Cruz Province | the Deseado Massif | Ag, Au | exploration | epithermal-agau
Guacharo Gold Corp. | Guacharo | GUA | TSXV | guacharogold.com | toronto
  > Quebrada Honda | CO | Antioquia Department | the Middle Cauca belt | Au, Ag, Cu | exploration | porphyry-cuau
# Elsewhere, Canadian-listed
Kaamos Metals Corp. | Kaamos | KAM | TSXV | kaamosmetals.com | vancouver
  > Vuotso North | FI | Lapland | the Central Lapland Greenstone Belt | Au, Co, Cu | exploration | orogenic-au
Homolje Copper Corp. | Homolje | HCC | TSXV | homoljecopper.com | vancouver
  > Lipovica | RS | Eastern Serbia | the Timok Magmatic Complex | Cu, Au | exploration | porphyry-cuau
Saxaul Resources Ltd. | Saxaul | SXR | TSXV | saxaulresources.com | vancouver
  > Ulaan Tolgoi | MN | Ömnögovi Province | the South Gobi copper belt | Cu, Au, Mo | exploration | porphyry-cuau
Baoulé Resources Ltd. | Baoulé | BAO | TSXV | baouleresources.com | vancouver
  > Bandama North | CI | Vallée du Bandama District | the Birimian Oume-Fetekro belt | Au | exploration | orogenic-au
Tshangalele Metals Ltd. | Tshangalele | TSH | TSX | tshangalele.com | toronto
  > Lupoto North | CD | Haut-Katanga Province | the Central African Copperbelt | Cu, Co, Ge | exploration | sed-cu
Mbogo Gold Ltd. | Mbogo | MBG | TSXV | mbogogold.com | toronto
  > Ikoma Hills | TZ | Mara Region | the Lake Victoria Goldfields | Au | exploration | orogenic-au
# Australia
Quokka Ridge Resources Ltd | Quokka Ridge | QKR | ASX | quokkaridge.com.au | perth
  > Mulgarra | AU | Western Australia | the Eastern Goldfields | Au | exploration | orogenic-au
Wirraway Lithium Ltd | Wirraway | WLL | ASX | wirrawaylithium.com.au | perth
  > Coolgarra Creek | AU | Western Australia | the Pilbara Craton | Li, Ta | exploration | spodumene
Tarrakeen Copper Ltd | Tarrakeen | TKC | ASX | tarrakeen.com.au | adelaide
  > Kalkanna | AU | South Australia | the Gawler Craton | Cu, Au, U3O8 | exploration | iocg
Coralfin Nickel Ltd | Coralfin | CFN | ASX | coralfin.com.au | perth
  > Lake Yindi | AU | Western Australia | the Kalgoorlie Terrane | Ni, Cu, Co, PGM | exploration | komatiite-ni
Tinderbox Minerals Ltd | Tinderbox | TBM | ASX | tinderboxminerals.com.au | sydney
  > Kurrajong Hills | AU | New South Wales | the Lachlan Fold Belt | REE, Sc, Dy, Tb | exploration | clay-ree
Quindalup Iron Ltd | Quindalup | QIL | ASX | quindalupiron.com.au | perth
  > Warrigal Ridge | AU | Western Australia | the Hamersley Province | Fe | development | hematite-fe
Stringybark Gold Mines Ltd | Stringybark | SGM | ASX | stringybarkgold.com.au | melbourne
  > Bendlow Reef | AU | Victoria | the Bendigo Zone | Au, Sb | development | orogenic-ausb
Ferntree Metals Ltd | Ferntree | FTM | ASX | ferntreemetals.com.au | brisbane
  > Mount Tallis | AU | Queensland | the Mount Isa Inlier | Cu, Co, Au | exploration | iocg
Gibber Plains Vanadium Ltd | Gibber Plains | GPV | ASX | gibberplains.com.au | perth
  > Wallaby Hill | AU | Western Australia | the Murchison Province | V, Fe, Ti | development | vtm
Pelorus Tin Ltd | Pelorus | PLT | ASX | pelorustin.com.au | hobart
  > Fingal Ridge | AU | Tasmania | the Dundas Trough | Sn, W, Cu, In | exploration | greisen-sn
Murrayline Minerals Ltd | Murrayline | MYM | ASX | murrayline.com.au | adelaide
  > Coonalpyn West | AU | South Australia | the Murray Basin | HMS, Ti, Zr, REE | development | hms
Bloodwood Gold Ltd | Bloodwood | BWG | ASX | bloodwoodgold.com.au | perth
  > Supplejack | AU | Northern Territory | the Tanami region | Au | exploration | orogenic-au
Ochreline Manganese Ltd | Ochreline | OML | ASX | ochreline.com.au | perth
  > Balfour Range | AU | Western Australia | the East Pilbara | Mn | exploration | sed-mn
Tern Island Resources Ltd | Tern Island | TIR | ASX | ternisland.com.au | perth
  > Sikoro | ML | Kayes Region | the Kédougou-Kéniéba Inlier | Au | exploration | orogenic-au
Harmattan Gold Ltd | Harmattan | HMG | ASX | harmattangold.com.au | perth
  > Tanlili | BF | Hauts-Bassins Region | the Houndé greenstone belt | Au | development | orogenic-au
Lanternfish Copper Ltd | Lanternfish | LFC | ASX | lanternfishcopper.com.au | perth
  > Kuke | BW | Ghanzi District | the Kalahari Copper Belt | Cu, Ag | exploration | sed-cu
Mnazi Graphite Ltd | Mnazi | MNZ | ASX | mnazigraphite.com.au | perth
  > Kitope | TZ | Lindi Region | the Mozambique Belt | Graphite | development | flake-graphite
Jatobá Resources Ltd | Jatobá | JTB | ASX | jatoba.com.au | sydney
  > Serra do Jabuti | BR | Minas Gerais | the Jequitinhonha Valley | Li, Ta, Sn | exploration | spodumene
Welwitschia Metals Ltd | Welwitschia | WLW | ASX | welwitschiametals.com.au | perth
  > Okatjimukuju | NA | Erongo Region | the Damara Belt | Sn, Li, Ta | exploration | pegmatite-sn
Cassowary Gold Ltd | Cassowary | CSW | ASX | cassowarygold.com.au | brisbane
  > Wamu Ridge | PG | Morobe Province | the Morobe goldfield | Au, Cu | exploration | epithermal-agau
Saltmarsh Uranium Ltd | Saltmarsh | SMU | ASX | saltmarshuranium.com.au | adelaide
  > Lake Coorabie | AU | South Australia | the Frome Embayment | U3O8 | development | isr-u
Asempa Gold Ltd | Asempa | ASG | ASX | asempagold.com.au | perth
  > Nkwanta Ridge | GH | Western North Region | the Sefwi belt | Au | exploration | orogenic-au
# United States
Juniper Mesa Gold Corp. | Juniper Mesa | JMG | NYSE American | junipermesagold.com | reno
  > Boneyard | US | NV | the Battle Mountain-Eureka trend | Au, Ag | development | carlin-au
Ocotillo Copper Corp. | Ocotillo | OCU | NYSE American | ocotillocopper.com | tucson
  > Dos Cabras | US | AZ | the Laramide porphyry copper province | Cu, Mo, Ag | development | porphyry-cumo
  > Tres Hermanas | US | NM | the Lordsburg district | Cu, Zn, Ag | exploration | skarn-zn
Glenmorrow Uranium Inc. | Glenmorrow | GMU | NYSE American | glenmorrow.com | denver
  > Sweetgrass Basin | US | WY | the Powder River Basin | U3O8 | development | isr-u
  > Red Mesa | US | UT | the Uravan mineral belt | U3O8, V | exploration | sandstone-u
Salmon Fly Metals Inc. | Salmon Fly | SFM | NYSE American | salmonflymetals.com | boise
  > Thunder Gulch | US | ID | the Idaho batholith | Sb, Au, W | development | stibnite
Paintbrush Lithium Corp. | Paintbrush | PBL | NYSE American | paintbrushlithium.com | reno
  > Goldpoint Flats | US | NV | Esmeralda County | Li, B | exploration | li-clay
Graywacke Platinum Inc. | Graywacke | GWP | NYSE American | graywackeplatinum.com | billings
  > Boulder Shelf | US | MT | the Beartooth Mountains | PGM, Pt, Pd, Ni, Cu | exploration | reef-pgm
Cedar Bog Metals Inc. | Cedar Bog | CBM | NYSE American | cedarbogmetals.com | duluth
  > Lost Moose | US | MN | the Duluth Complex | Cu, Ni, Co, PGM | exploration | magmatic-ni
Sagehen Gold Corp. | Sagehen | SHG | TSXV | sagehengold.com | reno
  > Rattlesnake Draw | US | NV | the Cortez trend | Au | exploration | carlin-au
Kiowa Peak Metals Corp. | Kiowa Peak | KPM | CSE | kiowapeak.com | denver
  > Silverheels Gulch | US | CO | the Colorado Mineral Belt | Ag, Pb, Zn, Au | exploration | crd-ag
# Southern Africa, JSE
Moepi Platinum Ltd | Moepi | MPT | JSE | moepiplatinum.co.za | johannesburg
  > Kgwana | ZA | Limpopo Province | the Eastern Limb of the Bushveld Complex | PGM, Pt, Pd, Rh, Ni, Cr | development | reef-pgm
Ntsimbi Manganese Ltd | Ntsimbi | NTM | JSE | ntsimbi.co.za | johannesburg
  > Tsatsi | ZA | Northern Cape Province | the Kalahari Manganese Field | Mn | production | sed-mn
Randvaal Gold Mining Ltd | Randvaal | RVG | JSE | randvaal.co.za | johannesburg
  > Rietspruit West | ZA | Free State Province | the Witwatersrand Basin | Au, U3O8 | production | tailings-au
# AIM and LSE
Kintampo Gold plc | Kintampo | KTG | AIM | kintampogold.co.uk | london
  > Bepong North | GH | Ashanti Region | the Ashanti Belt | Au | exploration | orogenic-au
Khomas Uranium plc | Khomas | KHU | AIM | khomasuranium.co.uk | london
  > Ganab South | NA | Erongo Region | the Namib Desert palaeochannels | U3O8, V | development | calcrete-u
Mwombezhi Copper plc | Mwombezhi | MWC | LSE | mwombezhicopper.com | london
  > Kasempa West | ZM | North-Western Province | the Domes Region of the Zambian Copperbelt | Cu, Co, Au | exploration | sed-cu
Sahelian Lithium plc | Sahelian | SLL | AIM | sahelianlithium.com | london
  > Faraba | ML | Sikasso Region | the Bougouni lithium district | Li | development | spodumene
Shannonbridge Zinc plc | Shannonbridge | SBZ | AIM | shannonbridgezinc.com | london
  > Ballykeeran | IE | County Westmeath | the Irish Midlands orefield | Zn, Pb, Ag | exploration | irish-zn
Narwhal Bay Minerals plc | Narwhal Bay | NWB | AIM | narwhalbay.com | london
  > Ikaasap | GL | South Greenland | the Gardar Province | REE, Nb, Zr, Dy | exploration | alkaline-ree
Estrela Metals plc | Estrela | ESM | AIM | estrelametals.com | london
  > Serra do Açor | PT | Beira Interior | the Central Iberian Zone | W, Sn, Li | exploration | skarn-w
Konkouré Resources plc | Konkouré | KNK | AIM | konkoure.com | london
  > Gaoual North | GN | Boké Region | the Boké bauxite plateau | Bauxite, Al2O3 | development | bauxite
Mutapa Graphite plc | Mutapa | MTP | AIM | mutapagraphite.com | london
  > Ancuabe East | MZ | Cabo Delgado Province | the Lurio Belt | Graphite, V | exploration | flake-graphite
Luangwa Critical Metals plc | Luangwa | LCM | AIM | luangwametals.com | london
  > Nyimba Ridge | ZM | Eastern Province | the Irumide Belt | REE, Nb, Nd, Pr | exploration | carbonatite-ree
`;

// Market capitalisation (US$ million) by listing: venture boards hold juniors, main boards producers and majors.
const MARKET_CAP_MUSD: Record<Exchange, readonly [number, number]> = {
  CSE: [2, 60],
  TSXV: [4, 180],
  AIM: [4, 250],
  ASX: [5, 900],
  'NYSE American': [40, 2_500],
  TSX: [120, 9_000],
  LSE: [300, 25_000],
  JSE: [250, 30_000],
};
const STAGE_RANK: Record<Stage, number> = { exploration: 0, development: 1, production: 2 };

/**
 * A company's market cap and share count, drawn from its own seeded stream (the corpus's other draws are
 * untouched): a later-stage company sits higher in its board's range, and a small one has many cheap shares.
 */
function figuresOf(ticker: string, exchange: Exchange, projects: readonly ProjectSeed[]) {
  const rng = createRng(seedOf(`figures:${ticker}`));
  const [low, high] = MARKET_CAP_MUSD[exchange];
  const stage = Math.max(0, ...projects.map((project) => STAGE_RANK[project.stage]));
  const floor = Math.min(high / 2, low * 4 ** stage);
  const marketCapMusd = rng.logUniform(floor, high, 1);
  const price = marketCapMusd < 100 ? rng.logUniform(0.04, 1.5) : rng.logUniform(0.8, marketCapMusd < 2_000 ? 12 : 60);
  return { marketCapMusd, sharesOutstandingM: Math.round((10 * marketCapMusd) / price) / 10 };
}

function parseCompanies(table: string): CompanySeed[] {
  const companies: {
    seed: Omit<CompanySeed, 'projects' | 'marketCapMusd' | 'sharesOutstandingM'>;
    projects: ProjectSeed[];
  }[] = [];
  for (const raw of table.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const fields = line
      .replace(/^>\s*/, '')
      .split('|')
      .map((f) => f.trim());
    if (line.startsWith('>')) {
      const [name = '', country = '', where = '', area = '', commodities = '', stage = '', deposit = ''] = fields;
      const owner = companies.at(-1);
      if (!owner || !isOneOf(STAGES, stage) || !isKeyOf(DEPOSITS, deposit)) throw new Error(`bad project: ${line}`);
      const place = country === 'US' || country === 'CA' ? { state: where } : { region: where };
      owner.projects.push({ name, country, ...place, area, commodities: commodities.split(', '), stage, deposit });
    } else {
      const [name = '', short = '', ticker = '', exchange = '', domain = '', city = ''] = fields;
      if (!isOneOf(EXCHANGES, exchange) || !isKeyOf(CITIES, city)) throw new Error(`bad company: ${line}`);
      companies.push({ seed: { name, short, ticker, exchange, domain, city }, projects: [] });
    }
  }
  return companies.map(({ seed, projects }) => ({
    ...seed,
    projects,
    ...figuresOf(seed.ticker, seed.exchange, projects),
  }));
}

export const COMPANIES: readonly CompanySeed[] = parseCompanies(TABLE);
