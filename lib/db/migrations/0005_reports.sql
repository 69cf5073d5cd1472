CREATE TABLE "affiliate_payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"period" text NOT NULL,
	"received_on" date NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"currency" text NOT NULL,
	"bank_reference" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_share_periods" (
	"tenant_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"share_percent" numeric(7, 4) NOT NULL,
	CONSTRAINT "affiliate_share_periods_pkey" PRIMARY KEY("tenant_id","affiliate_id","starts_on"),
	CONSTRAINT "affiliate_share_periods_share_check" CHECK (share_percent >= 0 AND share_percent <= 100)
);
--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "executed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "first_seen_service_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "affiliate_id" uuid;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "time_zone" text DEFAULT 'Europe/Zurich' NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_share_periods" ADD CONSTRAINT "affiliate_share_periods_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_payouts_agreement" ON "affiliate_payouts" USING btree ("tenant_id","affiliate_id","period");--> statement-breakpoint
CREATE INDEX "exchanges_tenant_counted" ON "exchanges" USING btree ("tenant_id",COALESCE("executed_at", "first_seen_service_at", "first_seen_at"));--> statement-breakpoint
-- Exchanges indexed before reports existed: executed_on from their snapshot, and the agreement their order carries now (the best that is known).
UPDATE "exchanges" e SET "executed_at" = (e."snapshot"->>'executed_on')::timestamptz,
  "affiliate_id" = (SELECT (o."snapshot"->>'affiliate_id')::uuid FROM "orders" o WHERE o."id" = e."order_id" AND o."tenant_id" = e."tenant_id")
WHERE e."snapshot"->>'executed_on' IS NOT NULL;
