import "server-only";
import { and, asc, between, desc, eq, ilike, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { exchanges, orders, users } from "@/lib/db/schema";
import type { Tenant } from "@/lib/dashboard/auth/tenants";
import { upstreamFor } from "@/lib/dashboard/auth/tenants";
import { UpstreamError } from "@/lib/service-api/client";
import type { SearchResult } from "@/lib/dashboard/contract/events-api";
import { parseAmount, idPrefixRange, type SearchAmount } from "./search-text";
import { withSummaries } from "./summaries";

// GET /api/search?q= – what a person types or pastes into the header's search box, taken for
// what it looks like: an order or exchange id (whole, or the first 6 or more of its hex digits,
// as the tables show them), a creditor reference, a txid or payment hash, a bitcoin address, a
// Lightning invoice, a node's public key, an amount ("60 EUR", "60,00", "0.0012 BTC") or a team
// member's email. The tenant's index answers; a whole id it does not hold yet is asked of the
// service with the tenant's credentials.

type Hit = SearchResult["data"][number];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX64 = /^[0-9a-f]{64}$/i;
const NODE = /^0[23][0-9a-f]{64}$/i;
const REFERENCE = /^RF\d{2}[A-Z0-9]{1,21}$/;
const INVOICE = /^(lightning:)?ln(bc|tb|tbs|bcrt)[0-9a-z]+$/i;
/** Part of an email: an address, a name before the @ or a domain after it (no spaces). */
const EMAILISH = /^@?[a-z0-9._%+-]{3,}(@[a-z0-9.-]*)?$|^[a-z0-9._%+-]+@[a-z0-9.-]*$/i;
const ADDRESS = /^((bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}|[123mn][1-9A-HJ-NP-Za-km-z]{25,39})$/i;

type Match = Hit["match"];
const order = (id: string, match: Match, detail: string): Hit => ({ kind: "order", id, match, detail, href: `/orders/${id}` });
const exchange = (id: string, match: Match, detail: string): Hit => ({ kind: "exchange", id, match, detail, href: `/exchanges/${id}` });
const kindOrder = { order: 0, exchange: 1, member: 2 } as const;
/** Grouped by kind (orders, exchanges, team members), each group in the order it was found. */
const grouped = (hits: Hit[]) =>
  hits
    .map((hit, at) => ({ hit, at }))
    .sort((a, b) => kindOrder[a.hit.kind] - kindOrder[b.hit.kind] || a.at - b.at)
    .map((x) => x.hit);

async function byId(db: Db, tenant: Tenant, id: string): Promise<Hit[]> {
  const [o] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.tenantId, tenant.id), eq(orders.id, id)));
  const [e] = await db
    .select({ id: exchanges.id })
    .from(exchanges)
    .where(and(eq(exchanges.tenantId, tenant.id), eq(exchanges.id, id)));
  if (o) return [order(id, "order_id", "order id")];
  if (e) return [exchange(id, "exchange_id", "exchange id")];
  // not indexed yet: the service decides, with the tenant's own credentials (another client's is 404)
  const client = upstreamFor(tenant);
  for (const [ask, hit] of [
    [() => client.getExchange(id), () => exchange(id, "exchange_id", "exchange id")],
    [() => client.getOrder(id), () => order(id, "order_id", "order id")],
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
  return rows.map((row) => exchange(row.id, "payment_hash", "payment hash of its invoice"));
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
    /** Ids from lo to hi (a prefix's range): the primary keys' order, so a short prefix reads only its slice. */
    exchangeIds: (lo: string, hi: string) =>
      db
        .select({ id: exchanges.id })
        .from(exchanges)
        .where(and(eq(exchanges.tenantId, tenantId), between(exchanges.id, lo, hi)))
        .orderBy(asc(exchanges.id))
        .limit(20),
    orderIds: (lo: string, hi: string) =>
      db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.tenantId, tenantId), between(orders.id, lo, hi)))
        .orderBy(asc(orders.id))
        .limit(20),
    /** Exchanges that cost this much (in the pair's currency, when one is named), newest first. */
    cost: (value: string, pair: string | null) =>
      db
        .select({ id: exchanges.id, pair: exchanges.pair })
        .from(exchanges)
        .where(and(eq(exchanges.tenantId, tenantId), sql`${exchangeCost} = ${value}::numeric`, pair ? eq(exchanges.pair, pair) : undefined))
        .orderBy(desc(exchanges.serviceAt))
        .limit(20),
    /** Exchanges that bought or sold this many bitcoin, newest first. */
    bitcoin: (value: string) =>
      db
        .select({ id: exchanges.id })
        .from(exchanges)
        .where(and(eq(exchanges.tenantId, tenantId), sql`${exchangeBitcoin} = ${value}::numeric`))
        .orderBy(desc(exchanges.serviceAt))
        .limit(20),
    /** Team members whose email holds the text (a team is small: its rows are read by tenant). */
    members: (text: string) =>
      db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), ilike(users.email, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)))
        .orderBy(asc(users.email))
        .limit(20),
  };
}

/** The exchange's cost and bitcoin amount as numbers: the expressions of their indexes (lib/db/schema/dashboard.ts). */
const exchangeCost = sql.raw(`((snapshot ->> 'cost')::numeric)`);
const exchangeBitcoin = sql.raw(`((snapshot ->> 'amount')::numeric)`);

/** The snapshot paths the search reads; each has an expression index (lib/db/schema/dashboard.ts). */
type ExchangePath = "payout,txid" | "payout,invoice" | "payout,bitcoin_address";
type OrderPath = "payment_method,creditor_reference" | "payout_method,node_pubkey" | "payout_method,bitcoin_address";

async function byAmount(q: ReturnType<typeof searchQueries>, amount: SearchAmount): Promise<Hit[]> {
  const shown = (currency: string) => `${amount.value} ${currency}`;
  const costs =
    amount.currency === "BTC"
      ? []
      : (await q.cost(amount.value, amount.currency ? `btc/${amount.currency.toLowerCase()}` : null)).map((r) =>
          exchange(r.id, "cost", `cost ${shown((r.pair ?? "").slice(4).toUpperCase())}`.trim()),
        );
  const bitcoin =
    amount.currency && amount.currency !== "BTC"
      ? []
      : (await q.bitcoin(amount.value)).map((r) => exchange(r.id, "amount", `amount ${shown("BTC")}`));
  return [...costs, ...bitcoin];
}

async function byIdPrefix(q: ReturnType<typeof searchQueries>, [lo, hi]: [string, string]): Promise<Hit[]> {
  const [ordersIn, exchangesIn] = await Promise.all([q.orderIds(lo, hi), q.exchangeIds(lo, hi)]);
  return [
    ...ordersIn.map((r) => order(r.id, "id_prefix", "order id")),
    ...exchangesIn.map((r) => exchange(r.id, "id_prefix", "exchange id")),
  ];
}

/** Who may be found by email: those who may open the team's settings. */
const findsMembers = (role: string) => role === "admin" || role === "operator";

export async function search(db: Db, tenant: Tenant, raw: string, role = "viewer"): Promise<SearchResult> {
  return withSummaries(db, tenant.id, await find(db, tenant, raw, role));
}

async function find(db: Db, tenant: Tenant, raw: string, role: string): Promise<SearchResult> {
  const text = raw.trim();
  const compact = text.replace(/\s+/g, "").toUpperCase();
  const q = searchQueries(db, tenant.id);
  if (UUID.test(text)) return { matched_as: "id", data: await byId(db, tenant, text.toLowerCase()) };
  if (REFERENCE.test(compact)) {
    const rows = await q.creditorReference(compact);
    return { matched_as: "creditor_reference", data: rows.map((r) => order(r.id, "creditor_reference", `creditor reference ${compact}`)) };
  }
  if (NODE.test(text)) {
    const rows = await q.nodePubkey(text.toLowerCase());
    return { matched_as: "node_pubkey", data: rows.map((r) => order(r.id, "node_pubkey", "payout to this Lightning node")) };
  }
  if (HEX64.test(text)) {
    const hex = text.toLowerCase();
    const txids = [...(await q.txid(hex))].map((r) => exchange(r.id, "payout_transaction", "payout transaction"));
    return { matched_as: "txid_or_payment_hash", data: [...txids, ...(await byPaymentHash(db, tenant, hex))] };
  }
  if (INVOICE.test(text)) {
    const invoice = text.replace(/^lightning:/i, "").toLowerCase();
    const rows = await q.invoice(invoice);
    return { matched_as: "invoice", data: rows.map((r) => exchange(r.id, "payout_invoice", "paid out to this invoice")) };
  }
  const prefix = idPrefixRange(text);
  const amount = parseAmount(text);
  if (prefix || amount) {
    const data = [...(prefix ? await byIdPrefix(q, prefix) : []), ...(amount ? await byAmount(q, amount) : [])];
    return { matched_as: prefix && amount ? "id_prefix_or_amount" : prefix ? "id_prefix" : "amount", data: grouped(data) };
  }
  if (ADDRESS.test(text)) {
    // bech32 addresses are case-insensitive and stored lower-case; base58 ones are not
    const address = /^(bc|tb|bcrt)1/i.test(text) ? text.toLowerCase() : text;
    const [ordersTo, exchangesTo] = await Promise.all([q.orderAddress(address), q.exchangeAddress(address)]);
    return {
      matched_as: "bitcoin_address",
      data: [
        ...ordersTo.map((r) => order(r.id, "order_address", "payout address")),
        ...exchangesTo.map((r) => exchange(r.id, "payout_address", "paid out to this address")),
      ],
    };
  }
  if (EMAILISH.test(text)) {
    const rows = findsMembers(role) ? await q.members(text.toLowerCase()) : [];
    return {
      matched_as: "email",
      data: rows.map(
        (r) => ({ kind: "member", id: r.id, match: "member_email", detail: r.email, href: "/settings?tab=team" }) satisfies Hit,
      ),
    };
  }
  return { matched_as: "nothing", data: [] };
}
