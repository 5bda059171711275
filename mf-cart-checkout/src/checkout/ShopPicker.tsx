import { useEffect, useId, useState } from 'react';
import { getPickupAvailability, getShops } from '@shop/contracts/api';
import type { CartLine, LatLng, PickupAvailability, Shop } from '@shop/contracts/types';
import { texts } from '../texts.js';
import { Field } from './Field.js';
import { PositionError, browserPosition, positionOfPostcode, shopsByRoadDistance } from './position.js';
import { formatKm, isValidPostalCode, openingHoursWeek, pickupChoices, pickupShops } from './rules.js';
import styles from './Checkout.module.css';

type Status = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'done' };

/**
 * Which pickup shops hold every line of the cart (GET /availability/pickup, the reservation's own check), asked again
 * whenever the lines or their counts change; null until the answer is in (or when it failed).
 */
function usePickupAvailability(orders: CartLine[]): PickupAvailability[] | null {
  const [availability, setAvailability] = useState<PickupAvailability[] | null>(null);
  const key = orders.map((line) => `${line.ean}:${line.count}`).join(',');
  useEffect(() => {
    setAvailability(null);
    if (key === '') return;
    const controller = new AbortController();
    const items = key.split(',').map((part) => {
      const [ean, count] = part.split(':');
      return { ean: ean!, count: Number(count) };
    });
    getPickupAvailability(items, { signal: controller.signal }).then(
      (answer) => !controller.signal.aborted && setAvailability(answer),
      () => undefined, // the stock the lines were added with still tells the shopper something
    );
    return () => controller.abort();
  }, [key]);
  return availability;
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
  const availability = usePickupAvailability(orders);
  const choices = pickupChoices(shops, orders, availability);

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
      {choices.length > 0 && (
        <ul className={styles.shops}>
          {choices.map(({ shop, lines, complete }) => {
            const inputId = `${id}-shop-${shop.id}`;
            return (
              <li
                key={shop.id}
                className={complete ? styles.shop : `${styles.shop} ${styles.shopUnavailable}`}
                data-testid="shop-option"
                data-complete={complete}
              >
                <input
                  type="radio"
                  id={inputId}
                  name={`${id}-shop`}
                  value={shop.id}
                  checked={selectedShopId === shop.id}
                  // A shop without every line cannot hand the order over: it is shown, but cannot be chosen.
                  disabled={!complete}
                  onChange={() => onSelect(shop)}
                  aria-describedby={`${inputId}-verdict ${inputId}-details`}
                />
                <label htmlFor={inputId}>
                  <strong>{shop.name}</strong> – {shop.address}, {shop.postNo} {shop.postPlace}
                  {shop.distance !== null && <span className={styles.hint}> · {texts.distance(formatKm(shop.distance))}</span>}
                </label>
                <p id={`${inputId}-verdict`} className={complete ? styles.shopComplete : styles.shopIncomplete} data-testid="shop-verdict">
                  {complete ? texts.shopHasAll : texts.shopLacks}
                </p>
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
