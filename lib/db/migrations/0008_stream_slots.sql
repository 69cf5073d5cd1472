CREATE TABLE "stream_slots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stream_slots_holder" ON "stream_slots" USING btree ("holder");--> statement-breakpoint
CREATE INDEX "stream_slots_expires_at" ON "stream_slots" USING btree ("expires_at");