-- The search index (article_search, search_words; see src/db/schema.ts and src/search/). Hand-written: functions and
-- triggers are beyond drizzle-kit. One SQL function writes the index; statement-level AFTER triggers with transition
-- tables call it for the articles a statement touched, in every table the document reads. Plain (not ALWAYS) triggers:
-- bulk loads under session_replication_role = replica skip them and the app rebuilds at start-up instead.
CREATE OR REPLACE FUNCTION search_index_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF ids IS NOT NULL AND cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  -- EXECUTE plans with the actual ids every time: index paths for a handful of articles, hash joins for all of them.
  EXECUTE $q$
    INSERT INTO article_search (article_id, visible, document, name_sort, qty_rank, product_line_id, group3_id, price,
                                color_group_ids, gender_ids, shop_ids, source)
    SELECT a.id, a.visible_on_web,
      setweight(to_tsvector('norwegian', a.name), 'A')
        || setweight(to_tsvector('norwegian', concat_ws(' ', pl.name, g3.name, g2.name, m.name)), 'B')
        || setweight(to_tsvector('norwegian', coalesce(a.description, '')), 'C'),
      a.name_sort, coalesce(b.qty_rank, 9999), a.product_line_id, a.group3_id, a.price,
      coalesce(cl.group_ids, '{}'), coalesce(ge.ids, '{}'), coalesce(sh.available, '{}'),
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
        'AvailableShopIDs', to_jsonb(coalesce(sh.available, '{}')))
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
    ON CONFLICT (article_id) DO UPDATE SET
      visible = excluded.visible, document = excluded.document, name_sort = excluded.name_sort,
      qty_rank = excluded.qty_rank, product_line_id = excluded.product_line_id, group3_id = excluded.group3_id,
      price = excluded.price, color_group_ids = excluded.color_group_ids, gender_ids = excluded.gender_ids,
      shop_ids = excluded.shop_ids, source = excluded.source
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
CREATE OR REPLACE FUNCTION search_index_sync() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  ids integer[] := '{}';
  more integer[];
BEGIN
  IF TG_OP <> 'DELETE' THEN
    CASE TG_TABLE_NAME
      WHEN 'articles' THEN SELECT array_agg(id) INTO more FROM new_rows;
      WHEN 'stock' THEN SELECT array_agg(DISTINCT v.article_id) INTO more FROM variants v WHERE v.id IN (SELECT variant_id FROM new_rows);
      WHEN 'colors' THEN SELECT array_agg(DISTINCT v.article_id) INTO more FROM variants v WHERE v.color_id IN (SELECT id FROM new_rows);
      WHEN 'product_lines' THEN SELECT array_agg(a.id) INTO more FROM articles a WHERE a.product_line_id IN (SELECT id FROM new_rows);
      WHEN 'main_groups' THEN SELECT array_agg(a.id) INTO more FROM articles a WHERE a.main_group_id IN (SELECT id FROM new_rows);
      WHEN 'article_groups2' THEN SELECT array_agg(a.id) INTO more FROM articles a WHERE a.group2_id IN (SELECT id FROM new_rows);
      WHEN 'article_groups3' THEN SELECT array_agg(a.id) INTO more FROM articles a WHERE a.group3_id IN (SELECT id FROM new_rows);
      WHEN 'genders' THEN SELECT array_agg(a.id) INTO more FROM articles a WHERE a.gender_id IN (SELECT id FROM new_rows);
      WHEN 'reviews' THEN SELECT array_agg(DISTINCT reviewable_id) INTO more FROM new_rows;
      ELSE SELECT array_agg(DISTINCT article_id) INTO more FROM new_rows;
    END CASE;
    ids := ids || coalesce(more, '{}');
  END IF;
  IF TG_OP <> 'INSERT' THEN
    CASE TG_TABLE_NAME
      WHEN 'stock' THEN SELECT array_agg(DISTINCT v.article_id) INTO more FROM variants v WHERE v.id IN (SELECT variant_id FROM old_rows);
      WHEN 'articles', 'colors', 'product_lines', 'main_groups', 'article_groups2', 'article_groups3', 'genders' THEN more := '{}';
      WHEN 'reviews' THEN SELECT array_agg(DISTINCT reviewable_id) INTO more FROM old_rows;
      ELSE SELECT array_agg(DISTINCT article_id) INTO more FROM old_rows;
    END CASE;
    ids := ids || coalesce(more, '{}');
  END IF;
  PERFORM search_index_refresh(ARRAY(SELECT DISTINCT unnest(ids)));
  RETURN NULL;
END $fn$;
--> statement-breakpoint
DO $do$
DECLARE
  spec text[];
  specs text[][] := ARRAY[
    ['articles', 'INSERT'], ['articles', 'UPDATE'],
    ['article_genders', 'INSERT'], ['article_genders', 'UPDATE'], ['article_genders', 'DELETE'],
    ['variants', 'INSERT'], ['variants', 'UPDATE'], ['variants', 'DELETE'],
    ['stock', 'INSERT'], ['stock', 'UPDATE'], ['stock', 'DELETE'],
    ['bestsellers', 'INSERT'], ['bestsellers', 'UPDATE'], ['bestsellers', 'DELETE'],
    ['reviews', 'INSERT'], ['reviews', 'UPDATE'], ['reviews', 'DELETE'], ['genders', 'UPDATE'],
    ['colors', 'UPDATE'], ['product_lines', 'UPDATE'], ['main_groups', 'UPDATE'],
    ['article_groups2', 'UPDATE'], ['article_groups3', 'UPDATE']
  ];
BEGIN
  FOREACH spec SLICE 1 IN ARRAY specs LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION search_index_sync()',
      'search_index_' || lower(spec[2]), spec[2], spec[1],
      CASE spec[2] WHEN 'INSERT' THEN 'NEW TABLE AS new_rows' WHEN 'DELETE' THEN 'OLD TABLE AS old_rows'
                   ELSE 'OLD TABLE AS old_rows NEW TABLE AS new_rows' END);
  END LOOP;
END $do$;
--> statement-breakpoint
-- Index whatever is there already (nothing on a fresh database).
SELECT search_index_refresh(NULL);
