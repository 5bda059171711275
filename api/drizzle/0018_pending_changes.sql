ALTER TABLE "blog_posts" ADD COLUMN "pending" jsonb;--> statement-breakpoint
ALTER TABLE "static_pages" ADD COLUMN "pending" jsonb;