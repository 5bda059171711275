-- The retry back-off of a payment operation grows with its failed attempts since the provider last answered
-- (payments/operations.ts), not with every claim: reads while a Qliro result is awaited, and the re-read after a crash,
-- no longer lengthen the wait after one later failure. Open rows start at 0: their next failure waits the base.
ALTER TABLE "payment_operations" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;