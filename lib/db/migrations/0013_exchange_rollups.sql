CREATE TABLE "affiliate_usage" (
	"tenant_id" uuid NOT NULL,
	"affiliate_id" text NOT NULL,
	"orders" integer NOT NULL,
	"last_used_at" timestamp (3) with time zone,
	CONSTRAINT "affiliate_usage_pkey" PRIMARY KEY("tenant_id","affiliate_id")
);
--> statement-breakpoint
CREATE TABLE "exchange_rollups" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
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
	CONSTRAINT "exchange_rollups_pkey" PRIMARY KEY("tenant_id","day","affiliate","recorded","pair","type","state")
);
--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "last_event_type" text;--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "attention_candidate" boolean GENERATED ALWAYS AS (state IN ('interrupted', 'executed') OR (snapshot -> 'payout' ->> 'confirmed') = 'false'
        OR (snapshot IS NOT NULL AND ('exchange.' || state) IS DISTINCT FROM last_event_type)) STORED;--> statement-breakpoint
ALTER TABLE "affiliate_usage" ADD CONSTRAINT "affiliate_usage_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rollups" ADD CONSTRAINT "exchange_rollups_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_rollups_state" ON "exchange_rollups" USING btree ("tenant_id","state");--> statement-breakpoint
CREATE INDEX "exchange_rollups_affiliate" ON "exchange_rollups" USING btree ("tenant_id","affiliate","day");--> statement-breakpoint
CREATE INDEX "exchanges_tenant_state_seen" ON "exchanges" USING btree ("tenant_id","state","first_seen_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "exchanges_tenant_affiliate_executed" ON "exchanges" USING btree ("tenant_id","affiliate_id","executed_at","id");--> statement-breakpoint
CREATE INDEX "exchanges_attention" ON "exchanges" USING btree ("tenant_id","first_seen_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "exchanges"."attention_candidate";--> statement-breakpoint
CREATE INDEX "orders_affiliate" ON "orders" USING btree ("tenant_id",("snapshot" ->> 'affiliate_id'),"created_on");--> statement-breakpoint
-- What one exchange contributes to the daily figures of exchange_rollups: the one definition
-- reports, statements and the overview count by (it was the query in lib/dashboard/reports/counted-exchanges.ts).
-- An exchange is counted on the day of its execution, or when it was first seen (on the service's
-- clock) if it never executed, in the tenant's time zone. It is grouped under the agreement recorded
-- when it executed, else its order's of now. Its earning is fee × the agreement's share on that day,
-- rounded half away from zero to the cent. One whose first GET has not succeeded is counted by state
-- only (pair '').
CREATE FUNCTION exchange_rollup_of(e exchanges, zone text, order_affiliate text)
RETURNS TABLE (day date, affiliate text, recorded boolean, pair text, type text, state text,
               cost numeric, amount numeric, fee numeric, earning numeric)
LANGUAGE sql STABLE AS $$
  SELECT (v.counted_at AT TIME ZONE zone)::date,
         COALESCE(e.affiliate_id::text, order_affiliate, 'none'),
         e.affiliate_id IS NOT NULL,
         CASE WHEN v.reported THEN e.pair ELSE '' END,
         CASE WHEN v.reported THEN COALESCE(e.type, '') ELSE '' END,
         e.state,
         CASE WHEN v.reported THEN COALESCE((e.snapshot->>'cost')::numeric, 0) ELSE 0 END,
         CASE WHEN v.reported THEN COALESCE((e.snapshot->>'amount')::numeric, 0) ELSE 0 END,
         v.fee,
         round(v.fee * COALESCE(v.share, 0) / 100, 2)
  FROM (
    SELECT COALESCE(e.executed_at, e.first_seen_service_at, e.first_seen_at) AS counted_at,
           e.snapshot IS NOT NULL AND e.pair IS NOT NULL AS reported,
           CASE WHEN e.snapshot IS NOT NULL AND e.pair IS NOT NULL THEN COALESCE((e.snapshot->>'fee')::numeric, 0) ELSE 0 END AS fee,
           (SELECT p.share_percent FROM affiliate_share_periods p
            WHERE p.tenant_id = e.tenant_id AND p.affiliate_id = e.affiliate_id
              AND p.starts_on <= (e.executed_at AT TIME ZONE zone)::date
            ORDER BY p.starts_on DESC LIMIT 1) AS share
  ) v
$$;
--> statement-breakpoint
-- The agreement of an exchange's order as indexed now (lowercase), or null.
CREATE FUNCTION exchange_order_affiliate(e exchanges) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT (o.snapshot->>'affiliate_id')::uuid::text FROM orders o WHERE o.id = e.order_id AND o.tenant_id = e.tenant_id
$$;
--> statement-breakpoint
-- Adds (direction 1) or takes away (-1) one exchange's contribution; a row left counting nothing goes.
-- The tenant's row is read FOR SHARE, so a change of time zone (which rebuilds) waits for the
-- writes under way and they wait for it.
CREATE FUNCTION exchange_rollup_apply(e exchanges, direction integer, order_affiliate text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text;
  c record;
BEGIN
  SELECT t.time_zone INTO zone FROM tenants t WHERE t.id = e.tenant_id FOR SHARE;
  IF zone IS NULL THEN RETURN; END IF;
  FOR c IN SELECT * FROM exchange_rollup_of(e, zone, order_affiliate) LOOP
    INSERT INTO exchange_rollups AS r (tenant_id, day, affiliate, recorded, pair, type, state, count, cost, amount, fee, earning)
    VALUES (e.tenant_id, c.day, c.affiliate, c.recorded, c.pair, c.type, c.state,
            direction, direction * c.cost, direction * c.amount, direction * c.fee, direction * c.earning)
    ON CONFLICT ON CONSTRAINT exchange_rollups_pkey DO UPDATE
      SET count = r.count + excluded.count, cost = r.cost + excluded.cost, amount = r.amount + excluded.amount,
          fee = r.fee + excluded.fee, earning = r.earning + excluded.earning;
    IF direction < 0 THEN
      DELETE FROM exchange_rollups r
      WHERE r.tenant_id = e.tenant_id AND r.day = c.day AND r.affiliate = c.affiliate AND r.recorded = c.recorded
        AND r.pair = c.pair AND r.type = c.type AND r.state = c.state AND r.count = 0;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
-- Recounts a tenant's daily figures from its exchanges: all of them (of_affiliate null), or those
-- of one recorded agreement (its share periods changed).
CREATE FUNCTION exchange_rollup_rebuild(of_tenant uuid, of_affiliate uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text;
BEGIN
  SELECT t.time_zone INTO zone FROM tenants t WHERE t.id = of_tenant;
  IF of_affiliate IS NULL THEN
    DELETE FROM exchange_rollups r WHERE r.tenant_id = of_tenant;
  ELSE
    DELETE FROM exchange_rollups r WHERE r.tenant_id = of_tenant AND r.affiliate = of_affiliate::text AND r.recorded;
  END IF;
  INSERT INTO exchange_rollups (tenant_id, day, affiliate, recorded, pair, type, state, count, cost, amount, fee, earning)
  SELECT of_tenant, c.day, c.affiliate, c.recorded, c.pair, c.type, c.state,
         count(*), sum(c.cost), sum(c.amount), sum(c.fee), sum(c.earning)
  FROM exchanges e
  CROSS JOIN LATERAL exchange_rollup_of(e, zone, CASE WHEN e.affiliate_id IS NULL THEN exchange_order_affiliate(e) END) c
  WHERE e.tenant_id = of_tenant AND (of_affiliate IS NULL OR e.affiliate_id = of_affiliate)
  GROUP BY c.day, c.affiliate, c.recorded, c.pair, c.type, c.state;
END $$;
--> statement-breakpoint
CREATE FUNCTION exchanges_rollup_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM exchange_rollup_apply(OLD, -1, exchange_order_affiliate(OLD)); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM exchange_rollup_apply(NEW, 1, exchange_order_affiliate(NEW)); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER exchanges_rollup AFTER INSERT OR DELETE ON exchanges
FOR EACH ROW EXECUTE FUNCTION exchanges_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER exchanges_rollup_update AFTER UPDATE ON exchanges
FOR EACH ROW WHEN (
  OLD.state IS DISTINCT FROM NEW.state OR OLD.pair IS DISTINCT FROM NEW.pair OR OLD.type IS DISTINCT FROM NEW.type
  OR OLD.executed_at IS DISTINCT FROM NEW.executed_at OR OLD.first_seen_at IS DISTINCT FROM NEW.first_seen_at
  OR OLD.first_seen_service_at IS DISTINCT FROM NEW.first_seen_service_at OR OLD.affiliate_id IS DISTINCT FROM NEW.affiliate_id
  OR OLD.order_id IS DISTINCT FROM NEW.order_id OR (OLD.snapshot IS NULL) <> (NEW.snapshot IS NULL)
  OR (OLD.snapshot->>'cost') IS DISTINCT FROM (NEW.snapshot->>'cost') OR (OLD.snapshot->>'fee') IS DISTINCT FROM (NEW.snapshot->>'fee')
  OR (OLD.snapshot->>'amount') IS DISTINCT FROM (NEW.snapshot->>'amount')
) EXECUTE FUNCTION exchanges_rollup_trigger();
--> statement-breakpoint
-- An order's agreement changed (or the order was indexed after its exchanges): its exchanges
-- without a recorded agreement move to the new one.
CREATE FUNCTION orders_rollup_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before text;
  after text;
  e exchanges;
BEGIN
  before := CASE WHEN TG_OP = 'UPDATE' THEN (OLD.snapshot->>'affiliate_id')::uuid::text END;
  after := (NEW.snapshot->>'affiliate_id')::uuid::text;
  IF before IS NOT DISTINCT FROM after THEN RETURN NULL; END IF;
  FOR e IN SELECT * FROM exchanges x WHERE x.tenant_id = NEW.tenant_id AND x.order_id = NEW.id AND x.affiliate_id IS NULL LOOP
    PERFORM exchange_rollup_apply(e, -1, before);
    PERFORM exchange_rollup_apply(e, 1, after);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_rollup AFTER INSERT OR UPDATE OF snapshot ON orders
FOR EACH ROW EXECUTE FUNCTION orders_rollup_trigger();
--> statement-breakpoint
-- A change of time zone moves every exchange's day: the tenant's figures are recounted.
CREATE FUNCTION tenants_rollup_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM exchange_rollup_rebuild(NEW.id, NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tenants_rollup_time_zone AFTER UPDATE OF time_zone ON tenants
FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION tenants_rollup_trigger();
--> statement-breakpoint
-- An agreement's share periods changed: the earnings of its exchanges are recounted, once per
-- statement and agreement.
CREATE FUNCTION share_periods_rollup_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  a record;
BEGIN
  FOR a IN SELECT DISTINCT tenant_id, affiliate_id FROM changed_periods LOOP
    PERFORM exchange_rollup_rebuild(a.tenant_id, a.affiliate_id);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER share_periods_rollup_insert AFTER INSERT ON affiliate_share_periods
REFERENCING NEW TABLE AS changed_periods FOR EACH STATEMENT EXECUTE FUNCTION share_periods_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER share_periods_rollup_delete AFTER DELETE ON affiliate_share_periods
REFERENCING OLD TABLE AS changed_periods FOR EACH STATEMENT EXECUTE FUNCTION share_periods_rollup_trigger();
--> statement-breakpoint
-- (an update keeps the key: the new rows name every agreement touched)
CREATE TRIGGER share_periods_rollup_update AFTER UPDATE ON affiliate_share_periods
REFERENCING NEW TABLE AS changed_periods FOR EACH STATEMENT EXECUTE FUNCTION share_periods_rollup_trigger();
--> statement-breakpoint
-- affiliate_usage: how many orders carry each agreement and the newest one's creation, kept with
-- every order written, patched or deleted. An order that leaves an agreement makes its newest
-- order be looked up again (orders_affiliate).
CREATE FUNCTION affiliate_usage_apply(of_tenant uuid, affiliate text, direction integer, created timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF affiliate IS NULL THEN RETURN; END IF;
  IF direction > 0 THEN
    INSERT INTO affiliate_usage AS u (tenant_id, affiliate_id, orders, last_used_at) VALUES (of_tenant, affiliate, 1, created)
    ON CONFLICT ON CONSTRAINT affiliate_usage_pkey DO UPDATE
      SET orders = u.orders + 1, last_used_at = GREATEST(u.last_used_at, excluded.last_used_at);
  ELSE
    UPDATE affiliate_usage u SET orders = u.orders - 1,
      last_used_at = (SELECT max(o.created_on) FROM orders o WHERE o.tenant_id = of_tenant AND o.snapshot ->> 'affiliate_id' = affiliate)
    WHERE u.tenant_id = of_tenant AND u.affiliate_id = affiliate;
    DELETE FROM affiliate_usage u WHERE u.tenant_id = of_tenant AND u.affiliate_id = affiliate AND u.orders <= 0;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION orders_usage_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.snapshot ->> 'affiliate_id') IS NOT DISTINCT FROM (NEW.snapshot ->> 'affiliate_id') THEN RETURN NULL; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM affiliate_usage_apply(OLD.tenant_id, OLD.snapshot ->> 'affiliate_id', -1, OLD.created_on); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM affiliate_usage_apply(NEW.tenant_id, NEW.snapshot ->> 'affiliate_id', 1, NEW.created_on); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_usage AFTER INSERT OR UPDATE OF snapshot OR DELETE ON orders
FOR EACH ROW EXECUTE FUNCTION orders_usage_trigger();
--> statement-breakpoint
INSERT INTO affiliate_usage (tenant_id, affiliate_id, orders, last_used_at)
SELECT o.tenant_id, o.snapshot ->> 'affiliate_id', count(*), max(o.created_on) FROM orders o
WHERE o.snapshot ->> 'affiliate_id' IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
-- The latest webhook of each exchange indexed before this migration.
UPDATE exchanges e SET last_event_type = w.event_type
FROM (SELECT DISTINCT ON (tenant_id, exchange_id) tenant_id, exchange_id, event_type FROM webhook_events
      WHERE exchange_id IS NOT NULL ORDER BY tenant_id, exchange_id, seq DESC) w
WHERE e.tenant_id = w.tenant_id AND e.id = w.exchange_id;
--> statement-breakpoint
-- The figures of the exchanges indexed before this migration.
SELECT exchange_rollup_rebuild(t.id, NULL) FROM tenants t;
