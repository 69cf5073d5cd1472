DROP INDEX "jobs_subject";--> statement-breakpoint
DROP INDEX "notifications_user_created";--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "payment_hash" text;--> statement-breakpoint
CREATE INDEX "exchanges_payment_hash" ON "exchanges" USING btree ("tenant_id","payment_hash");--> statement-breakpoint
CREATE INDEX "exchanges_payment_hash_missing" ON "exchanges" USING btree ("tenant_id") WHERE "exchanges"."payment_hash" IS NULL AND ("exchanges"."snapshot" #>> '{payout,invoice}') IS NOT NULL;--> statement-breakpoint
CREATE INDEX "exchanges_payout_txid" ON "exchanges" USING btree ("tenant_id",("snapshot" #>> '{payout,txid}'));--> statement-breakpoint
CREATE INDEX "exchanges_payout_invoice" ON "exchanges" USING btree ("tenant_id",("snapshot" #>> '{payout,invoice}'));--> statement-breakpoint
CREATE INDEX "exchanges_payout_address" ON "exchanges" USING btree ("tenant_id",("snapshot" #>> '{payout,bitcoin_address}'));--> statement-breakpoint
CREATE INDEX "exchanges_tenant_order_seen" ON "exchanges" USING btree ("tenant_id","order_id","first_seen_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_creditor_reference" ON "orders" USING btree ("tenant_id",("snapshot" #>> '{payment_method,creditor_reference}'));--> statement-breakpoint
CREATE INDEX "orders_node_pubkey" ON "orders" USING btree ("tenant_id",("snapshot" #>> '{payout_method,node_pubkey}'));--> statement-breakpoint
CREATE INDEX "orders_payout_address" ON "orders" USING btree ("tenant_id",("snapshot" #>> '{payout_method,bitcoin_address}'));--> statement-breakpoint
CREATE INDEX "jobs_subject" ON "jobs" USING btree ("subject_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_created" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);