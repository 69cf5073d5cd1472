import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { exchanges, orders } from "@/lib/db/schema";
import type { Tenant } from "@/lib/dashboard/auth/tenants";
import { upstreamFor } from "@/lib/dashboard/auth/tenants";
import { UpstreamError } from "@/lib/service-api/client";
import type { SearchResult } from "@/lib/dashboard/contract/events-api";

// GET /api/search?q= – what a person pastes into the header's search box, taken for what it
// looks like: an order or exchange id, a creditor reference, a txid or payment hash, a bitcoin
// address, a Lightning invoice or a node's public key. The tenant's index answers; an id it
// does not hold yet is asked of the service with the tenant's credentials.

type Hit = SearchResult["data"][number];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX64 = /^[0-9a-f]{64}$/i;
const NODE = /^0[23][0-9a-f]{64}$/i;
const REFERENCE = /^RF\d{2}[A-Z0-9]{1,21}$/;
const INVOICE = /^(lightning:)?ln(bc|tb|tbs|bcrt)[0-9a-z]+$/i;
const ADDRESS = /^((bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}|[123mn][1-9A-HJ-NP-Za-km-z]{25,39})$/i;

const order = (id: string, detail: string): Hit => ({ kind: "order", id, detail, href: `/orders/${id}` });
const exchange = (id: string, detail: string): Hit => ({ kind: "exchange", id, detail, href: `/exchanges/${id}` });

async function byId(db: Db, tenant: Tenant, id: string): Promise<Hit[]> {
  const [o] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.tenantId, tenant.id), eq(orders.id, id)));
  const [e] = await db
    .select({ id: exchanges.id })
    .from(exchanges)
    .where(and(eq(exchanges.tenantId, tenant.id), eq(exchanges.id, id)));
  if (o) return [order(id, "order id")];
  if (e) return [exchange(id, "exchange id")];
  // not indexed yet: the service decides, with the tenant's own credentials (another client's is 404)
  const client = upstreamFor(tenant);
  for (const [ask, hit] of [
    [() => client.getExchange(id), () => exchange(id, "exchange id")],
    [() => client.getOrder(id), () => order(id, "order id")],
  ] as const) {
    try {
      await ask();
      return [hit()];
    } catch (error) {
      if (!(error instanceof UpstreamError && error.status === 404)) throw error;
    }
  }
  return [];
}

/** Exchanges whose payout invoice has this payment hash (decoded once, when its snapshot was stored). */
async function byPaymentHash(db: Db, tenant: Tenant, hash: string): Promise<Hit[]> {
  const rows = await searchQueries(db, tenant.id).paymentHash(hash);
  return rows.map((row) => exchange(row.id, "payment hash of its invoice"));
}

/**
 * The index lookups of the search, one per kind of value. Each path is written into the SQL as a
 * literal, so that every plan matches it to its expression index (a bound parameter is matched
 * only when the statement is planned with its values).
 */
export function searchQueries(db: Db, tenantId: string) {
  const exchangeAt = (path: ExchangePath, value: string) =>
    db
      .select({ id: exchanges.id })
      .from(exchanges)
      .where(and(eq(exchanges.tenantId, tenantId), sql`(${exchanges.snapshot} #>> ${sql.raw(`'{${path}}'`)}) = ${value}`))
      .limit(20);
  const orderAt = (path: OrderPath, value: string) =>
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.tenantId, tenantId), sql`(${orders.snapshot} #>> ${sql.raw(`'{${path}}'`)}) = ${value}`))
      .limit(20);
  return {
    creditorReference: (value: string) => orderAt("payment_method,creditor_reference", value),
    nodePubkey: (value: string) => orderAt("payout_method,node_pubkey", value),
    orderAddress: (value: string) => orderAt("payout_method,bitcoin_address", value),
    txid: (value: string) => exchangeAt("payout,txid", value),
    invoice: (value: string) => exchangeAt("payout,invoice", value),
    exchangeAddress: (value: string) => exchangeAt("payout,bitcoin_address", value),
    paymentHash: (value: string) =>
      db
        .select({ id: exchanges.id })
        .from(exchanges)
        .where(and(eq(exchanges.tenantId, tenantId), eq(exchanges.paymentHash, value)))
        .limit(20),
  };
}

/** The snapshot paths the search reads; each has an expression index (lib/db/schema/dashboard.ts). */
type ExchangePath = "payout,txid" | "payout,invoice" | "payout,bitcoin_address";
type OrderPath = "payment_method,creditor_reference" | "payout_method,node_pubkey" | "payout_method,bitcoin_address";

export async function search(db: Db, tenant: Tenant, raw: string): Promise<SearchResult> {
  const text = raw.trim();
  const compact = text.replace(/\s+/g, "").toUpperCase();
  const q = searchQueries(db, tenant.id);
  if (UUID.test(text)) return { matched_as: "id", data: await byId(db, tenant, text.toLowerCase()) };
  if (REFERENCE.test(compact)) {
    const rows = await q.creditorReference(compact);
    return { matched_as: "creditor_reference", data: rows.map((r) => order(r.id, `creditor reference ${compact}`)) };
  }
  if (NODE.test(text)) {
    const rows = await q.nodePubkey(text.toLowerCase());
    return { matched_as: "node_pubkey", data: rows.map((r) => order(r.id, "payout to this Lightning node")) };
  }
  if (HEX64.test(text)) {
    const hex = text.toLowerCase();
    const txids = [...(await q.txid(hex))].map((r) => exchange(r.id, "payout transaction"));
    return { matched_as: "txid_or_payment_hash", data: [...txids, ...(await byPaymentHash(db, tenant, hex))] };
  }
  if (INVOICE.test(text)) {
    const invoice = text.replace(/^lightning:/i, "").toLowerCase();
    const rows = await q.invoice(invoice);
    return { matched_as: "invoice", data: rows.map((r) => exchange(r.id, "paid out to this invoice")) };
  }
  if (ADDRESS.test(text)) {
    // bech32 addresses are case-insensitive and stored lower-case; base58 ones are not
    const address = /^(bc|tb|bcrt)1/i.test(text) ? text.toLowerCase() : text;
    const [ordersTo, exchangesTo] = await Promise.all([q.orderAddress(address), q.exchangeAddress(address)]);
    return {
      matched_as: "bitcoin_address",
      data: [...ordersTo.map((r) => order(r.id, "payout address")), ...exchangesTo.map((r) => exchange(r.id, "paid out to this address"))],
    };
  }
  return { matched_as: "nothing", data: [] };
}
