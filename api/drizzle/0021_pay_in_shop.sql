-- "Betal ved henting i butikken" as its own action (api/src/checkout/payInShop.ts): when the shopper chose it. Unpaid
-- click-and-collect reservations placed before this held for the pickup window from the start; they keep the hold they
-- have and run out as they were (nothing to backfill: null = not chosen, and they stop counting when their hold ends).
ALTER TABLE "reservations" ADD COLUMN "pay_in_shop_at" timestamp with time zone;
