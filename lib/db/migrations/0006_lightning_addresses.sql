CREATE TABLE "sandbox_address_invoices" (
	"payment_hash" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"preimage" text NOT NULL,
	"amount_msat" bigint NOT NULL,
	"created_on" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_lightning_addresses" (
	"name" text PRIMARY KEY NOT NULL,
	"node_private_key" text NOT NULL,
	"node_pubkey" text NOT NULL,
	"created_on" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_address_invoices" ADD CONSTRAINT "sandbox_address_invoices_name_fkey" FOREIGN KEY ("name") REFERENCES "public"."sandbox_lightning_addresses"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_address_invoices_name" ON "sandbox_address_invoices" USING btree ("name");