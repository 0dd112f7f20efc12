import { findCountry } from '@mining-hub/contract/reference-data';
import type { Rng } from '../news/corpus/random.ts';
import { FIRST_NAMES, LAST_NAMES } from '../news/corpus/vocabulary-data.ts';

/*
 * The word tables and seeds of the demo directory (demo-directory.ts generates it from them): stages,
 * projects per country, regions and towns, naming styles, people, titles, company profiles and names.
 */

export const PROJECT_STAGES = [
  'Exploration',
  'Resource Definition',
  'Pre-Feasibility',
  'Feasibility',
  'Development',
  'Production',
  'Care & Maintenance',
] as const;
export type ProjectStage = (typeof PROJECT_STAGES)[number];
export const STAGE_WEIGHTS = [34, 16, 12, 10, 10, 13, 5];

export type DemoExchange = 'ASX' | 'TSX' | 'TSXV' | 'NYSE' | 'LSE' | 'AIM' | 'JSE';

/** Projects per country: Australia is what test mode crawls. */
export const PROJECTS_PER_COUNTRY: Readonly<Record<string, number>> = {
  AU: 60,
  CA: 60,
  US: 45,
  PE: 25,
  CL: 25,
  MX: 18,
  BR: 15,
  AR: 15,
  FI: 10,
  SE: 10,
  ZA: 15,
  GH: 12,
  TZ: 10,
  ZM: 10,
  CD: 8,
  NA: 8,
  ML: 8,
  BF: 6,
};

export const JS_ONLY_SHARE = 0.3;

export interface RegionSeed {
  country: string;
  name: string;
  weight: number;
  /** '#' stands for a random digit. */
  phone: string;
  towns: readonly string[];
  /** Commodity suites found in the region, main commodity first. */
  suites: readonly (readonly string[])[];
}

/**
 * One region per line: country | region | weight | phone template | towns | commodity suites
 * (suites separated by ';', symbols by ','). Towns and regions are real; phone numbers use the
 * fiction ranges of Australia (5550), North America (555-01xx) and otherwise plausible formats.
 */
export const REGIONS_TABLE = `
AU | Western Australia | 6 | +61 8 5550 #### | Kalgoorlie, Leonora, Laverton, Meekatharra, Mount Magnet, Cue, Norseman, Southern Cross, Port Hedland, Newman, Marble Bar, Wiluna, Ravensthorpe, Halls Creek | Au; Au; Au; Au, Cu; Li, Ta; Li; Ni, Cu, Co; Ni, Cu, PGM; Fe; Mn; V, Ti, Fe; REE, Nb
AU | Queensland | 3 | +61 7 5550 #### | Mount Isa, Cloncurry, Charters Towers, Townsville, Emerald, Georgetown, Moranbah | Cu, Au; Cu, Co; Zn, Pb, Ag; Au; Coal; V; Co, Ni
AU | New South Wales | 2 | +61 2 5550 #### | Orange, Cobar, Broken Hill, Parkes, Dubbo, Armidale, Nyngan | Au, Cu; Zn, Pb, Ag; Cu, Au; Sc, Ni, Co; REE; Sn, W
AU | Victoria | 1 | +61 3 5550 #### | Bendigo, Ballarat, Stawell, Castlemaine, Horsham | Au; Au, Sb; HMS, Zr, Ti
AU | South Australia | 2 | +61 8 5550 #### | Port Augusta, Roxby Downs, Coober Pedy, Whyalla, Ceduna, Burra | Cu, Au; Cu, Au, U3O8; U3O8; Fe; Graphite; HMS, Zr
AU | Northern Territory | 1.5 | +61 8 5550 #### | Tennant Creek, Alice Springs, Katherine, Pine Creek | Au; Au, Cu; Li; Zn, Pb, Ag; REE; Mn; P2O5
AU | Tasmania | 0.5 | +61 3 5550 #### | Queenstown, Zeehan, Burnie, Rosebery, Scottsdale | Sn, W; Zn, Pb, Cu; Ni; Cu, Au
CA | Ontario | 3 | +1 (705) 555-01## | Timmins, Red Lake, Kirkland Lake, Sudbury, Thunder Bay, Geraldton, Marathon, Wawa, Dryden | Au; Au; Au; Ni, Cu, PGM; Cu, Zn; Li; PGM, Pd
CA | Quebec | 3 | +1 (819) 555-01## | Val-d'Or, Rouyn-Noranda, Chibougamau, Matagami, Sept-Îles, Fermont, Chapais | Au; Au, Ag; Cu, Au; Zn, Cu; Li, Ta; Fe; Graphite; REE, Nb; Ni, Cu
CA | British Columbia | 3 | +1 (250) 555-01## | Smithers, Stewart, Kamloops, Williams Lake, Prince George, Dease Lake, Merritt | Cu, Au; Cu, Mo; Au, Ag; Ag, Pb, Zn; Coal; Au
CA | Saskatchewan | 1.5 | +1 (306) 555-01## | La Ronge, Saskatoon, Uranium City, Creighton, Esterhazy | U3O8; U3O8; Potash (KCl); Au; Cu, Zn; He
CA | Manitoba | 1 | +1 (204) 555-01## | Thompson, Flin Flon, Snow Lake, Lynn Lake | Ni, Cu, Co; Cu, Zn, Au; Li, Cs, Ta; Au
CA | Yukon | 1 | +1 (867) 555-01## | Dawson City, Mayo, Whitehorse, Watson Lake, Carmacks | Au; Ag, Pb, Zn; W; Cu, Au; Au, Bi
CA | Nunavut | 0.7 | +1 (867) 555-01## | Rankin Inlet, Baker Lake, Cambridge Bay, Arviat | Au; Au; Ni, Cu, PGM; Zn, Pb; Diamonds
CA | Northwest Territories | 0.6 | +1 (867) 555-01## | Yellowknife, Fort Simpson, Hay River, Fort Providence | Au; Diamonds; REE; Co, Bi, Au; Zn, Pb
CA | Newfoundland and Labrador | 0.8 | +1 (709) 555-01## | Gander, Baie Verte, Labrador City, Happy Valley-Goose Bay, Buchans | Au; Cu, Au; Fe; Ni, Cu, Co; Zn, Pb, Cu
CA | New Brunswick | 0.4 | +1 (506) 555-01## | Bathurst, Fredericton, Miramichi, Woodstock | Zn, Pb, Ag; W, Mo; Au; Sb
CA | Nova Scotia | 0.4 | +1 (902) 555-01## | Truro, Sherbrooke, Antigonish, Windsor | Au; Zn, Pb; Li; Gypsum
US | Nevada | 4 | +1 (775) 555-01## | Elko, Winnemucca, Battle Mountain, Tonopah, Ely, Eureka, Lovelock | Au; Au, Ag; Au; Li; Cu, Au; Ag, Au; Li, B
US | Arizona | 2 | +1 (928) 555-01## | Globe, Safford, Kingman, Tucson, Wickenburg | Cu; Cu, Mo; Au, Ag; Cu, Au; U3O8
US | Alaska | 1.5 | +1 (907) 555-01## | Fairbanks, Nome, Juneau, Delta Junction, McGrath | Au; Au, Cu; Zn, Pb, Ag; Cu, Au, Mo; Graphite; Ni, Cu, Co, PGM
US | Idaho | 1 | +1 (208) 555-01## | Salmon, Coeur d'Alene, Challis, Cascade | Au, Sb; Ag, Pb, Zn; Co, Cu; Au; P2O5
US | Montana | 1 | +1 (406) 555-01## | Butte, Helena, Billings, Lewistown, Philipsburg | Cu, Ag; PGM, Pd, Pt; Au; Ag, Pb, Zn
US | Utah | 0.8 | +1 (435) 555-01## | Milford, Moab, Delta, Blanding | U3O8, V; Cu; Be; Au; Potash (KCl)
US | Wyoming | 0.7 | +1 (307) 555-01## | Casper, Gillette, Rawlins, Rock Springs | U3O8; REE; Na2CO3; Au; Cu, Au
US | Colorado | 0.6 | +1 (719) 555-01## | Leadville, Cripple Creek, Silverton, Grand Junction | Au; Mo; Ag, Pb, Zn; U3O8, V
US | Minnesota | 0.5 | +1 (218) 555-01## | Duluth, Ely, Hibbing, Babbitt | Cu, Ni, Co, PGM; Fe; Ti
US | New Mexico | 0.5 | +1 (575) 555-01## | Silver City, Grants, Lordsburg | Cu; U3O8; Zn, Cu; Au, Ag
US | California | 0.5 | +1 (760) 555-01## | Mojave, Ridgecrest, Grass Valley, Randsburg | Au; REE; B; Au, Ag
US | South Dakota | 0.3 | +1 (605) 555-01## | Lead, Rapid City, Custer | Au; Li
PE | Cajamarca Region | 1 | +51 76 ### ### | Cajamarca, Celendín, Hualgayoc, Chota | Au; Cu, Au; Au, Ag
PE | Ancash Region | 1 | +51 43 ### ### | Huaraz, Huari, Chimbote, Recuay | Zn, Cu, Ag; Au; Cu, Mo
PE | Apurímac Region | 1 | +51 83 ### ### | Abancay, Andahuaylas, Chalhuanca | Cu, Mo; Cu, Au; Fe
PE | Arequipa Region | 1 | +51 54 ### ### | Arequipa, Caravelí, Chala, Camaná | Cu, Mo; Au; Ag, Au
PE | Puno Region | 1 | +51 51 ### ### | Puno, Juliaca, Macusani, Putina | Sn; Li, U3O8; Au; Ag, Pb, Zn
PE | Cusco Region | 0.7 | +51 84 ### ### | Cusco, Yauri, Sicuani, Santo Tomás | Cu, Au; Cu, Mo; Au
PE | Junín Region | 0.6 | +51 64 ### ### | Huancayo, La Oroya, Tarma | Zn, Pb, Ag; Cu; Au
PE | Pasco Region | 0.5 | +51 63 ### ### | Cerro de Pasco, Oxapampa, Yanahuanca | Zn, Pb, Ag; Ag
PE | La Libertad Region | 0.7 | +51 44 ### ### | Trujillo, Huamachuco, Tayabamba | Au; Au, Ag; Cu, Au
PE | Moquegua Region | 0.5 | +51 53 ### ### | Moquegua, Ilo, Omate | Cu, Mo; Au
PE | Ayacucho Region | 0.5 | +51 66 ### ### | Ayacucho, Puquio, Coracora | Au, Ag; Ag, Zn
CL | Antofagasta Region | 2 | +56 55 2## #### | Calama, Antofagasta, Taltal, Mejillones, Sierra Gorda | Cu; Cu, Mo; Li; Cu, Au; Ag, Au; I
CL | Atacama Region | 2 | +56 52 2## #### | Copiapó, Diego de Almagro, Vallenar, Chañaral, Tierra Amarilla | Cu, Au; Au; Fe; Li; Cu, Co
CL | Coquimbo Region | 1.5 | +56 51 2## #### | La Serena, Ovalle, Illapel, Vicuña, Andacollo | Cu; Cu, Au; Fe; Au
CL | Tarapacá Region | 1 | +56 57 2## #### | Iquique, Pozo Almonte, Pica | Cu, Mo; I; Li, Potash (KCl); Au
CL | Valparaíso Region | 0.6 | +56 32 2## #### | Los Andes, Cabildo, La Ligua | Cu, Mo; Au
CL | O'Higgins Region | 0.5 | +56 72 2## #### | Rancagua, San Fernando, Rengo | Cu, Mo; Au, Ag
CL | Arica y Parinacota Region | 0.4 | +56 58 2## #### | Arica, Putre | Cu; Au, Ag; B
MX | Sonora | 2 | +52 662 ### #### | Hermosillo, Caborca, Cananea, Álamos, Nacozari | Au; Cu; Li; Ag, Au; Cu, Mo
MX | Chihuahua | 1.5 | +52 614 ### #### | Chihuahua, Hidalgo del Parral, Cuauhtémoc, Ocampo | Ag, Au; Ag, Pb, Zn; Au
MX | Durango | 1.2 | +52 618 ### #### | Durango, Santiago Papasquiaro, Tepehuanes | Ag, Au; Au; Ag, Pb, Zn
MX | Zacatecas | 1.2 | +52 492 ### #### | Zacatecas, Fresnillo, Sombrerete, Concepción del Oro | Ag, Pb, Zn; Au, Ag; Cu, Zn
MX | Sinaloa | 0.8 | +52 667 ### #### | Culiacán, Mazatlán, Cosalá | Au; Ag, Au
MX | Guerrero | 0.8 | +52 747 ### #### | Chilpancingo, Iguala, Taxco | Au; Ag, Zn; Au, Cu
MX | Jalisco | 0.5 | +52 322 ### #### | Puerto Vallarta, Mascota, Talpa de Allende | Ag, Au; Au
MX | Oaxaca | 0.5 | +52 951 ### #### | Oaxaca, Ocotlán de Morelos, Tlacolula | Au, Ag; Ag
BR | Minas Gerais | 2 | +55 31 ####-#### | Belo Horizonte, Araçuaí, Paracatu, Itabira, Montes Claros, Araxá | Li; Au; Fe; Nb; REE; Graphite
BR | Pará | 1.5 | +55 94 ####-#### | Marabá, Parauapebas, Itaituba, Altamira, Canaã dos Carajás | Cu, Au; Au; Fe; Ni; Mn; Bauxite
BR | Goiás | 1 | +55 62 ####-#### | Goiânia, Catalão, Crixás, Niquelândia, Minaçu | Au; Ni, Co; REE; P2O5; Nb
BR | Bahia | 1 | +55 71 ####-#### | Salvador, Jacobina, Brumado, Vitória da Conquista | Au; V; Cu; Ni; Mg; Graphite
BR | Mato Grosso | 0.8 | +55 65 ####-#### | Cuiabá, Alta Floresta, Peixoto de Azevedo, Pontes e Lacerda | Au; Zn, Pb; Cu, Au
BR | Tocantins | 0.5 | +55 63 ####-#### | Palmas, Araguaína, Natividade | Au; Sn; P2O5
AR | Santa Cruz Province | 1.5 | +54 2962 ##-#### | Puerto San Julián, Gobernador Gregores, Perito Moreno, Puerto Deseado | Ag, Au; Au
AR | San Juan Province | 1.5 | +54 264 ###-#### | San Juan, Calingasta, Jáchal, Rodeo | Cu, Au; Cu, Mo; Au, Ag
AR | Salta Province | 1.5 | +54 387 ###-#### | Salta, San Antonio de los Cobres, Tolar Grande | Li; Li, Potash (KCl), B; Cu, Mo; Au, Ag
AR | Jujuy Province | 1 | +54 388 ###-#### | San Salvador de Jujuy, Susques, Abra Pampa | Li; Ag, Pb, Zn; Au, Sb
AR | Catamarca Province | 1 | +54 383 ###-#### | San Fernando del Valle de Catamarca, Belén, Antofagasta de la Sierra, Andalgalá | Li; Cu, Au, Mo; Au
AR | Mendoza Province | 0.6 | +54 261 ###-#### | Mendoza, Malargüe, Uspallata | Cu, Mo; Potash (KCl); U3O8
AR | Neuquén Province | 0.5 | +54 299 ###-#### | Neuquén, Chos Malal, Zapala | Au, Ag; Cu
AR | Río Negro Province | 0.5 | +54 2920 ##-#### | Viedma, Ingeniero Jacobacci, Valcheta | Au, Ag; Fe; U3O8
AR | Chubut Province | 0.5 | +54 280 ###-#### | Gastre, Esquel, Gan Gan | Ag, Pb; Au, Ag; U3O8
FI | Lapland | 3 | +358 16 ### #### | Rovaniemi, Sodankylä, Kittilä, Kolari, Kemijärvi, Savukoski | Au; Au, Co, Cu; Ni, Cu, PGM; Fe; Cu, Au
FI | North Ostrobothnia | 1.5 | +358 8 ### #### | Oulu, Kuusamo, Kalajoki, Pudasjärvi | Au, Co; Li; V, Ti, Fe; Zn, Cu
FI | Kainuu | 1 | +358 8 ### #### | Kajaani, Sotkamo, Kuhmo, Suomussalmi | Ni, Zn, Cu, Co; Au
FI | North Karelia | 1 | +358 13 ### #### | Joensuu, Outokumpu, Ilomantsi, Lieksa | Cu, Co, Zn; Au; Ni, Cu; Talc
FI | Central Ostrobothnia | 0.7 | +358 6 ### #### | Kokkola, Kaustinen | Li, Ta
FI | Central Finland | 0.5 | +358 14 ### #### | Jyväskylä, Saarijärvi, Jämsä | Au; Graphite
SE | Norrbotten County | 3 | +46 980 ## ## ## | Kiruna, Gällivare, Pajala, Arvidsjaur, Jokkmokk | Fe; Cu, Au; Fe, Cu, Au; Graphite; Au; REE
SE | Västerbotten County | 2 | +46 910 ## ## ## | Skellefteå, Lycksele, Storuman, Malå, Sorsele | Au; Zn, Cu, Pb, Ag; Li, Ta; Au, Cu; Ni
SE | Jämtland County | 0.7 | +46 63 ### ## ## | Östersund, Strömsund, Krokom | V; U3O8; Au
SE | Dalarna County | 0.7 | +46 23 ### ## ## | Falun, Ludvika, Avesta, Smedjebacken | Zn, Pb, Ag; Fe; W; Cu
SE | Västmanland County | 0.5 | +46 21 ### ## ## | Sala, Norberg, Fagersta | Ag, Zn; REE; Fe
SE | Örebro County | 0.5 | +46 19 ### ## ## | Örebro, Hällefors, Lindesberg, Nora | Zn, Pb, Ag; Au; Fe
ZA | Limpopo Province | 2 | +27 15 555 #### | Polokwane, Mokopane, Burgersfort, Phalaborwa, Musina, Thabazimbi | PGM, Pt, Pd; Cu; Fe, P2O5; Cr; Diamonds
ZA | North West Province | 1.5 | +27 14 555 #### | Rustenburg, Brits, Klerksdorp, Zeerust, Mahikeng | PGM, Pt, Pd, Rh; Cr; Au, U3O8; CaF2
ZA | Mpumalanga Province | 1 | +27 13 555 #### | eMalahleni, Barberton, Pilgrim's Rest, Middelburg, Lydenburg | Coal; Au; PGM, Pt; V
ZA | Northern Cape Province | 1.5 | +27 53 555 #### | Kuruman, Kathu, Postmasburg, Springbok, Upington, Aggeneys | Mn; Fe; Zn, Pb, Cu; Cu; Diamonds
ZA | Free State Province | 0.8 | +27 57 555 #### | Welkom, Virginia, Kroonstad, Odendaalsrus | Au; Au, U3O8; Diamonds
ZA | Gauteng Province | 0.6 | +27 11 555 #### | Carletonville, Springs, Randfontein, Westonaria | Au; Au, U3O8
ZA | KwaZulu-Natal Province | 0.5 | +27 35 555 #### | Richards Bay, Vryheid, Newcastle, Dundee | HMS, Ti, Zr; Coal; Au
GH | Ashanti Region | 2 | +233 32 ### #### | Kumasi, Obuasi, Konongo, Bekwai | Au
GH | Western Region | 1.5 | +233 31 ### #### | Tarkwa, Takoradi, Prestea, Axim | Au; Mn; Au
GH | Western North Region | 1 | +233 31 ### #### | Sefwi Wiawso, Bibiani, Juaboso, Enchi | Au; Bauxite
GH | Eastern Region | 0.8 | +233 34 ### #### | Koforidua, Kibi, Akim Oda | Au; Bauxite
GH | Upper East Region | 0.6 | +233 38 ### #### | Bolgatanga, Navrongo, Bawku | Au
GH | Upper West Region | 0.5 | +233 39 ### #### | Wa, Tumu, Lawra | Au
GH | Central Region | 0.6 | +233 33 ### #### | Cape Coast, Dunkwa-on-Offin, Twifo Praso, Saltpond | Au; Li
TZ | Geita Region | 1.5 | +255 28 ### #### | Geita, Chato, Bukombe | Au
TZ | Mara Region | 1 | +255 28 ### #### | Musoma, Tarime, Bunda | Au
TZ | Shinyanga Region | 1 | +255 28 ### #### | Shinyanga, Kahama | Au; Ni, Cu
TZ | Lindi Region | 1 | +255 23 ### #### | Lindi, Ruangwa, Nachingwea, Liwale | Graphite; Au; Ni
TZ | Mbeya Region | 0.8 | +255 25 ### #### | Mbeya, Chunya | Au; REE; Nb
TZ | Singida Region | 0.6 | +255 26 ### #### | Singida, Manyoni, Ikungi | Au; U3O8
TZ | Morogoro Region | 0.6 | +255 23 ### #### | Morogoro, Mahenge, Kilosa | Graphite; Au
TZ | Kagera Region | 0.5 | +255 28 ### #### | Bukoba, Ngara, Karagwe | Ni, Co, Cu; Sn
ZM | North-Western Province | 2 | +260 218 ### ### | Solwezi, Kasempa, Mwinilunga, Kalumbila | Cu; Cu, Co; Au; Ni
ZM | Copperbelt Province | 1.5 | +260 212 ### ### | Kitwe, Chingola, Ndola, Mufulira, Luanshya | Cu, Co; Cu; Gemstones
ZM | Central Province | 1 | +260 215 ### ### | Kabwe, Mumbwa, Mkushi, Serenje | Zn, Pb; Cu; Au; Mn
ZM | Eastern Province | 0.8 | +260 216 ### ### | Chipata, Petauke, Nyimba, Katete | REE; Graphite; Au
ZM | Southern Province | 0.6 | +260 213 ### ### | Choma, Livingstone, Kalomo, Monze | Li; Au; Coal
CD | Haut-Katanga Province | 2 | +243 81 ### #### | Lubumbashi, Likasi, Kipushi, Kasenga | Cu, Co; Zn, Cu, Ge; Cu
CD | Lualaba Province | 2 | +243 81 ### #### | Kolwezi, Fungurume, Mutshatsha, Dilolo | Cu, Co; Co
CD | Ituri Province | 1 | +243 99 ### #### | Bunia, Mongbwalu, Mambasa | Au
CD | South Kivu Province | 0.8 | +243 99 ### #### | Bukavu, Kamituga, Uvira | Au; Sn, Ta
CD | Tanganyika Province | 0.6 | +243 97 ### #### | Kalemie, Manono | Li, Sn; Sn, Ta
CD | Haut-Uele Province | 0.6 | +243 99 ### #### | Isiro, Watsa, Durba | Au
NA | Erongo Region | 2 | +264 64 ### ### | Swakopmund, Arandis, Usakos, Uis, Karibib, Omaruru | U3O8; Sn, Ta, Li; Au; Li
NA | Karas Region | 1 | +264 63 ### ### | Keetmanshoop, Rosh Pinah, Lüderitz, Oranjemund | Zn, Pb; Diamonds; Cu
NA | Kunene Region | 0.8 | +264 65 ### ### | Opuwo, Khorixas, Kamanjab, Outjo | Cu, Co; Cu, Ag
NA | Otjozondjupa Region | 1 | +264 67 ### ### | Otjiwarongo, Grootfontein, Okahandja, Otavi | Au; Cu, V; Graphite; V, Zn
NA | Khomas Region | 0.5 | +264 61 ### ### | Windhoek | Au; Cu
NA | Hardap Region | 0.5 | +264 63 ### ### | Mariental, Rehoboth, Maltahöhe | U3O8; Cu
ML | Kayes Region | 2 | +223 21 ## ## ## | Kayes, Kéniéba, Kita, Bafoulabé | Au
ML | Sikasso Region | 1.5 | +223 21 ## ## ## | Sikasso, Bougouni, Kadiolo, Yanfolila, Koutiala | Au; Li
ML | Koulikoro Region | 1 | +223 21 ## ## ## | Koulikoro, Kangaba, Kati | Au
BF | Hauts-Bassins Region | 1.5 | +226 20 ## ## ## | Bobo-Dioulasso, Houndé, Orodara | Au; Zn
BF | Boucle du Mouhoun Region | 1 | +226 20 ## ## ## | Dédougou, Solenzo, Nouna, Tougan | Au
BF | Centre-Nord Region | 0.8 | +226 24 ## ## ## | Kaya, Kongoussi, Boulsa | Au
BF | Sahel Region | 0.6 | +226 24 ## ## ## | Dori, Djibo, Gorom-Gorom, Sebba | Au; Mn
BF | Sud-Ouest Region | 0.6 | +226 20 ## ## ## | Gaoua, Diébougou, Batié | Au; Cu, Au
`;

const list = (text: string): string[] =>
  text
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word.length > 0);

export function parseRegions(table: string): RegionSeed[] {
  return table
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => {
      const [country = '', name = '', weight = '', phone = '', towns = '', suites = ''] = line
        .split('|')
        .map((field) => field.trim());
      const parsedWeight = Number(weight);
      if (!findCountry(country) || !name || !(parsedWeight > 0) || !phone.includes('#')) {
        throw new Error(`bad region: ${line}`);
      }
      return {
        country,
        name,
        weight: parsedWeight,
        phone,
        towns: list(towns),
        suites: suites.split(';').map((suite) => list(suite)),
      };
    });
}

// ---------------------------------------------------------------------------------------------------
// Project names, by the language of the place
// ---------------------------------------------------------------------------------------------------

type NameStyle = 'au' | 'ca' | 'qc' | 'us' | 'es' | 'pt' | 'fi' | 'sv' | 'af' | 'akan' | 'bantu' | 'bantu-fr' | 'mande';

const AU_FIRST =
  list(`Mulga, Spinifex, Gidgee, Mallee, Wattle, Coolabah, Brolga, Quandong, Bluebush, Saltbush, Ironbark,
  Bloodwood, Corella, Galah, Kurrajong, Boab, Jarrah, Marri, Wandoo, Curlew, Dingo, Bilby, Goanna, Magpie, Emu,
  Red, Black, White, Golden, Ghost Gum, Pelican, Kestrel, Currawong, Nardoo`);
const AU_SECOND = list(`Creek, Hill, Ridge, Range, Well, Bore, Flats, Gully, Rocks, Dam, Soak, Hills, Downs, Gap, Bluff,
  Springs, Lagoon, Plains`);
const CA_FIRST = list(`Moose, Caribou, Beaver, Tamarack, Spruce, Muskeg, Loon, Lynx, Wolverine, Birch, Cedar, Raven,
  Osprey, Otter, Marten, Trout, Pike, Sturgeon, Jackpine, Balsam, Granite, Falcon, Ptarmigan, Grizzly, Kingfisher,
  Snowshoe, Blackfly, Ironwood`);
const CA_SECOND = list(
  `Lake, River, Creek, Hill, Ridge, Bay, Narrows, Falls, Portage, Point, Mountain, Rapids, Island, Pond`,
);
const QC_NAMES = list(`Brochet, Doré, Castor, Huard, Ours, Renard, Loutre, Vison, Épinette, Bouleau, Héron, Carcajou,
  Cèdre, Perdrix, Orignal, Esturgeon, Mésange, Pluvier, Outarde, Corbeau, Lièvre`);
const QC_PREFIX = list(`Lac, Lac, Mont, Rivière, Baie`);
const US_FIRST = list(`Coyote, Rattlesnake, Sagebrush, Juniper, Pinyon, Mesquite, Bighorn, Elk, Antelope, Cottonwood,
  Ponderosa, Buckskin, Mustang, Badger, Jackrabbit, Horsethief, Lone Pine, Silver Bell, Dutch Flat, Bonanza, Eagle,
  Greasewood, Paintbrush, Tumbleweed, Bristlecone, Wildhorse`);
const US_SECOND = list(`Wash, Canyon, Mesa, Butte, Gulch, Draw, Flat, Peak, Ridge, Springs, Hills, Basin, Pass`);
const ES_PREFIX = list(`Cerro, Cerro, Quebrada, Pampa, Loma, Sierra, Cerro`);
const ES_SECOND = list(`Blanco, Negro, Rojo, Colorado, Verde, Dorado, Grande, Alto, Pelado, Azul, Bayo, Moro, Chato,
  Caliche, Ventana, Cóndor, Puma, Vicuña, Guanaco, Tordillo, Amarillo, Overo, Morado, Plateado, Cenizo, Espinal`);
const ES_SAINTS = list(`San Lorenzo, Santa Rosa, El Pilar, La Cruz, San Judas, Santa Elena, El Refugio, La Fortuna,
  Las Lajas, Los Olivos, San Agustín, La Ventura, El Tambo, La Esperanza, Las Ánimas, San Ramón, Santa Inés, El Portezuelo,
  La Candelaria, Los Cardones, El Peñón, La Soledad`);
const PT_NAMES = list(`Serra do Tatu, Serra do Gavião, Serra da Onça, Serra do Cedro, Serra da Arara, Morro Alto,
  Morro Verde, Morro Preto, Morro Dourado, Fazenda Boa Vista, Fazenda Santa Luzia, Fazenda Esperança, Rio Claro,
  Rio Preto, Rio Fundo, Lagoa Seca, Lagoa Dourada, Serra do Ipê, Serra do Tucano, Serra do Lobo, Morro do Cristal,
  Chapada Azul, Alto Bonito, Vale Verde, Córrego Fundo`);
const FI_FIRST = list(`Kulta, Musta, Valko, Kivi, Rauta, Kupari, Karhu, Susi, Kettu, Hirvi, Poro, Korppi, Koivu, Petäjä,
  Hopea, Lumi, Tunturi`);
const FI_SECOND = list(`vaara, lampi, järvi, oja, suo, maa, harju, selkä, kangas, aapa, joki, kallio, niemi`);
const SV_FIRST = list(
  `Björk, Gran, Silver, Koppar, Järn, Guld, Varg, Räv, Älg, Björn, Ren, Korp, Sten, Myr, Tall, Fjäll, Sjö`,
);
const SV_SECOND = list(`berget, myran, sjön, tjärn, liden, backen, åsen, fjället, älven, dalen, hällan, vattnet`);
const AF_FIRST = list(`Rooi, Wit, Swart, Goud, Klip, Leeu, Olifants, Bok, Doorn, Vaal, Mooi, Koper, Yster, Blou, Groen,
  Kameel, Sout, Wolwe, Arend, Kwagga`);
const AF_SECOND = list(`fontein, kop, rand, spruit, kraal, berg, dal, vlei, pan, poort, laagte, bult`);
const AKAN_SYLLABLES = list(
  `a, kwa, bo, se, fo, da, ma, nsu, ta, kro, ase, du, te, so, wi, ko, po, nkwa, mpo, dwe, be, nti`,
);
const BANTU_SYLLABLES = list(
  `ka, ma, lu, ndi, mbe, ngo, si, tu, ba, mu, nya, ki, lo, we, zi, ko, bu, sa, la, ta, nge, wa`,
);
const MANDE_SYLLABLES = list(
  `ka, ba, si, ko, fa, ra, ma, di, la, ga, so, to, ya, ke, ni, bou, dou, kou, sa, fe, na, ré`,
);
const EN_SUFFIXES = ['', '', '', ' Hill', ' Ridge', ' North', ' South', ' East', ' West', ' Shear'];
const FR_SUFFIXES = ['', '', '', ' Nord', ' Sud', ' Est', ' Ouest'];

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function syllableName(rng: Rng, syllables: readonly string[]): string {
  const count = rng.pick([2, 3, 3, 3]);
  return capitalise(Array.from({ length: count }, () => rng.pick(syllables)).join(''));
}

export const NAMERS: Record<NameStyle, (rng: Rng) => string> = {
  au: (rng) =>
    rng.chance(0.15)
      ? `Mount ${rng.pick(LAST_NAMES)}`
      : rng.chance(0.1)
        ? `Lake ${rng.pick(AU_FIRST)}`
        : `${rng.pick(AU_FIRST)} ${rng.pick(AU_SECOND)}`,
  ca: (rng) => `${rng.pick(CA_FIRST)} ${rng.pick(CA_SECOND)}`,
  qc: (rng) => `${rng.pick(QC_PREFIX)} ${rng.pick(QC_NAMES)}`,
  us: (rng) => `${rng.pick(US_FIRST)} ${rng.pick(US_SECOND)}`,
  es: (rng) => (rng.chance(0.3) ? rng.pick(ES_SAINTS) : `${rng.pick(ES_PREFIX)} ${rng.pick(ES_SECOND)}`),
  pt: (rng) => rng.pick(PT_NAMES),
  fi: (rng) => `${rng.pick(FI_FIRST)}${rng.pick(FI_SECOND)}`,
  sv: (rng) => `${rng.pick(SV_FIRST)}${rng.pick(SV_SECOND)}`,
  af: (rng) => `${rng.pick(AF_FIRST)}${rng.pick(AF_SECOND)}`,
  akan: (rng) => `${syllableName(rng, AKAN_SYLLABLES)}${rng.pick(EN_SUFFIXES)}`,
  bantu: (rng) => `${syllableName(rng, BANTU_SYLLABLES)}${rng.pick(EN_SUFFIXES)}`,
  'bantu-fr': (rng) => `${syllableName(rng, BANTU_SYLLABLES)}${rng.pick(FR_SUFFIXES)}`,
  mande: (rng) => `${syllableName(rng, MANDE_SYLLABLES)}${rng.pick(FR_SUFFIXES)}`,
};

const COUNTRY_NAME_STYLE: Readonly<Record<string, NameStyle>> = {
  AU: 'au',
  CA: 'ca',
  US: 'us',
  PE: 'es',
  CL: 'es',
  MX: 'es',
  AR: 'es',
  BR: 'pt',
  FI: 'fi',
  SE: 'sv',
  ZA: 'af',
  NA: 'af',
  GH: 'akan',
  TZ: 'bantu',
  ZM: 'bantu',
  CD: 'bantu-fr',
  ML: 'mande',
  BF: 'mande',
};

export const nameStyleOf = (country: string, region: string): NameStyle =>
  region === 'Quebec' ? 'qc' : (COUNTRY_NAME_STYLE[country] ?? 'au');

// ---------------------------------------------------------------------------------------------------
// People
// ---------------------------------------------------------------------------------------------------

export type PeoplePool = { first: readonly string[]; last: readonly string[] };

export const PEOPLE: Readonly<Record<string, PeoplePool>> = {
  en: { first: FIRST_NAMES, last: LAST_NAMES },
  'fr-ca': {
    first: list(`Jean-François, Geneviève, Marc-André, Isabelle, Mathieu, Julie, Étienne, Catherine, Sébastien,
      Véronique, Luc, Nathalie, Simon, Mélanie`),
    last: list(`Tremblay, Gagnon, Roy, Côté, Bouchard, Gauthier, Morin, Lavoie, Fortin, Gagné, Ouellet, Pelletier,
      Bélanger, Lévesque`),
  },
  es: {
    first:
      list(`Diego, Camila, Mateo, Valentina, Rodrigo, Lucía, Carlos, Fernanda, Javier, Daniela, Andrés, Paola, Luis,
      Sofía, Martín, Carolina`),
    last: list(`Castellanos, Sandoval, Quintero, Villanueva, Gutiérrez, Salazar, Rojas, Mendoza, Vargas, Fuentes,
      Herrera, Paredes, Morales, Ortega, Navarro, Cárdenas`),
  },
  pt: {
    first: list(`João, Ana, Pedro, Mariana, Rafael, Beatriz, Lucas, Juliana, Gustavo, Fernanda, Thiago, Camila`),
    last: list(
      `Silva, Santos, Oliveira, Souza, Ferreira, Cardoso, Almeida, Ribeiro, Carvalho, Barbosa, Rocha, Teixeira`,
    ),
  },
  fi: {
    first: list(`Mikko, Anna, Juha, Laura, Antti, Johanna, Ville, Sanna, Timo, Heidi, Jussi, Riikka`),
    last: list(`Korhonen, Virtanen, Mäkinen, Nieminen, Hämäläinen, Laine, Heikkinen, Koskinen, Järvinen, Lehtonen,
      Saarinen, Lindroos`),
  },
  sv: {
    first: list(`Lars, Ingrid, Erik, Karin, Anders, Maria, Johan, Elin, Magnus, Sara, Henrik, Linnea`),
    last: list(`Lindqvist, Andersson, Johansson, Karlsson, Nilsson, Eriksson, Larsson, Olsson, Persson, Svensson, Berg,
      Lundgren`),
  },
  za: {
    first: list(`Thabo, Naledi, Sipho, Lerato, Pieter, Annelie, Johan, Zanele, Mpho, Karabo, Riaan, Nomsa, Hendrik,
      Ndapewa, Tuhafeni`),
    last: list(`Mokoena, Mthembu, Dube, Nkosi, Mahlangu, Van der Merwe, Kruger, Rademeyer, Botha, Ndlovu, Khumalo,
      Achterberg, Shikongo, Nghipondoka, Du Plessis`),
  },
  gh: {
    first: list(`Kwame, Ama, Kofi, Abena, Kwabena, Akosua, Yaw, Efua, Kojo, Adwoa, Kwaku, Esi`),
    last: list(`Osei, Boateng, Mensah, Asante, Owusu, Agyeman, Appiah, Darko, Ofori, Amoah, Frimpong, Addo`),
  },
  tz: {
    first: list(`Baraka, Neema, Juma, Rehema, Emmanuel, Grace, Joseph, Zawadi, Hassan, Upendo, Godfrey, Halima`),
    last: list(`Mwakyusa, Mushi, Kimaro, Massawe, Mollel, Shirima, Lyimo, Mrema, Swai, Mbwambo, Temba, Kessy`),
  },
  zm: {
    first: list(`Mwila, Chipo, Bwalya, Natasha, Mulenga, Chanda, Musonda, Kalaba, Mutale, Lubinda, Namukolo, Taonga`),
    last: list(`Mwansa, Nyirenda, Banda, Phiri, Tembo, Chileshe, Zulu, Lungu, Sakala, Mumba, Kapembwa, Siame`),
  },
  cd: {
    first: list(`Patrick, Jeanine, Didier, Chantal, Fiston, Grâce, Olivier, Nadine, Serge, Arlette, Trésor, Aimée`),
    last: list(`Mukendi, Kalala, Ilunga, Tshibanda, Mbuyi, Kasongo, Lukusa, Mwamba, Kabamba, Ngoy, Kazadi, Banza`),
  },
  ml: {
    first: list(`Moussa, Aminata, Ibrahim, Fatoumata, Seydou, Mariam, Boubacar, Oumou, Adama, Kadiatou`),
    last: list(`Traoré, Diarra, Coulibaly, Keïta, Konaté, Sangaré, Dembélé, Touré, Sissoko, Cissé`),
  },
  bf: {
    first: list(`Issouf, Salimata, Rasmané, Awa, Dramane, Safiatou, Harouna, Alizèta, Boukary, Mariam`),
    last: list(`Ouédraogo, Sawadogo, Kaboré, Compaoré, Zongo, Ouattara, Kiemde, Nikiéma, Tapsoba, Ilboudo`),
  },
};

const COUNTRY_PEOPLE: Readonly<Record<string, string>> = {
  PE: 'es',
  CL: 'es',
  MX: 'es',
  AR: 'es',
  BR: 'pt',
  FI: 'fi',
  SE: 'sv',
  ZA: 'za',
  NA: 'za',
  GH: 'gh',
  TZ: 'tz',
  ZM: 'zm',
  CD: 'cd',
  ML: 'ml',
  BF: 'bf',
};

export const peopleOf = (country: string, region: string): PeoplePool =>
  PEOPLE[region === 'Quebec' ? 'fr-ca' : (COUNTRY_PEOPLE[country] ?? 'en')] ?? { first: FIRST_NAMES, last: LAST_NAMES };

type Market = 'na' | 'au' | 'uk' | 'za';
export const MARKET: Readonly<Record<DemoExchange, Market>> = {
  ASX: 'au',
  TSX: 'na',
  TSXV: 'na',
  NYSE: 'na',
  LSE: 'uk',
  AIM: 'uk',
  JSE: 'za',
};

/** Head-office roles: the leader, the technical head and the investor contact. */
export const CORPORATE_TITLES: Readonly<Record<Market, readonly (readonly string[])[]>> = {
  na: [
    ['President & CEO', 'Chief Executive Officer', 'President, CEO & Director'],
    ['VP Exploration', 'Vice President, Exploration', 'Chief Geologist', 'Chief Operating Officer'],
    [
      'Manager, Investor Relations',
      'VP Corporate Development',
      'Director, Investor Relations',
      'Chief Financial Officer',
    ],
  ],
  au: [
    ['Managing Director', 'Managing Director & CEO'],
    ['Exploration Manager', 'Technical Director', 'General Manager, Geology'],
    ['Company Secretary', 'CFO & Company Secretary', 'Investor Relations Manager'],
  ],
  uk: [
    ['Chief Executive Officer', 'CEO'],
    ['Technical Director', 'Exploration Director', 'Chief Operating Officer'],
    ['Finance Director', 'Head of Investor Relations'],
  ],
  za: [
    ['Chief Executive Officer'],
    ['Head of Exploration', 'Technical Director'],
    ['Financial Director', 'Investor Relations Manager'],
  ],
};

export const EARLY_SITE_TITLES = list(`Project Manager, Country Manager, Exploration Manager, Senior Project Geologist,
  Community Relations Manager, Permitting Manager`);
export const LATE_SITE_TITLES = list(`General Manager Operations, Mine Manager, Site General Manager, Project Director,
  Environmental Superintendent, Country Manager`);

export const fillDigits = (rng: Rng, template: string) => template.replace(/#/g, () => String(rng.int(0, 9)));

// ---------------------------------------------------------------------------------------------------
// Companies
// ---------------------------------------------------------------------------------------------------

/** How many companies list where, and in which country each one's main projects are. */
export const COMPANY_PROFILES: readonly { exchange: DemoExchange; home: string; primary: Record<string, number> }[] = [
  {
    exchange: 'ASX',
    home: 'AU',
    primary: { AU: 30, GH: 2, TZ: 1, ML: 1, BF: 1, NA: 1, BR: 1, AR: 1, FI: 1, ZM: 1 },
  },
  { exchange: 'TSX', home: 'CA', primary: { CA: 7, PE: 2, CL: 2, MX: 1, US: 1, BR: 1, AR: 1 } },
  { exchange: 'TSXV', home: 'CA', primary: { CA: 14, PE: 4, CL: 3, MX: 4, AR: 2, US: 2, BR: 1 } },
  { exchange: 'NYSE', home: 'US', primary: { US: 8, MX: 1, PE: 1 } },
  { exchange: 'LSE', home: 'GB', primary: { CD: 1, ZM: 1, CL: 1, SE: 1, FI: 1 } },
  { exchange: 'AIM', home: 'GB', primary: { GH: 1, TZ: 2, ML: 1, BF: 1, ZM: 1, CD: 1, FI: 2, SE: 2, NA: 1 } },
  { exchange: 'JSE', home: 'ZA', primary: { ZA: 6, NA: 1, ZM: 1 } },
];

/** Where companies of each home market also hold projects. */
export const SECONDARY_COUNTRIES: Readonly<Record<string, readonly string[]>> = {
  AU: ['GH', 'TZ', 'ML', 'BF', 'NA', 'ZM', 'BR', 'AR', 'CL', 'PE', 'FI', 'SE', 'CA', 'US'],
  CA: ['US', 'PE', 'CL', 'MX', 'AR', 'BR', 'GH', 'FI', 'SE', 'AU'],
  US: ['CA', 'MX', 'PE', 'CL'],
  GB: ['GH', 'TZ', 'ZM', 'CD', 'NA', 'ZA', 'FI', 'SE', 'BR', 'CL'],
  ZA: ['NA', 'ZM', 'CD', 'GH', 'TZ'],
};

export const MARKET_CAP_MUSD: Readonly<Record<DemoExchange, readonly [number, number]>> = {
  ASX: [4, 2500],
  TSX: [80, 8000],
  TSXV: [3, 250],
  NYSE: [50, 6000],
  LSE: [100, 12000],
  AIM: [4, 300],
  JSE: [60, 9000],
};

const STEM_PREFIXES = list(`Kar, Tal, Vel, Brack, Quill, Cin, Pel, Rime, Kes, Sol, Fen, Hal, Oss, Wren, Thim, Fer, Lyn,
  Vil, Gar, Tol, Dor, Elk, Fal, Gil, Hav, Ivor, Jas, Kel, Lor, Mor, Nev, Orm, Pen, Rav, Tam, Var, Wyn, Yar, Zel,
  Bram, Cor, Dun, Ems, Quar, Stav, Tarn, Umber`);
const STEM_SUFFIXES = list(`wick, vale, moor, ridge, stead, brook, haven, crest, dale, mont, cliffe, holm, garth, mere,
  hurst, combe, ley, thorpe, shaw, rigg, fell, by, lock`);

/** An invented one-word name; joins that double a letter (Ormmoor, Havhaven) read badly. */
export function companyStem(rng: Rng): string {
  for (;;) {
    const prefix = rng.pick(STEM_PREFIXES);
    const suffix = rng.pick(STEM_SUFFIXES);
    const lower = prefix.toLowerCase();
    if (lower.slice(-1) !== suffix.charAt(0) && !suffix.startsWith(lower)) return `${prefix}${suffix}`;
  }
}

export const COMPANY_WORD: Readonly<Record<string, string>> = {
  Au: 'Gold',
  Cu: 'Copper',
  Li: 'Lithium',
  Ni: 'Nickel',
  Ag: 'Silver',
  U3O8: 'Uranium',
  REE: 'Rare Earths',
  Fe: 'Iron',
  Graphite: 'Graphite',
  PGM: 'Platinum',
  Sn: 'Tin',
  Zn: 'Zinc',
  Mn: 'Manganese',
  V: 'Vanadium',
  Coal: 'Coal',
  'Potash (KCl)': 'Potash',
  Diamonds: 'Diamonds',
};
export const GENERIC_WORDS = ['Resources', 'Metals', 'Minerals', 'Mining', 'Exploration'];
export const LEGAL_SUFFIX: Readonly<Record<DemoExchange, readonly string[]>> = {
  ASX: ['Ltd', 'Limited'],
  TSX: ['Corp.', 'Inc.', 'Ltd.'],
  TSXV: ['Corp.', 'Inc.', 'Ltd.'],
  NYSE: ['Corp.', 'Inc.'],
  LSE: ['plc'],
  AIM: ['plc'],
  JSE: ['Ltd', 'Limited'],
};
