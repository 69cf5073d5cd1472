import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { payoutLinkCreateBodySchema, type PayoutLinkRevocation } from "@/lib/dashboard/contract/dashboard-api";
import { ownId } from "@/lib/dashboard/api/ownership";
import { requestOrigin } from "@/lib/http/request-origin";
import { readJson } from "@/lib/http/read-body";
import { upstreamFor } from "@/lib/dashboard/auth/tenants";
import { assertLinkable, createPayoutLink, revokePayoutLinks } from "@/lib/dashboard/payout-links/payout-links";

export const dynamic = "force-dynamic";

// POST /api/exchanges/{id}/payout-link – a public /pay/{token} page for the end user, 24 h; while
// one is open, 409 payout_link_open unless {"replace": true} (audited as payout_links.replace)
export const POST = apiRoute(
  { mutation: "payout_links.create", stepUp: true, auditTarget: "id" },
  async ({ req, db, tenant, user, params, audit }) => {
    const id = await ownId(db, tenant.id, "exchange", params.id);
    audit.target = id;
    const { replace = false } = await readJson(req, payoutLinkCreateBodySchema);
    if (replace) audit.action = "payout_links.replace";
    assertLinkable(await upstreamFor(tenant).getExchange(id));
    const creator = { id: user.id, email: user.email };
    const link = await createPayoutLink(db, { tenantId: tenant.id, exchangeId: id, creator, origin: requestOrigin(req), replace });
    audit.target = `${id} link ${link.id}${link.replaced.length ? ` (revoked ${link.replaced.join(", ")})` : ""}`;
    return Response.json(link, { status: 201 });
  },
);

// DELETE /api/exchanges/{id}/payout-link – revoke every live link of the exchange
export const DELETE = apiRoute({ mutation: "payout_links.revoke", auditTarget: "id" }, async ({ db, tenant, params, audit }) => {
  const id = await ownId(db, tenant.id, "exchange", params.id);
  audit.target = id;
  return Response.json({ revoked: await revokePayoutLinks(db, tenant.id, id) } satisfies PayoutLinkRevocation);
});

export const { GET, PUT, PATCH } = otherMethods("POST", "DELETE");
