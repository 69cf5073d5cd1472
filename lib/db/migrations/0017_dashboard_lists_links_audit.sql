CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid,
	"list" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "exchanges_tenant_state_seen";--> statement-breakpoint
DROP INDEX "payout_links_exchange";--> statement-breakpoint
ALTER TABLE "payout_links" ADD COLUMN "created_by_email" text;--> statement-breakpoint
ALTER TABLE "payout_links" ADD COLUMN "used_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "payout_links" ADD COLUMN "last_opened_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_views_tenant_list" ON "saved_views" USING btree ("tenant_id","list","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_tenant_user" ON "audit_log" USING btree ("tenant_id","user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_tenant_email" ON "audit_log" USING btree ("tenant_id","user_email","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_tenant_action" ON "audit_log" USING btree ("tenant_id","action","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_tenant_at" ON "audit_log" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_tenant_failed" ON "audit_log" USING btree ("tenant_id","id" DESC NULLS FIRST) WHERE "audit_log"."result" <> 'ok';--> statement-breakpoint
CREATE INDEX "exchanges_tenant_cost" ON "exchanges" USING btree ("tenant_id",(("snapshot" ->> 'cost')::numeric),"first_seen_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "exchanges_tenant_bitcoin" ON "exchanges" USING btree ("tenant_id",(("snapshot" ->> 'amount')::numeric),"first_seen_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "exchanges_tenant_executed" ON "exchanges" USING btree ("tenant_id",COALESCE("executed_at", '-infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "exchanges_tenant_amount" ON "exchanges" USING btree ("tenant_id",COALESCE(("snapshot" ->> 'amount')::numeric, -1),"id");--> statement-breakpoint
CREATE INDEX "orders_tenant_active_created" ON "orders" USING btree ("tenant_id","active","created_on","id");--> statement-breakpoint
CREATE INDEX "webhook_events_tenant_received" ON "webhook_events" USING btree ("tenant_id","received_at");--> statement-breakpoint
CREATE INDEX "jobs_subject_status" ON "jobs" USING btree ("subject_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "exchanges_tenant_state_seen" ON "exchanges" USING btree ("tenant_id","state" DESC NULLS FIRST,"first_seen_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payout_links_exchange" ON "payout_links" USING btree ("exchange_id","created_at" DESC NULLS LAST);