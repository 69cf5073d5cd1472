CREATE TABLE "sandbox_clock_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" text,
	"advance_ms" bigint NOT NULL,
	"moved_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_clients" ADD COLUMN "clock_offset_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sandbox_clock_moves_client" ON "sandbox_clock_moves" USING btree ("client_id","moved_at");--> statement-breakpoint
CREATE INDEX "jobs_claimed" ON "jobs" USING btree ("tenant_id") WHERE "jobs"."status" = 'pending' AND "jobs"."locked_until" IS NOT NULL;