DROP INDEX "payout_links_exchange";--> statement-breakpoint
ALTER TABLE "payout_links" ADD COLUMN "created_by_email" text;--> statement-breakpoint
ALTER TABLE "payout_links" ADD COLUMN "used_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "payout_links" ADD COLUMN "last_opened_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_tenant_user" ON "audit_log" USING btree ("tenant_id","user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_tenant_email" ON "audit_log" USING btree ("tenant_id","user_email","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_tenant_action" ON "audit_log" USING btree ("tenant_id","action","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_tenant_at" ON "audit_log" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_tenant_failed" ON "audit_log" USING btree ("tenant_id","id" DESC NULLS FIRST) WHERE "audit_log"."result" <> 'ok';--> statement-breakpoint
CREATE INDEX "exchanges_tenant_cost" ON "exchanges" USING btree ("tenant_id",(("snapshot" ->> 'cost')::numeric),"first_seen_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "exchanges_tenant_bitcoin" ON "exchanges" USING btree ("tenant_id",(("snapshot" ->> 'amount')::numeric),"first_seen_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payout_links_exchange" ON "payout_links" USING btree ("exchange_id","created_at" DESC NULLS LAST);