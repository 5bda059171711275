/** Norwegian collation, slugs and URL params. */

let nbCollator: Intl.Collator | undefined;

/**
 * nb-NO collation (æ, ø, å after z; "aa" sorts as å, as Norwegian readers expect). The collator is made on first use:
 * the first Intl object a page makes loads locale data (see money.ts).
 */
export function compareNb(a: string, b: string): number {
  nbCollator ??= new Intl.Collator('nb-NO');
  return nbCollator.compare(a, b);
}

/** A new array sorted by `name` in nb-NO order. */
export function sortByName<T extends { name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => compareNb(a.name, b.name));
}

/** A new array sorted by a string key in nb-NO order. */
export function sortByNb<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...items].sort((a, b) => compareNb(key(a), key(b)));
}

/**
 * URL slug (SPEC §9): lowercase, æ → ae, ø → o, å → a, spaces → hyphens. Our additions (the spec is silent):
 * other accents are stripped (é → e, ü → u), apostrophes vanish ("O'Neill" → "oneill"), every other run of
 * non-alphanumerics ("&", "/", ".", ",", repeated spaces/hyphens) becomes one hyphen, and leading/trailing hyphens
 * are dropped:
 * "Hjelmer & alpinbriller" → "hjelmer-alpinbriller", "Blåbær-juice 0,5 l" → "blabaer-juice-0-5-l".
 * The API uses this same function to assign article slugs.
 */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’`´]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Category route param: lowercase, whitespace runs → one dash; "&" and æøå are kept
 * ("Hjelmer & alpinbriller" → "hjelmer-&-alpinbriller", "Mat og drikke" → "mat-og-drikke").
 */
export function categoryParam(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/** True when a URL param names this category/subcategory/group (URL-decoded, case-insensitive). */
export function matchesCategoryParam(name: string, param: string): boolean {
  let decoded = param;
  try {
    decoded = decodeURIComponent(param);
  } catch {
    // A stray "%" is taken literally.
  }
  return categoryParam(name) === categoryParam(decoded);
}
