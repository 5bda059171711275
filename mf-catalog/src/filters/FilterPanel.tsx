import { useEffect, useState, type FormEvent } from 'react';
import { useUnit } from 'effector-react';
import { formatMoney } from '@shop/contracts/format';
import { $pageHydrated } from '@shop/contracts/ssr';
import type { ColorGroup, Gender } from '@shop/contracts/types';
import { texts } from '../texts.js';
import type { ListingFilters } from './clientFilters.js';
import { toggleValue } from './urlState.js';
import a11y from '../shared/a11y.module.css';
import { useNarrowScreen } from '../shared/useNarrowScreen.js';
import styles from './FilterPanel.module.css';

export interface Option<T extends number | string = number> {
  value: T;
  label: string;
}

export interface FilterOptions {
  groups?: Option[];
  colorGroups?: ColorGroup[];
  genders?: Gender[];
  brands?: string[];
  shops?: Option[];
  /** Price bounds of what is listed (øre), shown as placeholders. */
  priceRange?: { min: number; max: number } | null;
}

interface Props {
  filters: ListingFilters;
  options: FilterOptions;
  onChange: (filters: ListingFilters) => void;
}

type ListKey = 'groups' | 'colors' | 'genders' | 'shops';

/** The facets of a listing: checkboxes per value, a price range in kroner, and the active filters as removable chips. */
export function FilterPanel({ filters, options, onChange }: Props) {
  const narrow = useNarrowScreen();
  const [openOnPhone, setOpenOnPhone] = useState(false);
  const toggle = (key: ListKey, value: number) => onChange({ ...filters, [key]: toggleValue(filters[key], value) });
  const toggleBrand = (name: string) => onChange({ ...filters, brands: toggleValue(filters.brands, name) });

  const checkboxes = (title: string, key: ListKey, list: Option[] | undefined) =>
    list && list.length > 0 ? (
      <details className={styles.group} open={(filters[key]?.length ?? 0) > 0 || list.length <= 6}>
        <summary>{title}</summary>
        <fieldset className={styles.group}>
          <legend className={a11y.visuallyHidden}>{title}</legend>
          <div className={styles.options}>
            {list.map((option) => (
              <label key={option.value} className={styles.option}>
                <input type="checkbox" checked={filters[key]?.includes(option.value) ?? false} onChange={() => toggle(key, option.value)} />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
      </details>
    ) : null;

  const facets = (
    <>
      <PriceFilter filters={filters} range={options.priceRange ?? null} onChange={onChange} />
      {checkboxes(texts.filterGroup, 'groups', options.groups)}
      {options.colorGroups && options.colorGroups.length > 0 && (
        <details className={styles.group} open>
          <summary>{texts.filterColor}</summary>
          <div className={styles.options}>
            {options.colorGroups.map((group) => (
              <label key={group.id} className={styles.option}>
                <input type="checkbox" checked={filters.colors?.includes(group.id) ?? false} onChange={() => toggle('colors', group.id)} />
                <span className={styles.swatch} style={{ background: group.hex }} aria-hidden="true" />
                {group.label}
              </label>
            ))}
          </div>
        </details>
      )}
      {checkboxes(
        texts.filterGender,
        'genders',
        options.genders?.map((g) => ({ value: g.id, label: g.name })),
      )}
      {options.brands && options.brands.length > 0 && (
        <details className={styles.group} open={(filters.brands?.length ?? 0) > 0 || options.brands.length <= 6}>
          <summary>{texts.filterBrand}</summary>
          <div className={styles.options}>
            {options.brands.map((name) => (
              <label key={name} className={styles.option}>
                <input type="checkbox" checked={filters.brands?.includes(name) ?? false} onChange={() => toggleBrand(name)} />
                {name}
              </label>
            ))}
          </div>
        </details>
      )}
      {checkboxes(texts.filterShop, 'shops', options.shops)}
    </>
  );
  const active = activeFilterCount(filters);
  return (
    <section className={styles.panel} aria-label={texts.filters}>
      {narrow ? (
        // On a phone the facets wait behind one button, so the products come first.
        <details className={styles.mobileFacets} open={openOnPhone} onToggle={(event) => setOpenOnPhone(event.currentTarget.open)}>
          <summary className={styles.title}>{texts.showFilters(active)}</summary>
          <div className={styles.panel}>{facets}</div>
        </details>
      ) : (
        <h2 className={styles.title}>{texts.filters}</h2>
      )}
      <ActiveFilters filters={filters} options={options} onChange={onChange} />
      {!narrow && facets}
    </section>
  );
}

/** How many filter values are chosen (a price range counts as one). */
export function activeFilterCount(filters: ListingFilters): number {
  const lists = [filters.groups, filters.colors, filters.genders, filters.shops, filters.brands];
  const values = lists.reduce((sum, list) => sum + (list?.length ?? 0), 0);
  return values + (filters.price ? 1 : 0);
}

function PriceFilter({ filters, range, onChange }: { filters: ListingFilters; range: { min: number; max: number } | null; onChange: (f: ListingFilters) => void }) {
  const kroner = (ore: number | undefined, open: boolean) => (ore === undefined || open ? '' : String(Math.round(ore / 100)));
  const [from, setFrom] = useState(kroner(filters.price?.min, (filters.price?.min ?? 0) <= 0));
  const [to, setTo] = useState(kroner(filters.price?.max, (filters.price?.max ?? Number.MAX_SAFE_INTEGER) >= Number.MAX_SAFE_INTEGER));
  // Applying needs the page's code: the button is disabled until the page has hydrated (never a dead button).
  const hydrated = useUnit($pageHydrated);
  // The URL is the truth: follow it when it changes (back button, a chip removed).
  useEffect(() => {
    setFrom(kroner(filters.price?.min, (filters.price?.min ?? 0) <= 0));
    setTo(kroner(filters.price?.max, (filters.price?.max ?? Number.MAX_SAFE_INTEGER) >= Number.MAX_SAFE_INTEGER));
  }, [filters.price?.min, filters.price?.max]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const min = from.trim() === '' ? 0 : Math.max(0, Math.round(Number(from) * 100));
    const max = to.trim() === '' ? Number.MAX_SAFE_INTEGER : Math.max(0, Math.round(Number(to) * 100));
    if (!Number.isFinite(min) || !Number.isFinite(max)) return;
    const { price: _old, ...rest } = filters;
    if (min === 0 && max === Number.MAX_SAFE_INTEGER) onChange(rest);
    else onChange({ ...rest, price: min <= max ? { min, max } : { min: max, max: min } });
  };

  return (
    <details className={styles.group} open>
      <summary>{texts.filterPrice}</summary>
      <form className={styles.price} onSubmit={submit}>
        <label>
          {texts.priceFrom}
          <input inputMode="numeric" pattern="[0-9]*" value={from} onChange={(e) => setFrom(e.target.value)} placeholder={range ? String(Math.floor(range.min / 100)) : undefined} />
        </label>
        <label>
          {texts.priceTo}
          <input inputMode="numeric" pattern="[0-9]*" value={to} onChange={(e) => setTo(e.target.value)} placeholder={range ? String(Math.ceil(range.max / 100)) : undefined} />
        </label>
        <button type="submit" className={styles.button} disabled={!hydrated}>
          {texts.applyPrice}
        </button>
      </form>
    </details>
  );
}

function ActiveFilters({ filters, options, onChange }: Props) {
  const chips: Array<{ key: string; label: string; remove: () => void }> = [];
  const nameOf = <T extends number | string>(list: Option<T>[] | undefined, value: T) => list?.find((o) => o.value === value)?.label ?? String(value);
  if (filters.price) {
    const { price: _p, ...rest } = filters;
    const min = filters.price.min > 0 ? formatMoney(filters.price.min) : '';
    const max = filters.price.max < Number.MAX_SAFE_INTEGER ? formatMoney(filters.price.max) : '';
    chips.push({ key: 'price', label: `${min} – ${max}`.trim(), remove: () => onChange(rest) });
  }
  const listChips = (key: ListKey, list: Option[] | undefined) => {
    for (const value of filters[key] ?? []) {
      chips.push({ key: `${key}:${value}`, label: nameOf(list, value), remove: () => onChange({ ...filters, [key]: toggleValue(filters[key], value) }) });
    }
  };
  listChips('groups', options.groups);
  listChips('colors', options.colorGroups?.map((g) => ({ value: g.id, label: g.label })));
  listChips('genders', options.genders?.map((g) => ({ value: g.id, label: g.name })));
  for (const name of filters.brands ?? []) {
    chips.push({ key: `brand:${name}`, label: name, remove: () => onChange({ ...filters, brands: toggleValue(filters.brands, name) }) });
  }
  listChips('shops', options.shops);
  if (chips.length === 0) return null;
  return (
    <div>
      <ul className={styles.chips} aria-label={texts.activeFilters}>
        {chips.map((chip) => (
          <li key={chip.key}>
            <button type="button" className={styles.chip} onClick={chip.remove} aria-label={texts.removeFilter(chip.label)}>
              {chip.label} ✕
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className={styles.button} onClick={() => onChange({})}>
        {texts.clearFilters}
      </button>
    </div>
  );
}
