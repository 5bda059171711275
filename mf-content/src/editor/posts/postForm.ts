import { slug as slugOf } from '@shop/contracts/format';
import { imageUrl, imageWidths } from '@shop/contracts/images';
import { pathFor } from '@shop/contracts/routes';
import type { BlogPostInput, EditorBlogPost, EditorImage } from '@shop/contracts/types';
import { isBlankHtml } from '../richtext/html.js';
import { postTexts } from './texts.js';

export const TITLE_MAX = 200;
export const SLUG_MAX = 200;
export const RELATED_MAX = 24;
const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The post form's fields. `slugEdited`: the editor typed the slug, so the title no longer sets it. */
export interface PostDraft {
  title: string;
  slug: string;
  slugEdited: boolean;
  categoryIds: number[];
  featuredImage: string | null;
  mainArticleIds: number[];
  relatedArticleIds: number[];
  body: string;
}

export type PostErrors = Partial<Record<'title' | 'slug' | 'body' | 'related', string>>;

/** The form for a stored post, or an empty one. An existing post's slug is its address: the title no longer moves it. */
export function draftFromPost(post: EditorBlogPost | null): PostDraft {
  if (!post) return { title: '', slug: '', slugEdited: false, categoryIds: [], featuredImage: null, mainArticleIds: [], relatedArticleIds: [], body: '' };
  return {
    title: post.title,
    slug: post.slug,
    slugEdited: true,
    categoryIds: [...post.category_ids],
    featuredImage: post.featured_image,
    mainArticleIds: post.main_article_id ? [post.main_article_id] : [],
    relatedArticleIds: [...post.related_article_ids],
    body: post.body,
  };
}

/** The form from an input this editor saved before (the conflict screen's "Behold min versjon"). */
export function draftFromInput(input: BlogPostInput): PostDraft {
  return {
    title: input.title,
    slug: input.slug ?? '',
    slugEdited: true,
    categoryIds: [...(input.category_ids ?? [])],
    featuredImage: input.featured_image ?? null,
    mainArticleIds: input.main_article_id ? [input.main_article_id] : [],
    relatedArticleIds: [...(input.related_article_ids ?? [])],
    body: input.body,
  };
}

/** A new title; the slug follows it (the shop's slug rule, SPEC §9) until the editor writes one. */
export function withTitle(draft: PostDraft, title: string): PostDraft {
  return { ...draft, title, slug: draft.slugEdited ? draft.slug : slugOf(title) };
}

/** The address the post will have ("/blogg/vinterklaer-til-barnehagen"). */
export const postUrl = (slug: string) => pathFor('blogPost', { slug: slug || '…' });

/** What is wrong with the form, in Norwegian, per field (empty when it can be saved). */
export function validatePost(draft: PostDraft): PostErrors {
  const errors: PostErrors = {};
  const title = draft.title.trim();
  if (!title) errors.title = postTexts.errors.titleMissing;
  else if (title.length > TITLE_MAX) errors.title = postTexts.errors.titleTooLong;
  const slug = draft.slug.trim();
  if (!slug) errors.slug = postTexts.errors.slugMissing;
  else if (slug.length > SLUG_MAX) errors.slug = postTexts.errors.slugTooLong;
  else if (!SLUG_PATTERN.test(slug)) errors.slug = postTexts.errors.slugBad;
  if (isBlankHtml(draft.body)) errors.body = postTexts.errors.bodyMissing;
  if (draft.relatedArticleIds.length > RELATED_MAX) errors.related = postTexts.errors.relatedTooMany;
  return errors;
}

/**
 * The API's input for a save. A new post is a draft; an existing one keeps whether it is live (publishing and
 * unpublishing belong to the item screen's status panel) and names the version it was based on.
 */
export function postInput(draft: PostDraft, existing: { post: EditorBlogPost; version: number } | null): BlogPostInput {
  return {
    title: draft.title.trim(),
    slug: draft.slug.trim(),
    body: draft.body,
    featured_image: draft.featuredImage,
    main_article_id: draft.mainArticleIds[0] ?? null,
    related_article_ids: draft.relatedArticleIds,
    category_ids: draft.categoryIds,
    published: existing ? existing.post.published_at !== null : false,
    ...(existing ? { version: existing.version } : {}),
  };
}

/** The featured image's stored URL: its widest derived WebP, from which the shop finds every smaller size. */
export function featuredImageUrl(image: Pick<EditorImage, 'id' | 'width'>): string {
  const widths = imageWidths(image.width);
  return imageUrl(image.id, widths[widths.length - 1] ?? image.width, 'webp');
}

/** Whether the form differs from what was loaded (the slug counts only as the editor sees it). */
export function isDirty(draft: PostDraft, loaded: PostDraft): boolean {
  const { slugEdited: _a, ...a } = draft;
  const { slugEdited: _b, ...b } = loaded;
  return JSON.stringify(a) !== JSON.stringify(b);
}
