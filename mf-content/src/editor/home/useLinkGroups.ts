import { useEffect, useState } from 'react';
import { getBlogCategories, getCategories, getEditorBlogPosts } from '@shop/contracts/api';
import { linkGroups, type LinkGroup } from './linkOptions.js';

export type LinkGroupsState = { status: 'loading' } | { status: 'ready'; groups: LinkGroup[]; partial: boolean };

/** The link list from the catalogue's category tree, the blog categories and the posts; what fails is left out. */
export function useLinkGroups(): LinkGroupsState {
  const [state, setState] = useState<LinkGroupsState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    const opts = { signal: controller.signal };
    void Promise.allSettled([getCategories(opts), getBlogCategories(opts), getEditorBlogPosts(opts)]).then(([categories, blogCategories, posts]) => {
      if (controller.signal.aborted) return;
      const value = <T,>(r: PromiseSettledResult<T>, fallback: T): T => (r.status === 'fulfilled' ? r.value : fallback);
      setState({
        status: 'ready',
        partial: [categories, blogCategories, posts].some((r) => r.status === 'rejected'),
        groups: linkGroups({ categories: value(categories, []), blogCategories: value(blogCategories, []), posts: value(posts, []) }),
      });
    });
    return () => controller.abort();
  }, []);
  return state;
}
