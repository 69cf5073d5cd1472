CREATE TABLE "request_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"source" text NOT NULL,
	"tenant_id" uuid,
	"client_key" text,
	"dashboard_request_id" text,
	"user_id" uuid,
	"api_key_id" uuid,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"route" text NOT NULL,
	"query" text,
	"status" integer NOT NULL,
	"error_code" text,
	"duration_ms" integer NOT NULL,
	"request_id" text,
	"correlation_id" text,
	"user_agent" text,
	"source_address" text,
	"request_headers" jsonb NOT NULL,
	"response_headers" jsonb NOT NULL,
	"request_body" text,
	"request_body_cut" boolean DEFAULT false NOT NULL,
	"response_body" text,
	"response_body_cut" boolean DEFAULT false NOT NULL,
	"exchange_id" uuid,
	"order_id" uuid,
	CONSTRAINT "request_logs_source_check" CHECK ("request_logs"."source" IN ('upstream', 'sandbox'))
);
--> statement-breakpoint
ALTER TABLE "request_logs" ADD CONSTRAINT "request_logs_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_logs_tenant_created" ON "request_logs" USING btree ("tenant_id","created_at","id") WHERE "request_logs"."tenant_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "request_logs_client_created" ON "request_logs" USING btree ("client_key","created_at","id") WHERE "request_logs"."client_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "request_logs_created" ON "request_logs" USING btree ("created_at","id");