CREATE TABLE "sandbox_affiliates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_challenges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"token" text NOT NULL,
	"expires_on" timestamp (3) with time zone NOT NULL,
	"completed_on" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_on" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_seq" bigint NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"url" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer NOT NULL,
	"next_attempt_at" timestamp (3) with time zone,
	"locked_until" timestamp (3) with time zone,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp (3) with time zone,
	"created_on" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_delivery_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"status_code" integer,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "sandbox_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"exchange_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"body" text NOT NULL,
	"correlation_id" uuid NOT NULL,
	"created_on" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "sandbox_events_id_key" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_exchanges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"state" text NOT NULL,
	"type" text NOT NULL,
	"pair" text NOT NULL,
	"fee_rate" text NOT NULL,
	"cost_minor" bigint NOT NULL,
	"executed_on" timestamp (3) with time zone,
	"amount_sats" bigint,
	"rate_minor" bigint,
	"fee_minor" bigint,
	"action" jsonb,
	"reason" jsonb,
	"payout" jsonb,
	"offers" jsonb,
	"payer" jsonb,
	"created_on" timestamp (3) with time zone NOT NULL,
	"updated_on" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_nodes" (
	"pubkey" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"has_channel" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"active" boolean NOT NULL,
	"created_on" timestamp (3) with time zone NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"fee_rate" text NOT NULL,
	"currency" text NOT NULL,
	"debitor_iban" text NOT NULL,
	"creditor_reference" text NOT NULL,
	"payment_method" jsonb NOT NULL,
	"payout_method" jsonb NOT NULL,
	"payout_kind" text NOT NULL,
	"node_pubkey" text,
	"address_type" text,
	"last_derivation_index" integer,
	CONSTRAINT "sandbox_orders_creditor_reference_key" UNIQUE("creditor_reference")
);
--> statement-breakpoint
CREATE TABLE "sandbox_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"clock_offset_ms" bigint NOT NULL,
	"block_height" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_webhook_endpoints" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"created_on" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid,
	"user_email" text,
	"action" text NOT NULL,
	"target" text,
	"result" text NOT NULL,
	"request_id" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp (3) with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_cursors" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchanges" (
	"id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"snapshot" jsonb,
	"state" text NOT NULL,
	"pair" text,
	"type" text,
	"first_seen_at" timestamp (3) with time zone NOT NULL,
	"fetched_at" timestamp (3) with time zone,
	CONSTRAINT "exchanges_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"snapshot" jsonb NOT NULL,
	"active" boolean NOT NULL,
	"currency" text NOT NULL,
	"payout_kind" text NOT NULL,
	"created_on" timestamp (3) with time zone NOT NULL,
	"created_by" uuid,
	"fetched_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"exchange_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	CONSTRAINT "payout_links_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"client_id_enc" text NOT NULL,
	"webhook_secret_enc" text NOT NULL,
	"webhook_endpoint_id" text NOT NULL,
	"is_default" boolean NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "tenants_webhook_endpoint_id_key" UNIQUE("webhook_endpoint_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"tenant_id" uuid,
	"disabled" boolean NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "users_email_key" UNIQUE("email"),
	CONSTRAINT "users_role_check" CHECK (role IN ('operator', 'admin', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"body_sha256" text NOT NULL,
	"raw_body" text NOT NULL,
	"event_type" text,
	"exchange_id" uuid,
	"order_id" uuid,
	"correlation_id" text,
	"retry_count" integer,
	"user_agent" text,
	"received_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "webhook_events_tenant_id_body_sha256_key" UNIQUE("tenant_id","body_sha256")
);
--> statement-breakpoint
CREATE TABLE "webhook_rejections" (
	"endpoint" text NOT NULL,
	"reason" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"tenant_id" uuid,
	"count" integer NOT NULL,
	"first_at" timestamp (3) with time zone NOT NULL,
	"last_at" timestamp (3) with time zone NOT NULL,
	"last_correlation_id" text,
	"sample" text NOT NULL,
	CONSTRAINT "webhook_rejections_pkey" PRIMARY KEY("endpoint","reason","hour")
);
--> statement-breakpoint
ALTER TABLE "sandbox_affiliates" ADD CONSTRAINT "sandbox_affiliates_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "public"."sandbox_clients"("client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_challenges" ADD CONSTRAINT "sandbox_challenges_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "public"."sandbox_clients"("client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_deliveries" ADD CONSTRAINT "sandbox_deliveries_event_seq_fkey" FOREIGN KEY ("event_seq") REFERENCES "public"."sandbox_events"("seq") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_delivery_attempts" ADD CONSTRAINT "sandbox_delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "public"."sandbox_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_exchanges" ADD CONSTRAINT "sandbox_exchanges_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "public"."sandbox_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_orders" ADD CONSTRAINT "sandbox_orders_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "public"."sandbox_clients"("client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_webhook_endpoints" ADD CONSTRAINT "sandbox_webhook_endpoints_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "public"."sandbox_clients"("client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_cursors" ADD CONSTRAINT "event_cursors_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_links" ADD CONSTRAINT "payout_links_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_affiliates_client" ON "sandbox_affiliates" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "sandbox_challenges_client_token" ON "sandbox_challenges" USING btree ("client_id","token");--> statement-breakpoint
CREATE INDEX "sandbox_deliveries_due" ON "sandbox_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "sandbox_deliveries_event" ON "sandbox_deliveries" USING btree ("event_seq");--> statement-breakpoint
CREATE INDEX "sandbox_delivery_attempts_delivery" ON "sandbox_delivery_attempts" USING btree ("delivery_id","attempt");--> statement-breakpoint
CREATE INDEX "sandbox_events_exchange" ON "sandbox_events" USING btree ("exchange_id","seq");--> statement-breakpoint
CREATE INDEX "sandbox_exchanges_order" ON "sandbox_exchanges" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sandbox_webhook_endpoints_client" ON "sandbox_webhook_endpoints" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "audit_log_tenant" ON "audit_log" USING btree ("tenant_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "exchanges_order" ON "exchanges" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "exchanges_tenant_seen" ON "exchanges" USING btree ("tenant_id","first_seen_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_tenant_created" ON "orders" USING btree ("tenant_id","created_on" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payout_links_exchange" ON "payout_links" USING btree ("exchange_id");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id") WHERE revoked_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_tenant_seq" ON "webhook_events" USING btree ("tenant_id","seq");--> statement-breakpoint
CREATE INDEX "webhook_events_tenant_exchange" ON "webhook_events" USING btree ("tenant_id","exchange_id","seq");