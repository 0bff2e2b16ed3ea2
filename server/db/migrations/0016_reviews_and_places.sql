CREATE TABLE "geocode_cache" (
	"query" text PRIMARY KEY NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" bigint NOT NULL,
	"room_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"reply_text" text,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "reviews_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_reply_check" CHECK (("reviews"."reply_text" is null) = ("reviews"."replied_at" is null)),
	CONSTRAINT "reviews_hidden_check" CHECK (("reviews"."hidden_at" is null) = ("reviews"."hidden_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "notification_events" DROP CONSTRAINT "notification_events_kind_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "review_invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "location_source" text;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_room_idx" ON "reviews" USING btree ("room_id","created_at") WHERE "reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_customer_idx" ON "reviews" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "clinics_location_idx" ON "clinics" USING btree ("latitude","longitude") WHERE "clinics"."latitude" is not null;--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_location_check" CHECK (("clinics"."latitude" is null) = ("clinics"."longitude" is null)
        and ("clinics"."latitude" is null or ("clinics"."latitude" between -90 and 90 and "clinics"."longitude" between -180 and 180))
        and ("clinics"."location_source" is null) = ("clinics"."latitude" is null)
        and ("clinics"."location_source" is null or "clinics"."location_source" in ('pin', 'address')));--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_kind_check" CHECK ("notification_events"."kind" in ('booking_confirmed', 'pix_pending', 'late_payment_refunded', 'hours_canceled', 'series_charge_refused', 'payment_dispute', 'refunds_stuck', 'waitlist_offer', 'outside_booking_recorded', 'payout_paid', 'reminder_due', 'booking_soon', 'pix_expiring', 'review_invitation'));--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_rating_check" CHECK ("rooms"."rating_count" >= 0 and "rooms"."rating_sum" between "rooms"."rating_count" and 5 * "rooms"."rating_count");