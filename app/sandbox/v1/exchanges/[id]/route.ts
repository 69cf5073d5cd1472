import { clientRoute, json, otherMethods } from "@/lib/sandbox/http";
import { exchangePayoutPatchSchema } from "@/lib/service-api/schemas";
import { getExchange } from "@/lib/sandbox/exchanges/get-exchange";
import { patchPayout } from "@/lib/sandbox/exchanges/patch-payout";
import { idParam } from "@/lib/sandbox/params";
import { readJson } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

// GET /v1/exchanges/{id}: renews expired payout offers of a Lightning exchange
export const GET = clientRoute(async ({ db, clientId, params }) => json(await getExchange(db, clientId, idParam(params.id, "exchange"))));

// PATCH /v1/exchanges/{id}: invoice or channel payout (beta)
export const PATCH = clientRoute(async ({ req, db, clientId, params }) => {
  const id = idParam(params.id, "exchange");
  const input = await readJson(req, exchangePayoutPatchSchema);
  return json(await patchPayout(db, clientId, id, input));
});

export const { POST, PUT, DELETE } = otherMethods("GET", "PATCH");
