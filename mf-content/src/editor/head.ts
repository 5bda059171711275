/** The editors' workspace (/redaksjon): staff only, never indexed (issue 22). */
import { NOINDEX_NOFOLLOW, pageHead, type HeadContext, type PageHead } from '@shop/contracts/ssr';
import { pageTitleTexts } from '@shop/contracts/texts';

export function editorHead(context: HeadContext): PageHead {
  return pageHead(context, { title: pageTitleTexts.pages.editor, robots: NOINDEX_NOFOLLOW });
}
