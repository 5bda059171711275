DROP INDEX "payment_operations_due_idx";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "retry_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_operations" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "payment_operations" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "payment_operations" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_operations" ADD COLUMN "follow_up" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "fraud_status" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "discrepancy" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "reconciled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_operations_due_idx" ON "payment_operations" USING btree ("next_attempt_at") WHERE "payment_operations"."state" in ('queued', 'sent');--> statement-breakpoint
-- The operation states of ADR 0025: running → sent (a request may be out: verify before resending), done → confirmed, failed → refused.
UPDATE "payment_operations" SET "state" = CASE "state" WHEN 'running' THEN 'sent' WHEN 'done' THEN 'confirmed' WHEN 'failed' THEN 'refused' ELSE "state" END;
