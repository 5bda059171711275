/**
 * Reading editor-maintained JSON (tenant settings, home layouts) whose key spelling is not enforced by the database:
 * `BrandName`, `brandName` and `brand_name` all name the same field. Values of the wrong type count as absent.
 */
export type JsonObject = Record<string, unknown>;

export const normKey = (key: string) => key.toLowerCase().replace(/[_\-\s]/g, '');

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The value of `field` in `obj` under any spelling, or undefined. */
export function pick(obj: JsonObject, field: string): unknown {
  if (field in obj) return obj[field];
  const wanted = normKey(field);
  for (const [key, value] of Object.entries(obj)) if (normKey(key) === wanted) return value;
  return undefined;
}

/** The first of several names (aliases) that is present. */
export function pickAny(obj: JsonObject, ...fields: string[]): unknown {
  for (const field of fields) {
    const v = pick(obj, field);
    if (v !== undefined) return v;
  }
  return undefined;
}

export function pickString(obj: JsonObject, field: string): string | null {
  const v = pick(obj, field);
  return typeof v === 'string' ? v : null;
}

export function pickNumber(obj: JsonObject, field: string): number | null {
  const v = pick(obj, field);
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

export function pickStringArray(obj: JsonObject, field: string): string[] | null {
  const v = pick(obj, field);
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null;
}
