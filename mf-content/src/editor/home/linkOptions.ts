/**
 * The pages a banner may link to, as the editor's list (pure, table-tested): the shop's own pages, the gender
 * landings, every category level of the catalogue's tree, blog categories and posts — each address built by
 * `pathFor`, so a link is what the shop itself writes (the API refuses any other: content/homeLinks.ts).
 */
import { GENDER_ROUTES, pathFor } from '@shop/contracts/routes';
import { pageTitleTexts, staticPageTitles } from '@shop/contracts/texts';
import type { BlogCategory, Category } from '@shop/contracts/types';
import { homeTexts as t } from './texts.js';

export interface LinkOption {
  value: string;
  label: string;
}
export interface LinkGroup {
  label: string;
  options: LinkOption[];
}

export interface LinkSources {
  categories: readonly Category[];
  blogCategories: readonly BlogCategory[];
  posts: ReadonlyArray<{ slug: string; title: string }>;
}

/** The groups of the link list, in the order an editor looks for them. */
export function linkGroups({ categories, blogCategories, posts }: LinkSources): LinkGroup[] {
  const pages: LinkOption[] = [
    { value: pathFor('home'), label: t.home },
    { value: pathFor('shops'), label: t.shops },
    { value: pathFor('blog'), label: t.blog },
    { value: pathFor('poll'), label: t.poll },
    ...Object.entries(staticPageTitles).map(([slug, title]) => ({ value: `/${slug}`, label: title })),
  ];
  const genders = GENDER_ROUTES.map((g) => ({ value: pathFor('gender', { gender: g.url }), label: pageTitleTexts.genders[g.url] ?? g.url }));
  const categoryGroups = categories.map((c) => ({
    label: t.groups.categories(c.name),
    options: [
      { value: pathFor('category', { categoryName: c.name }), label: t.categoryAll(c.name) },
      ...c.subcategories.flatMap((s) => [
        { value: pathFor('category', { categoryName: c.name, subcategoryName: s.name }), label: s.name },
        ...s.groups.map((g) => ({ value: pathFor('category', { categoryName: c.name, subcategoryName: s.name, group: g.name }), label: `${s.name} › ${g.name}` })),
      ]),
    ],
  }));
  const groups: LinkGroup[] = [
    { label: t.groups.pages, options: pages },
    { label: t.groups.genders, options: genders },
    ...categoryGroups,
    { label: t.groups.blogCategories, options: blogCategories.map((b) => ({ value: pathFor('blogCategory', { slug: b.slug }), label: b.name })) },
    { label: t.groups.posts, options: posts.map((p) => ({ value: pathFor('blogPost', { slug: p.slug }), label: p.title })) },
  ];
  return groups.filter((g) => g.options.length > 0);
}

/**
 * The list with a stored link that is not in it (a layout from before the list, a category renamed since) as its own
 * group, so loading a layout never changes a link behind the editor's back; the API says whether it still exists.
 */
export function withCurrentLink(groups: LinkGroup[], current: string): LinkGroup[] {
  if (!current || groups.some((g) => g.options.some((o) => o.value === current))) return groups;
  return [{ label: t.currentGroup, options: [{ value: current, label: t.currentLink(current) }] }, ...groups];
}
