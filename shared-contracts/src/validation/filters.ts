/**
 * Search filter strings (SPEC §5) shared by the client (builds them) and the API (parses them).
 *
 * Grammar (Meilisearch-style), rules joined with " AND ", values numbers only:
 *   Field = 1 | Field != 1 | Field < 1 | Field > 1 | Field 1 TO 9 | NOT Field 1 TO 9
 *   Field IN [1,2,3] | Field NOT IN [1,2,3] | Field EXISTS
 * Fields: see SEARCH_FILTER_FIELDS.
 */
import type { ArticleFilters } from '../types/search.js';
import { filterTexts } from '@shop/contracts/texts/forms';

/** Web filter key → search field (colours by colour group, price by gross price, groups by article group 3). */
export const SEARCH_FILTER_FIELDS = {
  colors: 'ColorGroupID',
  genders: 'GenderID',
  brands: 'ProductLineID',
  shops: 'ShopID',
  price: 'GrossPrice',
  groups: 'ArticleGroup3ID',
  exclude: 'ArticleID',
} as const;
export type SearchFilterField = (typeof SEARCH_FILTER_FIELDS)[keyof typeof SEARCH_FILTER_FIELDS];

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Throws "Only numbers supported as value" unless `value` is a finite number. */
export function assertNumber(value: unknown): asserts value is number {
  if (!isNumber(value)) throw new TypeError(filterTexts.numberOnly);
}

/** Throws "Only numbers supported as values" unless every value is a finite number. */
export function assertNumbers(values: unknown): asserts values is number[] {
  if (!Array.isArray(values) || !values.every(isNumber)) throw new TypeError(filterTexts.numbersOnly);
}

export type FilterOperator = '=' | '!=' | '<' | '>' | 'TO' | 'NOT TO' | 'IN' | 'NOT IN' | 'EXISTS';

export interface FilterRule {
  field: string;
  operator: FilterOperator;
  values: number[];
}

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;
function assertField(field: string) {
  if (!FIELD.test(field)) throw new TypeError(`Invalid filter field: ${field}`);
}

export const filter = {
  eq(field: string, value: number): string {
    assertField(field);
    assertNumber(value);
    return `${field} = ${value}`;
  },
  neq(field: string, value: number): string {
    assertField(field);
    assertNumber(value);
    return `${field} != ${value}`;
  },
  lt(field: string, value: number): string {
    assertField(field);
    assertNumber(value);
    return `${field} < ${value}`;
  },
  gt(field: string, value: number): string {
    assertField(field);
    assertNumber(value);
    return `${field} > ${value}`;
  },
  between(field: string, min: number, max: number): string {
    assertField(field);
    assertNumbers([min, max]);
    return `${field} ${min} TO ${max}`;
  },
  notBetween(field: string, min: number, max: number): string {
    assertField(field);
    assertNumbers([min, max]);
    return `NOT ${field} ${min} TO ${max}`;
  },
  in(field: string, values: number[]): string {
    assertField(field);
    assertNumbers(values);
    return `${field} IN [${values.join(',')}]`;
  },
  notIn(field: string, values: number[]): string {
    assertField(field);
    assertNumbers(values);
    return `${field} NOT IN [${values.join(',')}]`;
  },
  exists(field: string): string {
    assertField(field);
    return `${field} EXISTS`;
  },
  /** Joins rules with AND, skipping empty ones. */
  and(...rules: Array<string | null | undefined | false>): string {
    return rules.filter((r): r is string => typeof r === 'string' && r !== '').join(' AND ');
  },
};

/** The filter string of a listing's filter state (empty lists are left out; exclusion only with > 1 id). */
export function buildSearchFilters(filters: ArticleFilters): string {
  const f = SEARCH_FILTER_FIELDS;
  const list = (field: string, values?: number[]) => (values && values.length > 0 ? filter.in(field, values) : null);
  return filter.and(
    list(f.colors, filters.colors),
    list(f.genders, filters.genders),
    list(f.brands, filters.brands),
    list(f.shops, filters.shops),
    filters.price ? filter.between(f.price, filters.price.min, filters.price.max) : null,
    list(f.groups, filters.groups),
    filters.exclude && filters.exclude.length > 1 ? filter.notIn(f.exclude, filters.exclude) : null,
  );
}

const NUM = '(-?\\d+(?:\\.\\d+)?)';
const RULES: Array<[RegExp, FilterOperator]> = [
  [new RegExp(`^NOT (\\w+) ${NUM} TO ${NUM}$`), 'NOT TO'],
  [new RegExp(`^(\\w+) ${NUM} TO ${NUM}$`), 'TO'],
  [/^(\w+) NOT IN \[([^\]]*)\]$/, 'NOT IN'],
  [/^(\w+) IN \[([^\]]*)\]$/, 'IN'],
  [/^(\w+) EXISTS$/, 'EXISTS'],
  [new RegExp(`^(\\w+) (!=|=|<|>) ${NUM}$`), '='],
];

/**
 * Parses a filter string into rules (for the API). Throws TypeError on anything outside the grammar, with the
 * SPEC §8 texts for non-numeric values.
 */
export function parseSearchFilters(text: string): FilterRule[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  return trimmed.split(/\s+AND\s+/).map((part) => {
    const rule = part.trim().replace(/\s+/g, ' ');
    for (const [re, operator] of RULES) {
      const m = re.exec(rule);
      if (!m) continue;
      if (operator === 'IN' || operator === 'NOT IN') {
        const items = m[2].split(',').map((s) => s.trim()).filter((s) => s !== '');
        const values = items.map(Number);
        if (items.some((s) => !/^-?\d+(?:\.\d+)?$/.test(s))) throw new TypeError(filterTexts.numbersOnly);
        return { field: m[1], operator, values };
      }
      if (operator === 'EXISTS') return { field: m[1], operator, values: [] };
      if (operator === 'TO' || operator === 'NOT TO') return { field: m[1], operator, values: [Number(m[2]), Number(m[3])] };
      return { field: m[1], operator: m[2] as FilterOperator, values: [Number(m[3])] };
    }
    if (/^\w+ (?:!=|=|<|>) \S+$/.test(rule)) throw new TypeError(filterTexts.numberOnly);
    if (/^\w+ (?:NOT )?IN \[/.test(rule)) throw new TypeError(filterTexts.numbersOnly);
    throw new TypeError(`Invalid filter rule: ${part}`);
  });
}
