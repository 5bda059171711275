/** Fixed reference data: genders, colours and colour groups, sizes, product lines (brands). */

export const GENDER = { herre: 1, dame: 2, barn: 4, uni: 10, junior: 11 } as const;
export type GenderId = (typeof GENDER)[keyof typeof GENDER];

export const genders: Array<{ id: GenderId; name: string }> = [
  { id: 1, name: 'Herre' },
  { id: 2, name: 'Dame' },
  { id: 4, name: 'Barn' },
  { id: 10, name: 'Uni' },
  { id: 11, name: 'Junior' },
];

/** Word appended to an article name for its gender ("Regnsett barn"); unisex articles get none. */
export const genderSuffix: Record<GenderId, string> = { 1: 'herre', 2: 'dame', 4: 'barn', 10: '', 11: 'junior' };

export interface ColorGroupRow {
  id: number;
  label: string;
  name: string;
  hex: string;
  colorId: number;
}

/** `name` is the URL/filter key, `label` what shoppers read, `colorId` the representative colour. */
export const colorGroups: ColorGroupRow[] = [
  { id: 1, label: 'Svart', name: 'svart', hex: '#1a1a1a', colorId: 1 },
  { id: 2, label: 'Hvit', name: 'hvit', hex: '#ffffff', colorId: 3 },
  { id: 3, label: 'Grå', name: 'gra', hex: '#8a8d8f', colorId: 6 },
  { id: 4, label: 'Blå', name: 'bla', hex: '#1e4fb4', colorId: 9 },
  { id: 5, label: 'Grønn', name: 'gronn', hex: '#2f5233', colorId: 13 },
  { id: 6, label: 'Rød', name: 'rod', hex: '#c8102e', colorId: 17 },
  { id: 7, label: 'Gul', name: 'gul', hex: '#ffd100', colorId: 20 },
  { id: 8, label: 'Oransje', name: 'oransje', hex: '#f26b21', colorId: 22 },
  { id: 9, label: 'Rosa', name: 'rosa', hex: '#f4a6c0', colorId: 24 },
  { id: 10, label: 'Lilla', name: 'lilla', hex: '#6a3d9a', colorId: 26 },
  { id: 11, label: 'Brun og beige', name: 'brun-beige', hex: '#a67b5b', colorId: 30 },
];

export interface ColorRow {
  id: number;
  name: string;
  /** Lower-case `#rrggbb`. */
  hex: string;
  colorCode: string;
  colorGroupId: number;
}

export const colors: ColorRow[] = [
  { id: 1, name: 'Svart', hex: '#1a1a1a', colorCode: '990', colorGroupId: 1 },
  { id: 2, name: 'Antrasitt', hex: '#383e42', colorCode: '985', colorGroupId: 3 },
  { id: 3, name: 'Hvit', hex: '#ffffff', colorCode: '100', colorGroupId: 2 },
  { id: 4, name: 'Offwhite', hex: '#f4f1e8', colorCode: '110', colorGroupId: 2 },
  { id: 5, name: 'Lys grå', hex: '#c8cacc', colorCode: '910', colorGroupId: 3 },
  { id: 6, name: 'Grå melert', hex: '#9ea0a3', colorCode: '920', colorGroupId: 3 },
  { id: 7, name: 'Koksgrå', hex: '#4a4d50', colorCode: '950', colorGroupId: 3 },
  { id: 8, name: 'Marine', hex: '#1b2a47', colorCode: '590', colorGroupId: 4 },
  { id: 9, name: 'Kongeblå', hex: '#1e4fb4', colorCode: '550', colorGroupId: 4 },
  { id: 10, name: 'Himmelblå', hex: '#7eb6e6', colorCode: '510', colorGroupId: 4 },
  { id: 11, name: 'Petrol', hex: '#1f6f78', colorCode: '570', colorGroupId: 4 },
  { id: 12, name: 'Isblå', hex: '#bfe3f2', colorCode: '505', colorGroupId: 4 },
  { id: 13, name: 'Skoggrønn', hex: '#2f5233', colorCode: '690', colorGroupId: 5 },
  { id: 14, name: 'Oliven', hex: '#6b7238', colorCode: '660', colorGroupId: 5 },
  { id: 15, name: 'Mint', hex: '#98d7c2', colorCode: '610', colorGroupId: 5 },
  { id: 16, name: 'Limegrønn', hex: '#9ccc3c', colorCode: '630', colorGroupId: 5 },
  { id: 17, name: 'Rød', hex: '#c8102e', colorCode: '390', colorGroupId: 6 },
  { id: 18, name: 'Vinrød', hex: '#7b1e2e', colorCode: '395', colorGroupId: 6 },
  { id: 19, name: 'Korall', hex: '#ff6f61', colorCode: '340', colorGroupId: 6 },
  { id: 20, name: 'Gul', hex: '#ffd100', colorCode: '200', colorGroupId: 7 },
  { id: 21, name: 'Sennep', hex: '#d4a017', colorCode: '250', colorGroupId: 7 },
  { id: 22, name: 'Oransje', hex: '#f26b21', colorCode: '300', colorGroupId: 8 },
  { id: 23, name: 'Signaloransje', hex: '#ff5f1f', colorCode: '310', colorGroupId: 8 },
  { id: 24, name: 'Rosa', hex: '#f4a6c0', colorCode: '410', colorGroupId: 9 },
  { id: 25, name: 'Fuksia', hex: '#c2185b', colorCode: '450', colorGroupId: 9 },
  { id: 26, name: 'Lavendel', hex: '#b39ddb', colorCode: '710', colorGroupId: 10 },
  { id: 27, name: 'Plomme', hex: '#5e2750', colorCode: '790', colorGroupId: 10 },
  { id: 28, name: 'Beige', hex: '#d8c3a5', colorCode: '810', colorGroupId: 11 },
  { id: 29, name: 'Sand', hex: '#c2b280', colorCode: '820', colorGroupId: 11 },
  { id: 30, name: 'Brun', hex: '#6f4e37', colorCode: '850', colorGroupId: 11 },
  { id: 31, name: 'Kamel', hex: '#c19a6b', colorCode: '830', colorGroupId: 11 },
  { id: 32, name: 'Sølv', hex: '#b4b8bc', colorCode: '930', colorGroupId: 3 },
];

export const colorById = new Map(colors.map((c) => [c.id, c]));

/** Colour palettes the article generator picks from (colour ids). */
export const PALETTE = {
  outdoor: [1, 8, 13, 14, 17, 11, 7, 23, 20, 9, 18, 29, 2],
  kids: [24, 25, 16, 20, 10, 9, 17, 26, 15, 22, 8, 19],
  basic: [1, 3, 6, 8, 4, 7, 28],
  wool: [1, 8, 6, 18, 13, 4, 2, 21, 27],
  gear: [1, 7, 32, 17, 9, 22, 16, 10],
  shoes: [1, 7, 3, 8, 2, 30, 10, 17, 16, 12],
} as const;

export interface SizeRow {
  id: number;
  name: string;
  sort: number;
}

const clothing = ['XS', 'S', 'M', 'L', 'XL', 'XXL'].map((name, i) => ({ id: i + 1, name, sort: 10 + i }));
const childSizes = [80, 86, 92, 98, 104, 110, 116, 122, 128, 134, 140, 146, 152, 158, 164];
const children = childSizes.map((n, i) => ({ id: 101 + i, name: String(n), sort: 100 + i }));
const shoes = Array.from({ length: 20 }, (_, i) => ({ id: 228 + i, name: String(28 + i), sort: 200 + i }));
const oneSize = { id: 300, name: 'One size', sort: 300 };
const sockSizes = ['31–34', '35–38', '39–42', '43–46'].map((name, i) => ({ id: 311 + i, name, sort: 310 + i }));
const ballSizes = [1, 2, 3, 4, 5].map((n) => ({ id: 320 + n, name: `Str. ${n}`, sort: 320 + n }));
/** Lengths in cm for poles and skis share one range: id = 400 + length / 5. */
const lengths = Array.from({ length: 23 }, (_, i) => {
  const cm = 90 + i * 5;
  return { id: 400 + cm / 5, name: `${cm} cm`, sort: 400 + i };
});

export const sizes: SizeRow[] = [...clothing, ...children, ...shoes, oneSize, ...sockSizes, ...ballSizes, ...lengths];

export const SIZE_ONE = oneSize.id;
export const sizeIdByName = new Map(sizes.map((s) => [s.name, s.id]));

export function clothingSizes(from: string, to: string): number[] {
  const names = clothing.map((s) => s.name);
  return clothing.slice(names.indexOf(from), names.indexOf(to) + 1).map((s) => s.id);
}
export function childSizeRange(from: number, to: number): number[] {
  return children.filter((s) => Number(s.name) >= from && Number(s.name) <= to).map((s) => s.id);
}
export function shoeSizeRange(from: number, to: number): number[] {
  return shoes.filter((s) => Number(s.name) >= from && Number(s.name) <= to).map((s) => s.id);
}
export function lengthRange(fromCm: number, toCm: number, stepCm = 5): number[] {
  const out: number[] = [];
  for (let cm = fromCm; cm <= toCm; cm += stepCm) out.push(400 + cm / 5);
  return out;
}
export const SOCK_SIZES = sockSizes.map((s) => s.id);
export function ballSizeRange(from: number, to: number): number[] {
  return ballSizes.slice(from - 1, to).map((s) => s.id);
}

export interface ProductLineRow {
  id: number;
  name: string;
  houseBrand: boolean;
}

/** The house brand is Staut (the shop's own name); the others are invented so no real trademark is used. */
export const HOUSE_BRAND = 'Staut';
export const BRAND = {
  staut: 1,
  vikafjell: 2,
  nordtind: 3,
  isbre: 4,
  polarlys: 5,
  skarvet: 6,
  tindefjell: 7,
  havbris: 8,
  trollbarn: 9,
  tussi: 10,
  loypeglad: 11,
  bratt: 12,
  fjordlop: 13,
  ullvik: 14,
  snogg: 15,
  kraftkost: 16,
  torst: 17,
  morketid: 18,
  villmark: 19,
  ballsterk: 20,
  kvikk: 21,
} as const;

export const productLines: ProductLineRow[] = [
  { id: 1, name: HOUSE_BRAND, houseBrand: true },
  { id: 2, name: 'Vikafjell', houseBrand: false },
  { id: 3, name: 'Nordtind', houseBrand: false },
  { id: 4, name: 'Isbre', houseBrand: false },
  { id: 5, name: 'Polarlys', houseBrand: false },
  { id: 6, name: 'Skarvet', houseBrand: false },
  { id: 7, name: 'Tindefjell', houseBrand: false },
  { id: 8, name: 'Havbris', houseBrand: false },
  { id: 9, name: 'Trollbarn', houseBrand: false },
  { id: 10, name: 'Tussi', houseBrand: false },
  { id: 11, name: 'Løypeglad', houseBrand: false },
  { id: 12, name: 'Bratt', houseBrand: false },
  { id: 13, name: 'Fjordløp', houseBrand: false },
  { id: 14, name: 'Ullvik', houseBrand: false },
  { id: 15, name: 'Snøgg', houseBrand: false },
  { id: 16, name: 'Kraftkost', houseBrand: false },
  { id: 17, name: 'Tørst', houseBrand: false },
  { id: 18, name: 'Mørketid', houseBrand: false },
  { id: 19, name: 'Villmark', houseBrand: false },
  { id: 20, name: 'Ballsterk', houseBrand: false },
  { id: 21, name: 'Kvikk', houseBrand: false },
];

export const productLineById = new Map(productLines.map((p) => [p.id, p]));
