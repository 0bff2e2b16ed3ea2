-- Booking rules per clinic (defaults) and per room (null = the clinic's), and double booking
-- refused over time ranges, buffer included, instead of equal starts (decision 0023). Every room
-- keeps today's rule: 60-minute grid, no minimum, no buffer, 365 days ahead, no notice.
CREATE OR REPLACE FUNCTION salas_held_range(starts timestamptz, ends timestamptz, buffer_minutes smallint)
RETURNS tstzrange LANGUAGE sql IMMUTABLE PARALLEL SAFE
-- Minutes have no calendar part, so adding them is the same in every zone: immutable in fact.
AS $$ SELECT tstzrange(starts, ends + make_interval(mins => buffer_minutes)) $$;--> statement-breakpoint
-- The same range on one axis for every room (room × 10^11 + epoch seconds), so a plain gist index
-- of ranges refuses overlaps per room without btree_gist (which slows the embedded database down
-- merely by being loaded; docs/performance.md). Epoch seconds stay below 10^11 until the year 5138.
CREATE OR REPLACE FUNCTION salas_room_time(room bigint, starts timestamptz, ends timestamptz, buffer_minutes smallint)
RETURNS int8range LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT int8range(room * 100000000000 + extract(epoch from starts)::bigint,
                       room * 100000000000 + extract(epoch from ends + make_interval(mins => buffer_minutes))::bigint) $$;--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_one_hour_check";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "buffer_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "slot_minutes" smallint DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "min_booking_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "buffer_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "max_days_ahead" smallint DEFAULT 365 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "min_notice_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "slot_minutes" smallint;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "min_booking_minutes" smallint;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "buffer_minutes" smallint;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "max_days_ahead" smallint;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "min_notice_minutes" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_length_check" CHECK ("appointments"."ends_at" - "appointments"."starts_at" in (interval '30 minutes', interval '1 hour'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_buffer_check" CHECK ("appointments"."buffer_minutes" in (0, 15, 30));--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_slot_minutes_check" CHECK ("clinics"."slot_minutes" in (30, 60));--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_min_booking_check" CHECK ("clinics"."min_booking_minutes" between 0 and 720);--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_buffer_check" CHECK ("clinics"."buffer_minutes" in (0, 15, 30));--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_days_ahead_check" CHECK ("clinics"."max_days_ahead" between 1 and 365);--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_notice_check" CHECK ("clinics"."min_notice_minutes" between 0 and 10080);--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_slot_minutes_check" CHECK ("rooms"."slot_minutes" in (30, 60));--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_min_booking_check" CHECK ("rooms"."min_booking_minutes" between 0 and 720);--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_buffer_check" CHECK ("rooms"."buffer_minutes" in (0, 15, 30));--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_days_ahead_check" CHECK ("rooms"."max_days_ahead" between 1 and 365);--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_notice_check" CHECK ("rooms"."min_notice_minutes" between 0 and 10080);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_room_time_excl" EXCLUDE USING gist (
  salas_room_time("room_id", "starts_at", "ends_at", "buffer_minutes") WITH &&
) WHERE ("status" in ('pending_payment', 'confirmed', 'completed', 'no_show'));--> statement-breakpoint
DROP INDEX "appointments_room_slot_key";--> statement-breakpoint
CREATE INDEX "appointments_room_held_idx" ON "appointments" USING btree ("room_id","starts_at") WHERE "appointments"."status" in ('pending_payment', 'confirmed', 'completed', 'no_show');