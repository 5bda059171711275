/** GET /fb/getPosts: the social feed, from the `social_posts` table, in the Instagram Graph field names of the contract. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { desc } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { RawSocialPost } from '@shop/contracts/types';
import { socialPosts } from '../../db/schema.js';
import { bannerUrl } from '../images/urls.js';
import { assertSameShape, Nullable, type SameShape } from '../shared/schema.js';

export const FEED_SIZE = 12;

export const RawSocialPostSchema = Type.Object({
  id: Type.String(),
  caption: Nullable(Type.String()),
  media_type: Type.Union([Type.Literal('IMAGE'), Type.Literal('VIDEO'), Type.Literal('CAROUSEL_ALBUM')]),
  media_url: Type.String(),
  permalink: Type.String(),
  timestamp: Type.String(),
});
assertSameShape<SameShape<Static<typeof RawSocialPostSchema>, RawSocialPost>>();

export function toRawSocialPost(row: typeof socialPosts.$inferSelect): RawSocialPost {
  return {
    id: String(row.id),
    caption: row.message,
    media_type: 'IMAGE',
    media_url: row.image ?? bannerUrl('sosial-standard'),
    permalink: row.url ?? '/',
    timestamp: row.postedAt.toISOString(),
  };
}

export const socialRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/fb/getPosts',
    { schema: { tags: ['content'], summary: 'The social feed, newest first', response: { 200: Type.Array(RawSocialPostSchema) } } },
    async () => {
      const rows = await app.database.db.select().from(socialPosts).orderBy(desc(socialPosts.postedAt), desc(socialPosts.id)).limit(FEED_SIZE);
      return rows.map(toRawSocialPost);
    },
  );
};
