-- Searches stop early (ADR 0011): each relevance tier is read in rank order and stops after the page, and the total
-- is counted to a bound. The index table is rewritten for that:
-- - in rank order (bestseller rank, Norwegian name, id: article_search_rank_idx), so a tier of a common word walks
--   that index over neighbouring rows (at 200 000 articles, "staut": 689 rows in 4.2 → 0.6 ms). Fillfactor 90 leaves
--   room on each page, so an updated row stays beside its neighbours; a rebuild re-orders it (search/maintenance.ts);
-- - with `has_campaign` (the article is in some campaign, running or not) among the fixed-width columns: the
--   GrossPrice filter looks up running campaign prices only for those rows (a lookup per row cost 2 µs, ~4 ms per
--   filtered search at 200 000 articles). Triggers on campaign_articles keep it;
-- - the full-text GIN indexes hold visible articles only, all a search reads: with `visible` in their predicate the
--   planner no longer ANDs a probe with a scan of article_search_facets_idx for it (194 000 entries, 38 ms). Tier 3
--   ("every word in the name") of a rare word probes the name's own index.
CREATE TABLE "article_search_ordered" (
	"article_id" integer NOT NULL,
	"qty_rank" integer DEFAULT 9999 NOT NULL,
	"group3_id" integer NOT NULL,
	"price" integer NOT NULL,
	"color_group_bits" bigint DEFAULT 0 NOT NULL,
	"gender_bits" bigint DEFAULT 0 NOT NULL,
	"shop_bits" bigint DEFAULT 0 NOT NULL,
	"visible" boolean NOT NULL,
	"has_campaign" boolean DEFAULT false NOT NULL,
	"name_sort" text NOT NULL,
	"name_document" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"product_line_id" integer,
	"color_group_ids" integer[] DEFAULT '{}' NOT NULL,
	"gender_ids" integer[] DEFAULT '{}' NOT NULL,
	"shop_ids" integer[] DEFAULT '{}' NOT NULL,
	"document" "tsvector" NOT NULL
) WITH (fillfactor = 90);
--> statement-breakpoint
INSERT INTO "article_search_ordered" ("article_id", "qty_rank", "group3_id", "price", "color_group_bits",
  "gender_bits", "shop_bits", "visible", "has_campaign", "name_sort", "name_document", "product_line_id",
  "color_group_ids", "gender_ids", "shop_ids", "document")
SELECT s."article_id", s."qty_rank", s."group3_id", s."price", s."color_group_bits", s."gender_bits", s."shop_bits",
  s."visible", EXISTS (SELECT 1 FROM "campaign_articles" ca WHERE ca."article_id" = s."article_id"), s."name_sort",
  s."name_document", s."product_line_id", s."color_group_ids", s."gender_ids", s."shop_ids", s."document"
FROM "article_search" s ORDER BY s."qty_rank", s."name_sort" COLLATE "C", s."article_id";
--> statement-breakpoint
DROP TABLE "article_search";
--> statement-breakpoint
ALTER TABLE "article_search_ordered" RENAME TO "article_search";
--> statement-breakpoint
ALTER TABLE "article_search" ADD CONSTRAINT "article_search_pkey" PRIMARY KEY ("article_id");
--> statement-breakpoint
ALTER TABLE "article_search" ADD CONSTRAINT "article_search_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "article_search_document_idx" ON "article_search" USING gin ("document") WHERE "visible";
--> statement-breakpoint
CREATE INDEX "article_search_name_document_idx" ON "article_search" USING gin ("name_document") WHERE "visible";
--> statement-breakpoint
CREATE INDEX "article_search_color_groups_idx" ON "article_search" USING gin ("color_group_ids");
--> statement-breakpoint
CREATE INDEX "article_search_genders_idx" ON "article_search" USING gin ("gender_ids");
--> statement-breakpoint
CREATE INDEX "article_search_shops_idx" ON "article_search" USING gin ("shop_ids");
--> statement-breakpoint
CREATE INDEX "article_search_rank_idx" ON "article_search" USING btree ("qty_rank","name_sort" collate "C","article_id");
--> statement-breakpoint
CREATE INDEX "article_search_facets_idx" ON "article_search" USING btree ("visible","color_group_bits","gender_bits","shop_bits","price","group3_id","product_line_id","article_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_index_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF ids IS NOT NULL AND cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  -- EXECUTE plans with the actual ids every time: index paths for a handful of articles, hash joins for all of them.
  EXECUTE $q$
    WITH docs AS (
      SELECT a.id AS article_id, a.visible_on_web AS visible,
        strip(to_tsvector('norwegian', concat_ws(' ', a.name, pl.name, g3.name, g2.name, m.name, a.description)))
          AS document,
        strip(to_tsvector('norwegian', a.name)) AS name_document,
        a.name_sort, coalesce(b.qty_rank, 9999) AS qty_rank, a.product_line_id, a.group3_id, a.price,
        coalesce(cl.group_ids, '{}') AS color_group_ids, coalesce(ge.ids, '{}') AS gender_ids,
        coalesce(sh.available, '{}') AS shop_ids,
        search_bit_set(cl.group_ids) AS color_group_bits, search_bit_set(ge.ids) AS gender_bits,
        search_bit_set(sh.available) AS shop_bits,
        EXISTS (SELECT 1 FROM campaign_articles ca WHERE ca.article_id = a.id) AS has_campaign,
        jsonb_build_object(
          'ArticleID', a.id, 'ArticleNo', a.article_no, 'Name', a.name, 'Slug', a.slug, 'Description', a.description,
          'SuggestedFinalPrice', a.price, 'Pant', a.pant,
          'ProductLineID', coalesce(a.product_line_id, 0), 'ProductLineName', coalesce(pl.name, ''),
          'PurchasableOnWeb', a.purchasable_on_web::int, 'VisibleOnWeb', a.visible_on_web::int, 'Featured', a.featured::int,
          'MainGroupID', a.main_group_id, 'MainGroupName', m.name,
          'ArticleGroup2ID', a.group2_id, 'ArticleGroup2Name', g2.name,
          'ArticleGroup3ID', a.group3_id, 'ArticleGroup3Name', g3.name,
          'GenderID', coalesce(a.gender_id, 0), 'GenderName', coalesce(gn.name, ''),
          'WebLabel', a.web_label, 'WebPurchaseLimit', a.web_purchase_limit, 'OnlyCC', a.only_cc::int,
          'Season', a.season, 'FrightPrice', a.fright_price,
          'BestsellerQtyRank', b.qty_rank, 'BestsellerTurnoverRank', b.turnover_rank,
          'AverageRating', rv.average,
          'Colors', coalesce(cl.colors, '[]'::jsonb),
          'ColorGroupIDs', to_jsonb(coalesce(cl.group_ids, '{}')),
          'ShopIDs', to_jsonb(coalesce(sh.listed, '{}')),
          'AvailableShopIDs', to_jsonb(coalesce(sh.available, '{}'))) AS source
      FROM articles a
      JOIN main_groups m ON m.id = a.main_group_id
      JOIN article_groups2 g2 ON g2.id = a.group2_id
      JOIN article_groups3 g3 ON g3.id = a.group3_id
      LEFT JOIN product_lines pl ON pl.id = a.product_line_id
      LEFT JOIN genders gn ON gn.id = a.gender_id
      LEFT JOIN bestsellers b ON b.article_id = a.id
      LEFT JOIN (SELECT v.article_id,
                        jsonb_agg(jsonb_build_object('ColorID', c.id, 'Name', c.name, 'Hex', c.hex, 'ColorCode', c.color_code)
                                  ORDER BY v.first_variant) AS colors,
                        array_agg(DISTINCT c.color_group_id ORDER BY c.color_group_id)
                          FILTER (WHERE c.color_group_id IS NOT NULL) AS group_ids
                 FROM (SELECT article_id, color_id, min(id) AS first_variant FROM variants
                       WHERE color_id IS NOT NULL AND ($1 IS NULL OR article_id = ANY($1))
                       GROUP BY article_id, color_id) v
                 JOIN colors c ON c.id = v.color_id
                 GROUP BY v.article_id) cl ON cl.article_id = a.id
      LEFT JOIN (SELECT x.article_id, array_agg(DISTINCT x.gender_id ORDER BY x.gender_id) AS ids
                 FROM (SELECT id AS article_id, gender_id FROM articles
                       WHERE gender_id IS NOT NULL AND ($1 IS NULL OR id = ANY($1))
                       UNION ALL
                       SELECT article_id, gender_id FROM article_genders WHERE $1 IS NULL OR article_id = ANY($1)) x
                 GROUP BY x.article_id) ge ON ge.article_id = a.id
      LEFT JOIN (SELECT x.article_id, array_agg(x.shop_id ORDER BY x.shop_id) AS listed,
                        array_agg(x.shop_id ORDER BY x.shop_id) FILTER (WHERE x.qty > 0) AS available
                 FROM (SELECT v.article_id, s.shop_id, max(s.qty) AS qty
                       FROM stock s JOIN variants v ON v.id = s.variant_id
                       WHERE $1 IS NULL OR v.article_id = ANY($1)
                       GROUP BY v.article_id, s.shop_id) x
                 GROUP BY x.article_id) sh ON sh.article_id = a.id
      LEFT JOIN (SELECT reviewable_id, round(avg(rating)::numeric, 2)::float8 AS average FROM reviews
                 WHERE approved AND ($1 IS NULL OR reviewable_id = ANY($1))
                 GROUP BY reviewable_id) rv ON rv.reviewable_id = a.id
      WHERE $1 IS NULL OR a.id = ANY($1)
    ), indexed AS (
      INSERT INTO article_search (article_id, visible, document, name_document, name_sort, qty_rank, product_line_id,
                                  group3_id, price, color_group_ids, gender_ids, shop_ids,
                                  color_group_bits, gender_bits, shop_bits, has_campaign)
      SELECT article_id, visible, document, name_document, name_sort, qty_rank, product_line_id, group3_id, price,
             color_group_ids, gender_ids, shop_ids, color_group_bits, gender_bits, shop_bits, has_campaign
      FROM docs
      ON CONFLICT (article_id) DO UPDATE SET
        visible = excluded.visible, document = excluded.document, name_document = excluded.name_document,
        name_sort = excluded.name_sort, qty_rank = excluded.qty_rank, product_line_id = excluded.product_line_id,
        group3_id = excluded.group3_id, price = excluded.price, color_group_ids = excluded.color_group_ids,
        gender_ids = excluded.gender_ids, shop_ids = excluded.shop_ids, color_group_bits = excluded.color_group_bits,
        gender_bits = excluded.gender_bits, shop_bits = excluded.shop_bits, has_campaign = excluded.has_campaign
    )
    INSERT INTO article_search_sources (article_id, source)
    SELECT article_id, source FROM docs
    ON CONFLICT (article_id) DO UPDATE SET source = excluded.source
  $q$ USING ids;
  -- Typo tolerance looks words up here. Words of renamed or deleted names stay: a stale word only costs a look-up.
  EXECUTE $q$
    INSERT INTO search_words (word)
    SELECT DISTINCT w FROM (
      SELECT a.name FROM articles a WHERE $1 IS NULL OR a.id = ANY($1)
      UNION SELECT pl.name FROM product_lines pl
      UNION SELECT g3.name FROM article_groups3 g3
      UNION SELECT g2.name FROM article_groups2 g2
      UNION SELECT m.name FROM main_groups m
    ) n, unnest(tsvector_to_array(to_tsvector('simple', n.name))) AS w
    WHERE length(w) BETWEEN 3 AND 40
    ON CONFLICT (word) DO NOTHING
  $q$ USING ids;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER "search_index_insert" AFTER INSERT ON "campaign_articles" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_index_sync();
--> statement-breakpoint
CREATE TRIGGER "search_index_update" AFTER UPDATE ON "campaign_articles" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_index_sync();
--> statement-breakpoint
CREATE TRIGGER "search_index_delete" AFTER DELETE ON "campaign_articles" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_index_sync();
--> statement-breakpoint
ANALYZE "article_search";
