/** Static pages, home layouts by name, poll answering and the staff editor (types/editorial.ts). */
import type {
  BlogPostInput,
  EditorBlogPost,
  EditorImage,
  EditorImagePage,
  EditorPoll,
  EditorSession,
  HomeLayoutInput,
  PollAnswerInput,
  PollInput,
  RawStaticPage,
  StaticPageContent,
  StaticPageInput,
} from '../types/editorial.js';
import type { PollAnswer } from '../types/content.js';
import type { RawSettings, Settings } from '../types/settings.js';
import { mapArticle, mapSettings } from '@shop/contracts/mappers';
import { del, get, post, postForm, previewQuery, put, seg, type ContentReadOptions, type RequestOptions } from './client.js';

export function mapStaticPage(raw: RawStaticPage): StaticPageContent {
  return {
    slug: raw.slug,
    title: raw.title,
    body: raw.body,
    updatedAt: raw.updated_at,
    bodyArticles: (raw.body_articles ?? []).map(mapArticle),
    ...(raw.preview ? { preview: raw.preview } : {}),
  };
}

/** GET /pages/{slug}; `preview`: ?forhandsvisning=1, the page as saved (any status) for an editor (ContentReadOptions). */
export async function getStaticPage(slug: string, opts?: ContentReadOptions): Promise<StaticPageContent> {
  return mapStaticPage(await get<RawStaticPage>(`/pages/${seg(slug)}`, previewQuery(opts), opts));
}

/** GET /home/{name}: a home layout by name (unpublished ones too: /preview/{name}); no name → the published one. */
export async function getHomeLayout(name?: string | null, opts?: RequestOptions): Promise<Settings> {
  return mapSettings(await get<RawSettings>(name ? `/home/${seg(name)}` : '/home', undefined, opts));
}

/** POST /polls/{id}/answers → this participant's answers with correctness (409 on a repeat). */
export async function postPollAnswers(pollId: number, answers: PollAnswerInput[], opts?: RequestOptions): Promise<PollAnswer[]> {
  return post<PollAnswer[]>(`/polls/${seg(pollId)}/answers`, { answers }, opts);
}

/** GET /editor/session */
export async function getEditorSession(opts?: RequestOptions): Promise<EditorSession> {
  return get<EditorSession>('/editor/session', undefined, opts);
}

/** GET /editor/blog/posts: every post, drafts included. */
export async function getEditorBlogPosts(opts?: RequestOptions): Promise<EditorBlogPost[]> {
  return get<EditorBlogPost[]>('/editor/blog/posts', undefined, opts);
}

/** POST /editor/blog/posts */
export async function createBlogPost(input: BlogPostInput, opts?: RequestOptions): Promise<EditorBlogPost> {
  return post<EditorBlogPost>('/editor/blog/posts', input, opts);
}

/** PUT /editor/blog/posts/{id} */
export async function updateBlogPost(id: number, input: BlogPostInput, opts?: RequestOptions): Promise<EditorBlogPost> {
  return put<EditorBlogPost>(`/editor/blog/posts/${seg(id)}`, input, opts);
}

/** POST /editor/polls */
export async function createPoll(input: PollInput, opts?: RequestOptions): Promise<EditorPoll> {
  return post<EditorPoll>('/editor/polls', input, opts);
}

/** PUT /editor/polls/{id} */
export async function updatePoll(id: number, input: PollInput, opts?: RequestOptions): Promise<EditorPoll> {
  return put<EditorPoll>(`/editor/polls/${seg(id)}`, input, opts);
}

/** PUT /editor/home/{name} */
export async function saveHomeLayout(name: string, input: HomeLayoutInput, opts?: RequestOptions): Promise<Settings> {
  return mapSettings(await put<RawSettings>(`/editor/home/${seg(name)}`, input, opts));
}

/** PUT /editor/pages/{slug} */
export async function saveStaticPage(slug: string, input: StaticPageInput, opts?: RequestOptions): Promise<StaticPageContent> {
  return mapStaticPage(await put<RawStaticPage>(`/editor/pages/${seg(slug)}`, input, opts));
}

/**
 * POST /editor/images (multipart: `alt`, then `file`): the API checks the type by the file's bytes, the size, the
 * pixels and the alt text (Norwegian messages, imageUploadTexts), and derives the sizes. `onProgress`: 0…1 sent.
 */
export async function uploadEditorImage(
  file: Blob,
  alt: string,
  opts?: RequestOptions & { onProgress?: (sent: number) => void },
): Promise<EditorImage> {
  const form = new FormData();
  // The alt text first: the API reads the parts in order and can refuse a missing alt text before the file arrives.
  form.append('alt', alt);
  form.append('file', file, file instanceof File ? file.name : 'bilde');
  return postForm<EditorImage>('/editor/images', form, opts);
}

/** GET /editor/images: uploaded images for a picker, newest first (`page` from 1). */
export async function getEditorImages(query: { page?: number; per_page?: number } = {}, opts?: RequestOptions): Promise<EditorImagePage> {
  return get<EditorImagePage>('/editor/images', query, opts);
}

/** DELETE /editor/images/{id}: refused with 409 while a page, post, poll or home layout shows the image. */
export async function deleteEditorImage(id: string, opts?: RequestOptions): Promise<void> {
  await del<unknown>(`/editor/images/${seg(id)}`, opts);
}
