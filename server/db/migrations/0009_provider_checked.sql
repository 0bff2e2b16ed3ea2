-- The last time the reconciliation job read a charge back from the payment provider (a Pix or a
-- card in review whose webhook may never come): each pending charge is read at least every 10
-- minutes while its hold runs and once after it ends.
ALTER TABLE "payments" ADD COLUMN "provider_checked_at" timestamp with time zone;