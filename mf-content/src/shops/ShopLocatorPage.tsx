import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getPostalCode, getShops } from '@shop/contracts/api';
import { weekOpeningHours } from '@shop/contracts/mappers';
import { loaderHeadContext, type LoaderDataProps, type PageLoader } from '@shop/contracts/ssr';
import type { Shop } from '@shop/contracts/types';
import { LoadState } from '../shared/LoadState.js';
import { useLoad } from '../shared/useLoad.js';
import { shopsHead } from './head.js';
import { texts } from './texts.js';
import { formatDistance, sortByDistance, type Point } from './distance.js';
import { isOpenAt, weekLines } from './openingHours.js';
import { useShopperClock } from './shopperClock.js';
import { visitableShops } from './visitable.js';
import styles from '../content.module.css';

export interface ShopLocatorPageProps {
  /** The clock (tests); default the shopper's (shopperClock.ts). */
  now?: Date;
}

/**
 * `now`: the shopper's clock, null until the page has hydrated (the status line keeps its place, empty, so nothing
 * moves when it fills in). `today`: the day whose line is marked, by the server's clock until then.
 */
function ShopCard({ shop, now, today }: { shop: Shop & { distance: number | null }; now: Date | null; today: Date }) {
  const week = weekOpeningHours(shop.openingHoursEntries);
  const open = now !== null && isOpenAt(week, now);
  const hasHours = shop.openingHoursEntries.length > 0;
  return (
    <li className={styles.shop} data-testid="shop">
      <h2>{shop.name}</h2>
      {shop.distance !== null && <p>{texts.distanceFrom(formatDistance(shop.distance))}</p>}
      {hasHours ? (
        <>
          {now === null ? (
            <p aria-hidden="true">{'\u00a0'}</p>
          ) : (
            <p className={open ? styles.open : styles.closed}>{open ? texts.openNow : texts.closedNow}</p>
          )}
          <table className={styles.hours} aria-label={texts.openingHours}>
            <tbody>
              {weekLines(week, today).map((line) => (
                <tr key={line.day} className={line.today ? styles.today : undefined}>
                  <td>{line.name}</td>
                  <td>{line.hours}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p>{texts.hoursUnknown}</p>
      )}
      <p>
        {shop.address}, {shop.postNo} {shop.postPlace}
      </p>
      {shop.description && <p>{shop.description}</p>}
      <p className={styles.meta}>
        {shop.phone && <a href={`tel:${shop.phone.replace(/\s+/g, '')}`}>{`${texts.phone}: ${shop.phone}`}</a>}
        {shop.email && <a href={`mailto:${shop.email}`}>{`${texts.email}: ${shop.email}`}</a>}
        {shop.messenger && <a href={shop.messenger}>{texts.messenger}</a>}
        {shop.mapLink && <a href={shop.mapLink}>{texts.showOnMap}</a>}
      </p>
    </li>
  );
}

/** What the server-rendered locator starts from: the shops, and the server's clock for today's line (ISO time). */
export interface ShopsLoaded {
  shops: Shop[];
  renderedAt: string;
}

/** Every shop (a schema.org Store each in the head). */
export const loader: PageLoader<ShopLocatorPageProps, ShopsLoaded> = async (context) => {
  const [headContext, shops] = await Promise.all([loaderHeadContext(context), getShops()]);
  return { head: shopsHead(headContext, { shops }), data: { shops, renderedAt: new Date().toISOString() } };
};

/** /butikker: every shop with opening hours, "Åpent nå"/"Stengt", contact, and distance from a postcode or position. */
export default function ShopLocatorPage({ now: nowProp, loaderData }: ShopLocatorPageProps & LoaderDataProps<ShopsLoaded>) {
  const [state, retry] = useLoad((signal) => getShops({ signal }), [], () => loaderData?.shops);
  // "Åpent nå"/"Stengt" by the shopper's clock, ticking each minute; the server and the hydration render leave it
  // out (null). Today's line is marked by the server's clock until then: the same markup on both sides.
  const shopperNow = useShopperClock();
  const now = nowProp ?? shopperNow;
  const today = useMemo(() => now ?? (loaderData ? new Date(loaderData.renderedAt) : new Date()), [now, loaderData]);
  const [from, setFrom] = useState<Point | null>(null);
  const [postcode, setPostcode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [query] = useSearchParams();

  // The home page's store search links here with ?postnummer=NNNN.
  const initial = query.get('postnummer');
  useEffect(() => {
    if (!initial || !/^\d{4}$/.test(initial)) return;
    setPostcode(initial);
    getPostalCode(initial).then(
      (place) => place.lat !== null && place.lng !== null && setFrom({ latitude: place.lat, longitude: place.lng }),
      () => setMessage(texts.postcodeUnknown),
    );
  }, [initial]);

  const shops = useMemo(() => (state.status === 'ready' ? sortByDistance(visitableShops(state.data), from) : []), [state, from]);
  if (state.status !== 'ready') return <LoadState state={state} retry={retry} />;

  const byPostcode = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}$/.test(postcode.trim())) {
      setMessage(texts.postcodeInvalid);
      return;
    }
    try {
      const place = await getPostalCode(postcode.trim());
      if (place.lat === null || place.lng === null) throw new Error('no coordinates');
      setFrom({ latitude: place.lat, longitude: place.lng });
      setMessage(null);
    } catch {
      setMessage(texts.postcodeUnknown);
    }
  };
  const byPosition = () => {
    if (!navigator.geolocation) {
      setMessage(texts.positionFailed);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setFrom({ latitude: p.coords.latitude, longitude: p.coords.longitude });
        setMessage(null);
      },
      () => setMessage(texts.positionFailed),
    );
  };

  return (
    <div className={styles.page}>
      <h1>{texts.shopsTitle}</h1>
      <p>{texts.shopsIntro}</p>
      <form className={styles.form} onSubmit={byPostcode}>
        <label>
          {texts.postcodeLabel}
          <input inputMode="numeric" autoComplete="postal-code" maxLength={4} value={postcode} onChange={(e) => setPostcode(e.target.value)} />
        </label>
        <button type="submit">{texts.postcodeSearch}</button>
        <button type="button" onClick={byPosition}>
          {texts.useMyPosition}
        </button>
      </form>
      {message && <p role="alert">{message}</p>}
      <ul className={styles.shopList}>
        {shops.map((shop) => (
          <ShopCard key={shop.id} shop={shop} now={now} today={today} />
        ))}
      </ul>
    </div>
  );
}
