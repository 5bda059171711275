/**
 * A small, hand-made catalogue the API tests assert against (independent of the demo seed, so expectations are exact).
 * Names exercise Norwegian order (Æ, Ø, Å after Z, "Aa" read as Å, accents, lower case).
 */
import type { Db } from '../../src/db/index.js';
import * as s from '../../src/db/schema.js';

const DAY = 24 * 60 * 60 * 1000;

/** EAN-13 with a valid check digit from a 12-digit body. */
export function ean13(body: string): string {
  const digits = body.padStart(12, '0').split('').map(Number);
  const sum = digits.reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0);
  return `${digits.join('')}${(10 - (sum % 10)) % 10}`;
}

export const TEKSTIL = 1;
export const SKO = 2;
export const MAT = 3;
export const EMPTY_GROUP = 4;

/** Visible articles of main group 1 (Tekstil) with their prices. */
export const TEKSTIL_VISIBLE: Array<{ id: number; name: string; price: number }> = [
  { id: 101, name: 'Åsen parkas', price: 249900 },
  { id: 102, name: 'Anorakk Vidda', price: 129900 },
  { id: 103, name: 'Zip-genser', price: 59900 },
  { id: 104, name: 'Ærlig ullgenser', price: 89900 },
  { id: 105, name: 'Øvre Dal jakke', price: 199900 },
  { id: 106, name: 'bobledress', price: 79900 },
  { id: 107, name: 'Élan vest', price: 99900 },
  { id: 109, name: 'Aasen lue', price: 29900 },
  { id: 110, name: 'Ullsokker', price: 19900 },
];
export const HIDDEN_ARTICLE = { id: 108, name: 'Skjult jakke', slug: 'skjult-jakke', price: 10000 };

export interface Fixtures {
  now: Date;
  customerId: number;
  activeCampaignId: number;
}

function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '-');
}

export async function insertFixtures(db: Db): Promise<Fixtures> {
  const now = new Date();
  await db.insert(s.mainGroups).values([
    { id: TEKSTIL, name: 'Tekstil', banner: '/api/v1/images/banners/tekstil.svg', bannerLink: '/tekstil', sort: 1 },
    { id: SKO, name: 'Sko', banner: null, bannerLink: null, sort: 2 },
    { id: MAT, name: 'Mat og drikke', sort: 3 },
    { id: EMPTY_GROUP, name: 'Sportsutstyr', sort: 4 },
  ]);
  await db.insert(s.articleGroups2).values([
    { id: 11, mainGroupId: TEKSTIL, name: 'Jakker' },
    { id: 12, mainGroupId: TEKSTIL, name: 'Gensere' },
    { id: 21, mainGroupId: SKO, name: 'Joggesko' },
    { id: 31, mainGroupId: MAT, name: 'Kosttilskudd' },
    { id: 41, mainGroupId: EMPTY_GROUP, name: 'Tilbehør sportsutstyr' },
  ]);
  await db.insert(s.articleGroups3).values([
    { id: 111, group2Id: 11, name: 'Skalljakker' },
    { id: 112, group2Id: 11, name: 'Parkas' },
    { id: 121, group2Id: 12, name: 'Ullgensere' },
    { id: 211, group2Id: 21, name: 'Løpesko' },
    { id: 311, group2Id: 31, name: 'Sportsdrikke' },
    { id: 411, group2Id: 41, name: 'Drikkeflasker' },
  ]);
  await db.insert(s.genders).values([
    { id: 1, name: 'Herre' },
    { id: 2, name: 'Dame' },
    { id: 4, name: 'Barn' },
    { id: 10, name: 'Uni' },
    { id: 11, name: 'Junior' },
  ]);
  await db.insert(s.colorGroups).values([
    { id: 1, label: 'Blå', name: 'blue', hex: '#1d3557', colorId: 1 },
    { id: 2, label: 'Rød', name: 'red', hex: '#c0392b', colorId: 2 },
    { id: 3, label: 'Sort', name: 'black', hex: '#111111', colorId: null },
  ]);
  await db.insert(s.colors).values([
    { id: 1, name: 'Marine', hex: '#1d3557', colorCode: '410', colorGroupId: 1 },
    { id: 2, name: 'Rød', hex: '#c0392b', colorCode: '600', colorGroupId: 2 },
    { id: 3, name: 'Sort', hex: '#111111', colorCode: '990', colorGroupId: 3 },
  ]);
  await db.insert(s.sizes).values([
    { id: 1, name: 'S', sort: 1 },
    { id: 2, name: 'M', sort: 2 },
    { id: 3, name: 'L', sort: 3 },
    { id: 4, name: '42', sort: 10 },
  ]);
  await db.insert(s.productLines).values([
    { id: 1, name: 'Staut', houseBrand: true },
    { id: 2, name: 'Åsgard' },
    { id: 3, name: 'Fjellrev' },
    { id: 4, name: 'Norrøn' },
  ]);
  await db.insert(s.shops).values([
    {
      id: 1, no: '001', name: 'Staut Oslo', fullName: 'Staut Oslo City', orgNo: '912345678',
      openingHours: '1-5:1000-2000,6-6:1000-1800', postNo: '0150', postPlace: 'OSLO', address: 'Karl Johans gate 1',
      email: 'oslo@staut.no', phone: '22000000', lat: 59.9111, lng: 10.7528,
    },
    {
      id: 2, no: '002', name: 'Staut Bergen', fullName: 'Staut Bergen Sentrum', orgNo: null,
      openingHours: '1-5:1000-2000', postNo: '5003', postPlace: 'BERGEN', address: 'Torgallmenningen 2',
      lat: 60.3929, lng: 5.3241,
    },
    {
      id: 55, no: '055', name: 'Nettbutikk', fullName: 'Staut nettbutikk (lager)', postNo: '0150', postPlace: 'OSLO',
      address: 'Lagerveien 5', isWebStock: true,
    },
  ]);

  const line = (id: number) => (id % 4) + 1;
  const visible = TEKSTIL_VISIBLE.map((a, i) => ({
    id: a.id,
    articleNo: `${a.id}-410`,
    name: a.name,
    slug: slugOf(a.name),
    description: `${a.name} fra testkatalogen.`,
    price: a.price,
    productLineId: line(a.id),
    mainGroupId: TEKSTIL,
    group2Id: a.id === 103 || a.id === 104 || a.id === 109 || a.id === 110 ? 12 : 11,
    group3Id: a.id === 103 || a.id === 104 || a.id === 109 || a.id === 110 ? 121 : a.id === 101 || a.id === 106 ? 112 : 111,
    genderId: 1,
    dateCreated: new Date(now.getTime() - (i + 1) * DAY),
  }));
  await db.insert(s.articles).values([
    ...visible,
    {
      id: HIDDEN_ARTICLE.id, articleNo: '108-990', name: HIDDEN_ARTICLE.name, slug: HIDDEN_ARTICLE.slug,
      price: HIDDEN_ARTICLE.price, productLineId: 4, mainGroupId: TEKSTIL, group2Id: 11, group3Id: 111, genderId: 2,
      visibleOnWeb: false,
    },
    {
      id: 201, articleNo: '201-990', name: 'Løpesko Fart', slug: 'lopesko-fart', price: 149900, productLineId: 3,
      mainGroupId: SKO, group2Id: 21, group3Id: 211, genderId: 2, season: 'SS26', webLabel: 'Nyhet',
    },
    {
      id: 202, articleNo: '202-990', name: 'Løpesko Fart', slug: 'lopesko-fart-202', price: 139900, productLineId: 3,
      mainGroupId: SKO, group2Id: 21, group3Id: 211, genderId: 1,
    },
    {
      id: 301, articleNo: '301-000', name: 'Sportsdrikk appelsin', slug: 'sportsdrikk-appelsin', price: 2990, pant: 200,
      productLineId: 1, mainGroupId: MAT, group2Id: 31, group3Id: 311, genderId: null, purchasableOnWeb: false,
      onlyCC: true, frightPrice: 14900, webPurchaseLimit: 24, featured: true,
      nutrientContent: 'Energi 120 kJ per 100 ml',
    },
  ]);

  await db.insert(s.variants).values([
    { id: 1011, articleId: 101, ean: ean13('701011'), sizeId: 1, colorId: 1 },
    { id: 1012, articleId: 101, ean: ean13('701012'), sizeId: 2, colorId: 1 },
    { id: 1013, articleId: 101, ean: ean13('701013'), sizeId: 2, colorId: 2 },
    { id: 1021, articleId: 102, ean: ean13('701021'), sizeId: 2, colorId: 3 },
    { id: 1031, articleId: 103, ean: ean13('701031'), sizeId: 3, colorId: 2 },
    ...[104, 105, 106, 107, 108, 109, 110].map((id) => ({
      id: id * 10 + 1, articleId: id, ean: ean13(`70${id}1`), sizeId: 2, colorId: 1,
    })),
    { id: 2011, articleId: 201, ean: ean13('702011'), sizeId: 4, colorId: 3 },
    { id: 2021, articleId: 202, ean: ean13('702021'), sizeId: 4, colorId: 3 },
    { id: 3011, articleId: 301, ean: ean13('703011'), sizeId: null, colorId: null },
  ]);
  await db.insert(s.stock).values([
    { variantId: 1011, shopId: 1, qty: 3 },
    { variantId: 1011, shopId: 2, qty: 0 },
    { variantId: 1011, shopId: 55, qty: 5 },
    { variantId: 1012, shopId: 1, qty: 0 },
    { variantId: 1013, shopId: 2, qty: 2 },
    { variantId: 1021, shopId: 1, qty: 0 },
    { variantId: 2011, shopId: 55, qty: 9 },
  ]);

  const [active] = await db
    .insert(s.campaigns)
    .values({
      name: 'Vinterkampanje', shortDescription: 'Klikk & Hent', startsAt: new Date(now.getTime() - DAY),
      endsAt: new Date(now.getTime() + 10 * DAY), labelType: 'percent', labelData: { text: '-20%' },
    })
    .returning({ id: s.campaigns.id });
  const [expired] = await db
    .insert(s.campaigns)
    .values({
      name: 'Gammel kampanje', startsAt: new Date(now.getTime() - 30 * DAY), endsAt: new Date(now.getTime() - 20 * DAY),
      labelType: 'price',
    })
    .returning({ id: s.campaigns.id });
  await db.insert(s.campaignArticles).values([
    { campaignId: active!.id, articleId: 101, price: 199900 },
    { campaignId: expired!.id, articleId: 101, price: 99900 },
    { campaignId: active!.id, articleId: 103, price: 49900 },
  ]);
  await db.insert(s.bestsellers).values([
    { articleId: 103, qtyRank: 1, turnoverRank: 2 },
    { articleId: 101, qtyRank: 2, turnoverRank: 1 },
    { articleId: 105, qtyRank: 3, turnoverRank: 3 },
  ]);

  const [customer] = await db
    .insert(s.customers)
    .values({
      firstName: 'Kari', lastName: 'Nordmann', email: 'kari@example.no', phone: '91234567', club: true,
      memberCode: 'M-0001', termsConditions: true, permissions: ['review'], preferences: { newsletter: 'monthly' },
    })
    .returning({ id: s.customers.id });
  await db.insert(s.reviews).values([
    { reviewableId: 101, customerId: customer!.id, content: 'Varm og god.', rating: 5, approved: true, trueToSize: 0, sizeColor: 'M / Marine', createdAt: new Date(now.getTime() - 2 * DAY) },
    { reviewableId: 101, customerId: customer!.id, content: 'Grei nok.', rating: 3, approved: true, anonymous: true, createdAt: new Date(now.getTime() - DAY) },
    { reviewableId: 101, customerId: customer!.id, content: 'Ikke godkjent ennå.', rating: 1, approved: false },
  ]);

  await db.insert(s.tenantSettings).values([
    {
      key: 'tenant',
      value: {
        TenantID: 7, BrandName: 'Staut', ChainID: 1, SingleLineHeaderBrand: 'Staut Mini',
        MenuBrands: { support: ['Staut'], maintenance: ['Staut'], about: ['Staut', 'Staut Mini'], policy: [] },
        CustomerServiceEmail: 'hei@staut.no',
      },
    },
    { key: 'company_name', value: 'Staut Test AS' },
  ]);
  await db.insert(s.homeLayouts).values({
    name: 'standard',
    published: true,
    slots: {
      TopBanner: { Image: '/api/v1/images/banners/vinter.svg', ImageMobile: null, Link: '/tekstil', Title: 'Vinter', Text: null },
      SubBanners: [{ Image: '/api/v1/images/banners/sko.svg', Link: '/sko' }, null],
      StoreSearch: null,
      PopularCategories: [{ Name: 'Jakker', Image: '/api/v1/images/banners/jakker.svg', Link: '/tekstil/jakker' }],
      Grid3x3: [],
    },
  });
  await db.insert(s.postalCodes).values([
    { postNo: '0150', postPlace: 'OSLO', municipalityNo: '0301', municipality: 'OSLO', county: 'OSLO', lat: 59.9089, lng: 10.7477 },
    { postNo: '5003', postPlace: 'BERGEN', municipalityNo: '4601', municipality: 'BERGEN', county: 'VESTLAND', lat: 60.3943, lng: 5.3259 },
    { postNo: '9170', postPlace: 'LONGYEARBYEN', municipalityNo: '2111', municipality: 'SVALBARD', lat: null, lng: null },
    { postNo: '0101', postPlace: 'OSLO', retired: true },
  ]);
  return { now, customerId: customer!.id, activeCampaignId: active!.id };
}
