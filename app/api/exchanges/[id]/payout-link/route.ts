import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import type { PayoutLinkRevocation } from "@/lib/dashboard/contract/dashboard-api";
import { ownId } from "@/lib/dashboard/api/ownership";
import { requestOrigin } from "@/lib/http/request-origin";
import { upstreamFor } from "@/lib/dashboard/auth/tenants";
import { assertLinkable, createPayoutLink, revokePayoutLinks } from "@/lib/dashboard/payout-links/payout-links";

export const dynamic = "force-dynamic";

// POST /api/exchanges/{id}/payout-link – a public /pay/{token} page for the end user, 24 h
export const POST = apiRoute({ mutation: "payout_links.create", stepUp: true }, async ({ req, db, tenant, user, params, audit }) => {
  const id = await ownId(db, tenant.id, "exchange", params.id);
  audit.target = id;
  assertLinkable(await upstreamFor(tenant).getExchange(id));
  return Response.json(await createPayoutLink(db, tenant.id, id, user.id, requestOrigin(req)), { status: 201 });
});

// DELETE /api/exchanges/{id}/payout-link – revoke every live link of the exchange
export const DELETE = apiRoute({ mutation: "payout_links.revoke" }, async ({ db, tenant, params, audit }) => {
  const id = await ownId(db, tenant.id, "exchange", params.id);
  audit.target = id;
  return Response.json({ revoked: await revokePayoutLinks(db, tenant.id, id) } satisfies PayoutLinkRevocation);
});

export const { GET, PUT, PATCH } = otherMethods("POST", "DELETE");
