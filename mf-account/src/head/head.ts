/**
 * The account pages' heads (issue 22): each is one customer's own (or staff's), so none is indexed or followed;
 * titles are the shell's ("Min side – Staut"). robots.txt keeps crawlers out of these paths too.
 */
import { NOINDEX_NOFOLLOW, pageHead, type HeadContext, type PageHead } from '@shop/contracts/ssr';
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

export function accountHead(context: HeadContext, page: AccountPageName): PageHead {
  const title = page === 'staffReservation' ? pageTitleTexts.pages.staff : pageTitleTexts.pages[page];
  return pageHead(context, { title, robots: NOINDEX_NOFOLLOW });
}
