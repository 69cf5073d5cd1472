DROP INDEX "payout_links_exchange";--> statement-breakpoint
ALTER TABLE "payout_links" ADD COLUMN "created_by_email" text;--> statement-breakpoint
ALTER TABLE "payout_links" ADD COLUMN "used_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "payout_links" ADD COLUMN "last_opened_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "payout_links_exchange" ON "payout_links" USING btree ("exchange_id","created_at" DESC NULLS LAST);