/* Hand-written building blocks the demo corpus is assembled from. All names are invented. */

/** A comma-separated list kept in a template literal, so long word lists stay a few lines long. */
function words(list: string): readonly string[] {
  return list
    .split(',')
    .map((w) => w.trim())
    .filter((w) => w.length > 0);
}

export interface DepositStyle {
  label: string;
  host: string;
  drill: string;
  /** Typical depth range of the intercepts, metres down hole. */
  depth: readonly [number, number];
  geophysics: string;
  mining: string;
  /** Grade profile when the main commodity's own does not fit (brines, clays, tailings). */
  profile?: string;
}

export const DEPOSITS = {
  'orogenic-au': {
    label: 'orogenic gold',
    host: 'quartz-carbonate veining and pyrite-arsenopyrite alteration within sheared mafic volcanic rocks',
    drill: 'diamond',
    depth: [25, 520],
    geophysics: 'high-resolution magnetic and induced polarisation (IP)',
    mining: 'open pit and underground',
  },
  'bif-au': {
    label: 'banded iron formation-hosted gold',
    host: 'sulphide-replaced oxide-facies iron formation along a folded, sheared contact',
    drill: 'diamond',
    depth: [30, 400],
    geophysics: 'airborne magnetic and VLF-EM',
    mining: 'open pit',
  },
  'intrusion-au': {
    label: 'reduced intrusion-related gold',
    host: 'sheeted quartz veins in the carapace of a Cretaceous granodiorite stock',
    drill: 'diamond',
    depth: [5, 350],
    geophysics: 'ground magnetic and IP',
    mining: 'open pit',
  },
  'epithermal-agau': {
    label: 'low-sulphidation epithermal silver-gold',
    host: 'banded, colloform quartz-adularia veins and hydrothermal breccias',
    drill: 'diamond',
    depth: [15, 380],
    geophysics: 'CSAMT resistivity and ground magnetic',
    mining: 'underground',
  },
  'carlin-au': {
    label: 'Carlin-type gold',
    host: 'decalcified, silicified silty limestone beneath a jasperoid cap',
    drill: 'reverse circulation (RC)',
    depth: [40, 600],
    geophysics: 'gravity and CSAMT',
    mining: 'open pit heap leach',
  },
  'orogenic-ausb': {
    label: 'orogenic gold-antimony',
    host: 'laminated quartz-stibnite reefs along anticlinal hinges in turbidite sequences',
    drill: 'diamond',
    depth: [60, 900],
    geophysics: 'gravity and passive seismic',
    mining: 'underground',
  },
  'tailings-au': {
    label: 'historical gold tailings',
    host: 'slimes dams and sand dumps from historical Witwatersrand processing',
    drill: 'auger and sonic',
    depth: [0, 40],
    geophysics: 'drone LiDAR survey',
    mining: 'hydraulic reclamation',
    profile: 'Au-tailings',
  },
  'porphyry-cuau': {
    label: 'porphyry copper-gold',
    host: 'potassic-altered diorite porphyry with quartz-magnetite-chalcopyrite stockwork',
    drill: 'diamond',
    depth: [10, 900],
    geophysics: '3D induced polarisation (IP) and magnetotelluric (MT)',
    mining: 'open pit',
  },
  'porphyry-cumo': {
    label: 'porphyry copper-molybdenum',
    host: 'quartz-sericite-pyrite altered quartz monzonite with chalcopyrite-molybdenite veinlets',
    drill: 'diamond',
    depth: [20, 1100],
    geophysics: 'deep-penetrating IP and MT',
    mining: 'open pit',
  },
  iocg: {
    label: 'iron oxide copper-gold (IOCG)',
    host: 'hematite-magnetite breccia with chalcopyrite and bornite',
    drill: 'diamond',
    depth: [150, 1200],
    geophysics: 'gravity and magnetic inversion modelling',
    mining: 'underground',
  },
  'sed-cu': {
    label: 'sediment-hosted copper',
    host: 'a reduced siltstone-marl unit at the redox boundary, with disseminated chalcocite and bornite',
    drill: 'diamond',
    depth: [60, 700],
    geophysics: 'airborne electromagnetic (AEM) and gravity',
    mining: 'open pit and underground',
  },
  vms: {
    label: 'volcanogenic massive sulphide (VMS)',
    host: 'massive to semi-massive sphalerite-chalcopyrite-galena lenses in felsic volcanics',
    drill: 'diamond',
    depth: [40, 700],
    geophysics: 'borehole electromagnetic (BHEM)',
    mining: 'underground',
  },
  'skarn-zn': {
    label: 'zinc-lead-silver skarn',
    host: 'garnet-pyroxene skarn at a limestone-intrusive contact',
    drill: 'diamond',
    depth: [30, 500],
    geophysics: 'IP and ground magnetic',
    mining: 'underground',
  },
  'irish-zn': {
    label: 'Irish-type zinc-lead',
    host: 'dolomitised Waulsortian limestone above a normal fault',
    drill: 'diamond',
    depth: [120, 800],
    geophysics: 'gravity and IP',
    mining: 'underground',
  },
  'crd-ag': {
    label: 'carbonate replacement silver-lead-zinc',
    host: 'massive sulphide mantos and chimneys replacing carbonate units',
    drill: 'diamond',
    depth: [40, 600],
    geophysics: 'IP and gravity',
    mining: 'underground',
  },
  'magmatic-ni': {
    label: 'magmatic nickel-copper-PGE sulphide',
    host: 'net-textured to massive pentlandite-pyrrhotite-chalcopyrite at the base of an ultramafic intrusion',
    drill: 'diamond',
    depth: [50, 900],
    geophysics: 'versatile time-domain electromagnetic (VTEM) and borehole EM',
    mining: 'underground',
  },
  'komatiite-ni': {
    label: 'komatiite-hosted nickel sulphide',
    host: 'basal massive sulphides in a komatiite channel flow',
    drill: 'RC and diamond',
    depth: [60, 700],
    geophysics: 'moving-loop and downhole electromagnetic (DHEM)',
    mining: 'underground',
  },
  'contact-pgm': {
    label: 'contact-type PGE-copper-nickel',
    host: 'disseminated sulphides in the basal contact of a gabbroic intrusion',
    drill: 'diamond',
    depth: [10, 500],
    geophysics: 'IP and magnetic',
    mining: 'open pit',
  },
  'reef-pgm': {
    label: 'reef-hosted platinum group metals',
    host: 'a pyroxenite reef within a layered mafic-ultramafic complex',
    drill: 'diamond',
    depth: [80, 1200],
    geophysics: 'high-resolution aeromagnetic and 3D seismic',
    mining: 'underground',
  },
  spodumene: {
    label: 'spodumene pegmatite',
    host: 'coarse-grained spodumene-bearing LCT pegmatite dykes',
    drill: 'diamond',
    depth: [2, 280],
    geophysics: 'LiDAR and high-resolution drone magnetic',
    mining: 'open pit',
  },
  'li-brine': {
    label: 'lithium brine',
    host: 'brine-saturated halite and clastic aquifers beneath the salar',
    drill: 'rotary and diamond',
    depth: [20, 450],
    geophysics: 'transient electromagnetic (TEM)',
    mining: 'direct lithium extraction (DLE)',
    profile: 'Li-brine',
  },
  'li-clay': {
    label: 'lithium-bearing claystone',
    host: 'flat-lying lacustrine claystone and tuff',
    drill: 'core and RC',
    depth: [0, 150],
    geophysics: 'gravity',
    mining: 'open pit',
    profile: 'Li-clay',
  },
  'unconformity-u': {
    label: 'unconformity-related uranium',
    host: 'graphitic pelitic gneiss immediately beneath the Athabasca unconformity',
    drill: 'diamond',
    depth: [200, 750],
    geophysics: 'stepwise moving-loop EM and DC resistivity',
    mining: 'underground',
  },
  'isr-u': {
    label: 'roll-front sandstone uranium',
    host: 'permeable fluvial sandstones at the redox front',
    drill: 'mud rotary',
    depth: [60, 300],
    geophysics: 'downhole gamma logging',
    mining: 'in-situ recovery (ISR)',
  },
  'sandstone-u': {
    label: 'tabular sandstone uranium-vanadium',
    host: 'carbonaceous fluvial sandstone channels',
    drill: 'rotary and core',
    depth: [30, 250],
    geophysics: 'downhole gamma logging',
    mining: 'underground',
  },
  'calcrete-u': {
    label: 'calcrete-hosted uranium',
    host: 'carnotite in calcretised palaeochannel sediments',
    drill: 'RC',
    depth: [1, 35],
    geophysics: 'airborne radiometric',
    mining: 'open pit',
  },
  'hematite-fe': {
    label: 'channel iron and hematite',
    host: 'martite-goethite enriched banded iron formation',
    drill: 'reverse circulation (RC)',
    depth: [0, 120],
    geophysics: 'gravity',
    mining: 'open pit',
  },
  'magnetite-fe': {
    label: 'taconite magnetite',
    host: 'magnetite-rich Sokoman Formation iron formation',
    drill: 'diamond',
    depth: [0, 350],
    geophysics: 'airborne magnetic',
    mining: 'open pit',
  },
  'carbonatite-ree': {
    label: 'carbonatite-hosted rare earth',
    host: 'monazite- and bastnäsite-rich dolomitic carbonatite',
    drill: 'diamond',
    depth: [5, 400],
    geophysics: 'airborne radiometric and magnetic',
    mining: 'open pit',
  },
  'alkaline-ree': {
    label: 'alkaline intrusion-hosted rare earth',
    host: 'eudialyte-bearing layered nepheline syenite',
    drill: 'diamond',
    depth: [5, 350],
    geophysics: 'radiometric and hyperspectral',
    mining: 'open pit',
  },
  'clay-ree': {
    label: 'ionic adsorption clay rare earth',
    host: 'the weathered saprolite profile above granite',
    drill: 'aircore',
    depth: [0, 45],
    geophysics: 'airborne radiometric',
    mining: 'shallow open pit',
  },
  'flake-graphite': {
    label: 'large-flake graphite',
    host: 'graphitic schist and paragneiss',
    drill: 'diamond',
    depth: [0, 180],
    geophysics: 'electromagnetic',
    mining: 'open pit',
  },
  vtm: {
    label: 'vanadiferous titanomagnetite',
    host: 'layered magnetite gabbro',
    drill: 'RC and diamond',
    depth: [0, 250],
    geophysics: 'aeromagnetic',
    mining: 'open pit',
  },
  'skarn-w': {
    label: 'tungsten skarn',
    host: 'scheelite-bearing pyroxene-garnet skarn',
    drill: 'diamond',
    depth: [10, 450],
    geophysics: 'magnetic and IP',
    mining: 'underground',
  },
  'greisen-sn': {
    label: 'tin greisen and skarn',
    host: 'cassiterite-bearing greisen and replacement skarn',
    drill: 'diamond',
    depth: [20, 600],
    geophysics: 'gravity and magnetic',
    mining: 'underground',
  },
  'pegmatite-sn': {
    label: 'tin-lithium-tantalum pegmatite',
    host: 'zoned cassiterite- and petalite-bearing pegmatites',
    drill: 'RC and diamond',
    depth: [0, 220],
    geophysics: 'drone magnetic',
    mining: 'open pit',
  },
  'sed-mn': {
    label: 'sedimentary manganese',
    host: 'braunite-hausmannite banded manganese ore beds',
    drill: 'reverse circulation (RC)',
    depth: [0, 150],
    geophysics: 'gravity',
    mining: 'open pit',
  },
  potash: {
    label: 'evaporite potash',
    host: 'sylvinite beds of the Patience Lake and Belle Plaine members',
    drill: 'rotary and core',
    depth: [900, 1400],
    geophysics: '3D seismic',
    mining: 'solution mining',
  },
  hms: {
    label: 'heavy mineral sands',
    host: 'strandline deposits of zircon, rutile and ilmenite',
    drill: 'aircore',
    depth: [0, 40],
    geophysics: 'airborne radiometric',
    mining: 'dry mining',
  },
  bauxite: {
    label: 'lateritic bauxite',
    host: 'a lateritic duricrust capping the plateau',
    drill: 'aircore',
    depth: [0, 18],
    geophysics: 'LiDAR topographic',
    mining: 'open pit',
  },
  stibnite: {
    label: 'antimony-gold-tungsten',
    host: 'stibnite-bearing shear veins and disseminated gold in silicified granite',
    drill: 'diamond',
    depth: [10, 450],
    geophysics: 'IP and magnetic',
    mining: 'open pit',
  },
} as const satisfies Record<string, DepositStyle>;

export type DepositKey = keyof typeof DEPOSITS;

export const FIRST_NAMES = words(`
  James, Sarah, Michael, Karen, David, Priya, Robert, Emily, Daniel, Olivia, Thomas, Fiona, Andrew, Chloe,
  Mark, Aisha, Paul, Natalie, Richard, Megan, Graham, Hannah, Stephen, Laura, Kevin, Rachel, Brendan, Julia,
  Colin, Sophie, Lachlan, Tessa, Hamish, Bronwyn, Mitchell, Kirsty, Jean-François, Geneviève, Marc-André,
  Isabelle, Diego, Camila, Mateo, Valentina, Rodrigo, Lucía, Thabo, Naledi, Sipho, Lerato, Kwame, Ama, Kofi,
  Abena, Tendai, Chipo, Moses, Grace, Arjun, Mei, Wei, Hiroshi, Anika, Lars, Ingrid, Eoin, Siobhan, Callum,
  Morag, Dmitri, Elena, Tariq, Leila, Owen, Bethany
`);

export const LAST_NAMES = words(`
  Harlow, McAllister, Okafor, Brennan, Thibodeau, Lindqvist, Castellanos, Whitcombe, Nakamura, Pryce,
  Delacroix, Fitzgerald, Mokoena, Achterberg, Rowntree, Sandoval, Kowalczyk, Ferreira, Ashdown, Mthembu,
  Tremblay, Gallagher, Osei, Van der Merwe, Quintero, Halloran, Ramaswamy, Petrov, Sinclair, Dube, Crowther,
  Lachance, Boateng, Ellery, Mwansa, Pemberton, Zhou, Henriksen, Villanueva, Aldridge, Nkosi, Bouchard,
  Kerrigan, Abernethy, Sorensen, Mensah, Tanaka, Gutiérrez, Blackwood, Chikwanha, Marchetti, Rasmussen,
  Dunleavy, Kapoor, Strickland, Ouellet, Achebe, Forsyth, Mahlangu, Westbrook, Iyer, Cardoso, Lomax, Baptiste,
  Kruger, Moloney, Haddad, Ferris, Nyirenda, Gauthier, Mulholland, Salazar, Templeton, Asante, Wilkes,
  Donnelly, Arsenault, Chaudhry, Yeo, Prentice, Oyelaran, Beaumont, Kingsley, Rademeyer
`);

export const WIRES = ['Demo Mining Wire', 'Northline Newswire', 'Orebody Press Service', 'Resource Sector Wire'];

export const LABS = [
  'Northgate Analytical Laboratories',
  'Bluewater Assay Services',
  'Tanager Geochemical Labs',
  'Coppermine Analytical',
  'Redstone Assay Laboratories',
  'Meridian Minerals Testing',
];

export const DRILL_CONTRACTORS: Readonly<Record<string, readonly string[]>> = {
  CA: [
    'Boreal Diamond Drilling Ltd.',
    'Spruce Grove Drilling Inc.',
    'Nordic Core Drilling Ltd.',
    'Laurentian Forage Inc.',
  ],
  US: ['Highline Drilling Services', 'Great Basin Coring LLC', 'Sagebrush Drilling Co.'],
  AU: ['Red Dirt Drilling Pty Ltd', 'Spinel Drilling Services Pty Ltd', 'Goldfields Coring Pty Ltd'],
  LATAM: ['Sierra Core Drilling S.A.C.', 'Perforaciones Andinas S.A.', 'Cordillera Sondajes Ltda.'],
  AFRICA: ['Kalahari Coring (Pty) Ltd', 'Savanna Drilling Services Ltd', 'Sahel Forage SARL'],
  OTHER: ['Fjord Drilling AB', 'Continental Core Services Ltd.'],
};

export const CONSULTANTS = [
  'Larchmont Geoconsulting Ltd.',
  'Ridgeway Mining Consultants',
  'Coolabah Geoscience Pty Ltd',
  'Ironwood Resource Modelling Inc.',
  'Halcrow Bay Technical Services',
  'Pinnacle Orebody Estimation Ltd.',
];

export const ENGINEERS = [
  'Tamarack Engineering Group',
  'Westmount Process Engineers',
  'Bluestone EPCM Pty Ltd',
  'Kestrel Project Services',
  'Ardent Mine Design Ltd.',
];

export const UNDERWRITERS = [
  'Cormorant Capital Markets',
  'Halyard Securities Inc.',
  'Beacon Hill Partners',
  'Northgrove Capital Corp.',
  'Ridgeline Securities Ltd.',
];

export const AU_BROKERS = ['Kookynie Capital Partners', 'Swanbourne Securities Pty Ltd', 'Argyle Lane Capital'];
export const UK_BROKERS = ['Thameside Capital LLP', 'Aldgate Broking Ltd', 'Bramwell & Finch Securities'];
export const ZA_BROKERS = ['Highveld Corporate Finance', 'Sandton Equity Partners'];

export const LENDERS = [
  'Tollgate Credit Partners',
  'Hollinsworth Resource Credit',
  'Pennant Infrastructure Debt Fund',
  'Arcadian Metals Finance',
];

export const ROYALTY_COMPANIES = [
  'Brindle Royalty Corp.',
  'Cobblestone Royalties Ltd.',
  'Helix Precious Metals Streaming AG',
  'Lodestar Royalty Partners',
];

export const MAJORS = [
  'Halvorsen Mining Group',
  'Temperance Minerals Ltd',
  'Northern Crown Mining Co.',
  'Ardmore Copper Holdings',
  'Pacific Rim Metals Corporation',
];

export const VENDORS = [
  'Ridgeback Prospecting Ltd.',
  'a private prospecting syndicate',
  'Caribou Syndicate Holdings Inc.',
  'Ironstone Holdings Pty Ltd',
  'a local prospector',
  'Bluebell Exploration Partners',
  'Windward Mineral Holdings Ltd.',
];

export const PLACE_FIRST = words(`
  Copperhead, Raven, Whitefish, Moose, Granite, Cedar, Falcon, Ironwood, Kingfisher, Redcliff, Bluebird, Wolf,
  Eagle, Sandpiper, Coyote, Saddleback, Quartz, Burnt, Pine, Mica
`);

export const PLACE_SECOND = words(`
  Ridge, Lake, Creek, Hill, Valley, Range, Flats, Bluff, Well, Point, Narrows, Springs
`);

export const ZONE_NAMES = words(`
  Main, North, South, East, Discovery, Falcon, Raven, Boundary, Hanging Wall, Footwall, Apex, Shamrock,
  Horseshoe, Bonanza, Lynx, Aurora, Central, Deep, Ridge, Camp
`);

/** Permits by jurisdiction: what exploration drilling needs, and the main development approval. */
export const PERMITS: Readonly<Record<string, { explore: string; develop: string; developShort: string }>> = {
  CA: {
    explore: 'a multi-year exploration permit covering up to 60 drill pads',
    develop: 'its provincial Environmental Assessment approval',
    developShort: 'Environmental Assessment Approval',
  },
  US: {
    explore: 'approval of its Notice of Intent for exploration drilling',
    develop: 'a Record of Decision approving the Plan of Operations',
    developShort: 'Record of Decision',
  },
  AU: {
    explore: 'an approved Programme of Work for drilling',
    develop: 'the grant of a Mining Lease',
    developShort: 'Mining Lease',
  },
  PE: {
    explore: 'its Declaración de Impacto Ambiental (DIA) drilling permit',
    develop: 'approval of its detailed Environmental Impact Study (EIA-d)',
    developShort: 'EIA-d Approval',
  },
  CL: {
    explore: 'its drilling permit (DIA) for up to 40 platforms',
    develop: 'a favourable Environmental Qualification Resolution (RCA)',
    developShort: 'Environmental Approval',
  },
  ZA: {
    explore: 'the renewal of its prospecting right',
    develop: 'the execution of its Mining Right',
    developShort: 'Mining Right',
  },
  AFRICA: {
    explore: 'the renewal of its exploration licence',
    develop: 'the grant of a Large-Scale Mining Licence',
    developShort: 'Mining Licence',
  },
  OTHER: {
    explore: 'an extension of its exploration permit',
    develop: 'its exploitation licence',
    developShort: 'Exploitation Licence',
  },
};
