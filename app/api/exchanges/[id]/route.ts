import { apiRoute, otherMethods } from "@/lib/api/route";
import { after } from "next/server";
import { ownId, ownership, pathId } from "@/lib/api/ownership";
import { exchangePayoutPatchSchema } from "@/lib/exchange/schemas";
import { upstreamFor } from "@/lib/auth/tenants";
import { indexExchangeSnapshot } from "@/lib/exchanges/index-exchange";
import { freshSnapshot } from "@/lib/exchanges/cached-snapshot";
import { readJson } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

// GET /api/exchanges/{id} → GET /v1/exchanges/{id}. A snapshot a few seconds old that no webhook
// has overtaken answers at once (Cache-Control: no-cache asks upstream regardless); a fetched one
// is indexed, before answering when the exchange is new to the index, right after otherwise.
export const GET = apiRoute({}, async ({ req, db, tenant, params }) => {
  const id = pathId("exchange", params.id);
  if (!/no-cache/i.test(req.headers.get("cache-control") ?? "")) {
    const cached = await freshSnapshot(db, tenant.id, id);
    if (cached) return Response.json(cached, { headers: { "X-Snapshot": "cached" } });
  }
  const fetchedAt = new Date();
  const [exchange, indexed] = await Promise.all([upstreamFor(tenant).getExchange(id), ownership(db, tenant.id, "exchange", id)]);
  const store = () => indexExchangeSnapshot(db, tenant, exchange, fetchedAt);
  if (indexed === "unknown") await store();
  else after(store);
  return Response.json(exchange);
});

// PATCH /api/exchanges/{id} → PATCH /v1/exchanges/{id}: Lightning invoice or channel payout
export const PATCH = apiRoute({ mutation: "exchanges.payout" }, async ({ req, db, tenant, params, audit }) => {
  const id = await ownId(db, tenant.id, "exchange", params.id);
  audit.target = id;
  const input = await readJson(req, exchangePayoutPatchSchema);
  const fetchedAt = new Date();
  const exchange = await upstreamFor(tenant).patchExchange(id, input);
  await indexExchangeSnapshot(db, tenant, exchange, fetchedAt);
  return Response.json(exchange);
});

export const { POST, PUT, DELETE } = otherMethods("GET", "PATCH");
