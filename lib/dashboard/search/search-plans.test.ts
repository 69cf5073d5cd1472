import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import type { Db } from "@/lib/db/client";
import { openMemoryDatabase } from "@/lib/db/memory-database";
import { searchQueries } from "./search";

// Every kind of search reads an index, never the snapshots' JSON of every row: each query's plan
// (EXPLAIN, FORMAT JSON) with sequential scans priced out must touch exchanges and orders through
// an index. A path written as a bound parameter, or an index that went missing, fails here.

let db: Db;
let client: PGlite;
beforeAll(async () => {
  ({ db, client } = await openMemoryDatabase());
}, 60_000);

type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; Plans?: PlanNode[] };
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

async function planOf(query: { toSQL: () => { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.toSQL();
  const result = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${text}`, params);
  const row = result.rows[0];
  if (!row) throw new Error("no plan");
  const plan = row["QUERY PLAN"];
  return nodes((typeof plan === "string" ? (JSON.parse(plan) as typeof plan) : plan)[0].Plan);
}

describe("the search's plans", () => {
  it("reads an index for every kind of value, on exchanges and on orders", async () => {
    const tenant = randomUUID();
    // a tenant with thousands of rows, each value distinct, and the planner's statistics of them
    await client.query(
      `INSERT INTO tenants (id, name, base_url, client_id_enc, webhook_secret_enc, webhook_endpoint_id, is_default, created_at)
       VALUES ($1::uuid, 'T', 'http://plans.test', 'x', 'x', $1::text, false, now())`,
      [tenant],
    );
    await client.query(
      `INSERT INTO orders (id, tenant_id, snapshot, active, currency, payout_kind, created_on, fetched_at)
       SELECT gen_random_uuid(), $1, jsonb_build_object(
           'payment_method', jsonb_build_object('creditor_reference', 'RF' || i),
           'payout_method', jsonb_build_object('node_pubkey', md5(i::text), 'bitcoin_address', 'tb1q' || md5(i::text))),
         true, 'eur', 'coin', now(), now()
       FROM generate_series(1, 3000) i`,
      [tenant],
    );
    await client.query(
      `INSERT INTO exchanges (id, tenant_id, order_id, state, first_seen_at, snapshot, payment_hash)
       SELECT gen_random_uuid(), $1, gen_random_uuid(), 'settled', now(), jsonb_build_object('payout', jsonb_build_object(
           'txid', md5(i::text) || md5(i::text), 'invoice', 'lntb' || md5(i::text), 'bitcoin_address', 'tb1q' || md5(i::text)),
           'cost', i, 'amount', (i / 100000.0)::text),
         md5('h' || i::text) || md5(i::text)
       FROM generate_series(1, 3000) i`,
      [tenant],
    );
    await client.exec("ANALYZE orders; ANALYZE exchanges; SET enable_seqscan = off");
    const q = searchQueries(db, tenant);
    for (const [name, query, index] of [
      ["creditor reference", q.creditorReference("RF18539007547034"), "orders_creditor_reference"],
      ["node key", q.nodePubkey(`02${"ab".repeat(32)}`), "orders_node_pubkey"],
      ["order address", q.orderAddress("tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx"), "orders_payout_address"],
      ["txid", q.txid("ab".repeat(32)), "exchanges_payout_txid"],
      ["invoice", q.invoice("lntb1..."), "exchanges_payout_invoice"],
      ["exchange address", q.exchangeAddress("tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx"), "exchanges_payout_address"],
      ["payment hash", q.paymentHash("cd".repeat(32)), "exchanges_payment_hash"],
      ["cost", q.cost("60.00", null), "exchanges_tenant_cost"],
      ["cost in a currency", q.cost("60", "btc/eur"), "exchanges_tenant_cost"],
      ["bitcoin amount", q.bitcoin("0.0012"), "exchanges_tenant_bitcoin"],
      [
        "exchange id prefix",
        q.exchangeIds("674fc2b6-0000-0000-0000-000000000000", "674fc2b6-ffff-ffff-ffff-ffffffffffff"),
        "exchanges_pkey",
      ],
      ["order id prefix", q.orderIds("674fc2b6-0000-0000-0000-000000000000", "674fc2b6-ffff-ffff-ffff-ffffffffffff"), "orders_pkey"],
    ] as const) {
      // the index of its own value: the primary key's (tenant, id) with a filter over every row would not do
      const plan = await planOf(query);
      expect(
        plan.filter((n) => n["Relation Name"] !== undefined && n["Node Type"] === "Seq Scan"),
        name,
      ).toEqual([]);
      expect(plan.map((n) => n["Index Name"]).filter(Boolean), name).toEqual([index]);
    }
    await client.exec("RESET enable_seqscan");
  });

  it("the snapshot paths are literals in the SQL, so the expression indexes match", () => {
    const { sql: text } = searchQueries(db, randomUUID()).txid("00").toSQL();
    expect(text).toContain(`#>> '{payout,txid}'`);
  });
});
