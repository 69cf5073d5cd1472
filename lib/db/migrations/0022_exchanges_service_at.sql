DROP INDEX "exchanges_tenant_order_seen";--> statement-breakpoint
DROP INDEX "exchanges_tenant_state_seen";--> statement-breakpoint
DROP INDEX "exchanges_tenant_seen";--> statement-breakpoint
DROP INDEX "exchanges_attention";--> statement-breakpoint
DROP INDEX "exchanges_tenant_cost";--> statement-breakpoint
DROP INDEX "exchanges_tenant_bitcoin";--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "service_at" timestamp (3) with time zone GENERATED ALWAYS AS (COALESCE(executed_at, first_seen_service_at, first_seen_at)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "exchanges_tenant_order_service" ON "exchanges" USING btree ("tenant_id","order_id","service_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "exchanges_tenant_state_service" ON "exchanges" USING btree ("tenant_id","state" DESC NULLS FIRST,"service_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "exchanges_tenant_service" ON "exchanges" USING btree ("tenant_id","service_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "exchanges_service" ON "exchanges" USING btree ("service_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "exchanges_attention" ON "exchanges" USING btree ("tenant_id","service_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "exchanges"."attention_candidate";--> statement-breakpoint
CREATE INDEX "exchanges_tenant_cost" ON "exchanges" USING btree ("tenant_id",(("snapshot" ->> 'cost')::numeric),"service_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "exchanges_tenant_bitcoin" ON "exchanges" USING btree ("tenant_id",(("snapshot" ->> 'amount')::numeric),"service_at" DESC NULLS FIRST);