/**
 * GET /campaigns/ (also without the slash): the campaigns running now, each with its number of web-visible articles.
 * GET /campaigns/combined/articles: those campaigns together with their web-visible articles (bestsellers first).
 * A campaign runs from `starts_at` (inclusive) to `ends_at` (exclusive), as the article prices do.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { RawCampaign, RawCombinedCampaignArticles } from '@shop/contracts/types';
import type { Db } from '../../db/index.js';
import { articles, bestsellers, campaignArticles, campaigns } from '../../db/schema.js';
import { loadArticles } from '../articles/load.js';
import { RawArticleSchema } from '../articles/schema.js';
import { assertSameShape, errorResponses, flag, FlagSchema, IsoDateTime, Nullable, type SameShape } from '../shared/schema.js';

export const RawCampaignSchema = Type.Object({
  CampaignID: Type.Integer(),
  Name: Type.String(),
  ShortDescription: Nullable(Type.String({ description: '"Klikk & Hent" is shown as "Ukens annonse!"' })),
  Description: Nullable(Type.String()),
  Start: IsoDateTime,
  End: IsoDateTime,
  Count: Type.Integer({ description: 'Web-visible articles in the campaign' }),
  Image: Nullable(Type.String()),
  ImageMobile: Nullable(Type.String()),
  ShowLabel: FlagSchema,
  ShowImage: FlagSchema,
  LabelText: Nullable(Type.String()),
  Url: Nullable(Type.String()),
});
assertSameShape<SameShape<Static<typeof RawCampaignSchema>, RawCampaign>>();

export const RawCombinedSchema = Type.Object({ campaigns: Type.Array(RawCampaignSchema), articles: Type.Array(RawArticleSchema) });
assertSameShape<SameShape<Static<typeof RawCombinedSchema>, RawCombinedCampaignArticles>>();

const running = (now: Date) => and(lte(campaigns.startsAt, now), gt(campaigns.endsAt, now));
const visibleMember = and(eq(articles.id, campaignArticles.articleId), eq(articles.visibleOnWeb, true));

export async function runningCampaigns(db: Db, now: Date): Promise<RawCampaign[]> {
  const rows = await db
    .select({
      campaign: campaigns,
      count: sql<number>`(select count(*)::int from ${campaignArticles} ca join ${articles} a on a.id = ca.article_id
        where ca.campaign_id = "campaigns"."id" and a.visible_on_web)`,
    })
    .from(campaigns)
    .where(running(now))
    .orderBy(desc(campaigns.startsAt), asc(campaigns.id));
  return rows.map(({ campaign: c, count }) => ({
    CampaignID: c.id,
    Name: c.name,
    ShortDescription: c.shortDescription,
    Description: c.description,
    Start: c.startsAt.toISOString(),
    End: c.endsAt.toISOString(),
    Count: count,
    Image: c.image,
    ImageMobile: c.imageMobile,
    ShowLabel: flag(c.showLabel),
    ShowImage: flag(c.showImage),
    LabelText: c.labelText,
    Url: c.url,
  }));
}

export const campaignsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const list = {
    schema: {
      tags: ['catalogue'],
      summary: 'Campaigns running now',
      response: { 200: Type.Array(RawCampaignSchema) },
    },
  };
  const handler = async () => runningCampaigns(app.database.db, new Date());
  app.get('/campaigns/', list, handler);
  app.get('/campaigns', list, handler);

  app.get(
    '/campaigns/combined/articles',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Campaigns running now and their web-visible articles',
        querystring: Type.Object({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 48, description: 'At most this many articles' })),
        }),
        response: { 200: RawCombinedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { db } = app.database;
      const now = new Date();
      const list = await runningCampaigns(db, now);
      const ids =
        list.length === 0
          ? []
          : await db
              .selectDistinctOn([articles.id], { id: articles.id, rank: sql<number>`coalesce(${bestsellers.qtyRank}, 9999)` })
              .from(campaignArticles)
              .innerJoin(articles, visibleMember)
              .leftJoin(bestsellers, eq(bestsellers.articleId, articles.id))
              .where(inArray(campaignArticles.campaignId, list.map((c) => c.CampaignID)))
              .orderBy(asc(articles.id));
      const top = ids
        .sort((x, y) => x.rank - y.rank || x.id - y.id)
        .slice(0, request.query.limit ?? 48)
        .map((row) => row.id);
      const body: RawCombinedCampaignArticles = { campaigns: list, articles: await loadArticles(db, top) };
      return reply.send(body);
    },
  );
};
