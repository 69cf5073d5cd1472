CREATE TABLE "exchange_rollups_monthly" (
	"tenant_id" uuid NOT NULL,
	"month" date NOT NULL,
	"affiliate" text NOT NULL,
	"recorded" boolean NOT NULL,
	"pair" text NOT NULL,
	"type" text NOT NULL,
	"state" text NOT NULL,
	"count" integer NOT NULL,
	"cost" numeric NOT NULL,
	"amount" numeric NOT NULL,
	"fee" numeric NOT NULL,
	"earning" numeric NOT NULL,
	CONSTRAINT "exchange_rollups_monthly_pkey" PRIMARY KEY("tenant_id","month","affiliate","recorded","pair","type","state")
);
--> statement-breakpoint
ALTER TABLE "exchange_rollups_monthly" ADD CONSTRAINT "exchange_rollups_monthly_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_rollups_monthly_affiliate" ON "exchange_rollups_monthly" USING btree ("tenant_id","affiliate","month");--> statement-breakpoint
-- Every change of a daily row of exchange_rollups, added to its month's row of
-- exchange_rollups_monthly in the same transaction: whatever changed the daily figures (an
-- exchange's snapshot, its order's agreement, share periods, a time zone's recount) changes the
-- months with them. A month's row left counting nothing goes, as a day's does.
CREATE FUNCTION exchange_rollups_monthly_apply(of_tenant uuid, of_day date, of_affiliate text, of_recorded boolean,
  of_pair text, of_type text, of_state text, d_count integer, d_cost numeric, d_amount numeric, d_fee numeric, d_earning numeric)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  of_month date := date_trunc('month', of_day)::date;
BEGIN
  IF d_count = 0 AND d_cost = 0 AND d_amount = 0 AND d_fee = 0 AND d_earning = 0 THEN RETURN; END IF;
  INSERT INTO exchange_rollups_monthly AS m (tenant_id, month, affiliate, recorded, pair, type, state, count, cost, amount, fee, earning)
  VALUES (of_tenant, of_month, of_affiliate, of_recorded, of_pair, of_type, of_state, d_count, d_cost, d_amount, d_fee, d_earning)
  ON CONFLICT ON CONSTRAINT exchange_rollups_monthly_pkey DO UPDATE
    SET count = m.count + excluded.count, cost = m.cost + excluded.cost, amount = m.amount + excluded.amount,
        fee = m.fee + excluded.fee, earning = m.earning + excluded.earning;
  IF d_count < 0 THEN
    DELETE FROM exchange_rollups_monthly m
    WHERE m.tenant_id = of_tenant AND m.month = of_month AND m.affiliate = of_affiliate AND m.recorded = of_recorded
      AND m.pair = of_pair AND m.type = of_type AND m.state = of_state AND m.count = 0;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION exchange_rollups_monthly_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.tenant_id, OLD.day, OLD.affiliate, OLD.recorded, OLD.pair, OLD.type, OLD.state)
                        = (NEW.tenant_id, NEW.day, NEW.affiliate, NEW.recorded, NEW.pair, NEW.type, NEW.state) THEN
    -- the usual case (a daily row's sums moved): one change of the month's row
    PERFORM exchange_rollups_monthly_apply(NEW.tenant_id, NEW.day, NEW.affiliate, NEW.recorded, NEW.pair, NEW.type, NEW.state,
      NEW.count - OLD.count, NEW.cost - OLD.cost, NEW.amount - OLD.amount, NEW.fee - OLD.fee, NEW.earning - OLD.earning);
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM exchange_rollups_monthly_apply(OLD.tenant_id, OLD.day, OLD.affiliate, OLD.recorded, OLD.pair, OLD.type, OLD.state,
      -OLD.count, -OLD.cost, -OLD.amount, -OLD.fee, -OLD.earning);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM exchange_rollups_monthly_apply(NEW.tenant_id, NEW.day, NEW.affiliate, NEW.recorded, NEW.pair, NEW.type, NEW.state,
      NEW.count, NEW.cost, NEW.amount, NEW.fee, NEW.earning);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER exchange_rollups_monthly AFTER INSERT OR UPDATE OR DELETE ON exchange_rollups
FOR EACH ROW EXECUTE FUNCTION exchange_rollups_monthly_trigger();
--> statement-breakpoint
-- The months of the figures kept before this migration.
INSERT INTO exchange_rollups_monthly (tenant_id, month, affiliate, recorded, pair, type, state, count, cost, amount, fee, earning)
SELECT r.tenant_id, date_trunc('month', r.day)::date, r.affiliate, r.recorded, r.pair, r.type, r.state,
       sum(r.count), sum(r.cost), sum(r.amount), sum(r.fee), sum(r.earning)
FROM exchange_rollups r GROUP BY 1, 2, 3, 4, 5, 6, 7;
--> statement-breakpoint
-- Recounts a tenant's monthly figures from its daily ones (`npm run admin -- rollups rebuild`).
CREATE FUNCTION exchange_rollups_monthly_rebuild(of_tenant uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM exchange_rollups_monthly m WHERE m.tenant_id = of_tenant;
  INSERT INTO exchange_rollups_monthly (tenant_id, month, affiliate, recorded, pair, type, state, count, cost, amount, fee, earning)
  SELECT r.tenant_id, date_trunc('month', r.day)::date, r.affiliate, r.recorded, r.pair, r.type, r.state,
         sum(r.count), sum(r.cost), sum(r.amount), sum(r.fee), sum(r.earning)
  FROM exchange_rollups r WHERE r.tenant_id = of_tenant GROUP BY 1, 2, 3, 4, 5, 6, 7;
$$;
