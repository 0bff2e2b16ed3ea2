CREATE TABLE "whatsapp_inbound" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "whatsapp_inbound_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"wamid" text NOT NULL,
	"from_phone" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_inbound_wamid_unique" UNIQUE("wamid")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_channel_check";--> statement-breakpoint
ALTER TABLE "notification_events" DROP CONSTRAINT "notification_events_kind_check";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "soon_notice_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "delivery_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "pix_expiry_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_opted_in_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_provider_message_key" ON "mail_outbox" USING btree ("provider_message_id");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_delivery_status_check" CHECK ("mail_outbox"."delivery_status" is null or "mail_outbox"."delivery_status" in ('sent', 'delivered', 'read', 'failed'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_channel_check" CHECK ("mail_outbox"."channel" in ('email', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_kind_check" CHECK ("notification_events"."kind" in ('booking_confirmed', 'pix_pending', 'late_payment_refunded', 'hours_canceled', 'series_charge_refused', 'payment_dispute', 'refunds_stuck', 'waitlist_offer', 'outside_booking_recorded', 'payout_paid', 'reminder_due', 'booking_soon', 'pix_expiring'));