// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ApiError } from '@shop/contracts/api';
import SocialFeed from './SocialFeed.js';

vi.mock('@shop/contracts/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@shop/contracts/api')>();
  return { ...actual, getSocialPosts: vi.fn() };
});
const api = await import('@shop/contracts/api');
const getSocialPosts = vi.mocked(api.getSocialPosts);

afterEach(() => getSocialPosts.mockReset());

describe('SocialFeed', () => {
  it('shows the posts', async () => {
    getSocialPosts.mockResolvedValue([
      { id: '1', caption: 'Første snø', image: '/a.svg', url: '/vintersport', date: '2026-11-20T00:00:00Z', isVideo: false },
    ]);
    render(<SocialFeed />);
    expect(await screen.findByAltText('Første snø')).toBeTruthy();
  });

  it.each([
    ['a status error', new ApiError({ kind: 'status', status: 500, message: 'x' })],
    ['a network error', new ApiError({ kind: 'network', message: 'x' })],
  ])('shows "Error: Something went wrong" on %s', async (_name, error) => {
    getSocialPosts.mockRejectedValue(error);
    render(<SocialFeed />);
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Something went wrong');
  });
});
