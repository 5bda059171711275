/**
 * The catalogue tree (main group → article group 2 → article group 3) and, per group 3, everything the article
 * generator needs: name roots, genders, size scheme, colour palette, price range, brands, materials, texts.
 * Names are stored exactly as shoppers read them; URL params are derived with `categoryParam`.
 */
import type { DrawingKind } from '../routes/images/drawings.js';
import { categoryParam } from '@shop/contracts/format';
import { pathFor } from '@shop/contracts/routes';
import { BRAND as B, GENDER as G, PALETTE, type GenderId } from './reference.js';

export type SizeScheme =
  | 'clothing'
  | 'shoe'
  | 'one'
  | 'socks'
  | 'helmet'
  | 'glove'
  | 'poleAlpine'
  | 'poleXc'
  | 'skiXc'
  | 'skiAlpine'
  | 'skiFjell'
  | 'football'
  | 'handball';

export type Material = 'shell' | 'down' | 'wool' | 'synthetic' | 'cotton' | 'fleece' | 'rain' | 'shoe';

export type TechKind =
  | 'windJacket'
  | 'shell'
  | 'down'
  | 'fleece'
  | 'softshell'
  | 'rain'
  | 'baselayer'
  | 'textile'
  | 'shoe'
  | 'boot'
  | 'goggles'
  | 'helmet'
  | 'poles'
  | 'skis'
  | 'wax'
  | 'bottle'
  | 'headlamp'
  | 'backpack'
  | 'tent'
  | 'sleepingbag'
  | 'mat'
  | 'gear'
  | 'food';

export interface FoodDef {
  /** Flavour (appended to the name) and the colour id its package is drawn in. */
  flavours: Array<[string, number]>;
  /** Nutrition is declared per 100 g or per 100 ml. */
  per: 'g' | 'ml';
  /** Nutrient profile per 100 (kcal, fat, carbs, sugar, protein, salt): base values, jittered per article. */
  profile: [number, number, number, number, number, number];
  /** Deposit in øre when the article is a drink in a deposit bottle/can (Norwegian pant). */
  pant?: 200 | 300;
  /** Ingredient list / preparation (technical description). */
  ingredients: string;
}

export interface Group3Def {
  id: number;
  name: string;
  kind: DrawingKind;
  roots: string[];
  genders: GenderId[];
  sizes: SizeScheme;
  palette: readonly number[];
  /** How many colours an article comes in [min, max]. */
  colours: [number, number];
  /** Price range in whole kroner. */
  price: [number, number];
  brands: number[];
  /** Relative share of the catalogue. */
  weight: number;
  material?: Material;
  tech: TechKind;
  food?: FoodDef;
  /** Shipping price in øre when above the default 9900. */
  freight?: number;
  season: 'vinter' | 'sommer' | 'helår';
  desc: string[];
}

export interface Group2Def {
  id: number;
  name: string;
  groups: Group3Def[];
}

export interface MainGroupDef {
  id: number;
  name: string;
  /** Banner image name (served by the images route) and where the banner links. */
  banner: string;
  groups: Group2Def[];
}

const ADULT: GenderId[] = [G.herre, G.dame];
const ADULT_UNI: GenderId[] = [G.herre, G.dame, G.uni];
const KIDS: GenderId[] = [G.barn, G.junior];
const ALL: GenderId[] = [G.herre, G.dame, G.uni, G.junior];

type G3 = Omit<Group3Def, 'season' | 'colours' | 'palette'> &
  Partial<Pick<Group3Def, 'season' | 'colours' | 'palette'>>;
function g3(def: G3): Group3Def {
  return { season: 'helår', colours: [2, 4], palette: PALETTE.outdoor, ...def };
}

export const taxonomy: MainGroupDef[] = [
  {
    id: 1,
    name: 'Tekstil',
    banner: 'tekstil',
    groups: [
      {
        id: 11,
        name: 'Jakker',
        groups: [
          g3({
            id: 111, name: 'Vindjakker', kind: 'jacket', roots: ['Vindjakke'], genders: ALL, sizes: 'clothing',
            price: [599, 1999], brands: [B.staut, B.staut, B.vikafjell, B.nordtind, B.havbris, B.fjordlop], weight: 5,
            material: 'synthetic', tech: 'windJacket', season: 'sommer',
            desc: [
              'Lett og pustende vindjakke som stenger vinden ute på tur, sykkel og løpetur.',
              'Vindjakka pakkes ned i sin egen brystlomme og tar nesten ikke plass i sekken.',
              'Vannavstøtende overflate tåler en regnskur, og hetta kan justeres med én hånd.',
              'Et allsidig ytterlag til vår og høst – perfekt over en tynn ullgenser.',
            ],
          }),
          g3({
            id: 112, name: 'Skalljakker', kind: 'jacket', roots: ['Skalljakke', 'Fjelljakke'], genders: ADULT_UNI,
            sizes: 'clothing', price: [1499, 4999], brands: [B.staut, B.staut, B.vikafjell, B.nordtind, B.tindefjell, B.isbre],
            weight: 5, material: 'shell', tech: 'shell',
            desc: [
              'Vanntett og pustende skalljakke for fjellturer i all slags vær.',
              'Tapede sømmer, hjelmkompatibel hette og ventilasjonsglidelåser under armene.',
              'Slitesterk tre-lags membran som holder regn og vind ute, og lar fuktigheten slippe ut.',
              'Romslig kutt som gir plass til et varmt mellomlag under.',
            ],
          }),
          g3({
            id: 113, name: 'Dunjakker', kind: 'puffer', roots: ['Dunjakke', 'Dunparkas', 'Lettvekts dunjakke'], genders: ALL,
            sizes: 'clothing', price: [1299, 4499], brands: [B.staut, B.polarlys, B.vikafjell, B.isbre], weight: 5,
            material: 'down', tech: 'down', season: 'vinter',
            desc: [
              'Varm dunjakke med høy fyllkraft som isolerer godt selv på kalde vinterdager.',
              'Lett og komprimerbar – pakkes ned i en medfølgende oppbevaringspose.',
              'Dunet er sporbart og kommer fra ansvarlig drevne gårder.',
              'Vindtett ytterstoff og elastiske mansjetter holder varmen inne.',
            ],
          }),
          g3({
            id: 114, name: 'Fleecejakker', kind: 'fleece', roots: ['Fleecejakke', 'Fleecegenser', 'Teddyfleece'], genders: ALL,
            sizes: 'clothing', price: [399, 1299], brands: [B.staut, B.havbris, B.nordtind, B.skarvet], weight: 4,
            material: 'fleece', tech: 'fleece',
            desc: [
              'Myk og varm fleece som fungerer like godt som mellomlag som alene på milde dager.',
              'Laget av resirkulert polyester og tørker raskt.',
              'Høy krage og glidelås i full lengde for enkel ventilasjon.',
            ],
          }),
          g3({
            id: 115, name: 'Softshelljakker', kind: 'fleece', roots: ['Softshelljakke'], genders: ADULT_UNI, sizes: 'clothing',
            price: [899, 2299], brands: [B.staut, B.tindefjell, B.skarvet], weight: 3, material: 'synthetic', tech: 'softshell',
            desc: [
              'Elastisk softshell som beveger seg med deg på aktive turer.',
              'Vindavvisende og vannavstøtende, med børstet innside for ekstra komfort.',
              'Et godt valg til randonee, klatring og lange dager i marka.',
            ],
          }),
        ],
      },
      {
        id: 12,
        name: 'Bukser',
        groups: [
          g3({
            id: 121, name: 'Skallbukser', kind: 'trousers', roots: ['Skallbukse'], genders: ADULT_UNI, sizes: 'clothing',
            price: [999, 3499], brands: [B.staut, B.vikafjell, B.tindefjell, B.isbre], weight: 3, material: 'shell', tech: 'shell',
            desc: [
              'Vanntett skallbukse med lange sideglidelåser, så den kan tas på over støvlene.',
              'Forsterket innside nederst på beina tåler stegjern og skarpe kanter.',
              'Justerbar livvidde og seler som kan tas av.',
            ],
          }),
          g3({
            id: 122, name: 'Turbukser', kind: 'trousers', roots: ['Turbukse', 'Fjellbukse', 'Stretchbukse'], genders: ALL,
            sizes: 'clothing', price: [599, 1999], brands: [B.staut, B.skarvet, B.vikafjell, B.nordtind], weight: 5,
            material: 'synthetic', tech: 'textile',
            desc: [
              'Slitesterk turbukse i stretchmateriale som gir god bevegelsesfrihet.',
              'Forsterkninger på knær og sete, og lommer med glidelås.',
              'Tørker raskt og holder formen tur etter tur.',
            ],
          }),
          g3({
            id: 123, name: 'Regnbukser', kind: 'trousers', roots: ['Regnbukse'], genders: ADULT_UNI, sizes: 'clothing',
            price: [299, 899], brands: [B.staut, B.havbris], weight: 2, material: 'rain', tech: 'rain', colours: [1, 2],
            desc: ['Enkel og vanntett regnbukse med sveisede sømmer.', 'Strikk i livet og trykknapper nederst på beina.'],
          }),
          g3({
            id: 124, name: 'Tights', kind: 'trousers', roots: ['Løpetights', 'Treningstights', 'Skitights'], genders: ADULT,
            sizes: 'clothing', price: [399, 999], brands: [B.fjordlop, B.kvikk, B.staut], weight: 3, material: 'synthetic',
            tech: 'textile', palette: PALETTE.basic,
            desc: [
              'Tettsittende tights med flatlock-sømmer som ikke gnager.',
              'Refleksdetaljer for synlighet i mørket og lomme bak til nøkkel og telefon.',
              'Høyt liv og god kompresjon for løping og trening.',
            ],
          }),
          g3({
            id: 125, name: 'Shorts', kind: 'shorts', roots: ['Turshorts', 'Løpeshorts'], genders: ADULT_UNI, sizes: 'clothing',
            price: [299, 799], brands: [B.fjordlop, B.staut, B.skarvet], weight: 2, material: 'synthetic', tech: 'textile',
            season: 'sommer',
            desc: ['Lette og luftige shorts som tørker raskt.', 'Innebygd innershorts og lomme med glidelås.'],
          }),
        ],
      },
      {
        id: 13,
        name: 'Ull og undertøy',
        groups: [
          g3({
            id: 131, name: 'Ullundertøy', kind: 'top', roots: ['Ullundertrøye', 'Ullongs', 'Ullsett', 'Netting ullundertrøye'],
            genders: [G.herre, G.dame, G.barn, G.junior], sizes: 'clothing', price: [299, 1299],
            brands: [B.ullvik, B.ullvik, B.staut, B.polarlys], weight: 6, material: 'wool', tech: 'baselayer',
            palette: PALETTE.wool, season: 'vinter',
            desc: [
              'Myk merinoull som varmer selv om den blir fuktig, og som ikke klør.',
              'Ull er naturlig luktresistent – plagget kan brukes flere dager før det trenger vask.',
              'Flatlock-sømmer og en lang rygg gir god komfort under sekk og sele.',
              'Det perfekte innerste laget til ski, fjelltur og kalde dager i barnehagen.',
            ],
          }),
          g3({
            id: 132, name: 'Sokker', kind: 'socks', roots: ['Ullsokker', 'Tursokker', 'Løpesokker', 'Skisokker'],
            genders: [G.uni, G.barn, G.junior], sizes: 'socks', price: [99, 299], brands: [B.ullvik, B.staut, B.fjordlop],
            weight: 4, material: 'wool', tech: 'textile', palette: PALETTE.wool, colours: [1, 3],
            desc: [
              'Sokker med forsterket hæl og tå og polstring der foten trenger det.',
              'Ullblanding som holder føttene tørre og varme.',
            ],
          }),
        ],
      },
      {
        id: 14,
        name: 'Overdeler',
        groups: [
          g3({
            id: 141, name: 'T-skjorter', kind: 'tshirt', roots: ['T-skjorte', 'Trenings-T-skjorte', 'Ull-T-skjorte'], genders: ALL,
            sizes: 'clothing', price: [199, 599], brands: [B.staut, B.kvikk, B.fjordlop, B.ullvik], weight: 5,
            material: 'cotton', tech: 'textile', palette: PALETTE.basic, season: 'sommer',
            desc: [
              'Behagelig T-skjorte i et mykt og pustende materiale.',
              'Hurtigtørkende stoff som transporterer svetten bort fra huden.',
              'Enkel og tidløs – like fin på tur som i hverdagen.',
            ],
          }),
          g3({
            id: 142, name: 'Gensere', kind: 'top', roots: ['Ullgenser', 'Strikkegenser', 'Mellomlagsgenser', 'Kofte'],
            genders: ALL, sizes: 'clothing', price: [599, 1899], brands: [B.ullvik, B.staut, B.polarlys], weight: 4,
            material: 'wool', tech: 'baselayer', palette: PALETTE.wool, season: 'vinter',
            desc: [
              'Klassisk genser i norsk ull, strikket for å vare i mange år.',
              'Varm og robust – et godt mellomlag under skalljakka.',
              'Høy hals med kort glidelås for regulering av varmen.',
            ],
          }),
          g3({
            id: 143, name: 'Hettegensere', kind: 'hoodie', roots: ['Hettegenser', 'Hettejakke', 'Collegegenser'], genders: ALL,
            sizes: 'clothing', price: [499, 1199], brands: [B.staut, B.kvikk, B.havbris], weight: 3, material: 'cotton',
            tech: 'textile', palette: PALETTE.basic,
            desc: ['Myk hettegenser i børstet bomull med kengurulomme.', 'Ribbestrikkede mansjetter og justerbar hette.'],
          }),
        ],
      },
      {
        id: 15,
        name: 'Barneklær',
        groups: [
          g3({
            id: 151, name: 'Regntøy', kind: 'jacket', roots: ['Regnsett', 'Regnjakke', 'Regnbukse', 'Regndress'], genders: KIDS,
            sizes: 'clothing', price: [299, 899], brands: [B.trollbarn, B.tussi, B.staut], weight: 4, material: 'rain',
            tech: 'rain', palette: PALETTE.kids,
            desc: [
              'Slitesterkt regntøy som tåler lek i sølepytter, sand og gjørme hele dagen.',
              'Sveisede sømmer, refleks foran og bak og avtakbar hette.',
              'PVC-fritt materiale som holder seg mykt også når det er kaldt.',
              'Justerbare seler og strikk under foten, så buksa blir der den skal.',
            ],
          }),
          g3({
            id: 152, name: 'Vinterdresser', kind: 'overall', roots: ['Vinterdress', 'Parkdress', 'Flyverdress'], genders: KIDS,
            sizes: 'clothing', price: [799, 1999], brands: [B.trollbarn, B.tussi, B.staut, B.polarlys], weight: 4,
            material: 'shell', tech: 'rain', palette: PALETTE.kids, season: 'vinter',
            desc: [
              'Varm og vanntett vinterdress med forsterket sete og knær.',
              'Lang glidelås gjør det enkelt å kle på, og avtakbare fotstropper holder beina på plass.',
              'Refleksdetaljer gir god synlighet i vintermørket.',
            ],
          }),
          g3({
            id: 153, name: 'Fleecedresser', kind: 'overall', roots: ['Fleecedress', 'Ullfleecedress', 'Mellomlagsdress'],
            genders: [G.barn], sizes: 'clothing', price: [399, 899], brands: [B.trollbarn, B.tussi, B.ullvik], weight: 2,
            material: 'fleece', tech: 'fleece', palette: PALETTE.kids,
            desc: ['Myk dress som mellomlag under regntøy eller alene inne.', 'Tommelhull i ermene og glidelås i full lengde.'],
          }),
        ],
      },
      {
        id: 16,
        name: 'Luer og hansker',
        groups: [
          g3({
            id: 161, name: 'Luer', kind: 'hat', roots: ['Lue', 'Strikkelue', 'Pannebånd', 'Ullue'], genders: [G.uni, G.barn, G.junior],
            sizes: 'one', price: [149, 499], brands: [B.staut, B.ullvik, B.polarlys, B.tussi], weight: 4, material: 'wool',
            tech: 'textile', season: 'vinter',
            desc: ['Varm lue i myk ullblanding med fleecefôr i pannen.', 'Tettsittende og vindtett – passer under hetta.'],
          }),
          g3({
            id: 162, name: 'Hansker og votter', kind: 'glove', roots: ['Skihansker', 'Votter', 'Fingervanter', 'Løpehansker'],
            genders: ALL, sizes: 'glove', price: [199, 899], brands: [B.staut, B.isbre, B.loypeglad, B.tussi], weight: 3,
            material: 'synthetic', tech: 'textile', colours: [1, 2], season: 'vinter',
            desc: ['Varme hansker med forsterket håndflate og god grepsevne.', 'Touch-kompatible fingertupper og håndleddsstropp.'],
          }),
          g3({
            id: 163, name: 'Halser', kind: 'neck', roots: ['Hals', 'Ullhals', 'Tubehals'], genders: [G.uni], sizes: 'one',
            price: [149, 399], brands: [B.staut, B.ullvik], weight: 1, material: 'wool', tech: 'textile',
            desc: ['Allsidig hals som kan brukes som skjerf, lue eller pannebånd.'],
          }),
        ],
      },
    ],
  },
  {
    id: 2,
    name: 'Sko',
    banner: 'sko',
    groups: [
      {
        id: 21,
        name: 'Løpesko',
        groups: [
          g3({
            id: 211, name: 'Joggesko', kind: 'shoe', roots: ['Joggesko', 'Løpesko'], genders: ADULT_UNI, sizes: 'shoe',
            price: [799, 2199], brands: [B.fjordlop, B.fjordlop, B.kvikk, B.staut], weight: 6, material: 'shoe', tech: 'shoe',
            palette: PALETTE.shoes, colours: [1, 3],
            desc: [
              'Responsiv demping og lett overdel for daglige løpeturer på asfalt.',
              'Pustende mesh og en såle som gir godt grep også i vått føre.',
              'En allsidig treningssko som passer like godt til intervaller som til rolige langturer.',
            ],
          }),
          g3({
            id: 212, name: 'Terrengsko', kind: 'shoe', roots: ['Terrengløpesko', 'Terrengsko'], genders: ADULT, sizes: 'shoe',
            price: [999, 2299], brands: [B.fjordlop, B.tindefjell], weight: 3, material: 'shoe', tech: 'shoe',
            palette: PALETTE.shoes, colours: [1, 3],
            desc: [
              'Grov knastsåle som biter godt i sti, myr og løs grus.',
              'Steinplate i mellomsålen beskytter foten mot skarpe steiner.',
            ],
          }),
        ],
      },
      {
        id: 22,
        name: 'Tursko',
        groups: [
          g3({
            id: 221, name: 'Fjellsko', kind: 'boot', roots: ['Fjellstøvel', 'Fjellsko'], genders: ADULT, sizes: 'shoe',
            price: [1499, 3999], brands: [B.tindefjell, B.vikafjell, B.staut], weight: 4, material: 'shoe', tech: 'boot',
            palette: PALETTE.shoes, colours: [1, 2],
            desc: [
              'Stødig fjellstøvel i skinn med vanntett og pustende membran.',
              'Gummirand rundt hele skoen beskytter mot slitasje i ur og steinete terreng.',
              'Gir god støtte rundt ankelen med tung sekk.',
            ],
          }),
          g3({
            id: 222, name: 'Lette tursko', kind: 'shoe', roots: ['Tursko', 'Lett tursko', 'Hikingsko'], genders: ADULT_UNI,
            sizes: 'shoe', price: [999, 2499], brands: [B.tindefjell, B.staut, B.skarvet], weight: 3, material: 'shoe',
            tech: 'shoe', palette: PALETTE.shoes, colours: [1, 3],
            desc: ['Lett og vanntett tursko for dagsturer på sti.', 'Fleksibel såle med godt grep på våt stein.'],
          }),
        ],
      },
      {
        id: 23,
        name: 'Vintersko',
        groups: [
          g3({
            id: 231, name: 'Vinterstøvler', kind: 'boot', roots: ['Vinterstøvel', 'Vintersko', 'Piggsko', 'Snøstøvel'],
            genders: ADULT_UNI, sizes: 'shoe', price: [899, 2499], brands: [B.polarlys, B.isbre, B.staut], weight: 4,
            material: 'shoe', tech: 'boot', palette: PALETTE.shoes, colours: [1, 2], season: 'vinter',
            desc: [
              'Varmt fôret vintersko med vanntett membran og grov såle.',
              'Uttrekkbare pigger gir trygt grep på is og holke.',
              'Tåler kulde ned mot −25 °C.',
            ],
          }),
        ],
      },
      {
        id: 24,
        name: 'Barnesko',
        groups: [
          g3({
            id: 241, name: 'Joggesko barn', kind: 'shoe', roots: ['Joggesko', 'Sneakers', 'Innesko'], genders: KIDS, sizes: 'shoe',
            price: [399, 899], brands: [B.trollbarn, B.tussi, B.fjordlop], weight: 3, material: 'shoe', tech: 'shoe',
            palette: PALETTE.kids, colours: [1, 3],
            desc: ['Lette og fleksible sko med borrelås som barna klarer selv.', 'Slitesterk tåhette for lek og fart.'],
          }),
          g3({
            id: 242, name: 'Gummistøvler', kind: 'boot', roots: ['Gummistøvel', 'Fôret gummistøvel'], genders: KIDS, sizes: 'shoe',
            price: [299, 699], brands: [B.trollbarn, B.tussi], weight: 2, material: 'shoe', tech: 'boot', palette: PALETTE.kids,
            colours: [1, 3],
            desc: ['Myke gummistøvler i naturgummi med refleks.', 'Uttakbar innersåle med størrelsesmarkering.'],
          }),
          g3({
            id: 243, name: 'Vintersko barn', kind: 'boot', roots: ['Vintersko', 'Vinterstøvel', 'Vinterboots'], genders: KIDS,
            sizes: 'shoe', price: [599, 1199], brands: [B.trollbarn, B.tussi, B.polarlys], weight: 3, material: 'shoe',
            tech: 'boot', palette: PALETTE.kids, colours: [1, 3], season: 'vinter',
            desc: ['Varme og vanntette vintersko med ullfôr.', 'Borrelås og skaft som holder snøen ute.'],
          }),
        ],
      },
      {
        id: 25,
        name: 'Sandaler',
        groups: [
          g3({
            id: 251, name: 'Sandaler', kind: 'sandal', roots: ['Sandal', 'Tursandal', 'Badesandal'], genders: ALL, sizes: 'shoe',
            price: [199, 999], brands: [B.havbris, B.skarvet, B.staut], weight: 2, material: 'shoe', tech: 'shoe',
            palette: PALETTE.shoes, colours: [1, 2], season: 'sommer',
            desc: ['Justerbare stropper og en fotseng som former seg etter foten.', 'Tåler vann og tørker raskt.'],
          }),
        ],
      },
    ],
  },
  {
    id: 3,
    name: 'Vintersport',
    banner: 'vintersport',
    groups: [
      {
        id: 31,
        name: 'Hjelmer & alpinbriller',
        groups: [
          g3({
            id: 311, name: 'Alpinbriller', kind: 'goggles', roots: ['Alpinbriller', 'Skibriller'], genders: [G.uni, G.junior],
            sizes: 'one', price: [399, 1999], brands: [B.bratt, B.bratt, B.isbre, B.staut], weight: 3, tech: 'goggles',
            palette: PALETTE.gear, colours: [1, 3], season: 'vinter',
            desc: [
              'Alpinbriller med stort synsfelt og dobbel linse som ikke dugger.',
              'Magnetisk linsebytte – skift til lys linse når sikten blir dårlig.',
              'Passer godt sammen med de fleste alpinhjelmer.',
            ],
          }),
          g3({
            id: 312, name: 'Alpinhjelm', kind: 'helmet', roots: ['Alpinhjelm', 'Skihjelm'], genders: [G.uni, G.junior, G.barn],
            sizes: 'helmet', price: [799, 2999], brands: [B.bratt, B.bratt, B.isbre, B.staut], weight: 3, tech: 'helmet',
            palette: PALETTE.gear, colours: [1, 3], season: 'vinter',
            desc: [
              'Lett alpinhjelm med justeringshjul for en trygg og god passform.',
              'Avtakbare øreklaffer og regulerbar ventilasjon.',
              'Godkjent etter EN 1077 – for alpint, twintip og topptur.',
            ],
          }),
        ],
      },
      {
        id: 32,
        name: 'Staver',
        groups: [
          g3({
            id: 321, name: 'Alpinstaver', kind: 'poles', roots: ['Alpinstaver'], genders: [G.uni, G.junior], sizes: 'poleAlpine',
            price: [299, 999], brands: [B.bratt, B.snogg], weight: 2, tech: 'poles', palette: PALETTE.gear, colours: [1, 2],
            season: 'vinter',
            desc: ['Solide alpinstaver i aluminium med ergonomisk håndtak.', 'Stor trinse som fungerer i både preparert løype og puddersnø.'],
          }),
          g3({
            id: 322, name: 'Langrennsstaver', kind: 'poles', roots: ['Langrennsstaver', 'Skøytestaver', 'Turstaver'],
            genders: [G.uni, G.junior], sizes: 'poleXc', price: [399, 2999], brands: [B.snogg, B.loypeglad], weight: 2,
            tech: 'poles', palette: PALETTE.gear, colours: [1, 2], season: 'vinter',
            desc: ['Stive og lette staver i karbonkompositt.', 'Justerbar reim som gir godt kraftoverføring i fraskyvet.'],
          }),
        ],
      },
      {
        id: 33,
        name: 'Ski',
        groups: [
          g3({
            id: 331, name: 'Langrennsski', kind: 'skis', roots: ['Langrennsski', 'Klassiskski', 'Skøyteski', 'Felleski'],
            genders: [G.uni, G.junior], sizes: 'skiXc', price: [1499, 5999], brands: [B.snogg, B.loypeglad], weight: 3,
            tech: 'skis', palette: PALETTE.gear, colours: [1, 1], freight: 29900, season: 'vinter',
            desc: [
              'Lette langrennsski for mosjonister som vil ha god glid og stabilt feste.',
              'Felleski gir feste uten smøring – perfekt for turløypa.',
            ],
          }),
          g3({
            id: 332, name: 'Alpinski', kind: 'skis', roots: ['Alpinski', 'Frikjøringsski', 'Carvingski'], genders: [G.uni, G.junior],
            sizes: 'skiAlpine', price: [2999, 7999], brands: [B.bratt, B.snogg], weight: 2, tech: 'skis', palette: PALETTE.gear,
            colours: [1, 1], freight: 29900, season: 'vinter',
            desc: ['Lettsvingte alpinski med god kantgrep på hardt underlag.', 'Rocker i tuppen gjør skiene lekne i løssnø.'],
          }),
          g3({
            id: 333, name: 'Fjellski', kind: 'skis', roots: ['Fjellski', 'Turski'], genders: [G.uni], sizes: 'skiFjell',
            price: [2499, 5999], brands: [B.snogg, B.vikafjell], weight: 1, tech: 'skis', palette: PALETTE.gear, colours: [1, 1],
            freight: 29900, season: 'vinter',
            desc: ['Robuste fjellski med stålkanter for turer utenfor oppkjørte løyper.'],
          }),
        ],
      },
      {
        id: 34,
        name: 'Skismøring',
        groups: [
          g3({
            id: 341, name: 'Glider', kind: 'wax', roots: ['Glider', 'Flytende glider', 'Glidevoks'], genders: [G.uni], sizes: 'one',
            price: [149, 699], brands: [B.loypeglad], weight: 2, tech: 'wax', palette: PALETTE.gear, colours: [1, 1],
            season: 'vinter',
            desc: ['Fluorfri glider for alle snøforhold.', 'Enkel å påføre – la tørke, kork og børst.'],
          }),
          g3({
            id: 342, name: 'Festevoks', kind: 'wax', roots: ['Festevoks', 'Klister'], genders: [G.uni], sizes: 'one', price: [99, 299],
            brands: [B.loypeglad], weight: 2, tech: 'wax', palette: [17, 9, 26, 20, 16, 32], colours: [1, 1], season: 'vinter',
            desc: ['Festevoks for klassisk langrenn. Se fargekoden for riktig temperatur.'],
          }),
        ],
      },
      {
        id: 35,
        name: 'Alpinklær',
        groups: [
          g3({
            id: 351, name: 'Alpinjakker', kind: 'jacket', roots: ['Alpinjakke', 'Skijakke'], genders: ALL, sizes: 'clothing',
            price: [1999, 5999], brands: [B.bratt, B.isbre, B.staut], weight: 3, material: 'shell', tech: 'shell',
            season: 'vinter',
            desc: [
              'Isolert alpinjakke med snøskjørt, heisekortlomme og hjelmkompatibel hette.',
              'Vanntett og pustende – for lange dager i bakken.',
            ],
          }),
          g3({
            id: 352, name: 'Alpinbukser', kind: 'trousers', roots: ['Alpinbukse', 'Skibukse'], genders: ALL, sizes: 'clothing',
            price: [1499, 3999], brands: [B.bratt, B.isbre, B.staut], weight: 2, material: 'shell', tech: 'shell',
            season: 'vinter',
            desc: ['Isolert alpinbukse med forsterket innside og snøsluse.', 'Ventilasjonsglidelås på lårene.'],
          }),
        ],
      },
    ],
  },
  {
    id: 4,
    name: 'Sportsutstyr',
    banner: 'sportsutstyr',
    groups: [
      {
        id: 41,
        name: 'Tilbehør sportsutstyr',
        groups: [
          g3({
            id: 411, name: 'Drikkeflasker', kind: 'bottle', roots: ['Drikkeflaske', 'Termoflaske', 'Termos'], genders: [G.uni],
            sizes: 'one', price: [149, 599], brands: [B.staut, B.villmark], weight: 2, tech: 'bottle', palette: PALETTE.gear,
            colours: [1, 3],
            desc: ['Lekkasjesikker flaske som er lett å fylle og rengjøre.', 'Dobbeltveggede modeller holder drikken varm i mange timer.'],
          }),
          g3({
            id: 412, name: 'Hodelykter', kind: 'headlamp', roots: ['Hodelykt'], genders: [G.uni], sizes: 'one', price: [299, 1499],
            brands: [B.morketid], weight: 2, tech: 'headlamp', palette: PALETTE.gear, colours: [1, 2],
            desc: ['Kraftig og lett hodelykt for løping, skigåing og turer i mørket.', 'Oppladbart batteri med USB-C.'],
          }),
          g3({
            id: 413, name: 'Sitteunderlag', kind: 'sitpad', roots: ['Sitteunderlag'], genders: [G.uni], sizes: 'one', price: [79, 249],
            brands: [B.villmark, B.staut], weight: 1, tech: 'gear', palette: PALETTE.gear, colours: [1, 3],
            desc: ['Lett og isolerende sitteunderlag som festes på sekken.'],
          }),
          g3({
            id: 414, name: 'Refleks', kind: 'reflector', roots: ['Refleksvest', 'Refleksbånd', 'Refleks'], genders: [G.uni, G.barn],
            sizes: 'one', price: [49, 299], brands: [B.staut, B.morketid], weight: 1, tech: 'gear', palette: [20, 23, 16],
            colours: [1, 2],
            desc: ['Godkjent refleks etter EN 17353 – bli sett i mørket.'],
          }),
        ],
      },
      {
        id: 42,
        name: 'Sekker',
        groups: [
          g3({
            id: 421, name: 'Tursekker', kind: 'backpack', roots: ['Tursekk', 'Fjellsekk'], genders: [G.uni, G.herre, G.dame],
            sizes: 'one', price: [999, 2999], brands: [B.villmark, B.vikafjell, B.staut], weight: 3, tech: 'backpack',
            colours: [1, 3],
            desc: [
              'Justerbart ryggsystem og godt polstret hoftebelte for lange turer.',
              'Frontåpning gir enkel tilgang til innholdet, og regntrekk ligger i bunnen.',
            ],
          }),
          g3({
            id: 422, name: 'Dagstursekker', kind: 'backpack', roots: ['Dagstursekk', 'Sekk', 'Barnesekk'], genders: [G.uni, G.barn],
            sizes: 'one', price: [299, 1299], brands: [B.villmark, B.staut, B.tussi], weight: 3, tech: 'backpack', colours: [1, 4],
            desc: ['Lett dagstursekk med plass til matpakke, termos og ekstra klær.', 'Brystrem og lomme til drikkesystem.'],
          }),
          g3({
            id: 423, name: 'Løpevester', kind: 'backpack', roots: ['Løpevest', 'Drikkesekk'], genders: [G.uni], sizes: 'clothing',
            price: [599, 1499], brands: [B.fjordlop], weight: 1, tech: 'backpack', colours: [1, 2],
            desc: ['Tettsittende løpevest med myke flasker foran.'],
          }),
        ],
      },
      {
        id: 43,
        name: 'Telt og sov',
        groups: [
          g3({
            id: 431, name: 'Telt', kind: 'tent', roots: ['Telt', 'Tunneltelt', 'Kuppeltelt', 'Lavvo'], genders: [G.uni], sizes: 'one',
            price: [1999, 7999], brands: [B.villmark, B.vikafjell], weight: 2, tech: 'tent', palette: [13, 14, 20, 17, 29, 22],
            colours: [1, 2], freight: 19900, season: 'sommer',
            desc: ['Stabilt telt som tåler vind og vær på fjellet.', 'Rask å slå opp – innertelt og duk henger sammen.'],
          }),
          g3({
            id: 432, name: 'Soveposer', kind: 'sleepingbag', roots: ['Sovepose', 'Dunsovepose', 'Barnesovepose'],
            genders: [G.uni, G.barn], sizes: 'one', price: [999, 3999], brands: [B.villmark, B.polarlys], weight: 2,
            tech: 'sleepingbag', colours: [1, 2], freight: 14900,
            desc: ['Mumieformet sovepose med varmekrage og hette.', 'Komprimeres lett i medfølgende pakkpose.'],
          }),
          g3({
            id: 433, name: 'Liggeunderlag', kind: 'mat', roots: ['Liggeunderlag', 'Oppblåsbart liggeunderlag'], genders: [G.uni],
            sizes: 'one', price: [299, 1499], brands: [B.villmark, B.staut], weight: 2, tech: 'mat', colours: [1, 2],
            desc: ['Isolerende underlag som gir god søvn i teltet.'],
          }),
        ],
      },
      {
        id: 44,
        name: 'Trening',
        groups: [
          g3({
            id: 441, name: 'Treningsmatter', kind: 'mat', roots: ['Treningsmatte', 'Yogamatte'], genders: [G.uni], sizes: 'one',
            price: [199, 699], brands: [B.kvikk], weight: 1, tech: 'mat', palette: [1, 26, 15, 10, 24, 7], colours: [1, 3],
            desc: ['Sklisikker matte med god demping for yoga og styrketrening.'],
          }),
          g3({
            id: 442, name: 'Vekter', kind: 'dumbbell', roots: ['Manualer', 'Kettlebell', 'Vektskive'], genders: [G.uni], sizes: 'one',
            price: [199, 1499], brands: [B.kvikk], weight: 1, tech: 'gear', palette: [1, 7], colours: [1, 1], freight: 14900,
            desc: ['Solide vekter med gummibelegg som skåner gulvet.'],
          }),
          g3({
            id: 443, name: 'Treningsstrikk', kind: 'band', roots: ['Treningsstrikk', 'Miniband'], genders: [G.uni], sizes: 'one',
            price: [99, 399], brands: [B.kvikk], weight: 1, tech: 'gear', palette: [17, 20, 16, 9, 1], colours: [1, 1],
            desc: ['Treningsstrikk i naturgummi for styrke, oppvarming og rehabilitering.'],
          }),
        ],
      },
      {
        id: 45,
        name: 'Ballsport',
        groups: [
          g3({
            id: 451, name: 'Fotballer', kind: 'ball', roots: ['Fotball', 'Futsalball', 'Treningsball'], genders: [G.uni],
            sizes: 'football', price: [199, 1499], brands: [B.ballsterk], weight: 1, tech: 'gear', palette: [3, 20, 23],
            colours: [1, 2],
            desc: ['Slitesterk ball for kunstgress og grus.', 'Maskinsydd med butylblære som holder på lufta.'],
          }),
          g3({
            id: 452, name: 'Håndballer', kind: 'ball', roots: ['Håndball'], genders: [G.uni], sizes: 'handball', price: [199, 899],
            brands: [B.ballsterk], weight: 1, tech: 'gear', palette: [3, 20, 9], colours: [1, 2],
            desc: ['Håndball med godt grep, også uten harpiks.'],
          }),
        ],
      },
    ],
  },
  {
    id: 5,
    name: 'Mat og drikke',
    banner: 'mat-og-drikke',
    groups: [
      {
        id: 51,
        name: 'Kosttilskudd',
        groups: [
          g3({
            id: 511, name: 'Proteinbarer', kind: 'bar', roots: ['Proteinbar', 'Proteinbar crisp'], genders: [G.uni], sizes: 'one',
            price: [25, 39], brands: [B.kraftkost], weight: 3, tech: 'food', colours: [1, 1], palette: [30],
            food: {
              ingredients: 'Ingredienser: melkeproteinisolat, søtningsmiddel (maltitol), kakaosmør, fuktighetsbevarende middel (glyserol), aroma. Kan inneholde spor av nøtter og peanøtter.',
              per: 'g',
              profile: [370, 12, 35, 4, 32, 0.5],
              flavours: [
                ['sjokolade', 30], ['karamell og havsalt', 31], ['peanøtt', 21], ['kokos', 4], ['jordbær', 24],
                ['blåbær', 27], ['lakris', 1], ['brownie', 30], ['mørk sjokolade og appelsin', 22], ['salt lakris', 2],
              ],
            },
            desc: ['Proteinbar med 20 g protein og lite sukker – et godt mellommåltid på tur og etter trening.', 'Myk og saftig konsistens.'],
          }),
          g3({
            id: 512, name: 'Proteinpulver', kind: 'tub', roots: ['Proteinpulver', 'Whey 80', 'Vegansk proteinpulver'],
            genders: [G.uni], sizes: 'one', price: [249, 699], brands: [B.kraftkost], weight: 2, tech: 'food', colours: [1, 1],
            palette: [30],
            food: {
              ingredients: 'Ingredienser: myseproteinkonsentrat (melk), aroma, emulgator (solsikkelecitin), søtningsmiddel (sukralose). Bland 30 g med 3 dl vann eller melk.',
              per: 'g',
              profile: [380, 6, 8, 4, 75, 0.4],
              flavours: [['sjokolade', 30], ['vanilje', 28], ['jordbær', 24], ['nøytral', 3], ['cookies og krem', 4]],
            },
            desc: ['Proteinpulver som blandes lett i vann eller melk.', 'Et praktisk tilskudd for å nå dagens proteinbehov.'],
          }),
          g3({
            id: 513, name: 'Energigel', kind: 'gel', roots: ['Energigel', 'Koffeingel'], genders: [G.uni], sizes: 'one',
            price: [25, 45], brands: [B.kraftkost], weight: 2, tech: 'food', colours: [1, 1], palette: [22],
            food: {
              ingredients: 'Ingredienser: maltodekstrin, vann, fruktose, surhetsregulerende middel (sitronsyre), natriumklorid, aroma, konserveringsmiddel (kaliumsorbat).',
              per: 'g',
              profile: [250, 0, 62, 20, 0, 0.2],
              flavours: [['appelsin', 22], ['sitron', 20], ['bringebær', 17], ['cola', 30], ['eple', 16]],
            },
            desc: ['Rask energi under lange økter og konkurranser.', 'Ta én gel hvert 30.–45. minutt sammen med vann.'],
          }),
          g3({
            id: 514, name: 'Vitaminer og mineraler', kind: 'tub', roots: ['Multivitamin', 'Magnesium', 'Omega-3', 'Vitamin D'],
            genders: [G.uni], sizes: 'one', price: [99, 299], brands: [B.kraftkost], weight: 1, tech: 'food', colours: [1, 1],
            palette: [3],
            food: {
              ingredients: 'Se emballasjen for fullstendig innhold. Anbefalt dagsdose bør ikke overskrides. Oppbevares utilgjengelig for barn.',
              per: 'g',
              profile: [300, 2, 60, 2, 1, 0.1],
              flavours: [['60 kapsler', 3], ['120 tabletter', 4], ['90 kapsler', 12]],
            },
            desc: ['Kosttilskudd som bidrar til normal funksjon av muskler og immunforsvar. Kosttilskudd erstatter ikke et variert kosthold.'],
          }),
        ],
      },
      {
        id: 52,
        name: 'Drikke',
        groups: [
          g3({
            id: 521, name: 'Sportsdrikk', kind: 'drink', roots: ['Sportsdrikk', 'Isotonisk sportsdrikk'], genders: [G.uni],
            sizes: 'one', price: [25, 39], brands: [B.torst, B.kraftkost], weight: 2, tech: 'food', colours: [1, 1], palette: [16],
            food: {
              ingredients: 'Ingredienser: vann, sukker, glukosesirup, surhetsregulerende middel (sitronsyre), natriumsitrat, aroma.',
              per: 'ml',
              profile: [26, 0, 6.4, 6, 0, 0.12],
              pant: 200,
              flavours: [['sitrus 0,5 l', 20], ['bringebær 0,5 l', 17], ['tropisk 0,5 l', 22], ['sitrus 1,5 l', 20], ['blåbær 0,5 l', 27]],
            },
            desc: ['Isotonisk sportsdrikk med karbohydrater og elektrolytter som erstatter væsketapet under trening.'],
          }),
          g3({
            id: 522, name: 'Energidrikk', kind: 'can', roots: ['Energidrikk'], genders: [G.uni], sizes: 'one', price: [25, 35],
            brands: [B.torst], weight: 1, tech: 'food', colours: [1, 1], palette: [9],
            food: {
              ingredients: 'Ingredienser: kullsyreholdig vann, surhetsregulerende middel (sitronsyre), taurin, koffein (32 mg/100 ml), søtningsmidler (sukralose, acesulfam K), aroma. Høyt koffeininnhold.',
              per: 'ml',
              profile: [3, 0, 0.5, 0, 0, 0.05],
              pant: 200,
              flavours: [['uten sukker 0,33 l', 9], ['mango 0,33 l', 21], ['pasjonsfrukt 0,5 l', 25], ['eple og kiwi 0,5 l', 16]],
            },
            desc: ['Leskende energidrikk med koffein og uten tilsatt sukker. Ikke anbefalt for barn og gravide.'],
          }),
          g3({
            id: 523, name: 'Vann', kind: 'drink', roots: ['Kildevann', 'Mineralvann'], genders: [G.uni], sizes: 'one', price: [15, 29],
            brands: [B.torst], weight: 1, tech: 'food', colours: [1, 1], palette: [12],
            food: {
              ingredients: 'Naturlig kildevann fra norsk kilde.',
              per: 'ml',
              profile: [0, 0, 0, 0, 0, 0.01],
              pant: 200,
              flavours: [['naturell 0,5 l', 12], ['med kullsyre 0,5 l', 10], ['naturell 1,5 l', 12], ['sitron 0,5 l', 20]],
            },
            desc: ['Friskt norsk kildevann, tappet ved kilden.'],
          }),
          g3({
            id: 524, name: 'Restitusjonsdrikk', kind: 'drink', roots: ['Restitusjonsdrikk', 'Proteindrikk'], genders: [G.uni],
            sizes: 'one', price: [29, 45], brands: [B.kraftkost, B.torst], weight: 1, tech: 'food', colours: [1, 1], palette: [30],
            food: {
              ingredients: 'Ingredienser: skummet melk, melkeprotein, sukker, kakao, stabilisator (karragenan).',
              per: 'ml',
              profile: [65, 1, 7, 6, 8, 0.1],
              pant: 200,
              flavours: [['sjokolade 0,5 l', 30], ['jordbær 0,5 l', 24], ['vanilje 0,5 l', 28], ['kaffe 0,33 l', 31]],
            },
            desc: ['Proteindrikk med karbohydrater for rask restitusjon etter økta.'],
          }),
        ],
      },
      {
        id: 53,
        name: 'Turmat',
        groups: [
          g3({
            id: 531, name: 'Frysetørket turmat', kind: 'pouch', roots: ['Turmat'], genders: [G.uni], sizes: 'one', price: [99, 199],
            brands: [B.villmark, B.kraftkost], weight: 2, tech: 'food', colours: [1, 1], palette: [14],
            food: {
              ingredients: 'Frysetørket. Tilberedning: tilsett 5 dl kokende vann, rør godt og la stå i 8 minutter. Ingredienser: se emballasjen.',
              per: 'g',
              profile: [420, 14, 52, 6, 18, 1.6],
              flavours: [
                ['chili con carne', 18], ['pasta bolognese', 17], ['lapskaus', 30], ['fiskegrateng', 4],
                ['reinsdyrgryte', 30], ['ørret med potetmos', 28], ['vegetargryte', 14], ['havregrøt med blåbær', 27],
              ],
            },
            desc: ['Frysetørket middag – tilsett kokende vann, rør og vent åtte minutter.', 'Lett å bære og holdbar i flere år.'],
          }),
          g3({
            id: 532, name: 'Nøtter og snacks', kind: 'pouch', roots: ['Turmiks', 'Nøtteblanding', 'Tørket frukt'], genders: [G.uni],
            sizes: 'one', price: [39, 99], brands: [B.kraftkost, B.villmark], weight: 1, tech: 'food', colours: [1, 1], palette: [31],
            food: {
              ingredients: 'Ingredienser: peanøtter, mandler, cashewnøtter, rosiner, solsikkeolje, salt. Kan inneholde spor av andre nøtter.',
              per: 'g',
              profile: [520, 34, 36, 22, 15, 0.3],
              flavours: [['med sjokolade', 30], ['salt', 29], ['eksotisk', 22], ['bær', 17]],
            },
            desc: ['Energirik snacks for pausen på toppen.'],
          }),
        ],
      },
    ],
  },
];

export interface FlatGroup3 extends Group3Def {
  mainGroupId: number;
  group2Id: number;
}

export const group3List: FlatGroup3[] = taxonomy.flatMap((m) =>
  m.groups.flatMap((g2) => g2.groups.map((g) => ({ ...g, mainGroupId: m.id, group2Id: g2.id }))),
);

export const group3ById = new Map(group3List.map((g) => [g.id, g]));

/** The drawing used for a group 3's product images; unknown groups (added later by an import) get a price tag. */
export function group3Kind(group3Id: number): DrawingKind {
  return group3ById.get(group3Id)?.kind ?? 'tag';
}

export { categoryParam };

/** `/{main}/{group2}/{group3}` canonical path of the category route for a group 3 (Tekstil → /klaer/…, ADR 0014). */
export function categoryPath(group3Id: number): string {
  const g = group3ById.get(group3Id);
  if (!g) throw new Error(`unknown group 3: ${group3Id}`);
  const main = taxonomy.find((m) => m.id === g.mainGroupId)!;
  const g2 = main.groups.find((x) => x.id === g.group2Id)!;
  return pathFor('category', { categoryName: main.name, subcategoryName: g2.name, group: g.name });
}
