/** Pure helpers of the account history answers. */

/** VAT is derived, never stored (docs/architecture.md): the VAT part of a VAT-inclusive total, rounded to whole øre. */
export function vatBreakdown(total: number, vatPercentage: number): { Vat: number; NetAmount: number } {
  const net = Math.round((total * 100) / (100 + vatPercentage));
  return { Vat: total - net, NetAmount: net };
}

export const HISTORY_PAGE_SIZE = 10;

export function pageMeta(page: number, perPage: number, total: number) {
  return { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}
