/**
 * The account pages' heads (issue 22): each is one customer's own (or staff's), so none is indexed or followed;
 * titles are the shell's ("Min side – Staut"). robots.txt keeps crawlers out of these paths too.
 */
import { loaderHeadContext, NOINDEX_NOFOLLOW, pageHead, type HeadContext, type PageHead, type PageLoader } from '@shop/contracts/ssr';
import { pageTitleTexts } from '@shop/contracts/texts';

/** The account remote's pages (route names of @shop/contracts/routes). */
export type AccountPageName =
  | 'account'
  | 'login'
  | 'register'
  | 'forgotPassword'
  | 'resetPassword'
  | 'verifyEmail'
  | 'history'
  | 'favourites'
  | 'staff'
  | 'staffReservation';

/**
 * The loader of an account page: its head only. What the pages show is one shopper's own (session, orders), read
 * in the browser; the staff page names its reservation view by the URL's id.
 */
export function accountLoader(page: Exclude<AccountPageName, 'staffReservation'>): PageLoader {
  return async (context) => {
    const name = page === 'staff' && context.params.reservationId ? 'staffReservation' : page;
    return { head: accountHead(await loaderHeadContext(context), name) };
  };
}

export function accountHead(context: HeadContext, page: AccountPageName): PageHead {
  const title = page === 'staffReservation' ? pageTitleTexts.pages.staff : pageTitleTexts.pages[page];
  return pageHead(context, { title, robots: NOINDEX_NOFOLLOW });
}
