import { useEffect, useState } from 'react';
import { lookupEditorProducts } from '@shop/contracts/api';
import type { EditorProduct } from '@shop/contracts/types';

/**
 * One product's name, image and price for the editor's product card (the picker's lookup, which also finds products
 * hidden from the web shop, so the card can say so): undefined while loading, null when it no longer exists.
 */
export function useArticleSummary(id: number | null): EditorProduct | null | undefined {
  const [product, setProduct] = useState<EditorProduct | null | undefined>(undefined);
  useEffect(() => {
    if (id === null) return setProduct(null);
    let live = true;
    setProduct(undefined);
    lookupEditorProducts([id]).then(
      ([found]) => live && setProduct(found ?? null),
      () => live && setProduct(null),
    );
    return () => {
      live = false;
    };
  }, [id]);
  return product;
}
