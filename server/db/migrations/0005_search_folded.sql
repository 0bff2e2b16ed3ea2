-- Search reads names, neighbourhoods and cities folded once on write (accents and case), and
-- finds a piece of them through trigram indexes (docs/decisions/0020-search-at-scale.md).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "neighborhood_folded" text GENERATED ALWAYS AS (salas_fold(neighborhood)) STORED;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "city_folded" text GENERATED ALWAYS AS (salas_fold(city)) STORED;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (salas_fold(name)) STORED;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (salas_fold(name)) STORED;--> statement-breakpoint
CREATE INDEX "addresses_neighborhood_trgm_idx" ON "addresses" USING gin ("neighborhood_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "addresses_city_trgm_idx" ON "addresses" USING gin ("city_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clinics_name_trgm_idx" ON "clinics" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rooms_name_trgm_idx" ON "rooms" USING gin ("name_folded" gin_trgm_ops);