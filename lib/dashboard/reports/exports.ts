import "server-only";
import type { Db } from "@/lib/db/client";
import type { Tenant } from "@/lib/dashboard/auth/tenants";
import type { exchanges, orders } from "@/lib/db/schema";
import type { ExportFormat, EarningsReport, StatementLine } from "@/lib/dashboard/contract/reports-api";
import type { ExchangeExportQuery, OrderExportQuery } from "@/lib/dashboard/contract/dashboard-api";
import { exchangeRows } from "@/lib/dashboard/exchanges/list-exchanges";
import { orderRows } from "@/lib/dashboard/orders/list-orders";
import { serviceTime } from "@/lib/service-api/client";
import { EXPORT_BATCH, exportResponse, pages, type Column } from "./export";
import { dayAfter, dayStart } from "./counted-exchanges";
import { statementLines } from "./statements";
import { sortColumns } from "@/lib/dashboard/contract/lists-api";
import { rangeAndSort } from "@/lib/dashboard/lists/keyset";

// The downloads: exchanges, orders, the earnings report and a statement, as CSV or JSON Lines.

/** Money and bitcoin are JSON numbers on the wire; a fixed scale keeps 1e-8 from printing as "1e-8". */
const fixed = (value: number | null | undefined, scale: number) => (value === null || value === undefined ? null : value.toFixed(scale));
const iso = (value: Date | null) => value?.toISOString() ?? null;

type ExchangeRow = typeof exchanges.$inferSelect;

const exchangeColumns: Column<ExchangeRow>[] = [
  { name: "id", kind: "text", value: (r) => r.id },
  { name: "order_id", kind: "text", value: (r) => r.orderId },
  { name: "state", kind: "text", value: (r) => r.state },
  { name: "pair", kind: "text", value: (r) => r.pair },
  { name: "type", kind: "text", value: (r) => r.type },
  { name: "first_seen_at", kind: "text", value: (r) => iso(r.firstSeenAt) },
  { name: "executed_at", kind: "text", value: (r) => iso(r.executedAt) },
  { name: "cost", kind: "number", value: (r) => fixed(r.snapshot?.cost, 2) },
  { name: "fee_rate", kind: "number", value: (r) => r.snapshot?.fee_rate ?? null },
  { name: "fee", kind: "number", value: (r) => fixed(r.snapshot?.fee, 2) },
  { name: "rate", kind: "number", value: (r) => fixed(r.snapshot?.rate, 2) },
  { name: "amount_btc", kind: "number", value: (r) => fixed(r.snapshot?.amount, 8) },
  { name: "affiliate_id", kind: "text", value: (r) => r.affiliateId },
  { name: "action", kind: "text", value: (r) => r.snapshot?.action?.code ?? null },
  { name: "reason", kind: "text", value: (r) => r.snapshot?.reason?.code ?? null },
  { name: "payout_type", kind: "text", value: (r) => payoutOf(r).type },
  { name: "payout_status", kind: "text", value: (r) => payoutOf(r).status },
  { name: "payout_txid", kind: "text", value: (r) => payoutOf(r).txid },
];

function payoutOf(row: ExchangeRow): { type: string | null; status: string | null; txid: string | null } {
  const payout = row.snapshot?.payout as { type?: string; status?: string; txid?: string | null; confirmed?: boolean } | null | undefined;
  if (!payout) return { type: null, status: null, txid: null };
  const type = payout.type ?? "coin";
  const status = payout.status ?? (payout.confirmed === undefined ? null : payout.confirmed ? "confirmed" : "unconfirmed");
  return { type, status, txid: payout.txid ?? null };
}

export function exportExchanges(db: Db, tenant: Tenant, query: ExchangeExportQuery, format: ExportFormat): Response {
  const counted =
    query.from || query.to
      ? { from: dayStart(query.from ?? "1970-01-01", tenant.timeZone), to: dayAfter(query.to ?? "9999-12-30", tenant.timeZone) }
      : undefined;
  const clocks = { now: new Date(), serviceNow: serviceTime(tenant.baseUrl) };
  // a preset of the list (first seen in its days) and its sort; a custom range's days are the counted ones above
  const preset = query.range === "custom" ? null : query.range;
  const { range: within, sort: sorted } = rangeAndSort(
    { range: preset, sort: query.sort },
    sortColumns.exchanges,
    tenant.timeZone,
    clocks.serviceNow,
  );
  return exportResponse({
    format,
    filename: "exchanges",
    columns: exchangeColumns,
    batches: pages((cursor) => exchangeRows(db, tenant.id, { ...query, cursor, limit: EXPORT_BATCH, counted, within, sorted }, clocks)),
  });
}

type OrderRow = typeof orders.$inferSelect;

const orderColumns: Column<OrderRow>[] = [
  { name: "id", kind: "text", value: (r) => r.id },
  { name: "created_on", kind: "text", value: (r) => r.snapshot.created_on },
  { name: "active", kind: "text", value: (r) => String(r.snapshot.active) },
  { name: "currency", kind: "text", value: (r) => r.snapshot.payment_method.currency },
  { name: "fee_rate", kind: "number", value: (r) => r.snapshot.fee_rate },
  { name: "affiliate_id", kind: "text", value: (r) => r.snapshot.affiliate_id },
  { name: "creditor_reference", kind: "text", value: (r) => r.snapshot.payment_method.creditor_reference },
  { name: "debitor_iban", kind: "text", value: (r) => r.snapshot.payment_method.debitor_iban },
  { name: "payout_kind", kind: "text", value: (r) => r.payoutKind },
  {
    name: "payout_destination",
    kind: "text",
    value: (r) => {
      const method = r.snapshot.payout_method as { node_pubkey?: string; bitcoin_address?: string };
      return method.node_pubkey ?? method.bitcoin_address ?? null;
    },
  },
];

export function exportOrders(db: Db, tenant: Tenant, query: OrderExportQuery, format: ExportFormat): Response {
  const { range: within, sort: sorted } = rangeAndSort(query, sortColumns.orders, tenant.timeZone, serviceTime(tenant.baseUrl));
  return exportResponse({
    format,
    filename: "orders",
    columns: orderColumns,
    batches: pages((cursor) => orderRows(db, tenant.id, { ...query, cursor, limit: EXPORT_BATCH, within, sorted })),
  });
}

type EarningsLine = EarningsReport["rows"][number];

const earningsColumns: Column<EarningsLine>[] = [
  { name: "group", kind: "text", value: (r) => r.key },
  { name: "label", kind: "text", value: (r) => r.label },
  { name: "currency", kind: "text", value: (r) => r.currency },
  { name: "count", kind: "number", value: (r) => r.count },
  { name: "volume", kind: "number", value: (r) => r.volume },
  { name: "bitcoin", kind: "number", value: (r) => r.bitcoin },
  { name: "fees", kind: "number", value: (r) => r.fees },
  { name: "earnings", kind: "number", value: (r) => r.earnings },
  { name: "interrupted_count", kind: "number", value: (r) => r.interrupted.count },
  { name: "interrupted_volume", kind: "number", value: (r) => r.interrupted.volume },
];

export function exportEarnings(report: EarningsReport, format: ExportFormat): Response {
  return exportResponse({
    format,
    filename: `earnings-${report.group}-${report.from}-${report.to}`,
    columns: earningsColumns,
    batches: (async function* () {
      yield report.rows;
    })(),
  });
}

const statementColumns: Column<StatementLine>[] = [
  { name: "executed_at", kind: "text", value: (r) => r.executed_at },
  { name: "exchange_id", kind: "text", value: (r) => r.exchange_id },
  { name: "pair", kind: "text", value: (r) => r.pair },
  { name: "type", kind: "text", value: (r) => r.type },
  { name: "currency", kind: "text", value: (r) => r.currency },
  { name: "cost", kind: "number", value: (r) => r.cost },
  { name: "fee", kind: "number", value: (r) => r.fee },
  { name: "share_percent", kind: "number", value: (r) => r.share_percent },
  { name: "earning", kind: "number", value: (r) => r.earning },
];

export function exportStatement(db: Db, tenant: Tenant, affiliateId: string, period: string, format: ExportFormat): Response {
  const scope = { tenantId: tenant.id, timeZone: tenant.timeZone, affiliateId, period };
  return exportResponse({
    format,
    filename: `statement-${affiliateId}-${period}`,
    columns: statementColumns,
    batches: pages(async (cursor) => {
      const after = cursor ? (JSON.parse(cursor) as { at: string; id: string }) : null;
      const rows = await statementLines(db, scope, after, EXPORT_BATCH);
      const last = rows[rows.length - 1];
      return {
        rows,
        next_cursor: rows.length === EXPORT_BATCH && last ? JSON.stringify({ at: last.executed_at, id: last.exchange_id }) : null,
      };
    }),
  });
}
