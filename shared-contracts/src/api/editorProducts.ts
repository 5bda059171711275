/** The editors' product picker's calls (types/editorProducts.ts). */
import { EDITOR_PRODUCT_LOOKUP_MAX, type EditorProduct } from '../types/editorProducts.js';
import { get, type RequestOptions } from './client.js';

/** GET /editor/products?q=: name (every word), article number (prefix) or id; hidden articles included. */
export async function searchEditorProducts(q: string, opts?: RequestOptions): Promise<EditorProduct[]> {
  return get<EditorProduct[]>('/editor/products', { q }, opts);
}

/**
 * GET /editor/products/lookup?ids=: the products of these ids in their order; an id that no longer exists is left
 * out of the answer. More ids than one request takes are asked in turns.
 */
export async function lookupEditorProducts(ids: readonly number[], opts?: RequestOptions): Promise<EditorProduct[]> {
  const unique = [...new Set(ids)];
  const found: EditorProduct[] = [];
  for (let start = 0; start < unique.length; start += EDITOR_PRODUCT_LOOKUP_MAX) {
    const part = unique.slice(start, start + EDITOR_PRODUCT_LOOKUP_MAX);
    found.push(...(await get<EditorProduct[]>('/editor/products/lookup', { ids: part.join(',') }, opts)));
  }
  return found;
}
