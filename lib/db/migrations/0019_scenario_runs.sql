CREATE TABLE "scenario_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"scenario" text NOT NULL,
	"plan" jsonb NOT NULL,
	"steps" jsonb NOT NULL,
	"status" text NOT NULL,
	"order_id" uuid,
	"exchange_id" uuid,
	"context" jsonb NOT NULL,
	"started_by" uuid,
	"started_by_email" text NOT NULL,
	"api_key_prefix" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "scenario_runs" ADD CONSTRAINT "scenario_runs_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_runs" ADD CONSTRAINT "scenario_runs_started_by_fkey" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scenario_runs_tenant_created" ON "scenario_runs" USING btree ("tenant_id","created_at");