import { publicRoute } from "@/lib/dashboard/api/public-route";
import { publicLightningAddressBodySchema } from "@/lib/dashboard/contract/dashboard-api";
import { otherMethods } from "@/lib/dashboard/api/route";
import { readJson } from "@/lib/http/read-body";
import { payToLightningAddress } from "@/lib/dashboard/payout-links/lightning-address";

export const dynamic = "force-dynamic";

// POST /api/pay/{token}/lightning-address (public) – resolve the end user's Lightning Address
// (LUD-16), check its invoice, then PATCH /v1/exchanges/{id} with it
export const POST = publicRoute(async ({ req, db, params }) => {
  const { address } = await readJson(req, publicLightningAddressBodySchema);
  return Response.json(await payToLightningAddress(db, params.token ?? "", address));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
