/**
 * The product page's head (issue 22): title the article's name (as the shell's title says it), description from the
 * article's text, canonical /product/{slug}, Open Graph 'product', and JSON-LD Product/Offer plus the breadcrumb
 * trail through the article's category levels. A missing or hidden article is the page's 404.
 */
import {
  breadcrumbListJsonLd,
  NOINDEX_NOFOLLOW,
  pageHead,
  productJsonLd,
  type BreadcrumbItem,
  type HeadContext,
  type PageHead,
} from '@shop/contracts/ssr';
import { pathFor, productPath } from '@shop/contracts/routes';
import { pageTitleTexts } from '@shop/contracts/texts';
import type { ArticleDetail, Category } from '@shop/contracts/types';
import { texts } from '../texts.js';

/**
 * Home → main group → subcategory → group → the product, as far as the category tree (display names) knows the
 * article's levels.
 */
export function productBreadcrumbs(article: ArticleDetail, categories: readonly Category[]): BreadcrumbItem[] {
  const trail: BreadcrumbItem[] = [{ name: texts.head.home, path: pathFor('home') }];
  const main = categories.find((c) => c.id === article.category.id);
  if (main) {
    trail.push({ name: main.name, path: pathFor('category', { categoryName: main.name }) });
    const sub = main.subcategories.find((s) => s.id === article.articleGroup2ID);
    if (sub) {
      trail.push({ name: sub.name, path: pathFor('category', { categoryName: main.name, subcategoryName: sub.name }) });
      const group = sub.groups.find((g) => g.articleGroup3ID === article.articleGroup3ID);
      if (group) trail.push({ name: group.name, path: pathFor('category', { categoryName: main.name, subcategoryName: sub.name, group: group.name }) });
    }
  }
  trail.push({ name: article.name, path: productPath(article.slug) });
  return trail;
}

export interface ProductHeadData {
  /** Null when the article is missing; an article not visible on the web is treated the same. */
  article: ArticleDetail | null;
  categories: readonly Category[];
}

export function productHead(context: HeadContext, { article, categories }: ProductHeadData): PageHead {
  if (!article || !article.visible) {
    return pageHead(context, { title: pageTitleTexts.notFound, robots: NOINDEX_NOFOLLOW, status: 404 });
  }
  return pageHead(context, {
    title: article.name || pageTitleTexts.product,
    description: article.description || texts.head.productFallbackDescription(article.name, context.brandName),
    path: productPath(article.slug),
    type: 'product',
    image: article.image || null,
    jsonLd: [productJsonLd(article, context.origin), breadcrumbListJsonLd(productBreadcrumbs(article, categories), context.origin)],
  });
}
