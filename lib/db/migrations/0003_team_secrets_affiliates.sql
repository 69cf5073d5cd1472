CREATE TABLE "affiliate_labels" (
	"tenant_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"label" text NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "affiliate_labels_pkey" PRIMARY KEY("tenant_id","affiliate_id")
);
--> statement-breakpoint
CREATE TABLE "sign_ins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"tenant_id" uuid,
	"email" text NOT NULL,
	"address" text NOT NULL,
	"result" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "previous_webhook_secret_enc" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "previous_secret_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "affiliate_labels" ADD CONSTRAINT "affiliate_labels_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_ins_tenant" ON "sign_ins" USING btree ("tenant_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sign_ins_user" ON "sign_ins" USING btree ("user_id","id" DESC NULLS FIRST);