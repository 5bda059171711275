/**
 * Search filter strings (SPEC §5) → SQL conditions on the search index row `s` (article_search). The string grammar and its parser live in
 * @shop/contracts (`parseSearchFilters`, used by the client to build the strings); this module decides what the fields
 * mean in the database and rejects anything it cannot answer exactly, so a bad filter is a 400, never a 500.
 *
 * Multi-valued fields (an article has several colour groups and shops; kept as arrays in the search index
 * `article_search`, GIN-indexed) follow Meilisearch's array rules:
 * a positive rule holds when ANY value matches; `!=`, `NOT IN` and `NOT … TO` hold when NO value matches; `EXISTS`
 * holds when there is at least one value.
 *
 * Genders are strict by id (issue 21): `GenderID` is the article's own gender, as in the web shape (`gender`,
 * `genders: [GenderID]`) and the category listings' gender filter. The index's gender array also holds the extra
 * genders (a unisex article lists Herre and Dame), which made `GenderID IN [1]` answer unisex articles as men's.
 */
import { sql, type SQL } from 'drizzle-orm';
import { parseSearchFilters, SEARCH_FILTER_FIELDS, type FilterRule, type SearchFilterField } from '@shop/contracts/validation';

export const MAX_RULES = 32;
export const MAX_VALUES = 1000;
const INT4_MIN = -2_147_483_648;
const INT4_MAX = 2_147_483_647;
/** Prices are øre; anything beyond this is not a price but a mistake. */
const MAX_PRICE = 1e12;

export interface FilterProblem {
  field: 'filters';
  message: string;
}

export class SearchFilterError extends Error {
  constructor(readonly problems: FilterProblem[]) {
    super(problems.map((p) => p.message).join('; '));
    this.name = 'SearchFilterError';
  }
}

type Kind = 'id' | 'price';

interface FieldSpec {
  kind: Kind;
  /** One value per article: an SQL expression over `s` (article_search), or one that depends on the clock. */
  scalar?: SQL | ((now: Date) => SQL);
  /** Several values per article: an integer-array column of `s` (article_search, the search index). */
  array?: SQL;
  /** The same values as a bit set (bit n = id n, for ids 0…62; see BIT_SET_MAX_ID), beside `array`. */
  bits?: SQL;
  /**
   * A bit set holding the scalar's value and perhaps more (the index keeps an article's own gender with its extra
   * genders). A positive rule (`=`, `IN`) tests it first: a row without the bit cannot match, and the test is one
   * integer AND on the index row, so only the rows that may match look the scalar up.
   */
  superset?: SQL;
  what: string;
}

/**
 * The price the shopper pays (incl. VAT), i.e. the web article's `price`: the lowest campaign price running at `now`
 * when it is below the suggested price. The campaign price is looked up (campaign_articles_article_idx) only for an
 * article that is in some campaign at all (`has_campaign`, kept by triggers: migration 0011), and only for the rows
 * the cheaper rules let through: a search reads a page and counts to a bound (engine.ts), so that is a few hundred
 * look-ups. Grouping every running campaign price for a hash join instead cost ~12 ms per search at 200 000
 * articles (26 000 campaign rows), whatever the page.
 */
const grossPrice = (now: Date) => {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`(case when s.has_campaign then least(s.price, coalesce((
    select min(ca.price) from campaign_articles ca join campaigns c on c.id = ca.campaign_id
    where ca.article_id = s.article_id and c.starts_at <= ${at} and c.ends_at > ${at}), s.price)) else s.price end)::numeric`;
};

export const FIELD_SPECS: Record<SearchFilterField, FieldSpec> = {
  ColorGroupID: { kind: 'id', what: 'colour groups of the variants\' colours', array: sql`s.color_group_ids`, bits: sql`s.color_group_bits` },
  GenderID: {
    kind: 'id',
    what: "the article's own gender (strict: never its extra genders, so a unisex article is not a men's article)",
    scalar: sql`(select a.gender_id from articles a where a.id = s.article_id)`,
    superset: sql`s.gender_bits`,
  },
  ProductLineID: { kind: 'id', what: 'product line (brand)', scalar: sql`s.product_line_id` },
  ShopID: { kind: 'id', what: 'shops with stock (qty > 0) of any variant', array: sql`s.shop_ids`, bits: sql`s.shop_bits` },
  GrossPrice: { kind: 'price', what: 'price the shopper pays, øre incl. VAT, after running campaigns', scalar: grossPrice },
  ArticleGroup3ID: { kind: 'id', what: 'article group 3', scalar: sql`s.group3_id` },
  ArticleID: { kind: 'id', what: 'article id', scalar: sql`s.article_id` },
};

/** The web filter keys (`colors`, `price`, …) are accepted as aliases of the field names. */
const ALIASES: Record<string, SearchFilterField> = { ...SEARCH_FILTER_FIELDS };

export function resolveField(name: string): SearchFilterField | null {
  if (Object.prototype.hasOwnProperty.call(FIELD_SPECS, name)) return name as SearchFilterField;
  return Object.prototype.hasOwnProperty.call(ALIASES, name) ? ALIASES[name]! : null;
}

const fieldList = () => Object.keys(FIELD_SPECS).join(', ');

/** Problems with one rule's values, or null. */
function valueProblem(kind: Kind, rule: FilterRule): string | null {
  if (rule.values.length > MAX_VALUES) return `${rule.field}: at most ${MAX_VALUES} values per rule`;
  for (const v of rule.values) {
    if (!Number.isFinite(v)) return `${rule.field}: ${v} is not a number`;
    if (kind === 'id' && (!Number.isInteger(v) || v < INT4_MIN || v > INT4_MAX)) {
      return `${rule.field}: ${v} is not a whole id`;
    }
    if (kind === 'price' && Math.abs(v) > MAX_PRICE) return `${rule.field}: ${v} is out of range`;
  }
  if ((rule.operator === 'TO' || rule.operator === 'NOT TO') && rule.values[0]! > rule.values[1]!) {
    return `${rule.field}: the range ${rule.values[0]} TO ${rule.values[1]} is empty (lower bound first)`;
  }
  return null;
}

function param(kind: Kind, value: number): SQL {
  return kind === 'id' ? sql`${value}::int` : sql`${value}::numeric`;
}

function list(kind: Kind, values: readonly number[]): SQL {
  return kind === 'id' ? sql`${sql.param(values)}::int[]` : sql`${sql.param(values)}::numeric[]`;
}

function scalarCondition(e: SQL, kind: Kind, rule: FilterRule): SQL {
  const [x = 0, y = 0] = rule.values;
  switch (rule.operator) {
    case '=':
      return sql`${e} = ${param(kind, x)}`;
    case '!=':
      return sql`${e} is distinct from ${param(kind, x)}`;
    case '<':
      return sql`${e} < ${param(kind, x)}`;
    case '>':
      return sql`${e} > ${param(kind, x)}`;
    case 'TO':
      return sql`${e} between ${param(kind, x)} and ${param(kind, y)}`;
    case 'NOT TO':
      return sql`(${e} is null or ${e} not between ${param(kind, x)} and ${param(kind, y)})`;
    case 'IN':
      return sql`${e} = any(${list(kind, rule.values)})`;
    case 'NOT IN':
      return sql`(${e} is null or ${e} <> all(${list(kind, rule.values)}))`;
    case 'EXISTS':
      return sql`${e} is not null`;
  }
}

/** GIN-indexable array operators for membership; ranges unnest (rare, and only over rows the index already kept). */
/**
 * The highest id a bit set column holds (bit 62: the sign bit of int8 stays clear). Colour groups, genders and shops
 * are small numbers; the search index keeps them both as arrays and as bit sets, so an `=`/`IN` rule over small ids
 * is one integer AND per row instead of an array comparison (at 20 000 articles a gender + shop filter counted its
 * matches in ~3.5 ms instead of ~5.7 ms on PostgreSQL). Larger ids keep the array path, so every id stays exact.
 */
export const BIT_SET_MAX_ID = 62;

/** The bit set of ids, or null when one does not fit (the rule then reads the array). */
export function bitMask(ids: readonly number[]): string | null {
  let mask = 0n;
  for (const id of ids) {
    if (!Number.isInteger(id) || id < 0 || id > BIT_SET_MAX_ID) return null;
    mask |= 1n << BigInt(id);
  }
  return mask.toString();
}

function bitCondition(bits: SQL, rule: FilterRule): SQL | null {
  const positive = rule.operator === '=' || rule.operator === 'IN';
  if (!positive && rule.operator !== '!=' && rule.operator !== 'NOT IN') return null;
  const mask = bitMask(rule.operator === '=' || rule.operator === '!=' ? rule.values.slice(0, 1) : rule.values);
  if (mask === null) return null;
  return positive ? sql`(${bits} & ${mask}::int8) <> 0` : sql`(${bits} & ${mask}::int8) = 0`;
}

function arrayCondition(column: SQL, rule: FilterRule, bits?: SQL): SQL {
  const viaBits = bits ? bitCondition(bits, rule) : null;
  if (viaBits) return viaBits;
  const [x = 0, y = 0] = rule.values;
  const some = (condition: SQL) => sql`exists (select 1 from unnest(${column}) as f(v) where ${condition})`;
  switch (rule.operator) {
    case '=':
      return sql`${column} @> array[${param('id', x)}]`;
    case '!=':
      return sql`not (${column} @> array[${param('id', x)}])`;
    case '<':
      return some(sql`f.v < ${param('id', x)}`);
    case '>':
      return some(sql`f.v > ${param('id', x)}`);
    case 'TO':
      return some(sql`f.v between ${param('id', x)} and ${param('id', y)}`);
    case 'NOT TO':
      return sql`not ${some(sql`f.v between ${param('id', x)} and ${param('id', y)}`)}`;
    case 'IN':
      return sql`${column} && ${list('id', rule.values)}`;
    case 'NOT IN':
      return sql`not (${column} && ${list('id', rule.values)})`;
    case 'EXISTS':
      return sql`cardinality(${column}) > 0`;
  }
}

/** The bit test that must hold for a positive rule to hold (see FieldSpec.superset), or null when there is none. */
function supersetCondition(bits: SQL, rule: FilterRule): SQL | null {
  if (rule.operator !== '=' && rule.operator !== 'IN') return null;
  return bitCondition(bits, rule);
}

export interface CompiledFilters {
  rules: FilterRule[];
  /** All rules joined with AND, or null when there are none. */
  where: SQL | null;
}

/**
 * Parses and checks a filter string; throws SearchFilterError (→ 400) for anything outside the grammar. `now` is the
 * moment campaign prices are read at (GrossPrice).
 */
export function compileFilters(text: string, now: Date = new Date()): CompiledFilters {
  let parsed: FilterRule[];
  try {
    parsed = parseSearchFilters(text);
  } catch (error) {
    throw new SearchFilterError([{ field: 'filters', message: (error as Error).message }]);
  }
  if (parsed.length > MAX_RULES) {
    throw new SearchFilterError([{ field: 'filters', message: `at most ${MAX_RULES} rules` }]);
  }
  const problems: FilterProblem[] = [];
  const conditions: SQL[] = [];
  const rules: FilterRule[] = [];
  for (const rule of parsed) {
    const field = resolveField(rule.field);
    if (!field) {
      problems.push({ field: 'filters', message: `unknown field ${rule.field} (fields: ${fieldList()})` });
      continue;
    }
    const spec = FIELD_SPECS[field];
    const problem = valueProblem(spec.kind, rule);
    if (problem) {
      problems.push({ field: 'filters', message: problem });
      continue;
    }
    const normalised = { ...rule, field };
    rules.push(normalised);
    const condition = spec.scalar
      ? scalarCondition(typeof spec.scalar === 'function' ? spec.scalar(now) : spec.scalar, spec.kind, normalised)
      : arrayCondition(spec.array!, normalised, spec.bits);
    const narrowed = spec.superset ? supersetCondition(spec.superset, normalised) : null;
    conditions.push(narrowed ? sql`${narrowed} and ${condition}` : condition);
  }
  if (problems.length > 0) throw new SearchFilterError(problems);
  return {
    rules,
    where: conditions.length === 0 ? null : sql.join(conditions, sql` and `),
  };
}

/** The grammar as shown at /api/docs (route descriptions). */
export const FILTER_GRAMMAR_DOC = [
  'Filter string (SPEC §5), Meilisearch style: rules joined with ` AND ` (upper case), values numbers only.',
  '',
  '| rule | meaning |',
  '|---|---|',
  '| `Field = 1` | equality |',
  '| `Field != 1` | inequality |',
  '| `Field < 1`, `Field > 1` | less, more |',
  '| `Field 100 TO 500` | between, both bounds included |',
  '| `NOT Field 100 TO 500` | not between |',
  '| `Field IN [1,2,3]` | in (an empty list matches nothing) |',
  '| `Field NOT IN [1,2,3]` | not in |',
  '| `Field EXISTS` | has a value |',
  '',
  'Fields (web filter key in brackets, accepted as an alias):',
  ...Object.entries(FIELD_SPECS).map(([name, spec]) => {
    const alias = Object.entries(SEARCH_FILTER_FIELDS).find(([, f]) => f === name)?.[0];
    return `- \`${name}\`${alias ? ` (\`${alias}\`)` : ''}: ${spec.what}${spec.array ? ' — several values per article: a rule holds when any value matches; `!=`, `NOT IN`, `NOT … TO` when none does' : ''}`;
  }),
  '',
  `Ids are whole numbers, prices øre (decimals allowed). At most ${MAX_RULES} rules and ${MAX_VALUES} values per list.`,
  'Example: `ColorGroupID IN [1,3] AND GenderID IN [2] AND GrossPrice 20000 TO 80000 AND ArticleID NOT IN [17,18]`.',
  'Anything else (unknown field, lower-case `and`, `OR`, text values, a reversed range) is answered 400 `{message, errors}`.',
].join('\n');
