import { useEffect, useId, useState } from 'react';
import { getArticleAvailability, getShops } from '@shop/contracts/api';
import type { CartLine, LatLng, Shop, VariantShop } from '@shop/contracts/types';
import { texts } from '../texts.js';
import { Field } from './Field.js';
import { PositionError, browserPosition, positionOfPostcode, shopsByRoadDistance } from './position.js';
import { formatKm, hasAllInStock, isValidPostalCode, lineStock, openingHoursWeek, pickupShops } from './rules.js';
import styles from './Checkout.module.css';

type Status = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'done' };

/** Fresh per-shop stock of the cart's lines, by EAN (GET /articles/availability/{id} per article). */
function useFreshStock(orders: CartLine[]): ReadonlyMap<string, VariantShop[]> {
  const [stock, setStock] = useState<ReadonlyMap<string, VariantShop[]>>(new Map());
  const articleIds = [...new Set(orders.map((line) => line.articleId))].sort().join(',');
  useEffect(() => {
    const controller = new AbortController();
    const ids = articleIds === '' ? [] : articleIds.split(',').map(Number);
    Promise.allSettled(ids.map((id) => getArticleAvailability(id, { signal: controller.signal }))).then((results) => {
      if (controller.signal.aborted) return;
      const map = new Map<string, VariantShop[]>();
      for (const result of results) {
        if (result.status === 'fulfilled') for (const variant of result.value.variants) map.set(variant.ean, variant.shops);
      }
      setStock(map);
    });
    return () => controller.abort();
  }, [articleIds]);
  return stock;
}

function positionMessage(error: unknown): string {
  if (error instanceof PositionError) {
    if (error.code === 'UNKNOWN_POSTCODE') return texts.postcodeUnknown;
    if (error.code === 'NO_POSITION') return texts.positionUnavailable;
    return texts.positionError(error.message || String(error.code));
  }
  return texts.shopsFailed;
}

/**
 * Click-and-collect: the shopper gives a postcode or uses the browser's position; shops come nearest first by road
 * distance, each with its opening hours and the stock of the cart's lines.
 */
export function ShopPicker({
  orders,
  selectedShopId,
  onSelect,
  error,
}: {
  orders: CartLine[];
  selectedShopId: number | null;
  onSelect: (shop: Shop) => void;
  error?: string;
}) {
  const id = useId();
  const [postcode, setPostcode] = useState('');
  const [postcodeError, setPostcodeError] = useState<string | undefined>();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [shops, setShops] = useState<Shop[]>([]);
  const stock = useFreshStock(orders);

  const locate = async (origin: () => Promise<LatLng>) => {
    setStatus({ kind: 'loading' });
    try {
      const [from, all] = await Promise.all([origin(), getShops()]);
      setShops(await shopsByRoadDistance(from, pickupShops(all)));
      setStatus({ kind: 'done' });
    } catch (failure) {
      setStatus({ kind: 'error', message: positionMessage(failure) });
    }
  };

  const byPostcode = () => {
    if (!isValidPostalCode(postcode)) {
      setPostcodeError(texts.invalidPostalCode);
      return;
    }
    setPostcodeError(undefined);
    void locate(() => positionOfPostcode(postcode.trim()));
  };

  const errorId = error ? `${id}-shop-error` : undefined;
  return (
    <fieldset className={styles.fieldset} aria-describedby={errorId} data-testid="shop-picker">
      <legend>{texts.shopLegend}</legend>
      <div className={styles.inlineRow}>
        <Field
          id={`${id}-postcode`}
          label={texts.shopPostcode}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          value={postcode}
          error={postcodeError}
          onChange={(event) => setPostcode(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              byPostcode();
            }
          }}
        />
        <button type="button" className={styles.secondaryButton} onClick={byPostcode}>
          {texts.findShops}
        </button>
        <button type="button" className={styles.secondaryButton} onClick={() => void locate(() => browserPosition())}>
          {texts.useLocation}
        </button>
      </div>
      {status.kind === 'loading' && <p role="status">{texts.locating}</p>}
      {status.kind === 'error' && (
        <p className={styles.error} role="alert">
          {status.message}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
      {shops.length > 0 && (
        <ul className={styles.shops}>
          {shops.map((shop) => {
            const lines = lineStock(orders, shop.id, stock);
            const complete = hasAllInStock(lines);
            const inputId = `${id}-shop-${shop.id}`;
            return (
              <li key={shop.id} className={styles.shop} data-testid="shop-option">
                <input
                  type="radio"
                  id={inputId}
                  name={`${id}-shop`}
                  value={shop.id}
                  checked={selectedShopId === shop.id}
                  onChange={() => onSelect(shop)}
                  aria-describedby={`${inputId}-details`}
                />
                <label htmlFor={inputId}>
                  <strong>{shop.name}</strong> – {shop.address}, {shop.postNo} {shop.postPlace}
                  {shop.distance !== null && <span className={styles.hint}> · {texts.distance(formatKm(shop.distance))}</span>}
                </label>
                <div id={`${inputId}-details`} className={styles.shopDetails}>
                  <div>
                    <p className={styles.detailTitle}>{texts.openingHours}</p>
                    <dl className={styles.hours}>
                      {openingHoursWeek(shop).map(({ day, hours }) => (
                        <div key={day}>
                          <dt>{day}</dt>
                          <dd>{hours ?? texts.closed}</dd>
                        </div>
                      ))}
                    </dl>
                  </div>
                  <div>
                    <p className={styles.detailTitle}>{texts.stockInShop}</p>
                    <ul className={complete ? styles.stock : `${styles.stock} ${styles.stockShort}`}>
                      {lines.map((line) => (
                        <li key={line.ean}>{texts.lineStock(line.name, line.qty, line.count)}</li>
                      ))}
                    </ul>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
