CREATE TABLE "series" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" bigint NOT NULL,
	"room_id" bigint NOT NULL,
	"first_starts_at" timestamp with time zone NOT NULL,
	"minutes" smallint NOT NULL,
	"weeks" smallint,
	"skipped_dates" date[] DEFAULT '{}'::date[] NOT NULL,
	"payment_method" text NOT NULL,
	"card_id" bigint,
	"status" text DEFAULT 'active' NOT NULL,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "series_status_check" CHECK ("series"."status" in ('active', 'canceled')),
	CONSTRAINT "series_method_check" CHECK ("series"."payment_method" in ('card', 'pix')),
	CONSTRAINT "series_weeks_check" CHECK ("series"."weeks" is null or "series"."weeks" between 1 and 52)
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waitlist_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" bigint NOT NULL,
	"room_id" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offer_booking_id" bigint,
	"offer_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "waitlist_status_check" CHECK ("waitlist_entries"."status" in ('waiting', 'offered', 'booked', 'left', 'expired')),
	CONSTRAINT "waitlist_range_check" CHECK ("waitlist_entries"."ends_at" > "waitlist_entries"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "series_id" bigint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "charge_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "charge_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_offer_booking_id_bookings_id_fk" FOREIGN KEY ("offer_booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "series_customer_idx" ON "series" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "waitlist_room_idx" ON "waitlist_entries" USING btree ("room_id","status","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_customer_idx" ON "waitlist_entries" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_series_idx" ON "bookings" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "bookings_charge_idx" ON "bookings" USING btree ("charge_at") WHERE "bookings"."charge_at" is not null;