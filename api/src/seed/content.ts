/**
 * Editorial and commercial content: campaigns, blog, polls, social posts, tenant settings, home page layouts,
 * promo codes, shipping methods and the demo customers. Dates are relative to the seed's `now` so "current" stays
 * current for a freshly seeded database.
 */
import { articleImageUrl, bannerUrl, blogImageUrl } from '../routes/images/urls.js';
import type { CampaignKey } from './catalogue.js';
import { HOUSE_BRAND } from './reference.js';
import { pathFor } from '@shop/contracts/routes';
import { categoryPath, taxonomy } from './taxonomy.js';

const DAY = 86_400_000;
const at = (now: Date, days: number) => new Date(now.getTime() + days * DAY);

// ---------------------------------------------------------------- tenant
export const BRAND_NAME = HOUSE_BRAND;
export const COMPANY_NAME = 'Staut Sport AS';
export const CUSTOMER_SERVICE_EMAIL = 'kundeservice@staut.no';
/** The brand with the single-line header and hidden search (SPEC §2); not the shop's own brand. */
export const SINGLE_LINE_HEADER_BRAND = 'Staut Mini';

/**
 * tenant_settings rows (key → JSON value). `menuBrands` lists, per menu entry of SPEC §2 (support, maintenance,
 * about, policy), the brands for which the entry is shown; `singleLineHeaderBrand` is the brand that gets the
 * single-line header, footer and hidden search.
 */
export function tenantSettingsRows(): Array<{ key: string; value: unknown }> {
  return [
    { key: 'brandName', value: BRAND_NAME },
    { key: 'chainId', value: 1 },
    { key: 'companyName', value: COMPANY_NAME },
    { key: 'customerServiceEmail', value: CUSTOMER_SERVICE_EMAIL },
    { key: 'customerServicePhone', value: '22 00 55 55' },
    { key: 'menuBrands', value: { support: [BRAND_NAME], maintenance: [BRAND_NAME], about: [BRAND_NAME], policy: [BRAND_NAME] } },
    // SPEC §2: the single-line header, footer and hidden search are for the brand named here. That is a sister brand,
    // not Staut: Staut's header keeps its search at both widths (issue 21).
    { key: 'singleLineHeaderBrand', value: SINGLE_LINE_HEADER_BRAND },
    { key: 'foundedYear', value: 2012 },
    { key: 'memberWarrantyYears', value: 5 },
    { key: 'availableShopId', value: 55 },
    { key: 'defaultShippingMethod', value: 'delivery' },
  ];
}

// ---------------------------------------------------------------- taxonomy rows
export function mainGroupRows() {
  return taxonomy.map((m, i) => ({
    id: m.id,
    name: m.name,
    banner: bannerUrl(`kategori-${m.banner}`),
    bannerLink: pathFor('category', { categoryName: m.name }),
    sort: i + 1,
  }));
}
export function group2Rows() {
  return taxonomy.flatMap((m) => m.groups.map((g) => ({ id: g.id, mainGroupId: m.id, name: g.name })));
}
export function group3Rows() {
  return taxonomy.flatMap((m) => m.groups.flatMap((g2) => g2.groups.map((g) => ({ id: g.id, group2Id: g2.id, name: g.name }))));
}

// ---------------------------------------------------------------- shipping and promo codes
export const shippingMethodRows = [
  { id: 'delivery', name: 'Hjemlevering', description: 'Levering på døren innen 1–3 virkedager.', price: 19900, sort: 1 },
  { id: 'click-and-collect', name: 'Klikk & Hent i butikk', description: 'Hent i valgt butikk, vanligvis klar innen to timer.', price: 0, sort: 2 },
];

export function promocodeRows(now: Date) {
  return [
    { name: 'VELKOMMEN', validFrom: at(now, -60), validTo: at(now, 365), fixed: true, amount: 10000, type: 'welcome' },
    { name: 'STAUT15', validFrom: at(now, -14), validTo: at(now, 120), fixed: false, amount: 15, type: 'cart' },
    { name: 'MEDLEM20', validFrom: at(now, -30), validTo: at(now, 180), fixed: false, amount: 20, type: 'member' },
    { name: 'VINTER200', validFrom: at(now, -7), validTo: at(now, 60), fixed: true, amount: 20000, type: 'cart' },
    { name: 'SOMMER2025', validFrom: at(now, -200), validTo: at(now, -100), fixed: false, amount: 25, type: 'cart' },
    { name: 'JULEGAVE', validFrom: at(now, 20), validTo: at(now, 50), fixed: true, amount: 20000, type: 'cart' },
  ].map((p) => ({ ...p, validFrom: p.validFrom.toISOString(), validTo: p.validTo.toISOString() }));
}

// ---------------------------------------------------------------- customers
export interface DemoCustomer {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  birthDate: string;
  genderId: number;
  address: string;
  postalCode: string;
  city: string;
  /** @shop/contracts STAFF_ROLES ('staff' is the content editor). */
  role: 'customer' | 'staff' | 'shop' | 'customer-service' | 'admin';
  club: boolean;
  verified: boolean;
  /** Shop staff: the shops they work in (staff_shops). */
  shops?: number[];
}

/**
 * Demo accounts (documented in the README): customers log in with `demo1234`, the editor with `ansatt1234`, shop staff
 * of Oslo Sentrum with `butikk1234`, customer service with `kundeservice1234`.
 */
export const DEMO_CUSTOMERS: DemoCustomer[] = [
  { id: 1, firstName: 'Kari', lastName: 'Nordmann', email: 'demo@staut.no', phone: '91234567', password: 'demo1234', birthDate: '1988-04-12', genderId: 2, address: 'Thorvald Meyers gate 40', postalCode: '0555', city: 'Oslo', role: 'customer', club: true, verified: true },
  { id: 2, firstName: 'Ola', lastName: 'Nordmann', email: 'ola.nordmann@example.no', phone: '98765432', password: 'demo1234', birthDate: '1985-09-30', genderId: 1, address: 'Thorvald Meyers gate 40', postalCode: '0555', city: 'Oslo', role: 'customer', club: true, verified: true },
  { id: 3, firstName: 'Ingrid', lastName: 'Haugen', email: 'ingrid.haugen@example.no', phone: '41234567', password: 'demo1234', birthDate: '1993-01-21', genderId: 2, address: 'Strandgaten 40', postalCode: '5013', city: 'Bergen', role: 'customer', club: true, verified: true },
  { id: 4, firstName: 'Lars', lastName: 'Berg', email: 'lars.berg@example.no', phone: '47654321', password: 'demo1234', birthDate: '1979-06-02', genderId: 1, address: 'Elgeseter gate 10', postalCode: '7030', city: 'Trondheim', role: 'customer', club: false, verified: true },
  { id: 5, firstName: 'Sofie', lastName: 'Lie', email: 'sofie.lie@example.no', phone: '92345678', password: 'demo1234', birthDate: '2001-11-15', genderId: 2, address: 'Kirkegata 22', postalCode: '4006', city: 'Stavanger', role: 'customer', club: false, verified: false },
  { id: 6, firstName: 'Staut', lastName: 'Redaksjon', email: 'ansatt@staut.no', phone: '40000055', password: 'ansatt1234', birthDate: '1990-01-01', genderId: 10, address: 'Gardermovegen 41', postalCode: '2060', city: 'Gardermoen', role: 'staff', club: false, verified: true },
  { id: 7, firstName: 'Nora', lastName: 'Butikk', email: 'butikk@staut.no', phone: '40000001', password: 'butikk1234', birthDate: '1995-03-08', genderId: 2, address: 'Karl Johans gate 14', postalCode: '0154', city: 'Oslo', role: 'shop', club: false, verified: true, shops: [1] },
  { id: 8, firstName: 'Even', lastName: 'Kundeservice', email: 'kundeservice@staut.no', phone: '40000002', password: 'kundeservice1234', birthDate: '1991-10-27', genderId: 1, address: 'Gardermovegen 41', postalCode: '2060', city: 'Gardermoen', role: 'customer-service', club: false, verified: true },
];

// ---------------------------------------------------------------- campaigns
export interface CampaignDef {
  id: number;
  key: CampaignKey;
  name: string;
  shortDescription: string;
  description: string;
  startsAt: string;
  endsAt: string;
  image: string;
  imageMobile: string;
  showLabel: boolean;
  showImage: boolean;
  labelText: string;
  labelType: string;
  labelData: Record<string, unknown>;
  url: string;
}

export function campaignRows(now: Date): CampaignDef[] {
  const c = (d: Omit<CampaignDef, 'image' | 'imageMobile'> & { banner: string }): CampaignDef => {
    const { banner, ...rest } = d;
    return { ...rest, image: bannerUrl(banner), imageMobile: bannerUrl(`${banner}-mobil`) };
  };
  return [
    c({
      id: 1, key: 'vintersalg', name: 'Vintersalg', shortDescription: 'Opptil 30 % på vinterutstyr',
      description: 'Nå er det vintersalg! Spar opptil 30 % på dunjakker, ullundertøy, ski, hjelmer og alpinbriller – så lenge lageret rekker.',
      startsAt: at(now, -10).toISOString(), endsAt: at(now, 90).toISOString(), banner: 'kampanje-vintersalg',
      showLabel: true, showImage: true, labelText: '-30 %', labelType: 'percent',
      labelData: { text: '-30 %', percent: 30, background: '#c8102e', color: '#ffffff' }, url: '/vintersport',
    }),
    c({
      id: 2, key: 'klikk-hent', name: 'Klikk & Hent', shortDescription: 'Klikk & Hent',
      description: 'Ukens annonse: bestill på nett og hent i din nærmeste butikk – ofte klart samme dag.',
      startsAt: at(now, -3).toISOString(), endsAt: at(now, 60).toISOString(), banner: 'kampanje-klikk-og-hent',
      showLabel: true, showImage: true, labelText: 'Ukens annonse!', labelType: 'text',
      labelData: { text: 'Ukens annonse!', background: '#ffd100', color: '#1a1a1a' }, url: '/',
    }),
    c({
      id: 3, key: 'medlem', name: 'Medlemstilbud', shortDescription: '20 % for medlemmer i kundeklubben',
      description: 'Som medlem i kundeklubben får du 20 % på utvalgte varer, 5 års garanti på Staut-produkter og bonus på alle kjøp.',
      startsAt: at(now, -20).toISOString(), endsAt: at(now, 120).toISOString(), banner: 'kampanje-medlem',
      showLabel: true, showImage: false, labelText: 'Medlemspris', labelType: 'member',
      labelData: { text: 'Medlemspris', percent: 20, membersOnly: true, background: '#1b2a47', color: '#ffffff' }, url: '/om-oss',
    }),
    c({
      id: 4, key: 'sommersalg', name: 'Sommersalg', shortDescription: 'Opptil 40 % på sommervarer',
      description: 'Sommersalget er over – takk for at du handlet hos oss!',
      startsAt: at(now, -150).toISOString(), endsAt: at(now, -90).toISOString(), banner: 'kampanje-sommersalg',
      showLabel: true, showImage: true, labelText: '-40 %', labelType: 'percent',
      labelData: { text: '-40 %', percent: 40, background: '#f26b21', color: '#ffffff' }, url: pathFor('category', { categoryName: 'Tekstil' }),
    }),
  ];
}

// ---------------------------------------------------------------- blog
export const blogCategoryRows = [
  { id: 1, slug: 'tips-og-rad', name: 'Tips og råd' },
  { id: 2, slug: 'turinspirasjon', name: 'Turinspirasjon' },
  { id: 3, slug: 'barn-og-familie', name: 'Barn og familie' },
  { id: 4, slug: 'nyheter', name: 'Nyheter' },
];

export interface BlogPostDef {
  id: number;
  slug: string;
  title: string;
  categories: number[];
  /** Group 3 ids: the main article comes from the first, related articles from all. */
  groups: number[];
  daysAgo: number;
  body: string;
}

export const BLOG_POSTS: BlogPostDef[] = [
  {
    id: 1, slug: 'dette-trenger-barnet-til-barnehagestart', title: 'Dette trenger barnet til barnehagestart', categories: [3, 1],
    groups: [151, 152, 131, 242, 161], daysAgo: 90,
    body: `<p>Barnehagestart er spennende for både barn og voksne. Barna er ute i all slags vær, så riktige klær gjør dagene både tryggere og morsommere.</p>
<h2>Sjekkliste for garderoben</h2>
<ul><li>Regnsett og gummistøvler – gjerne to sett, så det ene kan tørke</li><li>Ullundertøy og ullsokker</li><li>Fleece- eller ulldress som mellomlag</li><li>Vinterdress, lue, votter og hals når det blir kaldt</li><li>Innesko og ett eller to sett skift</li></ul>
<h2>Merk alt</h2>
<p>Skriv navn på alle klær og sko. Mange av plaggene våre har eget navnefelt i halsen eller på innersålen.</p>
<p>Tips: Kjøp regntøyet en størrelse opp, så det passer over dressen om vinteren.</p>`,
  },
  {
    id: 2, slug: 'hvordan-kle-barna', title: 'Hvordan kle barna – lag på lag', categories: [3, 1], groups: [152, 131, 153, 162], daysAgo: 60,
    body: `<p>Det finnes ikke dårlig vær, bare dårlige klær – og for barn handler det mest om riktig lagdeling.</p>
<h2>Innerst: ull</h2><p>Ull varmer selv når den blir fuktig, og transporterer svette bort fra huden. Unngå bomull innerst, den holder på fukten.</p>
<h2>Mellomlag: fleece eller ull</h2><p>Et mellomlag isolerer. Ta av og på etter temperatur og aktivitet.</p>
<h2>Ytterst: vind og vann</h2><p>Regntøy når det er vått, vinterdress når det er kaldt. Sjekk at hender og føtter er varme – kalde tær er det første tegnet på at barnet fryser.</p>`,
  },
  {
    id: 3, slug: 'bionic-finish-eco', title: 'Bionic Finish Eco – fluorfri impregnering', categories: [4, 1], groups: [112, 121, 151], daysAgo: 120,
    body: `<p>Alle skalljakkene fra ${HOUSE_BRAND} er nå impregnert uten fluorkarboner (PFAS). Den nye behandlingen etterligner hvordan fuglefjær og blader holder seg tørre.</p>
<h2>Slik virker det</h2><p>Små, forgrenede fibre i overflaten får vanndråpene til å perle seg og renne av, uten at stoffet mister pusteevnen.</p>
<h2>Slik holder du den ved like</h2><p>Vask jakka jevnlig og tørketroml den på lav varme – varmen reaktiverer impregneringen. Når vannet ikke lenger perler seg, bruker du en fluorfri vaskeimpregnering.</p>`,
  },
  {
    id: 4, slug: 'furet-vaerbitt-vikafjell', title: 'Furet, værbitt – Vikafjell', categories: [2, 4], groups: [221, 112, 421], daysAgo: 150,
    body: `<p>Vikafjell er fjellovergangen mellom Sogn og Voss, der været skifter fra time til time. Det er her merket Vikafjell tester klærne sine.</p>
<h2>Laget for vestlandsvær</h2><p>Slitesterke materialer, enkle detaljer og reparerbare plagg. Ingen unødvendige glidelåser, bare det du trenger når det blåser og regner sidelengs.</p>
<p>Vi har snakket med fjellfolk som har brukt de samme støvlene i over ti år – furet og værbitt, men fortsatt vanntette.</p>`,
  },
  {
    id: 5, slug: 'slik-vasker-du-ullundertoy', title: 'Slik vasker du ullundertøy', categories: [1], groups: [131, 142, 132], daysAgo: 30,
    body: `<p>Ull trenger mindre vask enn du tror. Ofte holder det å lufte plagget over natten.</p>
<ul><li>Vask på ullprogram, maks 30 °C</li><li>Bruk ullvaskemiddel uten enzymer</li><li>Ikke bruk tøymykner</li><li>Tørk plagget liggende, aldri i tørketrommel</li></ul>
<p>Små hull kan stoppes med et par sting – da varer ullundertøyet i mange sesonger.</p>`,
  },
  {
    id: 6, slug: 'slik-tar-du-vare-pa-dunjakka', title: 'Slik tar du vare på dunjakka', categories: [1], groups: [113, 432], daysAgo: 20,
    body: `<p>En dunjakke kan vare i mange år hvis du steller den riktig.</p>
<h2>Vask</h2><p>Vask jakka på 30 °C med dunvaskemiddel, og skyll ekstra godt.</p>
<h2>Tørk</h2><p>Tørketroml på lav varme med to-tre tennisballer. Det kan ta flere timer – dunet må være helt tørt, ellers klumper det seg.</p>
<h2>Oppbevar</h2><p>Heng jakka løst om sommeren. Sammenpresset dun mister spensten.</p>`,
  },
  {
    id: 7, slug: 'fem-fine-dagsturer-rundt-bergen', title: 'Fem fine dagsturer rundt Bergen', categories: [2], groups: [222, 422, 111, 411], daysAgo: 200,
    body: `<p>Bergen har sju fjell og utallige stier. Her er fem av favorittene våre:</p>
<ol><li>Fløyen–Ulriken over Vidden – klassikeren, ca. 6 timer</li><li>Sandviksfjellet – bratt, men kort</li><li>Lyderhorn – utsikt mot havet</li><li>Løvstakken – fin kveldstur</li><li>Rundemanen – lett tilgjengelig fra Fløyen</li></ol>
<p>Husk vindjakke og ekstra klær: været kan snu fort på toppene.</p>`,
  },
  {
    id: 8, slug: 'smoretips-for-langrenn', title: 'Smøretips for langrenn', categories: [1, 2], groups: [342, 341, 331, 322], daysAgo: 10,
    body: `<p>Riktig smurte ski gir både bedre feste og mer glid – og mye mer glede i løypa.</p>
<h2>Festevoks etter temperatur</h2><p>Jo kaldere snø, desto hardere voks. Grønn og blå for kalde dager, lilla og rød rundt null, klister på gammel, grov snø.</p>
<h2>Glider</h2><p>En fluorfri glider smøres på hele skien utenom festesonen. La den tørke, kork den inn og børst.</p>`,
  },
  {
    id: 9, slug: 'klar-for-alpinsesongen', title: 'Klar for alpinsesongen: hjelm og briller', categories: [4, 2], groups: [312, 311, 351, 321], daysAgo: 5,
    body: `<p>Før første tur i bakken: sjekk at hjelmen sitter godt og at brillene passer til hjelmen.</p>
<ul><li>Hjelmen skal sitte stødig uten å klemme</li><li>Bytt hjelm etter et kraftig slag</li><li>Velg brilleglass etter lysforholdene – lys linse i tåke, mørk i sol</li><li>Staver: stå oppreist med staven opp-ned under trinsa – albuen skal ha 90 grader</li></ul>`,
  },
];

export function blogPostRows(now: Date, mainArticle: (post: BlogPostDef) => number | null) {
  return BLOG_POSTS.map((p) => {
    const published = at(now, -p.daysAgo).toISOString();
    return {
      id: p.id,
      slug: p.slug,
      title: p.title,
      body: p.body,
      featuredImage: blogImageUrl(p.slug),
      mainArticleId: mainArticle(p),
      publishedAt: published,
      createdAt: published,
      updatedAt: published,
    };
  });
}

// ---------------------------------------------------------------- polls
export interface PollDef {
  id: number;
  name: string;
  description: string;
  banner: string;
  active: boolean;
  /** The quiz promises a prize draw: logged-in customers only may take part. */
  prizeDraw?: boolean;
  questions: Array<{ id: number; text: string; options: Array<{ id: number; text: string; correct?: boolean }> }>;
}

export const POLLS: PollDef[] = [
  {
    id: 1, name: 'Vinterquiz', active: true, prizeDraw: true, banner: 'quiz-vinter',
    description: 'Svar riktig på alle spørsmålene og bli med i trekningen av et gavekort på 2 000 kroner!',
    questions: [
      { id: 1, text: `Hvilket år ble ${HOUSE_BRAND} grunnlagt?`, options: [{ id: 1, text: '2008' }, { id: 2, text: '2012', correct: true }, { id: 3, text: '2016' }] },
      {
        id: 2, text: 'Hva forteller vannsøylen på en skalljakke?',
        options: [
          { id: 4, text: 'Hvor mye vanntrykk stoffet tåler før det lekker', correct: true },
          { id: 5, text: 'Hvor mye jakka veier når den er våt' },
          { id: 6, text: 'Hvor mange lag membranen har' },
        ],
      },
      {
        id: 3, text: 'Hvilket vaskeprogram passer best for ullundertøy?',
        options: [{ id: 7, text: 'Ullprogram, maks 30 °C', correct: true }, { id: 8, text: '60 °C' }, { id: 9, text: 'Kokvask' }],
      },
      {
        id: 4, text: `Hvor mange års garanti får medlemmer på ${HOUSE_BRAND}-produkter?`,
        options: [{ id: 10, text: '2 år' }, { id: 11, text: '5 år', correct: true }, { id: 12, text: '10 år' }],
      },
    ],
  },
  {
    id: 2, name: 'Hva liker du best?', active: false, banner: 'undersokelse-sommer',
    description: 'Hjelp oss å velge sortiment til neste sesong.',
    questions: [
      {
        id: 5, text: 'Hvilken aktivitet driver du mest med?',
        options: [{ id: 13, text: 'Langrenn' }, { id: 14, text: 'Alpint' }, { id: 15, text: 'Fjellturer' }, { id: 16, text: 'Løping' }],
      },
    ],
  },
];

export function pollRows(now: Date) {
  const polls = POLLS.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    bannerDesktop: bannerUrl(p.banner),
    bannerMobile: bannerUrl(`${p.banner}-mobil`),
    active: p.active,
    prizeDraw: p.prizeDraw ?? false,
    createdAt: at(now, p.active ? -7 : -180).toISOString(),
    // From the seed's clock, not the column's default now(): two databases seeded for one day hold identical rows.
    publishedAt: at(now, p.active ? -7 : -180).toISOString(),
    updatedAt: at(now, p.active ? -7 : -180).toISOString(),
  }));
  const questions = POLLS.flatMap((p) => p.questions.map((q, i) => ({ id: q.id, pollId: p.id, text: q.text, sort: i + 1 })));
  const options = POLLS.flatMap((p) =>
    p.questions.flatMap((q) => q.options.map((o, i) => ({ id: o.id, questionId: q.id, text: o.text, correct: o.correct ?? false, sort: i + 1 }))),
  );
  // A few answers so the score endpoints have something to count: customers 2 and 3 took the quiz.
  const answers = [
    { pollId: 1, questionId: 1, optionId: 2, participant: 'customer:2' },
    { pollId: 1, questionId: 2, optionId: 4, participant: 'customer:2' },
    { pollId: 1, questionId: 3, optionId: 8, participant: 'customer:2' },
    { pollId: 1, questionId: 4, optionId: 11, participant: 'customer:2' },
    { pollId: 1, questionId: 1, optionId: 2, participant: 'customer:3' },
    { pollId: 1, questionId: 2, optionId: 4, participant: 'customer:3' },
    { pollId: 1, questionId: 3, optionId: 7, participant: 'customer:3' },
    { pollId: 1, questionId: 4, optionId: 11, participant: 'customer:3' },
    { pollId: 2, questionId: 5, optionId: 15, participant: 'customer:4' },
  ].map((a) => ({ ...a, createdAt: at(now, -2).toISOString() }));
  return { polls, questions, options, answers };
}

// ---------------------------------------------------------------- social posts
export function socialPostRows(now: Date) {
  const posts: Array<[string, string, number]> = [
    ['Første snøen har lagt seg på Geilo! ❄️ Butikken vår har søndagsåpent hele vinteren.', '/vintersport', 1],
    ['Vintersalget er i gang – opptil 30 % på dunjakker og ullundertøy.', pathFor('category', { categoryName: 'Tekstil' }), 3],
    ['Nytt på bloggen: smøretips for langrenn. Grønn, blå eller klister?', '/', 6],
    ['Klikk & Hent: bestill før klokka 14, hent samme dag i din nærmeste butikk.', '/kundeservice', 9],
    ['Barnehagestart? Se sjekklisten vår for regntøy, ull og skift.', '/', 14],
    ['Nordlysjakt i Tromsø – husk varme klær og hodelykt!', '/sportsutstyr', 21],
    ['Takk til alle som var med på Vinterquizen! Vinneren er trukket.', '/', 30],
    ['Vi har fått inn ny kolleksjon fra Vikafjell – furet, værbitt og klar for fjellet.', pathFor('category', { categoryName: 'Tekstil' }), 45],
  ];
  return posts.map(([message, url, daysAgo], i) => ({
    message,
    image: bannerUrl(`sosial-${i + 1}-kvadrat`),
    url,
    postedAt: at(now, -daysAgo).toISOString(),
  }));
}

// ---------------------------------------------------------------- home layouts
/** Colour hexes used for the home page's product tiles. */
const TILE_COLOURS = ['1b2a47', 'c8102e', '2f5233', 'ffd100', '1e4fb4', 'f26b21', '1a1a1a', 'f4a6c0', '6b7238'];

export function homeLayoutRows() {
  const tile = (group3Id: number, title: string, colour: string) => ({
    title,
    link: categoryPath(group3Id),
    image: articleImageUrl(group3Id, colour),
  });
  // Canonical category addresses (ADR 0014): Tekstil is /klaer.
  const category = (mainGroup: string, group2?: string) => pathFor('category', { categoryName: mainGroup, subcategoryName: group2 });

  const standard = {
    topBanner: {
      title: 'Vintersalg',
      text: 'Opptil 30 % på ski, hjelmer, alpinbriller og varme klær',
      image: bannerUrl('hjem-topp'),
      imageMobile: bannerUrl('hjem-topp-mobil'),
      link: '/vintersport',
      buttonText: 'Se tilbudene',
    },
    subBanners: [
      { title: 'Klikk & Hent', text: 'Bestill på nett – hent i butikk samme dag', image: bannerUrl('hjem-klikk-og-hent'), link: '/kundeservice' },
      { title: 'Barneklær', text: 'Regntøy, ull og vinterdresser', image: bannerUrl('hjem-barn'), link: category('Tekstil', 'Barneklær') },
      { title: 'Løpesko', text: 'Nye modeller for vinterløping', image: bannerUrl('hjem-lopesko'), link: category('Sko', 'Løpesko') },
    ],
    storeSearch: {
      title: 'Finn din nærmeste butikk',
      text: '14 butikker fra Kristiansand til Alta – og nettbutikk med levering i hele landet.',
      image: bannerUrl('hjem-butikker'),
    },
    popularCategories: [
      { name: 'Klær', link: category('Tekstil'), image: articleImageUrl(113, '1b2a47') },
      { name: 'Sko', link: category('Sko'), image: articleImageUrl(211, '1e4fb4') },
      { name: 'Alpinbriller', link: categoryPath(311), image: articleImageUrl(311, '1a1a1a') },
      { name: 'Alpinhjelmer', link: categoryPath(312), image: articleImageUrl(312, 'c8102e') },
      { name: 'Kosttilskudd', link: category('Mat og drikke', 'Kosttilskudd'), image: articleImageUrl(511, '6f4e37') },
      { name: 'Tilbehør', link: category('Sportsutstyr', 'Tilbehør sportsutstyr'), image: articleImageUrl(412, 'ffd100') },
    ],
    grid: [
      tile(112, 'Skalljakker', TILE_COLOURS[0]),
      tile(131, 'Ullundertøy', TILE_COLOURS[1]),
      tile(151, 'Regntøy til barn', TILE_COLOURS[2]),
      tile(231, 'Vintersko', TILE_COLOURS[3]),
      tile(331, 'Langrennsski', TILE_COLOURS[4]),
      tile(321, 'Alpinstaver', TILE_COLOURS[5]),
      tile(421, 'Tursekker', TILE_COLOURS[6]),
      tile(161, 'Luer', TILE_COLOURS[7]),
      tile(521, 'Sportsdrikk', TILE_COLOURS[8]),
    ],
  };
  const vinter = {
    ...standard,
    topBanner: {
      title: 'Klar for vinteren?',
      text: 'Alt til skiferien – fra ullundertøy til alpinhjelm',
      image: bannerUrl('vinter-topp'),
      imageMobile: bannerUrl('vinter-topp-mobil'),
      link: '/vintersport',
      buttonText: 'Handle vinter',
    },
    subBanners: [
      { title: 'Alpinbriller', text: 'Skarpt syn i all slags lys', image: bannerUrl('vinter-briller'), link: categoryPath(311) },
      { title: 'Alpinhjelmer', text: 'Trygt i bakken', image: bannerUrl('vinter-hjelmer'), link: categoryPath(312) },
      { title: 'Staver', text: 'Riktig lengde, bedre tur', image: bannerUrl('vinter-staver'), link: categoryPath(321) },
    ],
  };
  return [
    { name: 'standard', published: true, slots: standard },
    { name: 'vinter', published: false, slots: vinter },
  ];
}
