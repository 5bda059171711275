/**
 * The head of a category listing (any of its three levels) and of a gender landing (issue 22). The canonical URL is
 * the category's one ASCII address (docs/adr/0014), whichever form the URL used; a level the tree does not hold is
 * the page's 404.
 */
import { breadcrumbListJsonLd, NOINDEX_NOFOLLOW, pageHead, type BreadcrumbItem, type HeadContext, type PageHead } from '@shop/contracts/ssr';
import { canonicalCategoryPath, categoryTitle, genderTitle, pathFor, type CategoryPageProps, type GenderRoute } from '@shop/contracts/routes';
import { matchesCategoryParam } from '@shop/contracts/format';
import { pageTitleTexts } from '@shop/contracts/texts';
import type { Category } from '@shop/contracts/types';
import { texts } from '../texts.js';

/** Home and each level the params name, by the tree's display names, each at its canonical path. */
export function categoryBreadcrumbs(props: Pick<CategoryPageProps, 'mainGroup' | 'subcategory' | 'group'>, categories: readonly Category[]): BreadcrumbItem[] {
  const trail: BreadcrumbItem[] = [{ name: texts.head.home, path: pathFor('home') }];
  const main = props.mainGroup ? categories.find((c) => matchesCategoryParam(c.name, props.mainGroup!)) : undefined;
  if (!main) return trail;
  trail.push({ name: main.name, path: pathFor('category', { categoryName: main.name }) });
  const sub = props.subcategory ? main.subcategories.find((s) => matchesCategoryParam(s.name, props.subcategory!)) : undefined;
  if (!sub) return trail;
  trail.push({ name: sub.name, path: pathFor('category', { categoryName: main.name, subcategoryName: sub.name }) });
  const group = props.group ? sub.groups.find((g) => matchesCategoryParam(g.name, props.group!)) : undefined;
  if (group) trail.push({ name: group.name, path: pathFor('category', { categoryName: main.name, subcategoryName: sub.name, group: group.name }) });
  return trail;
}

/**
 * A gender landing's canonical address. voksen lists exactly what uni lists (SPEC §2: gender uni with url voksen),
 * so search engines are pointed at /uni instead of indexing the same listing twice; barn-junior has a listing of
 * its own.
 */
export function genderCanonicalPath(gender: GenderRoute): string {
  return pathFor('gender', { gender: gender.url === 'voksen' ? gender.gender : gender.url });
}

function genderHead(context: HeadContext, gender: GenderRoute): PageHead {
  const title = genderTitle(gender.url);
  const path = genderCanonicalPath(gender);
  return pageHead(context, {
    title,
    description: texts.head.genderDescription(title, context.brandName),
    path,
    jsonLd: [breadcrumbListJsonLd([{ name: texts.head.home, path: pathFor('home') }, { name: title, path }], context.origin)],
  });
}

export interface CategoryHeadData {
  props: CategoryPageProps;
  /** GET /categories mapped (display names). */
  categories: readonly Category[];
}

export function categoryHead(context: HeadContext, { props, categories }: CategoryHeadData): PageHead {
  if (props.gender) return genderHead(context, props.gender);
  const params = { categoryName: props.mainGroup ?? undefined, subcategoryName: props.subcategory ?? undefined, group: props.group ?? undefined };
  const path = canonicalCategoryPath(categories, params);
  if (path === null) return pageHead(context, { title: pageTitleTexts.notFound, robots: NOINDEX_NOFOLLOW, status: 404 });
  const title = categoryTitle(params, categories);
  const main = categories.find((c) => matchesCategoryParam(c.name, props.mainGroup ?? ''));
  return pageHead(context, {
    title,
    description: texts.head.categoryDescription(title, context.brandName),
    path,
    image: main?.banner ?? null,
    jsonLd: [breadcrumbListJsonLd(categoryBreadcrumbs(props, categories), context.origin)],
  });
}
