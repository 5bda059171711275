import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { searchArticles } from '@shop/contracts/api';
import { formatMoney } from '@shop/contracts/format';
import { pathFor, productPath, SEARCH_FORM } from '@shop/contracts/routes';
import type { Article, Category } from '@shop/contracts/types';
import { loadCategories } from '../shared/reference.js';
import { texts } from '../texts.js';
import a11y from '../shared/a11y.module.css';
import {
  categorySuggestions,
  moveActive,
  suggestionQuery,
  SUGGEST_DELAY_MS,
  SUGGESTION_SAMPLE,
  SUGGESTIONS,
  type CategorySuggestion,
} from './suggest.js';
import styles from './SearchBox.module.css';

export interface SearchBoxProps {
  /** Start with this text (e.g. the query of the search page being shown). */
  initialQuery?: string;
  /** The box's accessible name; the header's box keeps the default, a second box on a page names itself apart. */
  label?: string;
  /**
   * Focus the box (caret after the text) when this is or turns true: the shell mounts the header's box when the
   * shopper turns to its own stand-in field, and hands that field's text (initialQuery) and focus over.
   */
  autoFocus?: boolean;
}

interface Suggestions {
  /** The query these answer: a late answer for an older text is not shown. */
  query: string;
  articles: Article[];
}

/**
 * Exposed as `mf_catalog/SearchBox`, the header's search widget (the shell places it at both widths): a WAI-ARIA
 * combobox whose listbox suggests products and categories as the shopper types (debounced; the search API's own
 * typo tolerance). Arrow keys move through every option (products, categories, "all hits"), Enter opens the active
 * one or searches, Escape closes the list (and clears the text when it is already closed).
 */
export default function SearchBox({ initialQuery = '', label = texts.searchLabel, autoFocus = false }: SearchBoxProps) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-suggestions`;
  const [text, setText] = useState(initialQuery);
  const [answer, setAnswer] = useState<Suggestions | null>(null);
  const [tree, setTree] = useState<readonly Category[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Suggestions are asked for once the shopper turns to the box (focus, typing, arrow keys), not for the query a
  // search page starts it with: nobody sees that list before turning to the box, and asking at once put a request
  // (and with it axios) into every search page's first view.
  const [engaged, setEngaged] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  // Layout effect: the focus moves in the commit that hands it over, before the next key lands.
  useLayoutEffect(() => {
    const field = input.current;
    if (!autoFocus || !field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, [autoFocus]);

  const query = suggestionQuery(text);
  useEffect(() => {
    if (!engaged || query === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchArticles({ query, take: SUGGESTION_SAMPLE, page: 0 }, { signal: controller.signal }).then(
        (result) => {
          setAnswer({ query, articles: result.articles });
          setActive(-1);
        },
        () => undefined, // suggestions are a convenience: a failed one just shows none
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, engaged]);

  // The category tree names and links the category suggestions; the catalogue pages share the one fetch.
  useEffect(() => {
    if (!engaged) return;
    let live = true;
    loadCategories().then(
      (categories) => live && setTree(categories),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [engaged]);

  // Close when a click lands outside the widget.
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, []);

  const current = answer && answer.query === query ? answer : null;
  const products = useMemo(() => current?.articles.slice(0, SUGGESTIONS) ?? [], [current]);
  const categories = useMemo<CategorySuggestion[]>(
    () => (current ? categorySuggestions(current.articles, tree, current.query) : []),
    [current, tree],
  );
  // Every option in keyboard order: products, categories, then "all hits for …".
  const paths = useMemo(
    () => [
      ...products.map((article) => productPath(article.slug)),
      ...categories.map((category) => category.path),
      ...(query === null ? [] : [pathFor('search', { query })]),
    ],
    [products, categories, query],
  );
  const showList = open && query !== null && products.length + categories.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  // Keep the active option in view when the list scrolls (a short window on a phone).
  useEffect(() => {
    if (showList && active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const go = (path: string) => {
    setOpen(false);
    setActive(-1);
    navigate(path);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = showList && active >= 0 ? paths[active] : undefined;
    if (chosen) return go(chosen);
    // The field's text as the form holds it: the same as `text`, and text typed before hydration too.
    const typed = String(new FormData(event.currentTarget).get(SEARCH_FORM.queryField) ?? '').trim();
    if (typed !== '') go(pathFor('search', { query: typed }));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      const count = products.length + categories.length > 0 ? paths.length : 0;
      setEngaged(true);
      if (!showList) {
        // A closed list opens on its first (or, going up, last) option.
        setOpen(true);
        setActive(count === 0 ? -1 : down ? 0 : count - 1);
        return;
      }
      setActive((index) => moveActive(index, down ? 1 : -1, count));
    } else if (event.key === 'Escape') {
      if (showList) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text !== '') {
        event.preventDefault();
        setText('');
      }
    }
  };

  let index = -1;
  const option = (key: string, path: string, className: string, children: ReactNode) => {
    index += 1;
    const position = index;
    return (
      <li
        key={key}
        id={optionId(position)}
        role="option"
        aria-selected={position === active}
        className={className}
        // Keeps focus in the input, so the list does not close before the click lands.
        onPointerDown={(event) => event.preventDefault()}
        onClick={() => go(path)}
      >
        {children}
      </li>
    );
  };

  return (
    <div className={styles.box} ref={box}>
      {/* A plain GET form too (/search?q=…, which the shell sends on to the search page): the search page's own box
          is in the server's markup, and searches before the page has hydrated. Once hydrated, `submit` navigates. */}
      <form role="search" className={styles.form} action={SEARCH_FORM.action} method="get" onSubmit={submit} aria-label={label}>
        <label htmlFor={`${id}-input`} className={a11y.visuallyHidden}>
          {label}
        </label>
        <input
          ref={input}
          id={`${id}-input`}
          className={styles.input}
          type="search"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          placeholder={texts.searchPlaceholder}
          name={SEARCH_FORM.queryField}
          value={text}
          maxLength={SEARCH_FORM.maxLength}
          onChange={(event) => {
            setText(event.target.value);
            setEngaged(true);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => {
            setEngaged(true);
            setOpen(true);
          }}
          onBlur={(event) => {
            if (!box.current?.contains(event.relatedTarget as Node | null)) {
              setOpen(false);
              setActive(-1);
            }
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className={styles.submit}>
          {texts.searchButton}
        </button>
      </form>
      {/* The listbox stays in the page (empty and hidden) so aria-controls always names an element. */}
      <div id={listId} role="listbox" className={styles.list} aria-label={texts.suggestions} hidden={!showList}>
        {showList && (
          <>
            {products.length > 0 && (
              <ul role="group" aria-label={texts.suggestedProducts} className={styles.group}>
                {products.map((article) =>
                  option(
                    `p${article.id}`,
                    productPath(article.slug),
                    styles.option!,
                    <>
                      <img src={article.image} alt="" width={40} height={40} />
                      <span className={styles.optionText}>
                        <span className={styles.optionName}>{article.name}</span>
                        <span className={styles.optionDetail}>{formatMoney(article.price)}</span>
                      </span>
                    </>,
                  ),
                )}
              </ul>
            )}
            {categories.length > 0 && (
              <ul role="group" aria-label={texts.suggestedCategories} className={styles.group}>
                {categories.map((category) =>
                  option(
                    category.key,
                    category.path,
                    styles.option!,
                    <span className={styles.optionText}>
                      <span className={styles.optionName}>{category.name}</span>
                      {category.parents && <span className={styles.optionDetail}>{category.parents}</span>}
                    </span>,
                  ),
                )}
              </ul>
            )}
            <ul role="group" aria-label={texts.searchButton} className={styles.group}>
              {option('all', pathFor('search', { query: query! }), `${styles.option} ${styles.all}`, texts.allResults(query!))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
