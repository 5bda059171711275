-- The category and subcategory listings' default order (Name asc, then the exact name, then id; over web-visible
-- articles): a page becomes an index range scan and the total an index-only count, instead of sorting the whole group.
CREATE INDEX "articles_listing_main_group_name_idx" ON "articles" USING btree ("main_group_id","name_sort" collate "C","name" collate "C","id") WHERE "articles"."visible_on_web";--> statement-breakpoint
CREATE INDEX "articles_listing_group2_name_idx" ON "articles" USING btree ("group2_id","name_sort" collate "C","name" collate "C","id") WHERE "articles"."visible_on_web";
