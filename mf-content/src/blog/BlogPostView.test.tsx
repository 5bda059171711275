// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BlogPost } from '@shop/contracts/types';
import { BlogPostView } from './BlogPostView.js';
import { PostCard } from './PostCard.js';

const NOW = new Date('2026-11-22T12:00:00Z');
const post: BlogPost = {
  id: 9, title: 'Slik velger du skalljakke', body: '<p>Tekst</p>', slug: 'skalljakke', featuredImage: null, mainArticle: null,
  relatedArticles: [], bodyArticles: [], categories: [], publishedAt: '2026-11-19T12:00:00Z',
};

describe('blog post dates (SPEC relative time)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('says "Publisert for 3 dager siden" on the post, the date in full on hover', () => {
    render(
      <MemoryRouter>
        <BlogPostView post={post} />
      </MemoryRouter>,
    );
    const time = document.querySelector('time')!;
    expect(time.closest('p')!.textContent).toBe('Publisert for 3 dager siden');
    expect(time.getAttribute('dateTime')).toBe('2026-11-19T12:00:00.000Z');
    expect(time.getAttribute('title')).toBe('19. november 2026');
  });

  it.each([
    ['draft', false],
    ['scheduled', false],
    ['unpublished', false],
    ['published', true],
  ] as const)("an editor's preview of a %s post says Publisert: %s", (status, says) => {
    render(
      <MemoryRouter>
        <BlogPostView post={{ ...post, preview: { status, published_at: null, pending_changes: false } }} />
      </MemoryRouter>,
    );
    expect(document.querySelector('time') !== null).toBe(says);
    expect(document.body.textContent?.includes('Publisert')).toBe(says);
  });

  it('says how long ago on a post card', () => {
    render(
      <MemoryRouter>
        <PostCard post={{ ...post, publishedAt: '2026-10-22T12:00:00Z' }} />
      </MemoryRouter>,
    );
    expect(screen.getByTitle('22. oktober 2026').textContent).toBe('for en måned siden');
  });
});
