/**
 * Picks catalogue products for content (a post's featured and related products): an ARIA 1.2 combobox that searches
 * by name or article number as the editor types, and the chosen products in order with move and remove. Chosen
 * products that have left the web shop (hidden or gone) are flagged. Rules: picker.ts; texts: texts.ts.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatMoney } from '@shop/contracts/format';
import type { EditorProduct } from '@shop/contracts/types';
import { Button, Notice, TextField } from '../ui/index.js';
import { addProduct, leftTheShop, moveProduct, nextActive, removeProduct, type ListKey, type Resolved } from './picker.js';
import { pickerTexts as texts } from './texts.js';
import { useProductSearch, type SearchState } from './useProductSearch.js';
import { useResolvedProducts } from './useResolvedProducts.js';
import styles from './ProductPicker.module.css';

export interface ProductPickerProps {
  label: string;
  value: number[];
  onChange(ids: number[]): void;
  /** The most products that may be chosen; 1 makes a new choice replace the old one. */
  max?: number;
}

const LIST_KEYS = new Set<string>(['ArrowDown', 'ArrowUp', 'Home', 'End']);

function searchStatus(search: SearchState): string {
  switch (search.status) {
    case 'idle':
      return '';
    case 'short':
      return texts.typeMore;
    case 'searching':
      return texts.searching;
    case 'failed':
      return texts.searchFailed;
    case 'done':
      return search.hits.length ? texts.hits(search.hits.length) : texts.noHits(search.query);
  }
}

function Thumbnail({ product }: { product: EditorProduct | undefined }) {
  return product ? <img className={styles.thumb} src={product.image} alt="" width={48} height={48} loading="lazy" decoding="async" /> : <span className={styles.thumb} aria-hidden="true" />;
}

function Flag() {
  return <span className={styles.flag}>{texts.notInShop}</span>;
}

export function ProductPicker({ label, value, onChange, max }: ProductPickerProps) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (productId: number) => `${id}-option-${productId}`;
  /** Around the search field (TextField renders the input): the focus returns to it after a choice or a removal. */
  const comboRef = useRef<HTMLDivElement>(null);
  const focusSearch = () => comboRef.current?.querySelector('input')?.focus();
  const chosenRef = useRef<HTMLOListElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  /**
   * The active option, with the hits it was chosen among: new hits start with none. Derived, not reset by an effect
   * after the hits render, which could run after a key pressed as they arrived and undo the key.
   */
  const [activeAmong, setActiveAmong] = useState<{ hits: readonly EditorProduct[]; index: number }>({ hits: [], index: -1 });
  const [message, setMessage] = useState('');
  /** After a move, the focus goes back to the moved product's button (reordering the list takes it away). */
  const [refocus, setRefocus] = useState<{ id: number; button: 'up' | 'down' } | null>(null);
  const search = useProductSearch(query);
  const { known, loading, failed, retry, remember } = useResolvedProducts(value);

  // While a longer query is on its way, the last hits stay (the list does not blink at every keystroke).
  const hits = search.status === 'done' || search.status === 'searching' ? search.hits : [];
  const expanded = open && hits.length > 0;
  const active = activeAmong.hits === hits ? activeAmong.index : -1;
  const activeHit = expanded && active >= 0 ? hits[active] : undefined;
  useEffect(() => {
    if (!refocus) return;
    const item = chosenRef.current?.querySelector(`[data-product="${refocus.id}"]`);
    const wanted = item?.querySelector<HTMLButtonElement>(`[data-move="${refocus.button}"]`);
    const other = item?.querySelector<HTMLButtonElement>(`[data-move="${refocus.button === 'up' ? 'down' : 'up'}"]`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setRefocus(null);
  }, [refocus]);

  const nameOf = (productId: number) => {
    const resolved = known.get(productId);
    return resolved && resolved !== 'missing' ? resolved.name : texts.unknownProduct(productId);
  };

  const choose = (product: EditorProduct) => {
    const outcome = addProduct(value, product.id, max);
    if (outcome.result === 'full') return setMessage(texts.full(max!));
    if (outcome.result !== 'already') {
      remember(product);
      onChange(outcome.ids);
      setMessage(outcome.result === 'replaced' ? texts.replaced(product.name) : texts.added(product.name));
    }
    setQuery('');
    setOpen(false);
    focusSearch();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (LIST_KEYS.has(event.key) && (event.key.startsWith('Arrow') || expanded)) {
      event.preventDefault();
      setOpen(true);
      if (hits.length) setActiveAmong({ hits, index: nextActive(open ? active : -1, hits.length, event.key as ListKey) });
    } else if (event.key === 'Enter') {
      // Enter picks the active option; never submits the editor's form from the search field.
      event.preventDefault();
      if (activeHit) choose(activeHit);
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActiveAmong({ hits, index: -1 });
      } else if (query) {
        event.preventDefault();
        setQuery('');
      }
    }
  };

  const remove = (productId: number) => {
    onChange(removeProduct(value, productId));
    setMessage(texts.removed(nameOf(productId)));
    focusSearch();
  };
  const move = (productId: number, by: -1 | 1) => {
    const next = moveProduct(value, productId, by);
    onChange(next);
    setMessage(texts.moved(nameOf(productId), next.indexOf(productId) + 1));
    setRefocus({ id: productId, button: by < 0 ? 'up' : 'down' });
  };

  const hint = max === 1 ? texts.searchHintOne : max ? texts.searchHintMax(max) : texts.searchHint;
  const status = message || searchStatus(search);

  return (
    <div className={styles.picker}>
      <div className={styles.combo} ref={comboRef}>
        <TextField
          label={label}
          hint={hint}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeHit ? optionId(activeHit.id) : undefined}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setMessage('');
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
        />
        <ul id={listboxId} role="listbox" aria-label={label} className={styles.listbox} hidden={!expanded}>
          {hits.map((product, index) => {
            const chosen = value.includes(product.id);
            return (
              <li
                key={product.id}
                id={optionId(product.id)}
                role="option"
                aria-selected={index === active}
                aria-disabled={chosen || undefined}
                className={styles.option}
                data-active={index === active || undefined}
                // The text field keeps the focus (and the screen reader its place) while an option is clicked.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(product)}
              >
                <Thumbnail product={product} />
                <span className={styles.text}>
                  <span className={styles.name}>
                    {product.name}
                    {chosen && <span className={styles.chosenMark}> ({texts.alreadyChosen})</span>}
                  </span>
                  <span className={styles.meta}>
                    {texts.articleNo(product.article_no)} · {formatMoney(product.price)}
                  </span>
                  {!product.in_web_shop && <Flag />}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
      <p role="status" className={styles.status}>
        {status}
      </p>
      {failed && (
        <Notice tone="error">
          {texts.lookupFailed}{' '}
          <Button variant="secondary" small onClick={retry}>
            {texts.retry}
          </Button>
        </Notice>
      )}
      {value.length === 0 ? (
        <p className={styles.none}>{texts.none}</p>
      ) : (
        <ol ref={chosenRef} className={styles.chosen} aria-label={texts.chosenList(label)} aria-busy={loading || undefined}>
          {value.map((productId, index) => (
            <ChosenProduct
              key={productId}
              productId={productId}
              resolved={known.get(productId)}
              name={nameOf(productId)}
              first={index === 0}
              last={index === value.length - 1}
              movable={max !== 1 && value.length > 1}
              onMove={(by) => move(productId, by)}
              onRemove={() => remove(productId)}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

interface ChosenProductProps {
  productId: number;
  resolved: Resolved;
  name: string;
  first: boolean;
  last: boolean;
  movable: boolean;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}

function ChosenProduct({ productId, resolved, name, first, last, movable, onMove, onRemove }: ChosenProductProps) {
  const product = resolved && resolved !== 'missing' ? resolved : undefined;
  const gone = leftTheShop(resolved);
  return (
    <li className={styles.item} data-product={productId} data-left-shop={gone || undefined}>
      <Thumbnail product={product} />
      <span className={styles.text}>
        <span className={styles.name}>{resolved === undefined ? texts.loading : name}</span>
        {product && (
          <span className={styles.meta}>
            {texts.articleNo(product.article_no)} · {formatMoney(product.price)}
          </span>
        )}
        {gone && (
          <>
            <Flag />
            <span className={styles.meta}>{texts.notInShopHint}</span>
          </>
        )}
      </span>
      <span className={styles.actions}>
        {movable && (
          <>
            <Button variant="secondary" small data-move="up" disabled={first} aria-label={texts.moveUp(name)} onClick={() => onMove(-1)}>
              {texts.up}
            </Button>
            <Button variant="secondary" small data-move="down" disabled={last} aria-label={texts.moveDown(name)} onClick={() => onMove(1)}>
              {texts.down}
            </Button>
          </>
        )}
        <Button variant="danger" small aria-label={texts.remove(name)} onClick={onRemove}>
          {texts.removeShort}
        </Button>
      </span>
    </li>
  );
}
