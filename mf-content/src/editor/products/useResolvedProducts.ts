import { useCallback, useEffect, useState } from 'react';
import { lookupEditorProducts } from '@shop/contracts/api';
import type { EditorProduct } from '@shop/contracts/types';
import { unresolved, type Resolved } from './picker.js';

/**
 * What the picker knows of the ids it is given: each looked up once (GET /editor/products/lookup), an id the
 * catalogue no longer has marked `missing`; products picked from the search are remembered without a request.
 */
export function useResolvedProducts(ids: readonly number[]) {
  const [known, setKnown] = useState<ReadonlyMap<number, Resolved>>(() => new Map());
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const wanted = unresolved(ids, known);
  const key = wanted.join(',');

  useEffect(() => {
    if (key === '') return;
    const asked = key.split(',').map(Number);
    const controller = new AbortController();
    setFailed(false);
    lookupEditorProducts(asked, { signal: controller.signal }).then(
      (found) => {
        setKnown((old) => {
          const next = new Map(old);
          for (const id of asked) next.set(id, found.find((p) => p.id === id) ?? 'missing');
          return next;
        });
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const remember = useCallback((product: EditorProduct) => {
    setKnown((old) => new Map(old).set(product.id, product));
  }, []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { known, loading: wanted.length > 0 && !failed, failed, retry, remember };
}
