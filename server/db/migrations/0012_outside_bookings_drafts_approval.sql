-- The partner's day (issue 31): bookings a partner records for someone off the platform (method
-- 'manual': a name, an optional e-mail, a note; no money), rooms that stay drafts until published
-- (rooms from before are published since they were made), and clinics that sign themselves up and
-- wait for the operator's approval (partners from before are approved).
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_method_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "outside_name" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "outside_email" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD COLUMN "approval" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_outside_check" CHECK (("bookings"."payment_method" = 'manual') = ("bookings"."outside_name" is not null));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_method_check" CHECK ("bookings"."payment_method" in ('card', 'pix', 'manual'));--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD CONSTRAINT "partner_profiles_approval_check" CHECK ("partner_profiles"."approval" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
UPDATE "rooms" SET "published_at" = "created_at";--> statement-breakpoint
UPDATE "partner_profiles" SET "approved_at" = "created_at";
