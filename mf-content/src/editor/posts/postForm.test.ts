import { describe, expect, it } from 'vitest';
import type { EditorBlogPost } from '@shop/contracts/types';
import { draftFromInput, draftFromPost, featuredImageUrl, isDirty, postInput, postUrl, validatePost, withTitle, type PostDraft } from './postForm.js';
import { postTexts } from './texts.js';

const E = postTexts.errors;
const base: PostDraft = { ...draftFromPost(null), title: 'Vinterklær', slug: 'vinterklaer', body: '<p>Ull innerst.</p>' };
const stored: EditorBlogPost = {
  id: 7, slug: 'vinter', title: 'Vinter', body: '<p>Tekst</p>', featured_image: null, main_article_id: 3, related_article_ids: [4, 5],
  category_ids: [2], published_at: '2026-11-01T10:00:00.000Z', version: 4, pending_changes: false,
};

describe('the slug follows the title until the editor writes one', () => {
  it.each([
    ['Vinterklær til barnehagen', 'vinterklaer-til-barnehagen'],
    ['Blåbær & ørret: 5 tips!', 'blabaer-orret-5-tips'],
    ['  ', ''],
  ])('%j → %j', (title, slug) => {
    expect(withTitle(draftFromPost(null), title).slug).toBe(slug);
  });
  it('an edited slug stays', () => {
    expect(withTitle({ ...base, slug: 'egen', slugEdited: true }, 'Ny tittel').slug).toBe('egen');
  });
  it("an existing post's address does not move with its title", () => {
    expect(withTitle(draftFromPost(stored), 'Ny tittel').slug).toBe('vinter');
  });
  it('is shown as the final address', () => {
    expect(postUrl('vinterklaer')).toBe('/blogg/vinterklaer');
  });
});

describe('validatePost', () => {
  it.each<[string, Partial<PostDraft>, ReturnType<typeof validatePost>]>([
    ['a complete post', {}, {}],
    ['no title', { title: '  ' }, { title: E.titleMissing }],
    ['a long title', { title: 'x'.repeat(201) }, { title: E.titleTooLong }],
    ['no slug', { slug: '' }, { slug: E.slugMissing }],
    ['capitals in the slug', { slug: 'Vinter' }, { slug: E.slugBad }],
    ['æøå in the slug', { slug: 'vinterklær' }, { slug: E.slugBad }],
    ['a double hyphen', { slug: 'a--b' }, { slug: E.slugBad }],
    ['an empty editor', { body: '<p></p>' }, { body: E.bodyMissing }],
    ['only spaces', { body: '<p>&nbsp; </p>' }, { body: E.bodyMissing }],
    ['only an image', { body: '<picture><img src="/api/v1/images/uploads/AbCdEfGhIjKlMnOpQrStUv/320.webp" alt="x"></picture>' }, {}],
    ['only a product card', { body: '<div data-product-card="3"></div>' }, {}],
    ['25 products', { relatedArticleIds: Array.from({ length: 25 }, (_, i) => i + 1) }, { related: E.relatedTooMany }],
    ['everything missing', { title: '', slug: '', body: '' }, { title: E.titleMissing, slug: E.slugMissing, body: E.bodyMissing }],
  ])('%s', (_name, change, errors) => {
    expect(validatePost({ ...base, ...change })).toEqual(errors);
  });
});

describe('postInput', () => {
  it('a new post is a draft without a version', () => {
    expect(postInput({ ...base, title: ' Vinterklær ', mainArticleIds: [9], relatedArticleIds: [1, 2], categoryIds: [3] }, null)).toEqual({
      title: 'Vinterklær', slug: 'vinterklaer', body: '<p>Ull innerst.</p>', featured_image: null, main_article_id: 9,
      related_article_ids: [1, 2], category_ids: [3], published: false,
    });
  });
  it.each([
    ['a published post stays published', '2026-11-01T10:00:00.000Z', true],
    ['a scheduled post stays scheduled (its date is kept by the API)', '2099-01-01T10:00:00.000Z', true],
    ['a draft or unpublished post stays off the site', null, false],
  ])('%s', (_name, publishedAt, published) => {
    const input = postInput(draftFromPost({ ...stored, published_at: publishedAt }), { post: { ...stored, published_at: publishedAt }, version: 4 });
    expect(input).toMatchObject({ published, version: 4, main_article_id: 3, related_article_ids: [4, 5], category_ids: [2] });
  });
});

describe('featuredImageUrl: the widest derived WebP', () => {
  it.each([
    [3000, 1920],
    [1000, 1000],
    [200, 200],
  ])('%s px wide → %s', (width, widest) => {
    expect(featuredImageUrl({ id: 'AbCdEfGhIjKlMnOpQrStUv', width })).toBe(`/api/v1/images/uploads/AbCdEfGhIjKlMnOpQrStUv/${widest}.webp`);
  });
});

describe('isDirty', () => {
  it.each<[string, Partial<PostDraft>, boolean]>([
    ['unchanged', {}, false],
    ['only marked as edited', { slugEdited: true }, false],
    ['a new title', { title: 'Annen' }, true],
    ['another category', { categoryIds: [1] }, true],
  ])('%s → %s', (_name, change, dirty) => {
    expect(isDirty({ ...base, ...change }, base)).toBe(dirty);
  });
});

describe('draftFromInput: "Behold min versjon" starts the form from the refused input', () => {
  it('gives back the same input when saved again', () => {
    const draft = { ...base, categoryIds: [3], featuredImage: '/api/v1/images/uploads/AbCdEfGhIjKlMnOpQrStUv/640.webp', mainArticleIds: [9], relatedArticleIds: [1, 2] };
    const input = postInput(draft, { post: stored, version: 4 });
    expect(postInput(draftFromInput(input), { post: stored, version: 5 })).toEqual({ ...input, version: 5 });
  });
});
