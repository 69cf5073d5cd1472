import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import type { PayoutLinkItem } from "@/lib/dashboard/contract/dashboard-api";
import { ownId } from "@/lib/dashboard/api/ownership";
import { pathId } from "@/lib/http/route-params";
import { revokePayoutLink } from "@/lib/dashboard/payout-links/link-list";

export const dynamic = "force-dynamic";

// DELETE /api/exchanges/{id}/payout-links/{link_id} – revoke one link; one that no longer works
// (revoked, expired) is answered 200 with its state, unchanged
export const DELETE = apiRoute({ mutation: "payout_links.revoke", auditTarget: "id" }, async ({ db, tenant, params, audit }) => {
  const id = await ownId(db, tenant.id, "exchange", params.id);
  const linkId = pathId("payout link", params.link_id);
  audit.target = `${id} link ${linkId}`;
  const { link, changed } = await revokePayoutLink(db, tenant.id, id, linkId);
  if (!changed) audit.target += ` (unchanged: ${link.state})`;
  return Response.json(link satisfies PayoutLinkItem);
});

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
