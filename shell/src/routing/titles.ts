import { matchesCategoryParam } from '@shop/contracts/format';
import type { Category } from '@shop/contracts/types';
import { texts } from '../texts.js';
import type { Resolution } from './screens.js';

/** "hjelmer-&-alpinbriller" → "Hjelmer & alpinbriller": a readable name from a category URL param. */
export function paramToName(param: string): string {
  const words = param.replace(/-+/g, ' ').trim();
  return words ? words[0].toLocaleUpperCase('nb-NO') + words.slice(1) : words;
}

/** The deepest category level the URL names, by its real name when the category tree knows it. */
function categoryTitle(params: Readonly<Record<string, string>>, categories: readonly Category[]): string {
  const { categoryName, subcategoryName, group } = params;
  if (!categoryName) return texts.titles.category;
  const main = categories.find((c) => matchesCategoryParam(c.name, categoryName));
  const sub = subcategoryName ? main?.subcategories.find((s) => matchesCategoryParam(s.name, subcategoryName)) : undefined;
  const grp = group ? sub?.groups.find((g) => matchesCategoryParam(g.name, group)) : undefined;
  if (group) return grp?.name ?? paramToName(group);
  if (subcategoryName) return sub?.name ?? paramToName(subcategoryName);
  return main?.name ?? paramToName(categoryName);
}

/**
 * The Norwegian page title of a screen, without the brand (also the breadcrumb title). Null for home, whose
 * document title is the brand's own line. `productTitle` is the article name once the guard has loaded it.
 */
export function screenTitle(resolution: Resolution, context: { categories: readonly Category[]; productTitle?: string | null }): string | null {
  if (resolution.kind === 'notFound') return texts.notFound.title;
  if (resolution.kind === 'redirect') return null;
  const { screen, params } = resolution;
  switch (screen.name) {
    case 'home':
      return null;
    case 'preview':
      return texts.titles.preview(params.name ?? '');
    case 'about':
    case 'brandAbout':
    case 'support':
    case 'privacy':
    case 'maintenance':
    case 'policy':
    case 'articlePage':
      return texts.titles.staticPages[screen.slug ?? ''] ?? paramToName(screen.slug ?? '');
    case 'checkout':
      return texts.titles.checkout;
    case 'account':
    case 'login':
    case 'register':
    case 'forgotPassword':
    case 'resetPassword':
    case 'verifyEmail':
    case 'history':
    case 'favourites':
    case 'blog':
    case 'shops':
    case 'editor':
    case 'staff':
      return texts.titles.pages[screen.name];
    case 'staffReservation':
      return texts.titles.pages.staff;
    case 'blogCategory':
      return texts.titles.blogCategory(paramToName(params.slug ?? ''));
    case 'blogPost':
      return texts.titles.blog;
    case 'poll':
      return texts.titles.poll;
    case 'product':
      return context.productTitle || texts.titles.product;
    case 'search':
      return texts.titles.search(params.query ?? '');
    case 'selection':
      return texts.titles.selection;
    case 'gender':
      return texts.titles.genders[screen.gender?.url ?? ''] ?? paramToName(screen.gender?.url ?? '');
    case 'category':
      return categoryTitle(params, context.categories);
    default:
      return null;
  }
}

/** `<title>`: "Kundeservice – Staut"; home: "Staut – sport, friluft og barneklær". */
export function documentTitle(title: string | null, brandName: string): string {
  return title ? `${title} – ${brandName}` : `${brandName} – ${texts.titles.homeTagline}`;
}
