CREATE TABLE "article_search" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"visible" boolean NOT NULL,
	"document" "tsvector" NOT NULL,
	"name_sort" text NOT NULL,
	"qty_rank" integer DEFAULT 9999 NOT NULL,
	"product_line_id" integer,
	"group3_id" integer NOT NULL,
	"price" integer NOT NULL,
	"color_group_ids" integer[] DEFAULT '{}' NOT NULL,
	"gender_ids" integer[] DEFAULT '{}' NOT NULL,
	"shop_ids" integer[] DEFAULT '{}' NOT NULL,
	"source" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_search" ADD CONSTRAINT "article_search_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_search_document_idx" ON "article_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "article_search_color_groups_idx" ON "article_search" USING gin ("color_group_ids");--> statement-breakpoint
CREATE INDEX "article_search_genders_idx" ON "article_search" USING gin ("gender_ids");--> statement-breakpoint
CREATE INDEX "article_search_shops_idx" ON "article_search" USING gin ("shop_ids");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);