import type { EditorStaticPage, StaticPageInput } from '@shop/contracts/types';
import { isBlankHtml } from '../richtext/html.js';
import { pageTexts } from './texts.js';

export const PAGE_TITLE_MAX = 200;

export interface PageDraft {
  title: string;
  body: string;
}
export type PageErrors = Partial<Record<keyof PageDraft, string>>;

export const draftFromPage = (page: EditorStaticPage): PageDraft => ({ title: page.title, body: page.body });

/** What is wrong with the form, in Norwegian, per field (empty when it can be saved). */
export function validatePage(draft: PageDraft): PageErrors {
  const errors: PageErrors = {};
  const title = draft.title.trim();
  if (!title) errors.title = pageTexts.errors.titleMissing;
  else if (title.length > PAGE_TITLE_MAX) errors.title = pageTexts.errors.titleTooLong;
  if (isBlankHtml(draft.body)) errors.body = pageTexts.errors.bodyMissing;
  return errors;
}

/** The API's input: the text and the version it was based on (a copy page always exists, so always a version). */
export const pageInput = (draft: PageDraft, version: number): StaticPageInput => ({ title: draft.title.trim(), body: draft.body, version });
