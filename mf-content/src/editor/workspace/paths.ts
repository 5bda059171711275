/**
 * The workspace's own addresses under /redaksjon (the shell routes /redaksjon/* to this remote; the sections are the
 * content team's): one segment per kind of content, `ny` for a new one.
 */
import { pathFor } from '@shop/contracts/routes';
import type { ContentType } from '@shop/contracts/types';

export const TYPE_SEGMENTS = {
  'blog-post': 'innlegg',
  poll: 'avstemninger',
  page: 'sider',
  'home-layout': 'forside',
} as const satisfies Record<ContentType, string>;

/** `invitasjon` is the invited staff member's page (no login): the API's invitation e-mail links to it. */
export const SECTION_SEGMENTS = { categories: 'kategorier', staff: 'ansatte', audit: 'logg', invite: 'invitasjon' } as const;

/** The key of a new item in its address (/redaksjon/innlegg/ny). */
export const NEW_KEY = 'ny';

export const editorPaths = {
  overview: () => pathFor('editor'),
  item: (type: ContentType, key: string | number) => `${pathFor('editor')}/${TYPE_SEGMENTS[type]}/${encodeURIComponent(String(key))}`,
  newItem: (type: ContentType) => `${pathFor('editor')}/${TYPE_SEGMENTS[type]}/${NEW_KEY}`,
  section: (section: keyof typeof SECTION_SEGMENTS) => `${pathFor('editor')}/${SECTION_SEGMENTS[section]}`,
};
