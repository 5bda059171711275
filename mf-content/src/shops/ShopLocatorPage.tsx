import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { getShops } from '@shop/contracts/api';
import { weekOpeningHours } from '@shop/contracts/mappers';
import { pathFor } from '@shop/contracts/routes';
import { $pageHydrated, loaderHeadContext, type LoaderDataProps, type PageLoader } from '@shop/contracts/ssr';
import type { Shop } from '@shop/contracts/types';
import { LoadState } from '../shared/LoadState.js';
import { useLoad } from '../shared/useLoad.js';
import { shopsHead } from './head.js';
import { texts } from './texts.js';
import { formatDistance, sortByDistance, type Point } from './distance.js';
import { isOpenAt, weekLines } from './openingHours.js';
import { useShopperClock } from './shopperClock.js';
import { visitableShops } from './visitable.js';
import { POSTCODE_PARAM, postcodeAsked, postcodePoint } from './postcode.js';
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

/**
 * What the server-rendered locator starts from: the shops, the server's clock for today's line (ISO time), and the
 * postcode the address asked for (?postnummer=NNNN), already looked up: the list comes sorted by distance from it.
 */
export interface ShopsLoaded {
  shops: Shop[];
  renderedAt: string;
  /** The field's text ('' when none was asked). */
  postcode: string;
  /** Where that postcode is; null when none was asked or it is unknown or invalid. */
  from: Point | null;
  /** Why the postcode sorts nothing. */
  problem: PostcodeProblem | null;
}

type PostcodeProblem = 'invalid' | 'unknown';
const problemTexts: Record<PostcodeProblem, string> = { invalid: texts.postcodeInvalid, unknown: texts.postcodeUnknown };

/**
 * Every shop (a schema.org Store each in the head), sorted from the postcode in the address when there is one: the
 * locator's form is a plain GET form to this address, so a shopper who searches before the page has hydrated (or
 * without JavaScript) gets the sorted list from the server.
 */
export const loader: PageLoader<ShopLocatorPageProps, ShopsLoaded> = async (context) => {
  const asked = postcodeAsked(new URL(context.url).searchParams.get(POSTCODE_PARAM));
  const [headContext, shops, from] = await Promise.all([
    loaderHeadContext(context),
    getShops(),
    asked.kind === 'valid' ? postcodePoint(asked.postcode) : Promise.resolve(null),
  ]);
  const problem: PostcodeProblem | null = asked.kind === 'invalid' ? 'invalid' : asked.kind === 'valid' && from === null ? 'unknown' : null;
  return {
    head: shopsHead(headContext, { shops }),
    data: { shops, renderedAt: new Date().toISOString(), postcode: asked.kind === 'none' ? '' : asked.postcode, from, problem },
  };
};

/** /butikker: every shop with opening hours, "Åpent nå"/"Stengt", contact, and distance from a postcode or position. */
export default function ShopLocatorPage({ now: nowProp, loaderData }: ShopLocatorPageProps & LoaderDataProps<ShopsLoaded>) {
  const [state, retry] = useLoad((signal) => getShops({ signal }), [], () => loaderData?.shops);
  // "Åpent nå"/"Stengt" by the shopper's clock, ticking each minute; the server and the hydration render leave it
  // out (null). Today's line is marked by the server's clock until then: the same markup on both sides.
  const shopperNow = useShopperClock();
  const now = nowProp ?? shopperNow;
  const today = useMemo(() => now ?? (loaderData ? new Date(loaderData.renderedAt) : new Date()), [now, loaderData]);
  const [query] = useSearchParams();
  const [from, setFrom] = useState<Point | null>(() => loaderData?.from ?? null);
  const [postcode, setPostcode] = useState(() => loaderData?.postcode ?? '');
  const [message, setMessage] = useState<string | null>(() => (loaderData?.problem ? problemTexts[loaderData.problem] : null));
  const hydrated = useUnit($pageHydrated);

  // The home page's store search (and this page's form, before hydration) come here with ?postnummer=NNNN. What the
  // server already looked up for this page is not asked again.
  const initial = query.get(POSTCODE_PARAM);
  useEffect(() => {
    if (loaderData && (initial ?? '').trim() === loaderData.postcode) return undefined;
    const asked = postcodeAsked(initial);
    if (asked.kind === 'none') return undefined;
    setPostcode(asked.postcode);
    if (asked.kind === 'invalid') {
      setMessage(texts.postcodeInvalid);
      return undefined;
    }
    const controller = new AbortController();
    void postcodePoint(asked.postcode, { signal: controller.signal }).then((point) => {
      if (controller.signal.aborted) return;
      if (point) setFrom(point);
      setMessage(point ? null : texts.postcodeUnknown);
    });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial]);

  const shops = useMemo(() => (state.status === 'ready' ? sortByDistance(visitableShops(state.data), from) : []), [state, from]);
  if (state.status !== 'ready') return <LoadState state={state} retry={retry} />;

  const byPostcode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The field's text as the form holds it (typed before hydration too).
    const asked = postcodeAsked(String(new FormData(event.currentTarget).get(POSTCODE_PARAM) ?? ''));
    if (asked.kind !== 'valid') {
      setMessage(texts.postcodeInvalid);
      return;
    }
    const point = await postcodePoint(asked.postcode);
    if (point) setFrom(point);
    setMessage(point ? null : texts.postcodeUnknown);
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
      {/* A plain GET form to this page too: it sorts before hydration and without JavaScript (the loader reads it). */}
      <form className={styles.form} method="get" action={pathFor('shops')} onSubmit={byPostcode}>
        <label>
          {texts.postcodeLabel}
          <input
            name={POSTCODE_PARAM}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={4}
            value={postcode}
            onChange={(e) => setPostcode(e.target.value)}
          />
        </label>
        <button type="submit">{texts.postcodeSearch}</button>
        {/* The browser's position needs the page's code: disabled until it runs, never a button that does nothing. */}
        <button type="button" onClick={byPosition} disabled={!hydrated}>
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
