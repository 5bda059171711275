/**
 * The shop locator's head (issue 22): one schema.org Store per shop a shopper can visit (the web shop's warehouse is
 * left out, as the page leaves it out), with address, position, phone and opening hours.
 */
import { pageHead, storeJsonLd, type HeadContext, type PageHead } from '@shop/contracts/ssr';
import { pathFor } from '@shop/contracts/routes';
import { pageTitleTexts } from '@shop/contracts/texts';
import type { Shop } from '@shop/contracts/types';
import { texts } from '../texts.js';
import { visitableShops } from './visitable.js';

/** The address that names one shop on the locator page (its Store's @id and url). */
export function shopAnchorPath(shop: Pick<Shop, 'id'>): string {
  return `${pathFor('shops')}#butikk-${shop.id}`;
}

export function shopsHead(context: HeadContext, { shops }: { shops: readonly Shop[] }): PageHead {
  const visitable = visitableShops(shops);
  return pageHead(context, {
    title: pageTitleTexts.pages.shops,
    description: texts.head.shops(visitable.length, context.brandName),
    path: pathFor('shops'),
    jsonLd: visitable.map((shop) => storeJsonLd(shop, { origin: context.origin, url: shopAnchorPath(shop), brandName: context.brandName })),
  });
}
