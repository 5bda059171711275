/** Sort choices of the category listing and the API's order parameters they stand for. */
import type { ListQuery } from '@shop/contracts/types';
import type { SortKey } from './urlState.js';

export const SORT_QUERIES: Readonly<Record<SortKey, Pick<ListQuery, 'orderBy' | 'order'>>> = {
  navn: { orderBy: 'Name', order: 'asc' },
  'pris-lav': { orderBy: 'SuggestedFinalPrice', order: 'asc' },
  'pris-hoy': { orderBy: 'SuggestedFinalPrice', order: 'desc' },
  nyheter: { orderBy: 'DateCreated', order: 'desc' },
  populaere: { orderBy: 'BestsellerQtyRank', order: 'asc' },
};
