/**
 * A deterministic, schema-driven generator of bad requests for one route (no dependency: mulberry32 from the seed).
 *
 * For every route the generator starts from a valid example built from the route's own JSON schemas (body,
 * querystring, params) and breaks one thing per case: a field gets the wrong type, a huge or unicode string, null,
 * a deep object, an SQL or HTML payload, an out-of-range number; a required field goes missing; the whole body is
 * replaced by garbage, malformed JSON, the wrong content type or more than the body limit; the query string or a
 * path segment gets malformed percent-encoding. Each case says whether it is *definitely invalid* under the schema
 * as Fastify applies it (ajv with coerceTypes: 'array' — "12" is an integer, [x] is x, null is "" or 0), so the
 * suite can demand a 4xx for those and "no 5xx" for the rest (hostile but schema-valid values, e.g. an SQL string
 * as a search query, may well be accepted).
 */
import { mulberry32, hashSeed, type Rng } from '../../../src/seed/prng.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  patternProperties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
}

export interface RouteSchemas {
  body?: JsonSchema;
  querystring?: JsonSchema;
  params?: JsonSchema;
}

export type Part = 'body' | 'querystring' | 'params';

export interface FuzzCase {
  /** What was broken, for failure messages. */
  note: string;
  part: Part;
  /** The URL with params and query string filled in. */
  url: string;
  /** A JSON body (serialized as JSON). */
  json?: Json;
  /** A raw body sent byte for byte, with `contentType`. */
  raw?: string | Buffer;
  contentType?: string;
  /** Under the schema as Fastify applies it, this input must be rejected (4xx). */
  invalid: boolean;
}

// ------------------------------------------------------------------------------------------------ value pools

export const SQL_PAYLOADS = [
  "' OR '1'='1",
  "'; DROP TABLE customers; --",
  '1; SELECT pg_sleep(5)--',
  "' UNION SELECT password_hash, email FROM customers --",
  "%' AND 1=1 --",
  '$$; DELETE FROM sessions; $$',
  "1' AND (SELECT count(*) FROM pg_catalog.pg_tables) > 0 --",
  "admin'--",
  '") OR ("a"="a',
  '\\x27; TRUNCATE reservations; --',
];

export const HTML_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(document.cookie)>',
  'javascript:alert(1)',
  "<iframe srcdoc='<script>parent.x()</script>'></iframe>",
  '<a href="javascript:void(0)" onclick="steal()">klikk</a>',
  '<style>@import "https://evil.example/x.css";</style>',
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}<%= 7*7 %>',
  '<!--#exec cmd="ls" -->',
];

export const UNICODE_PAYLOADS = [
  'Ærlig ØL på Åsen',
  '\u0000',
  'null\u0000byte',
  '\u202Eevil.exe\u202C',
  '😀🎿⛷️🏔️',
  '\uD800',
  '\uDFFF\uD800',
  'e\u0301\u0301\u0301\u0301',
  '\u200B\u200C\u200D\uFEFF',
  'İıßẞﬁ',
  'مرحبا بالعالم',
  '\u0007\u0008\u001B[31mred',
  '\r\nSet-Cookie: sid=stolen',
  '١٢٣٤',
  'Ｆｕｌｌｗｉｄｔｈ',
];

export const MISC_STRINGS = [
  '',
  ' ',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%2e%2e%2f',
  '__proto__',
  'constructor',
  'toString',
  'NaN',
  'Infinity',
  '-Infinity',
  'undefined',
  'null',
  'true',
  '[]',
  '{}',
  '-1',
  '0',
  '1e309',
  '0x1F',
  '9'.repeat(40),
  '%s%s%s%n',
  'a'.repeat(257),
];

export const HOSTILE_STRINGS = [...SQL_PAYLOADS, ...HTML_PAYLOADS, ...UNICODE_PAYLOADS, ...MISC_STRINGS];

export const EDGE_NUMBERS = [
  0, -0, -1, 1, 2, 0.5, -1.5, 1.0000001, 2147483647, 2147483648, -2147483648, -2147483649, 4294967296,
  9007199254740991, 9007199254740993, 1e20, -1e20, 1e308, 5e-324, 123456789012,
];

/** `{a:{a:{…}}}` or `[[[…]]]` of the given depth. */
export function deep(depth: number, array = false): Json {
  let value: Json = array ? [] : { leaf: 'x' };
  for (let i = 0; i < depth; i++) value = array ? [value] : { a: value };
  return value;
}

const DEEP = [20, 200, 2000].flatMap((depth) => [
  { value: deep(depth), note: `object ${depth}` },
  { value: deep(depth, true), note: `array ${depth}` },
]);

const BIG = {
  string10k: 'A'.repeat(10_001),
  string100k: 'ø'.repeat(100_000),
  emoji: '😀'.repeat(5_000),
};
/** More than Fastify's 1 MiB body limit. */
const OVER_LIMIT = `{"x":"${'z'.repeat(1_100_000)}"}`;

// ------------------------------------------------------------------------------------------------ examples

/** Candidates tried for a `pattern` when no example is known; extend when a new pattern appears. */
const PATTERN_CANDIDATES = ['0150', 'abc', 'om-oss', 'standard', '1b2a47.svg', 'vinter.svg', '101,102', '/checkout', '1', 'a', '7040000000017:1', 'AbCdEfGhIjKlMnOpQrStUv', '640.webp'];

/** A value the schema accepts (strings honour pattern/length, numbers their bounds). */
export function example(schema: JsonSchema): Json {
  if (schema.const !== undefined) return schema.const as Json;
  if (schema.enum) return schema.enum[0] as Json;
  if (schema.anyOf) return example(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]!);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => example(s) as object)) as Json;
  switch (schema.type) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const key of schema.required ?? []) out[key] = example(schema.properties?.[key] ?? {});
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 1 }, () => example(schema.items ?? {}));
    case 'string': {
      if (schema.format === 'date-time') return new Date(0).toISOString();
      if (schema.pattern) {
        const re = regex(schema.pattern);
        const found = PATTERN_CANDIDATES.find((c) => re.test(c) && fitsLength(schema, c));
        if (found === undefined) throw new Error(`No example for pattern ${schema.pattern}: add one to PATTERN_CANDIDATES`);
        return found;
      }
      const min = schema.minLength ?? 0;
      const text = 'eksempel'.padEnd(min, 'x');
      return text.slice(0, schema.maxLength ?? text.length);
    }
    case 'integer':
    case 'number': {
      let n = 1;
      if (schema.minimum !== undefined) n = Math.max(n, schema.minimum);
      if (schema.exclusiveMinimum !== undefined) n = Math.max(n, Math.floor(schema.exclusiveMinimum) + 1);
      if (schema.maximum !== undefined) n = Math.min(n, schema.maximum);
      return n;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return {};
  }
}

/** Length in code points, as ajv counts (a surrogate pair is one character); stops counting past `limit`. */
function codePoints(s: string, limit = Infinity): number {
  let n = 0;
  for (let i = 0; i < s.length && n <= limit; i++, n++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return n;
}
function fitsLength(schema: JsonSchema, s: string): boolean {
  if (schema.minLength !== undefined && (s.length < schema.minLength || codePoints(s, schema.minLength) < schema.minLength)) return false;
  if (schema.maxLength !== undefined && s.length > schema.maxLength && codePoints(s, schema.maxLength) > schema.maxLength) return false;
  return true;
}
const regexes = new Map<string, RegExp>();
const regex = (pattern: string) => {
  let re = regexes.get(pattern);
  if (!re) regexes.set(pattern, (re = new RegExp(pattern, 'u')));
  return re;
};

// ------------------------------------------------------------------------------------------------ the oracle

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const FAIL = Symbol('fails');
const UNKNOWN = Symbol('unknown');

/** What ajv's type coercion makes of a scalar for `type`: the coerced value, FAIL, or UNKNOWN (not a scalar type). */
function coerce(type: string | undefined, value: unknown): unknown {
  if (type === undefined || type === 'object' || type === 'array') return UNKNOWN;
  if (isPlainObject(value)) return FAIL;
  switch (type) {
    case 'string':
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      if (value === null) return '';
      return UNKNOWN;
    case 'integer':
    case 'number': {
      let n: number;
      if (typeof value === 'number') n = value;
      else if (typeof value === 'boolean') n = value ? 1 : 0;
      else if (value === null) n = 0;
      else if (typeof value === 'string') {
        // ajv: `x && x == +x` ('' and 'abc' stay strings and fail; ' 12' and '0x10' become numbers).
        // eslint-disable-next-line eqeqeq
        if (!(value && (value as unknown as number) == +value)) return FAIL;
        n = +value;
      } else return UNKNOWN;
      return Number.isNaN(n) ? FAIL : n;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 1) return true;
      if (value === 'false' || value === 0 || value === null) return false;
      return FAIL;
    case 'null':
      return value === null || value === '' || value === 0 || value === false ? null : FAIL;
    default:
      return UNKNOWN;
  }
}

/**
 * True when ajv (coerceTypes: 'array', removeAdditional: true) must reject `value`; false when it accepts it or the
 * outcome is uncertain. Deliberately conservative: only what coercion cannot rescue counts as invalid.
 */
export function definitelyInvalid(schema: JsonSchema, value: unknown): boolean {
  if (schema.anyOf) {
    // ajv tries the branches in order and keeps a branch's type coercion even when that branch then fails, so the
    // next branch sees the coerced value: " " fails {integer, minimum 1} as 0, and 0 then passes {null} as null.
    let v = value;
    for (const branch of schema.anyOf) {
      if (!definitelyInvalid(branch, v)) return false;
      const coerced = Array.isArray(v) ? UNKNOWN : coerce(branch.type, v);
      if (coerced !== FAIL && coerced !== UNKNOWN) v = coerced;
    }
    return true;
  }
  if (schema.allOf) return schema.allOf.some((s) => definitelyInvalid(s, value));
  if (value === undefined) return false;
  // A one-element array stands for its element wherever a scalar is expected.
  const scalarTypes = ['string', 'integer', 'number', 'boolean', 'null'];
  if (Array.isArray(value) && schema.type && scalarTypes.includes(schema.type)) {
    return value.length !== 1 || Array.isArray(value[0]) || definitelyInvalid(schema, value[0]);
  }
  const scalar = coerce(schema.type, value);
  if (scalar === FAIL) return true;
  if (schema.const !== undefined && scalar !== schema.const) return scalar !== UNKNOWN;
  if (schema.enum && !schema.enum.includes(scalar)) return scalar !== UNKNOWN;
  switch (schema.type) {
    case 'string': {
      if (typeof scalar !== 'string') return false;
      if (!fitsLength(schema, scalar)) return true;
      if (schema.pattern && !regex(schema.pattern).test(scalar)) return true;
      return false;
    }
    case 'integer':
    case 'number': {
      if (typeof scalar !== 'number') return false;
      const n = scalar;
      if (schema.type === 'integer' && n % 1) return true;
      if (schema.minimum !== undefined && n < schema.minimum) return true;
      if (schema.maximum !== undefined && n > schema.maximum) return true;
      if (schema.exclusiveMinimum !== undefined && n <= schema.exclusiveMinimum) return true;
      if (schema.exclusiveMaximum !== undefined && n >= schema.exclusiveMaximum) return true;
      return false;
    }
    case 'object': {
      if (!isPlainObject(value)) return true;
      // useDefaults fills a missing property that has a default, so only a missing one without a default fails.
      for (const key of schema.required ?? []) if (!(key in value) && schema.properties?.[key]?.default === undefined) return true;
      for (const [key, v] of Object.entries(value)) {
        const prop = schema.properties?.[key];
        if (prop) {
          if (definitelyInvalid(prop, v)) return true;
        } else if (schema.patternProperties) {
          for (const [p, s] of Object.entries(schema.patternProperties)) if (regex(p).test(key) && definitelyInvalid(s, v)) return true;
        }
      }
      return false;
    }
    case 'array': {
      if (isPlainObject(value)) return true;
      const list = Array.isArray(value) ? value : value === null ? null : [value];
      if (list === null) return false;
      if (schema.minItems !== undefined && list.length < schema.minItems) return true;
      if (schema.maxItems !== undefined && list.length > schema.maxItems) return true;
      return schema.items ? list.some((item) => definitelyInvalid(schema.items!, item)) : false;
    }
    default:
      return false;
  }
}

// ------------------------------------------------------------------------------------------------ mutations

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

/** A bad value aimed at a field of this schema. */
function badValueFor(rng: Rng, schema: JsonSchema): { value: Json; note: string } {
  const roll = rng();
  const type = schema.type ?? schema.anyOf?.find((s) => s.type !== 'null')?.type;
  if (roll < 0.12) {
    const v = pick(rng, [{}, { a: 1 }, [1, 2, 3], [[]], [null, null], { $gt: '' }, { toString: 'x' }] as Json[]);
    return { value: v, note: `wrong type ${JSON.stringify(v)}` };
  }
  if (roll < 0.2) {
    const d = pick(rng, DEEP);
    return { value: d.value, note: `deep value (${d.note})` };
  }
  if (roll < 0.27) return { value: null, note: 'null' };
  if (roll < 0.34) {
    const key = pick(rng, ['string10k', 'string100k', 'emoji'] as const);
    return { value: BIG[key], note: `huge string ${key}` };
  }
  if (roll < 0.62 || type === 'string') {
    // A hostile string: often schema-valid for strings; for other types it is the wrong type.
    let s = pick(rng, HOSTILE_STRINGS);
    if (type === 'string' && schema.maxLength !== undefined && rng() < 0.5) s = s.slice(0, schema.maxLength);
    return { value: s, note: `string ${JSON.stringify(s.slice(0, 40))}` };
  }
  if (roll < 0.85) {
    const n = pick(rng, EDGE_NUMBERS);
    return { value: n, note: `number ${n}` };
  }
  const v = pick(rng, [true, false, 'yes', 'ja', 1.5, -1, '12abc', [], ['1', '2']] as Json[]);
  return { value: v, note: `odd ${JSON.stringify(v)}` };
}

interface Slot {
  path: string[];
  schema: JsonSchema;
}

/** Every place in an example value a mutation can hit (the root included). */
function slots(schema: JsonSchema, value: Json, path: string[] = []): Slot[] {
  const out: Slot[] = [{ path, schema }];
  const target = schema.anyOf?.find((s) => s.type === 'object' || s.type === 'array') ?? schema;
  if (target.allOf) {
    for (const part of target.allOf) if (part.properties) for (const [k, s] of Object.entries(part.properties)) out.push(...slots(s, (value as Record<string, Json>)?.[k] ?? null, [...path, k]));
    return out;
  }
  if (target.type === 'object' && target.properties) {
    for (const [key, s] of Object.entries(target.properties)) {
      const child = isPlainObject(value) ? (value[key] as Json | undefined) : undefined;
      out.push(...slots(s, child ?? example(s), [...path, key]));
    }
  }
  if (target.type === 'array' && target.items && Array.isArray(value) && value.length > 0) {
    out.push(...slots(target.items, value[0]!, [...path, '0']));
  }
  return out;
}

function setAt(root: Json, path: string[], value: Json | undefined): Json {
  if (path.length === 0) return value === undefined ? null : value;
  const copy = structuredClone(root) as Record<string, Json>;
  let node: Record<string, Json> = copy;
  for (const key of path.slice(0, -1)) {
    if (!isPlainObject(node[key]) && !Array.isArray(node[key])) node[key] = /^\d+$/.test(key) ? [] : {};
    node = node[key] as Record<string, Json>;
  }
  const last = path[path.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

const texts = new WeakMap<object, string>();
/** A value as URL text (JSON for non-strings; cached: the pools' deep values are shared, never mutated). */
function stringify(value: Json): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  let text = texts.get(value);
  if (text === undefined) texts.set(value, (text = JSON.stringify(value)));
  return text;
}

/** encodeURIComponent that also takes lone surrogates (sent as their invalid UTF-8 bytes, as a hostile client could). */
export function encodeComponent(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    let out = '';
    for (const ch of value) {
      const code = ch.codePointAt(0)!;
      if (code >= 0xd800 && code <= 0xdfff) out += `%${(0xe0 | (code >> 12)).toString(16).toUpperCase()}%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
      else out += encodeURIComponent(ch);
    }
    return out;
  }
}

/** The URL of a route with its params filled in (values percent-encoded unless `raw`); a trailing `*` is param "*". */
export function fillUrl(url: string, params: Record<string, string>, raw: Record<string, boolean> = {}): string {
  return url.replace(/:([A-Za-z0-9_]+)|(?<=\/)\*$/g, (m, name: string | undefined) => {
    name ??= m;
    const v = params[name] ?? '';
    return raw[name] ? v : encodeComponent(v);
  });
}

function queryString(query: Record<string, Json | string[]>): string {
  const pairs: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    const values = Array.isArray(v) ? v : [v];
    for (const item of values) pairs.push(`${encodeComponent(k)}=${encodeComponent(stringify(item as Json))}`);
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

export interface RouteUnderTest {
  method: string;
  url: string;
  schemas: RouteSchemas;
  /** Valid values to start from, overriding the schema examples (e.g. the logged-in customer's own id). */
  base?: { body?: Json; querystring?: Record<string, string>; params?: Record<string, string> };
}

/** Bodies that are not the JSON object the route expects (all must be refused unless the JSON value happens to fit). */
const RAW_BODIES: Array<{ payload: string | Buffer; contentType: string; note: string }> = [
  { payload: '{"a":', contentType: 'application/json', note: 'truncated JSON' },
  { payload: '{a:1}', contentType: 'application/json', note: 'unquoted JSON key' },
  { payload: "{'a':1}", contentType: 'application/json', note: 'single-quoted JSON' },
  { payload: '{"__proto__":{"polluted":true}}', contentType: 'application/json', note: '__proto__ pollution' },
  { payload: '{"constructor":{"prototype":{"polluted":true}}}', contentType: 'application/json', note: 'constructor pollution' },
  { payload: 'null', contentType: 'application/json', note: 'JSON null body' },
  { payload: '"just a string"', contentType: 'application/json', note: 'JSON string body' },
  { payload: '12345', contentType: 'application/json', note: 'JSON number body' },
  { payload: '[]', contentType: 'application/json', note: 'JSON array body' },
  { payload: '[{"a":1},{"b":2}]', contentType: 'application/json', note: 'JSON array of objects' },
  { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded', note: 'form body' },
  { payload: '<x>1</x>', contentType: 'application/xml', note: 'XML body' },
  { payload: 'plain text', contentType: 'text/plain', note: 'text body' },
  { payload: '{"a":1}', contentType: 'application/json; charset=utf-16', note: 'JSON with a foreign charset' },
  { payload: Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0xc3, 0x28]), contentType: 'application/json', note: 'invalid UTF-8' },
  { payload: OVER_LIMIT, contentType: 'application/json', note: 'over the body limit' },
  { payload: ' ', contentType: 'application/json', note: 'blank JSON body' },
  { payload: `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`, contentType: 'application/json', note: 'object nested 3000 deep' },
];

/** JSON texts only a raw body can carry, placed into a field of an otherwise valid body. */
const RAW_JSON_VALUES = ['1e400', '-1e400', '1e-400', '"\\u0000"', '"\\ud800"', '"a\\u0000b"', `${'['.repeat(5000)}${']'.repeat(5000)}`, '123456789012345678901234567890', '-0.0', '1E2'];
const PLACEHOLDER = 'x-fuzz-raw-placeholder';
/** Longest text put into a URL (percent-encoded it may triple; Node refuses request heads over 16 kB). */
const MAX_URL_VALUE = 2_000;

const RAW_QUERIES = ['%', '%E0%A4%A', 'page=%ZZ', '&&&=&', '=1', 'a[b]=1', 'page[$gt]=1', '__proto__[x]=1', 'constructor[prototype][x]=1', `${'a=1&'.repeat(2000)}b=2`, `q=${'%F0%9F%98%80'.repeat(500)}`];
const RAW_SEGMENTS = ['%', '%E0%A4%A', '%ZZ', '%00', '%2F', '..%2F..%2F', '%C0%AF', '%EF%BF%BF', '%F4%90%80%80'];

/**
 * `count` bad requests for a route, deterministic per (seed, route). Every part with a schema gets its share; a body
 * route also gets raw-body cases (malformed JSON, wrong content types, over the limit…).
 */
export function fuzzCases(route: RouteUnderTest, count: number, seed = 20_260_101): FuzzCase[] {
  const rng = mulberry32(hashSeed(seed, route.method, route.url));
  const { schemas } = route;
  const parts = (['body', 'querystring', 'params'] as const).filter((p) => schemas[p]);
  if (parts.length === 0) return [];

  const baseParams: Record<string, string> = {};
  if (schemas.params) for (const [k, v] of Object.entries(example(schemas.params) as Record<string, Json>)) baseParams[k] = stringify(v);
  Object.assign(baseParams, route.base?.params);
  // Optional path params (login/:type) still need a value in the URL.
  for (const name of route.url.match(/:([A-Za-z0-9_]+)/g) ?? []) {
    const key = name.slice(1);
    if (!(key in baseParams)) baseParams[key] = stringify(example(schemas.params?.properties?.[key] ?? { type: 'string' }));
  }
  const baseQuery: Record<string, Json | string[]> = {};
  if (schemas.querystring) Object.assign(baseQuery, example(schemas.querystring) as Record<string, Json>);
  Object.assign(baseQuery, route.base?.querystring);
  const baseBody: Json | undefined = schemas.body ? (route.base?.body ?? example(schemas.body)) : undefined;

  const baseUrl = () => fillUrl(route.url, baseParams) + queryString(baseQuery);
  const cases: FuzzCase[] = [];
  const add = (c: FuzzCase) => cases.push(c.json === undefined && c.raw === undefined && baseBody !== undefined && c.part !== 'body' ? { ...c, json: baseBody } : c);

  // The raw-body cases once each (they do not depend on the schema).
  if (schemas.body) {
    for (const raw of RAW_BODIES) {
      let parsed: { value: unknown } | null = null;
      try {
        if (typeof raw.payload === 'string' && raw.contentType.startsWith('application/json')) parsed = { value: JSON.parse(raw.payload) };
      } catch {
        parsed = null;
      }
      const invalid = parsed ? definitelyInvalid(schemas.body, parsed.value) : true;
      add({ part: 'body', note: raw.note, url: baseUrl(), raw: raw.payload, contentType: raw.contentType, invalid });
    }
    add({ part: 'body', note: 'no body at all', url: baseUrl(), invalid: (schemas.body.required?.length ?? 0) > 0 });
  }
  if (schemas.querystring) for (const q of RAW_QUERIES) add({ part: 'querystring', note: `raw query ${q.slice(0, 30)}`, url: `${fillUrl(route.url, baseParams)}?${q}`, invalid: false });
  if (schemas.params) {
    for (const name of Object.keys(baseParams)) {
      for (const seg of RAW_SEGMENTS) add({ part: 'params', note: `raw segment ${name}=${seg}`, url: fillUrl(route.url, { ...baseParams, [name]: seg }, { [name]: true }) + queryString(baseQuery), invalid: false });
    }
  }

  while (cases.length < count) {
    const part = pick(rng, parts);
    if (part === 'body') {
      const bodySchema = schemas.body!;
      const targets = slots(bodySchema, baseBody!);
      const slot = pick(rng, targets);
      let mutated: Json;
      let note: string;
      const roll = rng();
      if (roll < 0.06) {
        // A JSON text only a raw body can carry (1e400, \u0000 escapes, deep nesting) in one field.
        const token = pick(rng, RAW_JSON_VALUES);
        const text = JSON.stringify(setAt(baseBody!, slot.path, PLACEHOLDER)).replace(`"${PLACEHOLDER}"`, token);
        add({ part, note: `${slot.path.join('.') || 'body'}: raw ${token.slice(0, 20)}`, url: baseUrl(), raw: text, contentType: 'application/json', invalid: definitelyInvalid(bodySchema, JSON.parse(text)) });
        continue;
      }
      const parentRequired = slot.path.length > 0 && roll < 0.16;
      if (parentRequired) {
        mutated = setAt(baseBody!, slot.path, undefined);
        note = `without ${slot.path.join('.')}`;
      } else if (slot.schema.type === 'array' && rng() < 0.25) {
        const n = pick(rng, [0, 101, 1000, 5_000]);
        mutated = setAt(baseBody!, slot.path, Array.from({ length: n }, () => (rng() < 0.5 ? example(slot.schema.items ?? {}) : pick(rng, HOSTILE_STRINGS))));
        note = `${slot.path.join('.') || 'body'} as an array of ${n}`;
      } else {
        const bad = badValueFor(rng, slot.schema);
        mutated = setAt(baseBody!, slot.path, bad.value);
        note = `${slot.path.join('.') || 'body'}: ${bad.note}`;
      }
      add({ part, note, url: baseUrl(), json: mutated, invalid: definitelyInvalid(bodySchema, mutated) });
    } else if (part === 'querystring') {
      const qs = schemas.querystring!;
      const keys = Object.keys(qs.properties ?? {});
      const key = keys.length ? pick(rng, keys) : 'q';
      const fieldSchema = qs.properties?.[key] ?? {};
      const query: Record<string, Json | string[]> = { ...baseQuery };
      let note: string;
      const roll = rng();
      if (roll < 0.1 && (qs.required ?? []).includes(key)) {
        delete query[key];
        note = `query without ${key}`;
      } else if (roll < 0.2) {
        const values = Array.from({ length: pick(rng, [2, 3, 50]) }, () => stringify(badValueFor(rng, fieldSchema).value).slice(0, 100));
        query[key] = values;
        note = `query ${key} repeated ${values.length}×`;
      } else {
        const bad = badValueFor(rng, fieldSchema);
        // A query value is always text; URLs stay under Node's 16 kB header limit (beyond it HTTP never reaches us).
        query[key] = stringify(bad.value).slice(0, MAX_URL_VALUE);
        note = `query ${key}: ${bad.note}`;
      }
      const seen: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(query)) seen[k] = v;
      const url = fillUrl(route.url, baseParams) + queryString(query);
      add({ part, note, url, invalid: definitelyInvalid(qs, seen) });
    } else {
      const ps = schemas.params!;
      const keys = Object.keys(baseParams);
      const key = pick(rng, keys);
      const bad = badValueFor(rng, ps.properties?.[key] ?? { type: 'string' });
      const value = stringify(bad.value).slice(0, MAX_URL_VALUE);
      const params = { ...baseParams, [key]: value };
      const url = fillUrl(route.url, params) + queryString(baseQuery);
      // An empty segment does not reach the route at all (another route or 404): still a 4xx.
      add({ part, note: `param ${key}: ${bad.note}`, url, invalid: value === '' || definitelyInvalid(ps, params) });
    }
  }
  return cases;
}

/** A valid request for a route: its schema's examples with `base` on top (for access tests, not for fuzzing). */
export function sampleRequest(route: RouteUnderTest): { url: string; json?: Json } {
  const { schemas } = route;
  const params: Record<string, string> = {};
  if (schemas.params) for (const [k, v] of Object.entries(example(schemas.params) as Record<string, Json>)) params[k] = stringify(v);
  Object.assign(params, route.base?.params);
  for (const name of route.url.match(/:([A-Za-z0-9_]+)/g) ?? []) {
    const key = name.slice(1);
    if (!(key in params)) params[key] = stringify(example(schemas.params?.properties?.[key] ?? { type: 'string' }));
  }
  const query: Record<string, Json | string[]> = {};
  if (schemas.querystring) Object.assign(query, example(schemas.querystring) as Record<string, Json>);
  Object.assign(query, route.base?.querystring);
  const url = fillUrl(route.url, params) + queryString(query);
  return schemas.body ? { url, json: route.base?.body ?? example(schemas.body) } : { url };
}
