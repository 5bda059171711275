/** EAN-13 (GS1) check digit: weights 1,3,1,3… from the left over the first 12 digits. */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error(`EAN-13 body must be 12 digits, got "${first12}"`);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(ean: string): boolean {
  return /^\d{13}$/.test(ean) && ean13CheckDigit(ean.slice(0, 12)) === Number(ean[12]);
}

const ITEM_SPACE = 100_000_000;
// Odd and not a multiple of 5, hence coprime with 10^8: the mapping below is a bijection, so EANs are unique per id
// while not looking like a counter.
const SCRAMBLE = 7_919;
const OFFSET = 31_415_926;

/**
 * The EAN of a seeded variant. Prefix 7038 sits in the Norwegian GS1 range (700–709); the rest is derived from the
 * variant id, so it is unique for up to 10^8 variants and identical on every run.
 */
export function variantEan(variantId: number): string {
  if (!Number.isInteger(variantId) || variantId < 0 || variantId >= ITEM_SPACE) throw new Error(`variant id out of range: ${variantId}`);
  const item = (variantId * SCRAMBLE + OFFSET) % ITEM_SPACE;
  const body = `7038${String(item).padStart(8, '0')}`;
  return body + ean13CheckDigit(body);
}
