import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { createEvent, sample } from 'effector';
import { useUnit } from 'effector-react';
import { $breadcrumbs, cartOpened, pageTitled } from '@shop/contracts/bus';
import { OPEN_CART_QUERY_PARAM } from '@shop/contracts/constants';
import { savedScroll } from '../breadcrumbs/breadcrumbs.js';
import { screenRetitled, screenVisited, scrollRemembered } from '../breadcrumbs/model.js';
import { $categories } from '../menu/model.js';
import { useQueryString } from '../query/query.js';
import { domScrollEnv } from '../scroll/domEnv.js';
import { runScroll, scrollActionFor } from '../scroll/scroll.js';
import { $tenant } from '../tenant/model.js';
import { texts } from '../texts.js';
import { applyTheme } from '../theme/themes.js';
import { $productTitle, navigated, productShown, whenModelsReady } from './model.js';
import { documentTitle, screenTitle } from './titles.js';
import { useResolution } from './useResolution.js';

/** The open-cart flag asks for the cart; the cart model (a remote's) opens it once it is listening. */
const openCartRequested = createEvent({ name: 'shell:open-cart-requested' });
whenModelsReady(openCartRequested, cartOpened);

sample({ clock: [productShown, pageTitled], target: screenRetitled });

/**
 * What happens on every navigation, in order: the screen being left keeps its scroll position in the breadcrumbs;
 * the new screen enters the breadcrumbs (resetting them where SPEC §2 says); the scroll behaviour runs; the rest of
 * the shell hears `navigated` (menu closes, first navigation fetches the user). Title and theme follow the screen.
 */
export function NavigationEffects() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const resolution = useResolution();
  const [trail, tenant, categories, productTitle, visit, remember, announce] = useUnit([
    $breadcrumbs,
    $tenant,
    $categories,
    $productTitle,
    screenVisited,
    scrollRemembered,
    navigated,
  ]);
  const [openCart] = useUnit([openCartRequested]);
  const query = useQueryString();
  const previous = useRef<{ path: string; pathname: string; hash: string } | null>(null);
  const leftAt = useRef<{ path: string; scrollY: number } | null>(null);
  const cancelScroll = useRef<(() => void) | null>(null);

  // The position a screen is left at is read while rendering the next location: the DOM still shows the screen
  // being left, so the new screen's layout cannot have clamped it yet. A `scroll` listener would lag: the event
  // only fires with the next frame, and a navigation can come before that frame on a busy device.
  const renderingPath = location.pathname + location.search;
  if (previous.current && previous.current.path !== renderingPath && leftAt.current?.path !== previous.current.path) {
    leftAt.current = { path: previous.current.path, scrollY: window.scrollY };
  }

  useEffect(() => {
    const onPageHide = () => {
      if (previous.current) remember({ path: previous.current.path, scrollY: window.scrollY });
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [remember]);

  useLayoutEffect(() => {
    // A redirect is not a visit: its target, a moment later, is.
    if (resolution.kind === 'redirect') return;
    const { pathname, search, hash } = location;
    const path = pathname + search;
    const before = previous.current;
    if (before && before.path !== path) {
      remember({ path: before.path, scrollY: leftAt.current?.path === before.path ? leftAt.current.scrollY : window.scrollY });
    }
    leftAt.current = null;
    const savedY = navigationType === 'POP' ? savedScroll(trail, path) : null;

    const title = screenTitle(resolution, { categories }) ?? texts.titles.home;
    const name = resolution.kind === 'screen' ? resolution.screen.name : 'notFound';
    const params = resolution.kind === 'screen' ? resolution.params : {};
    visit({ entry: { name, params: { ...params, path }, title }, reset: resolution.kind === 'screen' && resolution.resetsBreadcrumbs });

    const pathChanged = !before || before.pathname !== pathname;
    // The same hash link followed again (a new history key, same address: "Om Staut" once more after scrolling up).
    const sameHashAgain = hash !== '' && before !== null && before.path === path && before.hash === hash;
    if (pathChanged || before.hash !== hash || sameHashAgain) {
      cancelScroll.current?.();
      cancelScroll.current = runScroll(scrollActionFor({ hash, navigationType, savedY, pathChanged }), domScrollEnv);
    }
    previous.current = { path, pathname, hash };
    announce({ pathname, search, hash, type: navigationType });
    // Keyed on the location itself; trail, categories and the units are read as of this navigation.
  }, [location.key, location.pathname, location.search, location.hash]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (resolution.kind === 'redirect') return;
    const path = location.pathname + location.search;
    const known = productTitle && productTitle.path === path ? productTitle.title : null;
    document.title = documentTitle(screenTitle(resolution, { categories, productTitle: known }), tenant.brandName);
  }, [resolution, categories, productTitle, tenant.brandName, location.pathname, location.search]);

  useEffect(() => {
    applyTheme(document.documentElement, resolution.kind === 'screen' ? resolution.screen.theme : 'home', {
      singleLine: tenant.singleLineHeader,
    });
  }, [resolution, tenant.singleLineHeader]);

  // SPEC §2: an open-cart flag opens the cart; the flag then leaves the URL without a reload.
  useEffect(() => {
    if (!query.has(OPEN_CART_QUERY_PARAM)) return;
    openCart();
    query.remove(OPEN_CART_QUERY_PARAM);
  }, [query, openCart]);

  return null;
}
