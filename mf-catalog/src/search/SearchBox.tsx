import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { searchArticles } from '@shop/contracts/api';
import { formatMoney } from '@shop/contracts/format';
import { pathFor, productPath } from '@shop/contracts/routes';
import type { Article } from '@shop/contracts/types';
import { texts } from '../texts.js';
import a11y from '../shared/a11y.module.css';
import { moveActive, suggestionQuery, SUGGEST_DELAY_MS, SUGGESTIONS } from './suggest.js';
import styles from './SearchBox.module.css';

export interface SearchBoxProps {
  /** Start with this text (e.g. the query of the search page being shown). */
  initialQuery?: string;
}

/**
 * Exposed as `mf_catalog/SearchBox`, the header's search widget: suggestions as you type (a combobox with a listbox,
 * arrow keys and Enter, Escape to close), submit goes to /search/{query}.
 */
export default function SearchBox({ initialQuery = '' }: SearchBoxProps) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-suggestions`;
  const [text, setText] = useState(initialQuery);
  const [suggestions, setSuggestions] = useState<Article[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Suggestions are asked for once the shopper turns to the box (focus, typing, arrow keys), not for the query a
  // search page starts it with: nobody sees that list before turning to the box, and asking at once put a request
  // (and with it axios) into every search page's first view.
  const [engaged, setEngaged] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const query = suggestionQuery(text);
    if (!engaged) return;
    if (query === null) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchArticles({ query, take: SUGGESTIONS, page: 0 }, { signal: controller.signal }).then(
        (result) => {
          setSuggestions(result.articles);
          setActive(-1);
        },
        () => undefined, // suggestions are a convenience: a failed one just shows none
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, engaged]);

  // Close when focus or a click leaves the widget.
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, []);

  const go = (path: string) => {
    setOpen(false);
    setActive(-1);
    navigate(path);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = active >= 0 ? suggestions[active] : undefined;
    if (chosen) return go(productPath(chosen.slug));
    const query = text.trim();
    if (query !== '') go(pathFor('search', { query }));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setEngaged(true);
      setOpen(true);
      setActive((current) => moveActive(current, event.key === 'ArrowDown' ? 1 : -1, suggestions.length));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  const showList = open && suggestions.length > 0 && suggestionQuery(text) !== null;
  return (
    <div className={styles.box} ref={box}>
      <form role="search" className={styles.form} onSubmit={submit} aria-label={texts.searchLabel}>
        <label htmlFor={`${id}-input`} className={a11y.visuallyHidden}>
          {texts.searchLabel}
        </label>
        <input
          id={`${id}-input`}
          className={styles.input}
          type="search"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          placeholder={texts.searchPlaceholder}
          value={text}
          maxLength={200}
          onChange={(event) => {
            setText(event.target.value);
            setEngaged(true);
            setOpen(true);
          }}
          onFocus={() => {
            setEngaged(true);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className={styles.submit}>
          {texts.searchButton}
        </button>
      </form>
      {showList && (
        <ul id={listId} role="listbox" className={styles.list} aria-label={texts.suggestions}>
          {suggestions.map((article, index) => (
            <li
              key={article.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={styles.option}
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => go(productPath(article.slug))}
            >
              <img src={article.image} alt="" width={40} height={40} />
              <span className={styles.optionText}>
                <span className={styles.optionName}>{article.name}</span>
                <span className={styles.optionPrice}>{formatMoney(article.price)}</span>
              </span>
            </li>
          ))}
          <li role="option" aria-selected={false} className={`${styles.option} ${styles.all}`} onClick={() => go(pathFor('search', { query: text.trim() }))}>
            {texts.allResults(text.trim())}
          </li>
        </ul>
      )}
    </div>
  );
}
