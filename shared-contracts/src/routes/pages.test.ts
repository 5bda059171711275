import { describe, expect, expectTypeOf, it } from 'vitest';
import { ARTICLE_PAGES, ROUTE_PATTERNS, resolveGenderUrl, type CategoryPageProps, type GenderRoute } from './index.js';
import { staticPageTitles } from '../texts/index.js';
import { $breadcrumbs } from '../bus/index.js';
import { OPEN_CART_QUERY_PARAM, PRELOAD_ERROR_EVENT } from '../constants/index.js';
import type { Breadcrumb } from '../types/content.js';

describe('page props contract', () => {
  it('a gender landing carries the mapped gender with its url kept', () => {
    const props: CategoryPageProps = { mainGroup: null, subcategory: null, group: null, gender: resolveGenderUrl('voksen') };
    expect(props.gender).toEqual({ url: 'voksen', gender: 'uni', genderIds: [10] });
    expectTypeOf(props.gender).toEqualTypeOf<GenderRoute | null>();
  });

  it('every static path and article page has a Norwegian title', () => {
    const staticPaths = [ROUTE_PATTERNS.about, ROUTE_PATTERNS.support, ROUTE_PATTERNS.privacy, ROUTE_PATTERNS.maintenance, ROUTE_PATTERNS.policy];
    for (const slug of [...staticPaths.map((p) => p.slice(1)), ...ARTICLE_PAGES]) {
      expect(staticPageTitles[slug], slug).toMatch(/\S/);
    }
  });
});

describe('navigation units and constants', () => {
  it('the breadcrumb trail starts empty and is typed as breadcrumbs', () => {
    expect($breadcrumbs.getState()).toEqual([]);
    expectTypeOf($breadcrumbs.getState()).toEqualTypeOf<Breadcrumb[]>();
  });
  it('names the open-cart flag and the preload-error event', () => {
    expect(OPEN_CART_QUERY_PARAM).toBe('openCart');
    expect(PRELOAD_ERROR_EVENT).toBe('shop:preload-error');
  });
});
