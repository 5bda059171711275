// @vitest-environment happy-dom
import { allSettled, fork } from 'effector';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'effector';
import { $cartCount, $cartOpen, cartAddAnswered, cartAddRequested, cartClosed, cartOpened, cartToggled } from '@shop/contracts/bus';
import { ApiError } from '@shop/contracts/api';
import type { CartAddAnswer, CartAddRequest, CartLine, CartVariant } from '@shop/contracts/types';
import {
  $activePromocode,
  $cartErrors,
  $cartTotal,
  $discount,
  $discountApplied,
  $isCartValid,
  $klarnaOrders,
  $orderInfo,
  $orders,
  $qliroOrders,
  $shipping,
  $txData,
  cartCleared,
  cartErrorsReported,
  discountActivated,
  discountRemoved,
  klarnaOrderTracked,
  lineDecremented,
  lineRemoved,
  orderCompleted,
  orderInfoChanged,
  promocodeApplied,
  promocodeCleared,
  linesRereadFx,
  qliroOrderTracked,
  readVariantFx,
  txDataChanged,
} from './model.js';
import { NO_DISCOUNT, addRequestFor as addRequest } from './rules.js';
import type { Promocode } from '@shop/contracts/types';

const code = (overrides: Partial<Promocode> = {}): Promocode => ({
  id: 1,
  name: 'VINTER10',
  valid_from: '2026-01-01T00:00:00Z',
  valid_to: null,
  fixed: false,
  amount: 10,
  type: 'cart',
  ...overrides,
});
import { cartLine, cartVariantOf } from './fixtures.js';

// The API the cart reads variants from: each test says what it answers for a line's variant (the line itself, as the
// cart should store it) and the page's request carries only the variant and the count.
const catalogue = new Map<number, CartVariant | Error>();
readVariantFx.use((request) => {
  const reading = catalogue.get(request.variantId);
  if (reading instanceof Error) throw reading;
  if (!reading) throw new ApiError({ kind: 'status', status: 404, message: 'Fant ikke varen.' });
  return reading;
});
function add(line: CartLine, count = 1): CartAddRequest {
  catalogue.set(line.id, cartVariantOf(line));
  return addRequest(line, count);
}

const A = '7040000000017';
const B = '7040000000024';

describe('cart model', () => {
  beforeEach(() => localStorage.clear());

  it('cart add feeds $cartCount and $cartTotal', async () => {
    const scope = fork();
    await allSettled(cartAddRequested, { scope, params: add(cartLine({ ean: A, price: 10000 })) });
    expect(scope.getState($cartCount)).toBe(1);
    await allSettled(cartAddRequested, { scope, params: add(cartLine({ ean: A, price: 10000 })) });
    await allSettled(cartAddRequested, { scope, params: add(cartLine({ ean: B, price: 2500 })) });
    expect(scope.getState($cartCount)).toBe(3);
    expect(scope.getState($cartTotal)).toBe(22500);
    expect(scope.getState($orders).map((line) => line.ean)).toEqual([A, B]);
  });

  it('answers every add in Norwegian: added, then refused by the first shop\'s stock, then by the limit', async () => {
    const $answers = createStore<CartAddAnswer[]>([]).on(cartAddAnswered, (list, answer) => [...list, answer]);
    const scope = fork();
    const twoInStock = cartLine({ ean: A, name: 'Regnjakke Bris', stock: 2, webPurchaseLimit: 5 });
    for (let i = 0; i < 4; i++) await allSettled(cartAddRequested, { scope, params: add(twoInStock) });
    expect(scope.getState($orders).map((line) => line.count)).toEqual([2]);
    expect(scope.getState($answers).map((a) => [a.outcome, a.count, a.message])).toEqual([
      ['added', 1, 'Regnjakke Bris er lagt i handlekurven.'],
      ['increased', 2, 'Regnjakke Bris er lagt i handlekurven. Du har nå 2 stk.'],
      ['stock', 2, 'Regnjakke Bris ble ikke lagt til: det er bare 2 stk. på lager.'],
      ['stock', 2, 'Regnjakke Bris ble ikke lagt til: det er bare 2 stk. på lager.'],
    ]);

    const limited = cartLine({ ean: B, name: 'Ullsokker', stock: 40, webPurchaseLimit: 1 });
    await allSettled(cartAddRequested, { scope, params: add(limited) });
    await allSettled(cartAddRequested, { scope, params: add(limited) });
    expect(scope.getState($answers).at(-1)?.message).toBe('Ullsokker ble ikke lagt til: du kan kjøpe høyst 1 stk. av denne varen.');
    expect(scope.getState($orders).map((line) => line.count)).toEqual([2, 1]);
  });

  // The cases the cart journey clicked through in the browser at 1280 and 375 px (e2e cart-limit-pickup-shipping): one
  // add at a time up to the line's ceiling, then one past it; every answer and the count the badge shows.
  const added = (name: string) => ['added', 1, `${name} er lagt i handlekurven.`];
  const increased = (name: string, n: number) => ['increased', n, `${name} er lagt i handlekurven. Du har nå ${n} stk.`];
  it.each([
    { case: 'first shop holds 2, limit 3: the third add is refused by the stock', stock: 2, limit: 3, refusal: ['stock', 2, 'Regnjakke Bris ble ikke lagt til: det er bare 2 stk. på lager.'] },
    { case: 'first shop holds 2, limit 9: the third add is refused by the stock', stock: 2, limit: 9, refusal: ['stock', 2, 'Regnjakke Bris ble ikke lagt til: det er bare 2 stk. på lager.'] },
    { case: 'limit 1 under a stock of 5: the second add is refused by the limit', stock: 5, limit: 1, refusal: ['limit', 1, 'Regnjakke Bris ble ikke lagt til: du kan kjøpe høyst 1 stk. av denne varen.'] },
    { case: 'limit 2 under a stock of 5: the third add is refused by the limit', stock: 5, limit: 2, refusal: ['limit', 2, 'Regnjakke Bris ble ikke lagt til: du kan kjøpe høyst 2 stk. av denne varen.'] },
    { case: 'limit 3 under a stock of 4: the fourth add is refused by the limit', stock: 4, limit: 3, refusal: ['limit', 3, 'Regnjakke Bris ble ikke lagt til: du kan kjøpe høyst 3 stk. av denne varen.'] },
  ])('one add at a time past the ceiling: $case', async ({ stock, limit, refusal }) => {
    const $answers = createStore<CartAddAnswer[]>([]).on(cartAddAnswered, (list, answer) => [...list, answer]);
    const scope = fork();
    const line = cartLine({ ean: A, name: 'Regnjakke Bris', stock, webPurchaseLimit: limit });
    const ceiling = Math.min(stock, limit);
    for (let i = 0; i <= ceiling; i++) await allSettled(cartAddRequested, { scope, params: add(line) });
    expect(scope.getState($answers).map((a) => [a.outcome, a.count, a.message])).toEqual([
      added('Regnjakke Bris'),
      ...Array.from({ length: ceiling - 1 }, (_, i) => increased('Regnjakke Bris', i + 2)),
      refusal,
    ]);
    // The refusal changes nothing: the badge still shows the ceiling.
    expect(scope.getState($cartCount)).toBe(ceiling);
    expect(scope.getState($orders).map((l) => l.count)).toEqual([ceiling]);
  });

  it('first shop at 0: four adds give one line of 1, and say why', async () => {
    const scope = fork();
    const $answers = createStore<string[]>([]).on(cartAddAnswered, (list, answer) => [...list, answer.outcome]);
    for (let i = 0; i < 4; i++) await allSettled(cartAddRequested, { scope, params: add(cartLine({ ean: A, stock: 0 })) });
    expect(scope.getState($cartCount)).toBe(1);
    expect(scope.getState($answers)).toEqual(['added', 'stock', 'stock', 'stock']);
  });

  it('adds fired in one tick each see the previous one (no double count past the stock)', () => {
    const line = cartLine({ ean: A, stock: 2, webPurchaseLimit: 9 });
    cartAddRequested(add(line));
    cartAddRequested(add(line));
    cartAddRequested(add(line));
    expect($orders.getState().map((l) => l.count)).toEqual([2]);
    cartCleared();
  });

  it('decides on the lines another tab wrote: the limit holds across tabs', () => {
    const lines = [cartLine({ ean: A, count: 2, stock: 2 })];
    localStorage.setItem('orders', JSON.stringify(lines));
    window.dispatchEvent(new StorageEvent('storage', { key: 'orders', newValue: JSON.stringify(lines), storageArea: localStorage }));
    const answers: string[] = [];
    const unwatch = cartAddAnswered.watch((answer) => answers.push(answer.outcome));
    cartAddRequested(add(cartLine({ ean: A, stock: 2 })));
    unwatch();
    expect($orders.getState().map((l) => l.count)).toEqual([2]);
    expect(answers).toEqual(['stock']);
    cartCleared();
  });

  it('prices, limits and stores the line from its own reading of the variant, never from what the page saw', async () => {
    const scope = fork();
    const $answers = createStore<CartAddAnswer[]>([]).on(cartAddAnswered, (list, answer) => [...list, answer]);
    const stored = cartLine({ ean: A, name: 'Regnjakke Bris', price: 59900, frightPrice: 14900, webPurchaseLimit: 3, stock: 7 });
    catalogue.set(stored.id, cartVariantOf(stored));
    // The page saw an older price and a different name: display only.
    await allSettled(cartAddRequested, { scope, params: { variantId: stored.id, count: 1, seen: { name: 'Gammel', image: '', price: 100, size: 'S', color: 'Rød' } } });
    expect(scope.getState($orders)).toEqual([stored]);
    expect(scope.getState($cartTotal)).toBe(59900);
    expect(scope.getState($shipping)).toBe(14900);
    expect(scope.getState($answers)).toEqual([
      { variantId: stored.id, ean: A, outcome: 'added', count: 1, message: 'Regnjakke Bris er lagt i handlekurven.' },
    ]);
  });

  it('adds several units each by the rule: a request for 5 with 3 in stock gives 3 and says why', async () => {
    const scope = fork();
    const $answers = createStore<CartAddAnswer[]>([]).on(cartAddAnswered, (list, answer) => [...list, answer]);
    await allSettled(cartAddRequested, { scope, params: add(cartLine({ ean: A, name: 'Lue', stock: 3 }), 5) });
    expect(scope.getState($orders).map((line) => line.count)).toEqual([3]);
    expect(scope.getState($answers).map((a) => [a.outcome, a.count, a.message])).toEqual([
      ['stock', 3, 'Lue ble ikke lagt til: det er bare 3 stk. på lager.'],
    ]);
  });

  it.each([
    { case: 'the variant is no longer for sale on the web', reading: (line: CartLine) => cartVariantOf({ ...line, canPurchase: false }), outcome: 'unavailable', message: 'Lue ble ikke lagt til: varen kan ikke kjøpes på nett nå.' },
    { case: 'the API does not know the variant (hidden or gone)', reading: () => new ApiError({ kind: 'status', status: 404, message: 'Fant ikke varen.' }), outcome: 'unavailable', message: 'Lue ble ikke lagt til: varen kan ikke kjøpes på nett nå.' },
    { case: 'the API cannot be reached', reading: () => new ApiError({ kind: 'network', message: 'Network Error' }), outcome: 'failed', message: 'Lue ble ikke lagt til: vi fikk ikke kontakt. Prøv igjen.' },
  ])('adds nothing and says so when $case', async ({ reading, outcome, message }) => {
    const line = cartLine({ ean: B, name: 'Lue', count: 2 });
    const scope = fork({ values: [[$orders, [line]]] });
    const $answers = createStore<CartAddAnswer[]>([]).on(cartAddAnswered, (list, answer) => [...list, answer]);
    catalogue.set(line.id, reading(line));
    await allSettled(cartAddRequested, { scope, params: addRequest(line) });
    expect(scope.getState($orders)).toEqual([line]);
    expect(scope.getState($answers)).toEqual([{ variantId: line.id, ean: B, outcome, count: 2, message }]);
  });

  it('decrement, remove and clear recompute the count', async () => {
    const scope = fork({ values: [[$orders, [cartLine({ ean: A, count: 3 }), cartLine({ ean: B, count: 1 })]]] });
    await allSettled(lineDecremented, { scope, params: A });
    expect(scope.getState($cartCount)).toBe(3);
    await allSettled(lineRemoved, { scope, params: B });
    expect(scope.getState($cartCount)).toBe(2);
    await allSettled(cartCleared, { scope });
    expect(scope.getState($cartCount)).toBe(0);
    expect(scope.getState($cartTotal)).toBe(0);
  });

  it('opens, closes and toggles the cart modal', async () => {
    const scope = fork();
    await allSettled(cartOpened, { scope });
    expect(scope.getState($cartOpen)).toBe(true);
    await allSettled(cartToggled, { scope });
    expect(scope.getState($cartOpen)).toBe(false);
    await allSettled(cartToggled, { scope });
    await allSettled(cartClosed, { scope });
    expect(scope.getState($cartOpen)).toBe(false);
  });

  it('persists the lines under the spec key "orders"', async () => {
    cartAddRequested(add(cartLine({ ean: B })));
    const stored = JSON.parse(localStorage.getItem('orders') ?? '[]') as { ean: string }[];
    expect(stored.map((line) => line.ean)).toContain(B);
    expect(localStorage.getItem('count')).toBe(String($cartCount.getState()));
    cartCleared();
  });

  it('takes lines written by another tab (storage event)', () => {
    const lines = [cartLine({ ean: A, count: 2 })];
    localStorage.setItem('orders', JSON.stringify(lines));
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'orders', newValue: JSON.stringify(lines), storageArea: localStorage }),
    );
    expect($cartCount.getState()).toBe(2);
    cartCleared();
  });

  it('re-reads the lines whose campaign price the server refused, and then lets the shopper order at the new price', async () => {
    const ended = cartLine({ ean: A, count: 2, price: 199900, campaignArticleId: 500 });
    const soldOut = cartLine({ ean: B, price: 5000 });
    const read: number[][] = [];
    const scope = fork({
      values: [[$orders, [ended, soldOut]]],
      handlers: [
        [
          linesRereadFx,
          (ids: number[]) => {
            read.push(ids);
            // The campaign is over: the API now answers the list price and no campaign.
            return ids.map((id) => cartVariantOf(id === ended.id ? { ...ended, price: 249900, campaignArticleId: null } : soldOut));
          },
        ],
      ],
    });
    await allSettled(cartErrorsReported, { scope, params: [{ eanNo: B, message: 'Varen er dessverre utsolgt' }] });
    expect(read).toEqual([]);
    await allSettled(cartErrorsReported, {
      scope,
      params: [{ eanNo: A, message: 'Kampanjeprisen gjelder ikke lenger. Prisen er nå 2 499,00 kr.', price: 249900 }],
    });
    expect(read).toEqual([[ended.id]]);
    expect(scope.getState($orders).map((l) => [l.ean, l.count, l.price, l.campaignArticleId])).toEqual([
      [A, 2, 249900, null],
      [B, 1, 5000, null],
    ]);
    expect(scope.getState($cartTotal)).toBe(2 * 249900 + 5000);
    // The message stays on the line, but no longer blocks the order: the line shows what the server will charge.
    expect(scope.getState($cartErrors)).toHaveLength(1);
    expect(scope.getState($isCartValid)).toBe(true);
  });

  it('applies a fraction discount to the total and keeps the first code until it is cleared', async () => {
    const scope = fork({ values: [[$orders, [cartLine({ ean: A, count: 2, price: 10000 })]]] });
    await allSettled(promocodeApplied, { scope, params: code() });
    expect(scope.getState($cartTotal)).toBe(18000);
    expect(scope.getState($discountApplied)).toBe(2000);
    expect(scope.getState($discount)).toEqual({ activated: true, fixed: false, amount: 10, originalTotal: 20000 });
    await allSettled(promocodeApplied, { scope, params: code({ id: 2, name: 'FAST', fixed: true, amount: 500 }) });
    expect(scope.getState($activePromocode)?.name).toBe('VINTER10');
    expect(scope.getState($cartTotal)).toBe(18000);
    await allSettled(promocodeCleared, { scope });
    expect(scope.getState($activePromocode)).toBeNull();
    expect(scope.getState($cartTotal)).toBe(20000);
    await allSettled(promocodeApplied, { scope, params: code({ id: 2, name: 'FAST', fixed: true, amount: 500 }) });
    expect(scope.getState($cartTotal)).toBe(19500);
  });

  it('recomputes the discounted total after each line change, never below the deposit', async () => {
    const scope = fork({ values: [[$orders, [cartLine({ ean: A, count: 2, price: 1000, pant: 300 })]]] });
    await allSettled(discountActivated, { scope, params: { fixed: true, amount: 1000 } });
    expect(scope.getState($cartTotal)).toBe(1000);
    await allSettled(cartAddRequested, { scope, params: add(cartLine({ ean: B, price: 5000 })) });
    expect(scope.getState($cartTotal)).toBe(6000);
    expect(scope.getState($discount).originalTotal).toBe(7000);
    await allSettled(lineRemoved, { scope, params: B });
    await allSettled(lineDecremented, { scope, params: A });
    // 1000 − 1000 = 0 is below the 300 øre deposit.
    expect(scope.getState($cartTotal)).toBe(300);
  });

  it('removing the last line clears the discount and the code; empty cart → total 0, count 0', async () => {
    const scope = fork({ values: [[$orders, [cartLine({ ean: A, price: 10000 })]]] });
    await allSettled(promocodeApplied, { scope, params: code() });
    await allSettled(lineRemoved, { scope, params: A });
    expect(scope.getState($discount)).toEqual(NO_DISCOUNT);
    expect(scope.getState($activePromocode)).toBeNull();
    expect(scope.getState($cartTotal)).toBe(0);
    expect(scope.getState($cartCount)).toBe(0);
  });

  it('no discount on an empty cart; discountRemoved deactivates', async () => {
    const scope = fork();
    await allSettled(discountActivated, { scope, params: { fixed: true, amount: 1000 } });
    expect(scope.getState($discount).activated).toBe(false);
    await allSettled(cartAddRequested, { scope, params: add(cartLine({ ean: A, price: 10000 })) });
    await allSettled(discountActivated, { scope, params: { fixed: true, amount: 1000 } });
    expect(scope.getState($cartTotal)).toBe(9000);
    await allSettled(discountRemoved, { scope });
    expect(scope.getState($cartTotal)).toBe(10000);
  });

  it('freight is the highest frightPrice', async () => {
    const scope = fork();
    await allSettled(cartAddRequested, { scope, params: add(cartLine({ ean: A, frightPrice: 9900 })) });
    await allSettled(cartAddRequested, { scope, params: add(cartLine({ ean: B, frightPrice: 19900 })) });
    expect(scope.getState($shipping)).toBe(19900);
    await allSettled(lineRemoved, { scope, params: B });
    expect(scope.getState($shipping)).toBe(9900);
  });

  it('is valid only with lines and no cart error on them', async () => {
    const scope = fork();
    expect(scope.getState($isCartValid)).toBe(false);
    await allSettled(cartAddRequested, { scope, params: add(cartLine({ ean: A })) });
    expect(scope.getState($isCartValid)).toBe(true);
    await allSettled(cartErrorsReported, { scope, params: [{ eanNo: A, message: 'Utsolgt' }] });
    expect(scope.getState($isCartValid)).toBe(false);
    await allSettled(cartAddRequested, { scope, params: add(cartLine({ ean: B })) });
    await allSettled(lineRemoved, { scope, params: A });
    expect(scope.getState($isCartValid)).toBe(true);
  });

  it('clearing empties orders, transaction data, discount, order info and cart errors; provider orders are tracked', async () => {
    const scope = fork({ values: [[$orders, [cartLine({ ean: A, price: 10000 })]]] });
    await allSettled(promocodeApplied, { scope, params: code() });
    await allSettled(txDataChanged, { scope, params: { provider: 'klarna', orderId: 'k1' } });
    await allSettled(orderInfoChanged, { scope, params: { reservationId: 7 } });
    await allSettled(cartErrorsReported, { scope, params: [{ eanNo: A }] });
    await allSettled(klarnaOrderTracked, { scope, params: { orderId: 'k1' } });
    await allSettled(klarnaOrderTracked, { scope, params: { orderId: 'k1' } });
    await allSettled(qliroOrderTracked, { scope, params: { shopId: 3, orderId: 'q1' } });
    await allSettled(qliroOrderTracked, { scope, params: { shopId: 3, orderId: 'q2' } });
    expect(scope.getState($klarnaOrders)).toEqual([{ orderId: 'k1' }]);
    expect(scope.getState($qliroOrders)).toEqual([{ shopId: 3, orderId: 'q2' }]);
    await allSettled(cartCleared, { scope });
    expect(scope.getState($orders)).toEqual([]);
    expect(scope.getState($txData)).toBeNull();
    expect(scope.getState($discount)).toEqual(NO_DISCOUNT);
    expect(scope.getState($orderInfo)).toBeNull();
    expect(scope.getState($cartErrors)).toEqual([]);
  });

  it('persists the shared keys but never the transaction data', async () => {
    cartAddRequested(add(cartLine({ ean: A, price: 10000, frightPrice: 14900 })));
    promocodeApplied(code());
    txDataChanged({ secret: 'tx' });
    klarnaOrderTracked({ orderId: 'k9' });
    expect(JSON.parse(localStorage.getItem('discount') ?? 'null')).toMatchObject({ activated: true, amount: 10 });
    expect(JSON.parse(localStorage.getItem('activePromocode') ?? 'null')).toMatchObject({ name: 'VINTER10' });
    expect(localStorage.getItem('total')).toBe('9000');
    expect(localStorage.getItem('shipping')).toBe('14900');
    expect(JSON.parse(localStorage.getItem('klarnaOrders') ?? '[]')).toEqual([{ orderId: 'k9' }]);
    expect(Object.keys(localStorage).some((key) => (localStorage.getItem(key) ?? '').includes('"tx"'))).toBe(false);
    cartCleared();
  });

  it('takes a discount written by another tab and ignores a malformed one', () => {
    cartAddRequested(add(cartLine({ ean: A, price: 10000 })));
    const discount = { activated: true, fixed: true, amount: 2500, originalTotal: 10000 };
    localStorage.setItem('discount', JSON.stringify(discount));
    window.dispatchEvent(new StorageEvent('storage', { key: 'discount', newValue: JSON.stringify(discount), storageArea: localStorage }));
    expect($cartTotal.getState()).toBe(7500);
    const broken = JSON.stringify({ activated: 'yes' });
    localStorage.setItem('discount', broken);
    // effector-storage reports an entry its contract refuses on the console (its default `fail`): that one, only.
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      window.dispatchEvent(new StorageEvent('storage', { key: 'discount', newValue: broken, storageArea: localStorage }));
      expect(error.mock.calls).toEqual([[['Invalid data']]]);
    } finally {
      error.mockRestore();
    }
    expect($cartTotal.getState()).toBe(7500);
    cartCleared();
  });

  it('a completed order clears the cart like clearing does but keeps the confirmation in order info', async () => {
    const scope = fork({ values: [[$orders, [cartLine({ ean: A, price: 10000 })]]] });
    await allSettled(promocodeApplied, { scope, params: code() });
    await allSettled(txDataChanged, { scope, params: { orderId: 'k1' } });
    await allSettled(orderCompleted, { scope, params: { reservationId: 9, completed: true } });
    expect(scope.getState($orders)).toEqual([]);
    expect(scope.getState($discount)).toEqual(NO_DISCOUNT);
    expect(scope.getState($activePromocode)).toBeNull();
    expect(scope.getState($txData)).toBeNull();
    expect(scope.getState($orderInfo)).toEqual({ reservationId: 9, completed: true });
  });
});
