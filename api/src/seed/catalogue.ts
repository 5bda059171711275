/**
 * Article generator. Article N is generated from its own random stream (seed + N), so the catalogue is identical on
 * every run and the first articles stay the same whatever SEED_ARTICLES is. Only variant ids and slugs depend on the
 * articles before (both assigned in id order by the caller's `CatalogueState`).
 */
import { variantEan } from './ean.js';
import { chance, int, pick, rngFor, sample, weightedPick, type Rng } from './prng.js';
import {
  GENDER,
  SIZE_ONE,
  SOCK_SIZES,
  ballSizeRange,
  childSizeRange,
  clothingSizes,
  colorById,
  genderSuffix,
  lengthRange,
  productLineById,
  shoeSizeRange,
  sizes,
  type GenderId,
} from './reference.js';
import { SlugRegistry } from './slug.js';
import { group3List, type FlatGroup3, type SizeScheme, type TechKind } from './taxonomy.js';
import { BRAND_TAGLINES, FIT_SENTENCE, MODEL_NAMES, MODEL_SUFFIXES, REVIEW_TEXTS, reviewRepliesFor, WASH } from './texts.js';

export const SEED = 20121; // the chain was founded in 2012; any fixed number would do
export const DEFAULT_ARTICLES = 1500;

/** Physical shops (ids 1–14) and the web-shop stock location (SPEC §9: 55). */
export const SHOP_IDS = Array.from({ length: 14 }, (_, i) => i + 1);
export const WEB_STOCK_ID = 55;

export interface ArticleRow {
  id: number;
  articleNo: string;
  name: string;
  slug: string;
  description: string;
  techDescription: string | null;
  nutrientContent: string | null;
  washLabel: string | null;
  careLabel: string | null;
  price: number;
  pant: number;
  frightPrice: number | null;
  productLineId: number;
  mainGroupId: number;
  group2Id: number;
  group3Id: number;
  genderId: number;
  purchasableOnWeb: boolean;
  visibleOnWeb: boolean;
  featured: boolean;
  webLabel: string | null;
  webPurchaseLimit: number;
  onlyCC: boolean;
  season: string;
  dateCreated: string;
  updatedAt: string;
}

export interface VariantRow {
  id: number;
  articleId: number;
  ean: string;
  sizeId: number;
  colorId: number;
}

export interface StockRow {
  variantId: number;
  shopId: number;
  qty: number;
}

export interface ReviewRow {
  reviewableType: 'article';
  reviewableId: number;
  customerId: number;
  customerName: string;
  content: string;
  reply: string | null;
  rating: number;
  approved: boolean;
  trueToSize: number | null;
  sizeColor: string | null;
  anonymous: boolean;
  createdAt: string;
}

/** Reviewers: the seeded customers (id → display name) who write reviews. */
export const REVIEWERS: Array<[number, string]> = [
  [1, 'Kari N.'],
  [2, 'Ola N.'],
  [3, 'Ingrid H.'],
  [4, 'Lars B.'],
  [5, 'Sofie L.'],
];

export type CampaignKey = 'vintersalg' | 'klikk-hent' | 'medlem' | 'sommersalg';

export interface GeneratedArticle {
  article: ArticleRow;
  extraGenders: number[];
  variants: VariantRow[];
  stock: StockRow[];
  reviews: ReviewRow[];
  campaigns: Array<{ key: CampaignKey; price: number }>;
  /** In (0,1); the article is a bestseller when defined (the caller ranks the scores). */
  bestsellerScore?: number;
}

/** State threaded through article generation in id order. */
export class CatalogueState {
  nextVariantId = 1;
  readonly slugs = new SlugRegistry();
}

const DAY = 86_400_000;
const sizeNames = new Map(sizes.map((s) => [s.id, s.name]));
const sizeNameOf = (id: number) => sizeNames.get(id) ?? '';

/** Retail price ending in 9 or 49/99 kroner (or ,90 for small food prices), in øre. */
export function nicePrice(kroner: number): number {
  if (kroner < 60) return Math.max(1, Math.round(kroner)) * 100 - 10;
  if (kroner < 1000) return (Math.round(kroner / 10) * 10 - 1) * 100;
  return (Math.round(kroner / 50) * 50 - 1) * 100;
}

export function sizesFor(scheme: SizeScheme, gender: GenderId): number[] {
  const kid = gender === GENDER.barn;
  const junior = gender === GENDER.junior;
  switch (scheme) {
    case 'clothing':
      if (kid) return childSizeRange(80, 140);
      if (junior) return childSizeRange(128, 164);
      if (gender === GENDER.herre) return clothingSizes('S', 'XXL');
      if (gender === GENDER.dame) return clothingSizes('XS', 'XL');
      return clothingSizes('XS', 'XXL');
    case 'shoe':
      if (kid) return shoeSizeRange(28, 35);
      if (junior) return shoeSizeRange(32, 40);
      if (gender === GENDER.herre) return shoeSizeRange(39, 47);
      if (gender === GENDER.dame) return shoeSizeRange(35, 42);
      return shoeSizeRange(36, 46);
    case 'socks':
      return kid || junior ? SOCK_SIZES.slice(0, 2) : SOCK_SIZES.slice(1);
    case 'helmet':
      return kid || junior ? clothingSizes('XS', 'S') : clothingSizes('S', 'L');
    case 'glove':
      if (kid || junior) return clothingSizes('XS', 'M');
      return gender === GENDER.dame ? clothingSizes('XS', 'L') : clothingSizes('S', 'XL');
    case 'poleAlpine':
      return junior || kid ? lengthRange(90, 110) : lengthRange(110, 135);
    case 'poleXc':
      return junior || kid ? lengthRange(110, 140) : lengthRange(145, 175);
    case 'skiXc':
      return junior || kid ? lengthRange(140, 170) : lengthRange(180, 200);
    case 'skiAlpine':
      return junior || kid ? lengthRange(100, 140, 10) : lengthRange(155, 185);
    case 'skiFjell':
      return lengthRange(175, 200);
    case 'football':
      return ballSizeRange(3, 5);
    case 'handball':
      return ballSizeRange(1, 3);
    case 'one':
      return [SIZE_ONE];
  }
}

function seasonLabel(season: FlatGroup3['season'], created: Date): string {
  const year = created.getUTCFullYear();
  if (season === 'vinter') return `Høst/vinter ${year}`;
  if (season === 'sommer') return `Vår/sommer ${year}`;
  return 'Helår';
}

/** Thousands with a space, as Norwegian writes them (15 000); toLocaleString is slow in a hot loop. */
const fmt = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
const dec = (n: number) => n.toFixed(1).replace('.', ',');

function techText(kind: TechKind, rng: Rng, houseBrand: boolean, child: boolean): string | null {
  const refSize = child ? 'str. 30' : 'str. 42';
  const lines: string[] = [];
  switch (kind) {
    case 'windJacket':
      lines.push('Vindtett og vannavstøtende ytterstoff (PFAS-fri DWR)', `Vekt: ${int(rng, 14, 26) * 10} g (str. M)`, 'Pakkbar i egen lomme', 'Refleksdetaljer foran og bak');
      break;
    case 'shell': {
      // The house brand's shell garments are the chain's 15 000 mm water column story (SPEC §1).
      const column = houseBrand ? 15_000 : pick(rng, [10_000, 20_000, 28_000]);
      lines.push(
        `Vannsøyle: ${fmt(column)} mm`,
        `Pusteevne: ${fmt(pick(rng, [10_000, 15_000, 20_000, 30_000]))} g/m²/24 t`,
        pick(rng, ['2-lags membran', '2,5-lags membran', '3-lags membran']),
        'Tapede sømmer',
        'PFAS-fri impregnering',
        `Vekt: ${int(rng, 32, 68) * 10} g (str. M)`,
      );
      break;
    }
    case 'down':
      lines.push(`Fyll: ${pick(rng, ['90/10', '80/20'])} andedun, fyllkraft ${pick(rng, [600, 650, 700, 800])} cuin`, `Fyllvekt: ${int(rng, 9, 25) * 10} g`, 'Vindtett ytterstoff', 'Sporbart dun (RDS-sertifisert)');
      break;
    case 'fleece':
      lines.push(`Materiale: 100 % resirkulert polyester, ${pick(rng, [200, 250, 300])} g/m²`, 'Hurtigtørkende', 'Glidelås i full lengde');
      break;
    case 'softshell':
      lines.push('Materiale: 90 % polyamid, 10 % elastan', 'Vindavvisende og vannavstøtende', `Vekt: ${int(rng, 35, 55) * 10} g (str. M)`);
      break;
    case 'rain':
      lines.push(`Vannsøyle: ${fmt(pick(rng, [5_000, 8_000, 10_000]))} mm`, 'Sveisede sømmer', 'PU-belegg uten PVC og ftalater', 'Refleks foran og bak');
      break;
    case 'baselayer':
      lines.push(`Materiale: ${pick(rng, ['100 % merinoull', '80 % merinoull, 20 % polyamid', '50 % merinoull, 50 % polyester'])}`, `Tykkelse: ${pick(rng, [150, 200, 250])} g/m²`, 'Fibertykkelse 17,5 mikron', 'Mulesingfri ull');
      break;
    case 'textile':
      lines.push(`Materiale: ${pick(rng, ['100 % økologisk bomull', '88 % polyester, 12 % elastan', '100 % resirkulert polyester', '70 % ull, 30 % polyamid'])}`);
      break;
    case 'shoe':
      lines.push(`Dropp: ${pick(rng, [4, 6, 8, 10])} mm`, `Vekt: ${int(rng, 22, 34) * 10} g (${refSize})`, pick(rng, ['Vanntett og pustende membran', 'Pustende mesh']), 'Gummisåle med godt grep');
      break;
    case 'boot':
      lines.push('Vanntett og pustende membran', pick(rng, ['Nubuk', 'Fullnarvet skinn', 'Syntetisk overdel']), `Vekt: ${int(rng, 50, 90) * 10} g (${refSize})`, 'Gummisåle med dype knaster');
      break;
    case 'goggles':
      lines.push('Sfærisk dobbel linse med antidugg', `Linsekategori: ${pick(rng, ['S1', 'S2', 'S3'])}`, '100 % UV-beskyttelse (UV400)', 'Hjelmkompatibel stropp');
      break;
    case 'helmet':
      lines.push('Sertifisert etter EN 1077 klasse B', `Vekt: ${int(rng, 38, 55) * 10} g`, 'Justeringshjul og avtakbare øreklaffer', 'Regulerbar ventilasjon');
      break;
    case 'poles':
      lines.push(`Materiale: ${pick(rng, ['aluminium 7075', 'karbonkompositt 50 %', 'karbonkompositt 100 %'])}`, `Vekt per par: ${int(rng, 30, 55) * 10} g`, 'Ergonomisk håndtak og justerbar reim');
      break;
    case 'skis':
      lines.push(`Sidekutt: ${int(rng, 44, 120)}-${int(rng, 44, 70)}-${int(rng, 44, 100)} mm`, `Vekt: ${int(rng, 9, 30) * 100} g per par`, 'Kjerne av tre og karbon', 'Bindingsplate montert');
      break;
    case 'wax':
      lines.push(`Temperaturområde: ${int(rng, -20, -6)} til ${int(rng, -4, 3)} °C`, 'Fluorfri', `Innhold: ${pick(rng, [45, 60, 180])} g`);
      break;
    case 'bottle':
      lines.push(`Volum: ${pick(rng, ['0,5', '0,75', '1,0'])} l`, 'BPA-fri', pick(rng, ['Dobbeltvegget rustfritt stål – holder varmen i 12 timer', 'Lett og slitesterk tritan']));
      break;
    case 'headlamp':
      lines.push(`Lysstyrke: ${pick(rng, [300, 450, 900, 1500])} lumen`, `Brenntid: ${int(rng, 4, 60)} timer`, `Vanntetthet: ${pick(rng, ['IPX4', 'IPX6', 'IPX7'])}`, 'Oppladbar via USB-C');
      break;
    case 'backpack':
      lines.push(`Volum: ${pick(rng, [12, 20, 25, 30, 40, 50, 65])} liter`, `Vekt: ${dec(int(rng, 4, 22) / 10)} kg`, 'Justerbart ryggsystem', 'Regntrekk inkludert');
      break;
    case 'tent':
      lines.push(`Personer: ${int(rng, 1, 4)}`, `Vannsøyle duk: ${fmt(pick(rng, [3_000, 4_000, 5_000]))} mm`, 'Vannsøyle bunn: 10 000 mm', `Vekt: ${dec(int(rng, 12, 45) / 10)} kg`);
      break;
    case 'sleepingbag': {
      const comfort = int(rng, -10, 8);
      lines.push(`Komforttemperatur: ${comfort} °C`, `Grensetemperatur: ${comfort - int(rng, 5, 8)} °C`, `Vekt: ${fmt(int(rng, 8, 22) * 100)} g`);
      break;
    }
    case 'mat':
      lines.push(`R-verdi: ${dec(int(rng, 15, 60) / 10)}`, `Tykkelse: ${pick(rng, [0.6, 1, 2.5, 5, 7])} cm`.replace('.', ','), `Vekt: ${int(rng, 3, 12) * 100} g`);
      break;
    case 'gear':
      lines.push(`Vekt: ${int(rng, 1, 40) * 50} g`);
      break;
    case 'food':
      return null;
  }
  return lines.join('\n');
}

function nutrients(g: FlatGroup3, rng: Rng): string {
  const [kcal, fat, carbs, sugar, protein, salt] = g.food!.profile.map((v) => v * (0.9 + rng() * 0.2));
  const kj = Math.round(kcal * 4.184);
  const per = g.food!.per === 'ml' ? '100 ml' : '100 g';
  return [
    `Næringsinnhold per ${per}:`,
    `Energi: ${kj} kJ / ${Math.round(kcal)} kcal`,
    `Fett: ${dec(fat)} g`,
    `  hvorav mettede fettsyrer: ${dec(fat * 0.4)} g`,
    `Karbohydrater: ${dec(carbs)} g`,
    `  hvorav sukkerarter: ${dec(Math.min(sugar, carbs))} g`,
    `Protein: ${dec(protein)} g`,
    `Salt: ${salt.toFixed(2).replace('.', ',')} g`,
  ].join('\n');
}

function articleName(g: FlatGroup3, rng: Rng, gender: GenderId, brandName: string, plain: boolean): { name: string; flavourColour?: number } {
  if (g.food) {
    const [flavour, colour] = pick(rng, g.food.flavours);
    const root = pick(rng, g.roots);
    const name = chance(rng, 0.4) ? `${brandName} ${root.toLowerCase()} ${flavour}` : `${root} ${flavour}`;
    return { name, flavourColour: colour };
  }
  const root = plain ? g.roots[0] : pick(rng, g.roots);
  const model = pick(rng, MODEL_NAMES);
  const r = rng();
  let base: string;
  if (plain || r < 0.07) base = root;
  else if (r < 0.45) base = `${root} ${model}`;
  else if (r < 0.72) base = `${model} ${root.toLowerCase()}`;
  else if (r < 0.88) base = `${brandName} ${root.toLowerCase()} ${model}`;
  else base = `${root} ${model} ${pick(rng, MODEL_SUFFIXES)}`;
  const suffix = genderSuffix[gender];
  return { name: suffix ? `${base} ${suffix}` : base };
}

function stockFor(variantId: number, rng: Rng, soldOut: boolean): StockRow[] {
  const rows: StockRow[] = [];
  const web = soldOut ? 0 : chance(rng, 0.25) ? 0 : chance(rng, 0.2) ? int(rng, 1, 2) : int(rng, 3, 40);
  rows.push({ variantId, shopId: WEB_STOCK_ID, qty: web });
  for (const shopId of SHOP_IDS) {
    if (!chance(rng, 0.35)) continue;
    const r = rng();
    const qty = soldOut || r < 0.2 ? 0 : r < 0.45 ? int(rng, 1, 2) : int(rng, 3, 15);
    rows.push({ variantId, shopId, qty });
  }
  return rows;
}

export function pickGroup(id: number, rng: Rng): FlatGroup3 {
  // The first articles walk through every group so even a tiny catalogue covers the whole tree.
  if (id <= group3List.length) return group3List[id - 1];
  return weightedPick(rng, group3List, (g) => g.weight);
}

export function generateArticle(id: number, now: Date, state: CatalogueState): GeneratedArticle {
  const rng = rngFor(SEED, 'article', id);
  const g = pickGroup(id, rng);
  // The first article of each group is its plain archetype ("Regnsett barn", "Alpinhjelm"): stable names for tests.
  const archetype = id <= group3List.length;
  const gender = archetype ? g.genders[0] : pick(rng, g.genders);
  const brandId = pick(rng, g.brands);
  const brand = productLineById.get(brandId)!;
  const { name, flavourColour } = articleName(g, rng, gender, brand.name, archetype);

  const colourIds = flavourColour
    ? [flavourColour]
    : sample(rng, g.palette, int(rng, g.colours[0], Math.min(g.colours[1], g.palette.length)));
  const sizeIds = sizesFor(g.sizes, gender);

  const ageDays = int(rng, 0, 730);
  const created = new Date(now.getTime() - ageDays * DAY - int(rng, 0, 86_399) * 1000);
  const updated = new Date(Math.min(now.getTime(), created.getTime() + int(rng, 0, 60) * DAY));

  let kroner = int(rng, g.price[0], g.price[1]);
  if (brand.houseBrand) kroner *= 0.9; // the house brand undercuts comparable products
  const price = nicePrice(kroner);

  const isDrink = g.food?.pant !== undefined;
  const pant = isDrink ? (/1,5 l/.test(name) ? 300 : 200) : 0;

  const bestsellerScore = chance(rng, 0.12) ? rng() : undefined;
  const isNew = ageDays <= 45 && chance(rng, 0.8);
  const webLabel = isNew ? 'Nyhet' : bestsellerScore !== undefined && bestsellerScore > 0.75 ? 'Populær' : null;

  const visibleOnWeb = !chance(rng, 0.03);
  const purchasableOnWeb = !chance(rng, 0.05);
  const onlyCC = chance(rng, g.freight ? 0.15 : 0.045);
  const webPurchaseLimit = chance(rng, 0.08) ? int(rng, 1, 3) : g.food ? 24 : 10;
  const featured = visibleOnWeb && chance(rng, 0.03);
  const frightPrice = g.freight ?? (chance(rng, 0.04) ? pick(rng, [14900, 19900]) : null);

  const descSentences = sample(rng, g.desc, Math.min(2, g.desc.length));
  const description = [
    ...descSentences,
    g.food ? null : FIT_SENTENCE[gender],
    BRAND_TAGLINES[brand.name] ?? null,
  ]
    .filter(Boolean)
    .join(' ');
  const labels = g.material ? WASH[g.material] : null;

  const article: ArticleRow = {
    id,
    articleNo: String(100000 + id),
    name,
    slug: state.slugs.assign(name, id),
    description,
    techDescription: g.food ? `${g.food.ingredients}${isDrink ? ` Pant: ${pant / 100} kr.` : ''}` : techText(g.tech, rng, brand.houseBrand, gender === GENDER.barn || gender === GENDER.junior),
    nutrientContent: g.food ? nutrients(g, rng) : null,
    washLabel: labels?.wash ?? null,
    careLabel: labels?.care ?? null,
    price,
    pant,
    frightPrice,
    productLineId: brandId,
    mainGroupId: g.mainGroupId,
    group2Id: g.group2Id,
    group3Id: g.id,
    genderId: gender,
    purchasableOnWeb,
    visibleOnWeb,
    featured,
    webLabel,
    webPurchaseLimit,
    onlyCC,
    season: seasonLabel(g.season, created),
    dateCreated: created.toISOString(),
    updatedAt: updated.toISOString(),
  };

  const extraGenders: number[] =
    gender === GENDER.uni ? [GENDER.herre, GENDER.dame] : gender === GENDER.barn && chance(rng, 0.5) ? [GENDER.junior] : [];

  const soldOutArticle = chance(rng, 0.02);
  const variants: VariantRow[] = [];
  const stock: StockRow[] = [];
  for (const colorId of colourIds) {
    for (const sizeId of sizeIds) {
      const variantId = state.nextVariantId++;
      variants.push({ id: variantId, articleId: id, ean: variantEan(variantId), sizeId, colorId });
      stock.push(...stockFor(variantId, rng, soldOutArticle));
    }
  }

  const reviews: ReviewRow[] = [];
  if (chance(rng, 0.15)) {
    const reviewers = sample(rng, REVIEWERS, int(rng, 1, 4));
    for (const [customerId, customerName] of reviewers) {
      const rating = weightedPick(rng, [5, 4, 3, 2, 1], (r) => ({ 5: 45, 4: 30, 3: 13, 2: 7, 1: 5 })[r]!);
      const variant = pick(rng, variants);
      const at = new Date(created.getTime() + rng() * (now.getTime() - created.getTime()));
      reviews.push({
        reviewableType: 'article',
        reviewableId: id,
        customerId,
        customerName,
        content: pick(rng, REVIEW_TEXTS[rating]),
        reply: chance(rng, 0.25) ? pick(rng, reviewRepliesFor(rating)) : null,
        rating,
        approved: chance(rng, 0.85),
        trueToSize: g.sizes === 'one' ? null : weightedPick(rng, [0, -1, 1], (t) => (t === 0 ? 6 : 2)),
        sizeColor: `${sizeNameOf(variant.sizeId)} / ${colorById.get(variant.colorId)!.name}`,
        anonymous: chance(rng, 0.1),
        createdAt: at.toISOString(),
      });
    }
  }

  const campaigns: GeneratedArticle['campaigns'] = [];
  if (visibleOnWeb && purchasableOnWeb) {
    if (g.season !== 'sommer' && chance(rng, 0.08)) campaigns.push({ key: 'vintersalg', price: nicePrice((price / 100) * 0.7) });
    if (chance(rng, 0.006)) campaigns.push({ key: 'klikk-hent', price: nicePrice((price / 100) * (0.5 + rng() * 0.25)) });
    if (chance(rng, 0.03)) campaigns.push({ key: 'medlem', price: nicePrice((price / 100) * 0.8) });
    if (g.season !== 'vinter' && chance(rng, 0.05)) campaigns.push({ key: 'sommersalg', price: nicePrice((price / 100) * 0.6) });
  }

  return { article, extraGenders, variants, stock, reviews, campaigns, bestsellerScore };
}

