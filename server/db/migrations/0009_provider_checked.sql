-- The last time the read-back job read a charge from the payment provider (a Pix or a card in
-- review whose webhook may never come), and the holds that ended lately whatever became of their
-- bookings, which that job reads every minute (decision 0032).
ALTER TABLE "payments" ADD COLUMN "provider_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bookings_hold_ended_idx" ON "bookings" USING btree ("hold_expires_at");