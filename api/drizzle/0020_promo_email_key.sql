ALTER TABLE "customers" ADD COLUMN "club_consent_at" timestamp with time zone;--> statement-breakpoint
-- Members before the shop's rule (accounts/club.ts) asked to join when they ticked the box: their consent dates from then.
UPDATE "customers" SET "club_consent_at" = "created_at" WHERE "club";--> statement-breakpoint
ALTER TABLE "promocode_redemptions" ADD COLUMN "email_key" text;--> statement-breakpoint
ALTER TABLE "promocode_redemptions" ADD COLUMN "account_email_key" text;--> statement-breakpoint
-- The backfill's copy of promoEmailKey (api/src/checkout/promoEmailKey.ts), for the rows written before it existed;
-- new rows get their keys from the application. api/test/checkout/promo-email-key.test.ts runs this statement against
-- the function's table, so the two cannot drift apart while this migration is the one that writes old rows.
CREATE FUNCTION "promo_email_key_0020"(address text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN position('@' in e) <= 1 THEN e
    WHEN d IN ('gmail.com', 'googlemail.com') THEN replace(l, '.', '') || '@gmail.com'
    ELSE l || '@' || d END
  FROM (
    SELECT e,
      CASE WHEN position('+' in lp) > 1 THEN split_part(lp, '+', 1) ELSE lp END AS l,
      rtrim(regexp_replace(e, '^.*@', ''), '.') AS d
    FROM (SELECT e, regexp_replace(e, '@[^@]*$', '') AS lp FROM (SELECT lower(btrim(address)) AS e) AS lowered) AS split
  ) AS parts
$$;--> statement-breakpoint
UPDATE "promocode_redemptions" SET "email_key" = "promo_email_key_0020"("email");--> statement-breakpoint
UPDATE "promocode_redemptions" AS r SET "account_email_key" = "promo_email_key_0020"(c."email") FROM "customers" AS c WHERE c."id" = r."customer_id" AND c."email" IS NOT NULL;--> statement-breakpoint
DROP FUNCTION "promo_email_key_0020"(text);--> statement-breakpoint
ALTER TABLE "promocode_redemptions" ALTER COLUMN "email_key" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "promocode_redemptions_code_email_key_idx" ON "promocode_redemptions" USING btree ("promocode_id","email_key");--> statement-breakpoint
CREATE INDEX "promocode_redemptions_code_account_key_idx" ON "promocode_redemptions" USING btree ("promocode_id","account_email_key");
