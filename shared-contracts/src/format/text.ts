/** Norwegian collation, slugs and URL params. */
import { catalogTexts } from '@shop/contracts/texts';

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
 * Category route param, the canonical form of a category, subcategory or group in a URL (docs/adr/0014): the
 * spec's slug rule (SPEC §9: lowercase, spaces → hyphens, æ → ae, ø → o, å → a) and nothing more, so "&" stays
 * ("Hjelmer & alpinbriller" → "hjelmer-&-alpinbriller", as SPEC §2's shortcut table spells it) and the address is
 * plain ASCII for these names ("Klær" → "klaer", "Ull og undertøy" → "ull-og-undertoy"). NFC first: a name typed
 * on a Mac (å as a + ring) folds like one typed elsewhere.
 */
export function categoryParam(name: string): string {
  return name
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a');
}

/**
 * The names a category answers to: its own, its display name ("Tekstil" → "Klær") and its stored name ("Klær" →
 * "Tekstil"), whichever of the two the caller holds (the API has stored names, the front ends display names).
 */
export function categoryNameForms(name: string): string[] {
  const shown = catalogTexts.categoryDisplayNames;
  const stored = Object.keys(shown).filter((key) => shown[key] === name);
  return [name, ...(shown[name] !== undefined ? [shown[name]] : []), ...stored];
}

/**
 * True when a URL param names this category/subcategory/group (URL-decoded, case-insensitive) in any of its forms:
 * stored name (/tekstil), display name (/klær) or canonical ASCII (/klaer).
 */
export function matchesCategoryParam(name: string, param: string): boolean {
  let decoded = param;
  try {
    decoded = decodeURIComponent(param);
  } catch {
    // A stray "%" is taken literally.
  }
  const wanted = categoryParam(decoded);
  return categoryNameForms(name).some((form) => categoryParam(form) === wanted);
}
