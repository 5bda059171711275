/**
 * The poll page's head (issue 22): titled as the shell titles it ("Avstemning"), the poll's own description and
 * banner for link previews. `/avstemning` shows the first active poll, so it is its own canonical address (the
 * poll behind it changes); `/avstemning/{id}` names one poll.
 */
import { NOINDEX_NOFOLLOW, pageHead, type HeadContext, type PageHead } from '@shop/contracts/ssr';
import { pathFor } from '@shop/contracts/routes';
import { pageTitleTexts } from '@shop/contracts/texts';
import type { Poll } from '@shop/contracts/types';
import { texts } from '../texts.js';

export interface PollHeadData {
  /** The id in the URL; undefined on /avstemning. */
  id?: number;
  /** Null when there is no such poll (or no active one). */
  poll: Poll | null;
}

export function pollHead(context: HeadContext, { id, poll }: PollHeadData): PageHead {
  if (!poll && id !== undefined) return pageHead(context, { title: pageTitleTexts.notFound, robots: NOINDEX_NOFOLLOW, status: 404 });
  return pageHead(context, {
    title: pageTitleTexts.poll,
    description: poll?.description || poll?.name || texts.head.poll(context.brandName),
    path: pathFor('poll', id === undefined ? undefined : { id }),
    image: poll?.banner_desktop ?? null,
  });
}
