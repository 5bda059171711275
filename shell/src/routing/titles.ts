import { categoryTitle, genderTitle, paramToName, staticPageTitle } from '@shop/contracts/routes';
import { documentTitle } from '@shop/contracts/texts';
import type { Category } from '@shop/contracts/types';
import { texts } from '../texts.js';
import type { Resolution } from './screens.js';

// The rules live in @shop/contracts, shared with the remotes' server-rendered heads; re-exported for the shell.
export { documentTitle, paramToName };

/**
 * The Norwegian page title of a screen, without the brand (also the breadcrumb title). Null for home, whose
 * document title is the brand's own line. `productTitle` is the title the page's data gives it for this address (the
 * article name once the guard has loaded it, a blog post's or blog category's once the page has it).
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
      return staticPageTitle(screen.slug ?? '');
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
    // Named from the slug (the post's title) until the page announces its data's title (pageTitled).
    case 'blogCategory':
      return context.productTitle || texts.titles.blogCategory(paramToName(params.slug ?? ''));
    case 'blogPost':
      return context.productTitle || texts.titles.blog;
    case 'poll':
      return texts.titles.poll;
    case 'product':
      return context.productTitle || texts.titles.product;
    case 'search':
      return texts.titles.search(params.query ?? '');
    case 'selection':
      return texts.titles.selection;
    case 'gender':
      return genderTitle(screen.gender?.url ?? '');
    case 'category':
      return categoryTitle(params, context.categories);
    default:
      return null;
  }
}
