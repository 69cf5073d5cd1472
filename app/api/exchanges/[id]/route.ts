import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { ownId } from "@/lib/dashboard/api/ownership";
import { pathId } from "@/lib/http/route-params";
import { exchangePayoutPatchSchema } from "@/lib/service-api/schemas";
import { upstreamFor } from "@/lib/dashboard/auth/tenants";
import { indexExchangeSnapshot } from "@/lib/dashboard/exchanges/index-exchange";
import { readExchange } from "@/lib/dashboard/exchanges/read-exchange";
import { readJson } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

// GET /api/exchanges/{id} → GET /v1/exchanges/{id}. A snapshot a few seconds old that no webhook
// has overtaken answers at once (Cache-Control: no-cache asks upstream regardless); a fetched one
// is indexed, before answering when the exchange is new to the index, right after otherwise.
export const GET = apiRoute({}, async ({ req, db, tenant, params }) => {
  const id = pathId("exchange", params.id);
  const fresh = /no-cache/i.test(req.headers.get("cache-control") ?? "");
  const { exchange, cached } = await readExchange(db, tenant, id, { fresh });
  return Response.json(exchange, cached ? { headers: { "X-Snapshot": "cached" } } : undefined);
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
