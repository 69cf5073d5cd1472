import { apiRoute, readBody } from "@/lib/api/route";
import { ownId } from "@/lib/api/ownership";
import { parseOrThrow } from "@/lib/errors";
import { exchangePayoutPatchSchema } from "@/lib/exchange/schemas";
import { upstreamFor } from "@/lib/auth/tenants";
import { indexExchangeSnapshot } from "@/lib/exchanges/index-exchange";

export const dynamic = "force-dynamic";

// GET /api/exchanges/{id} → GET /v1/exchanges/{id}; the snapshot is indexed
export const GET = apiRoute({}, async ({ db, tenant, params }) => {
  const id = await ownId(db, tenant.id, "exchange", params.id);
  const fetchedAt = new Date();
  const exchange = await upstreamFor(tenant).getExchange(id);
  await indexExchangeSnapshot(db, tenant.id, exchange, fetchedAt);
  return Response.json(exchange);
});

// PATCH /api/exchanges/{id} → PATCH /v1/exchanges/{id}: Lightning invoice or channel payout
export const PATCH = apiRoute({ mutation: "exchanges.payout" }, async ({ req, db, tenant, params, audit }) => {
  const id = await ownId(db, tenant.id, "exchange", params.id);
  audit.target = id;
  const input = parseOrThrow(exchangePayoutPatchSchema, await readBody(req));
  const fetchedAt = new Date();
  const exchange = await upstreamFor(tenant).patchExchange(id, input);
  await indexExchangeSnapshot(db, tenant.id, exchange, fetchedAt);
  return Response.json(exchange);
});
