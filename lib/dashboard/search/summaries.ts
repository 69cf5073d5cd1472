import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { exchanges, orders } from "@/lib/db/schema";
import type { SearchResult, SearchSummary } from "@/lib/dashboard/contract/shell-api";

// What tells one match of the header's search from another ("60 EUR" may find four exchanges):
// its state, its date on the service, its pair or currency, its cost and bitcoin amount. Read by
// primary key for the few ids found.

type Hit = SearchResult["data"][number];

const numberOr = (text: string | null) => (text === null || Number.isNaN(Number(text)) ? null : Number(text));

/** The matches, each order and exchange the index holds with its summary. */
export async function withSummaries(db: Db, tenantId: string, result: SearchResult): Promise<SearchResult> {
  const idsOf = (kind: Hit["kind"]) => [...new Set(result.data.filter((hit) => hit.kind === kind).map((hit) => hit.id))];
  const [exchangeIds, orderIds] = [idsOf("exchange"), idsOf("order")];
  const [exchangeRows, orderRows] = await Promise.all([
    exchangeIds.length === 0
      ? []
      : db
          .select({
            id: exchanges.id,
            state: exchanges.state,
            pair: exchanges.pair,
            type: exchanges.type,
            serviceAt: exchanges.serviceAt,
            cost: sql<string | null>`${exchanges.snapshot} ->> 'cost'`,
            amount: sql<string | null>`${exchanges.snapshot} ->> 'amount'`,
          })
          .from(exchanges)
          .where(and(eq(exchanges.tenantId, tenantId), inArray(exchanges.id, exchangeIds))),
    orderIds.length === 0
      ? []
      : db
          .select({ id: orders.id, active: orders.active, currency: orders.currency, createdOn: orders.createdOn })
          .from(orders)
          .where(and(eq(orders.tenantId, tenantId), inArray(orders.id, orderIds))),
  ]);
  const summaries = new Map<string, SearchSummary>();
  for (const e of exchangeRows) {
    summaries.set(`exchange:${e.id}`, {
      state: e.state,
      at: e.serviceAt.toISOString(),
      pair: e.pair,
      currency: e.pair ? e.pair.slice(4).toUpperCase() : null,
      type: e.type,
      cost: numberOr(e.cost),
      amount: numberOr(e.amount),
    });
  }
  for (const o of orderRows) {
    summaries.set(`order:${o.id}`, {
      state: o.active ? "active" : "inactive",
      at: o.createdOn.toISOString(),
      pair: null,
      currency: o.currency.toUpperCase(),
      type: null,
      cost: null,
      amount: null,
    });
  }
  return {
    ...result,
    data: result.data.map((hit) => {
      const summary = summaries.get(`${hit.kind}:${hit.id}`);
      return summary ? { ...hit, summary } : hit;
    }),
  };
}
