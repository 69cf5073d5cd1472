CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"allowed" boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_updated_at" ON "rate_limits" USING btree ("updated_at");