import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { pathFor, SEARCH_FORM } from '@shop/contracts/routes';
import { DeclaredPiece } from '../federation/DeclaredPiece.js';
import { texts } from '../texts.js';
import styles from './Chrome.module.css';

interface SearchBoxProps {
  initialQuery: string;
  autoFocus: boolean;
}

/**
 * The header's search slot. The search box a remote declares for it (role `header-search`; the catalogue's box, with
 * its remote entry and model ~20 kB gzip) is in no first view: the slot, a fixed size, holds the shell's own plain search field, and the box is loaded
 * when the shopper turns to it (pointer over the slot, a touch, focus). The field works on its own meanwhile (Enter
 * opens the search page; before hydration it is a plain GET form that does the same). The box mounts with the field's text; in that same commit, before another key can land, the
 * field gives way and hands over the focus if it had it. The field stays in place while the code loads, so typing
 * is never lost to a re-mounted or missing input.
 * Single-line brands hide the search (SPEC §2): the header renders no slot for them.
 */
export function SearchSlot() {
  const [wanted, setWanted] = useState(false);
  const [text, setText] = useState('');
  const [handOver, setHandOver] = useState<{ focus: boolean } | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const want = useCallback(() => setWanted(true), []);
  const shown = useCallback(() => setHandOver({ focus: document.activeElement === field.current }), []);

  return (
    <div className={styles.search} onPointerEnter={want} onTouchStart={want} onFocus={want}>
      {handOver === null && <SearchField input={field} text={text} onText={setText} />}
      {wanted && (
        <DeclaredPiece<SearchBoxProps>
          role="header-search"
          fallback="none"
          onShown={shown}
          props={{ initialQuery: text, autoFocus: handOver?.focus ?? false }}
        />
      )}
    </div>
  );
}

function SearchField({ input, text, onText }: { input: RefObject<HTMLInputElement | null>; text: string; onText: (text: string) => void }) {
  const navigate = useNavigate();
  // Text typed into the server's markup before hydration is in the field, not yet in state: take it over.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed !== '') onText(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get(SEARCH_FORM.queryField) ?? '').trim();
    if (query) navigate(pathFor('search', { query }));
  };
  // A plain GET form too (/search?q=…, which the shell sends on to the search page): Enter or the button searches
  // before the page has hydrated, and without JavaScript. Once hydrated, `submit` navigates in the page instead.
  return (
    <form role="search" className={styles.searchForm} action={SEARCH_FORM.action} method="get" onSubmit={submit} aria-label={texts.searchLabel}>
      <input
        ref={input}
        type="search"
        name={SEARCH_FORM.queryField}
        className={styles.searchInput}
        aria-label={texts.searchLabel}
        placeholder={texts.searchPlaceholder}
        autoComplete="off"
        maxLength={SEARCH_FORM.maxLength}
        value={text}
        onChange={(event) => onText(event.target.value)}
      />
      <button type="submit" className={styles.searchButton}>
        {texts.searchButton}
      </button>
    </form>
  );
}
