-- Disputes and each payment split in the ledger (decision 0033): the payment statuses `disputed`
-- and `charged_back`; gross, commission (at the plan's percent when the money arrived), the
-- partner's net and the provider's fee on each payment, backfilled below for the payments that
-- existed before (their percent: the partner's plan today, the best left to know); where each
-- provider event came from and whether it changed our books; when a refund stuck for a day was
-- reported to the operators.
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "source" text DEFAULT 'webhook' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "changed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gross_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "net_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_events_changed_idx" ON "payment_events" USING btree ("received_at") WHERE "payment_events"."changed";--> statement-breakpoint
CREATE INDEX "payments_dispute_idx" ON "payments" USING btree ("updated_at") WHERE "payments"."status" in ('disputed', 'charged_back');--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_source_check" CHECK ("payment_events"."source" in ('webhook', 'read_back', 'daily', 'simulated'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'paid', 'failed', 'refunded', 'partially_refunded', 'expired', 'disputed', 'charged_back'));--> statement-breakpoint
UPDATE "payments" p SET
  "fee_percent" = CASE WHEN c.captured THEN coalesce(c.plan_percent, 0) END,
  "gross_cents" = CASE WHEN c.captured THEN p.amount_cents ELSE 0 END,
  "fee_cents" = CASE WHEN c.captured
    THEN round((p.amount_cents - p.refunded_cents) * coalesce(c.plan_percent, 0) / 100)::int ELSE 0 END,
  "net_cents" = CASE WHEN c.captured
    THEN p.amount_cents - p.refunded_cents - round((p.amount_cents - p.refunded_cents) * coalesce(c.plan_percent, 0) / 100)::int
    ELSE -p.refunded_cents END
FROM (
  SELECT p.id,
         (p.paid_at IS NOT NULL OR p.status IN ('paid', 'partially_refunded', 'refunded', 'disputed', 'charged_back')) AS captured,
         pl.commission_percent AS plan_percent
  FROM payments p
  JOIN bookings b ON b.id = p.booking_id
  JOIN rooms r ON r.id = b.room_id
  JOIN clinics cl ON cl.id = r.clinic_id
  LEFT JOIN partner_profiles pp ON pp.user_id = cl.partner_id
  LEFT JOIN plans pl ON pl.id = pp.plan_id
) c
WHERE p.id = c.id;
