import "server-only";
import {
  payoutLinkCreateBodySchema,
  payoutLinkItemSchema,
  payoutLinkListSchema,
  payoutLinkRevocationSchema,
  payoutLinkSchema,
  type PayoutLinkItem,
  type PayoutLinkList,
  type PayoutLinkRevocation,
} from "@/lib/dashboard/contract/dashboard-api";
import { ApiError } from "@/lib/errors";
import { pathId } from "@/lib/http/route-params";
import { requestOrigin } from "@/lib/http/request-origin";
import { readJson } from "@/lib/http/read-body";
import { upstreamFor } from "@/lib/dashboard/auth/tenants";
import { isExchangeIndexed } from "@/lib/dashboard/exchanges/index-exchange";
import { assertLinkable, createPayoutLink, revokePayoutLinks } from "@/lib/dashboard/payout-links/payout-links";
import { listPayoutLinks, revokePayoutLink } from "@/lib/dashboard/payout-links/link-list";
import { ownId } from "../ownership";
import { mutation, signedIn, upstream } from "../error-sets";
import { endpoint } from "../endpoint";

// The links an exchange's admins make for its end user's public payout page (/pay/{token}), and
// their revocation. The audit log names the exchange from the start (auditTarget), so that an
// attempt refused before the handler runs names it too.

const tag = "payout links";

// POST /api/exchanges/{id}/payout-link – a public /pay/{token} page for the end user, 24 h
export const createLink = endpoint({
  method: "POST",
  path: "/exchanges/{id}/payout-link",
  access: { mutation: "payout_links.create", stepUp: true, auditTarget: "id" },
  ids: { id: "exchange" },
  doc: {
    operationId: "createPayoutLink",
    summary: "Create a payout link",
    description:
      "A public /pay/{token} page for the end user of a Lightning exchange awaiting its payout (128-bit token, stored hashed, " +
      "24 h). The URL is in this answer only. While a link of the exchange still works (open, or used and not yet expired) " +
      'the answer is `409 payout_link_open`, whose `open_links` lists them (PayoutLinkItem); with `{"replace": true}` they ' +
      "are revoked and the new link made in one transaction (audited as `payout_links.replace`, else `payout_links.create`).",
    tag,
    // optional, and read once the exchange is known to be the tenant's
    body: { schema: payoutLinkCreateBodySchema, required: false, example: { replace: true } },
    success: { status: 201, description: "The link", schema: payoutLinkSchema },
    errors: [...mutation, "not_found", "payout_not_available", "payout_link_open", ...upstream],
  },
  handler: async ({ req, db, tenant, user, ids, audit }) => {
    const id = await ownId(db, tenant.id, "exchange", ids.id);
    audit.target = id;
    const { replace = false } = await readJson(req, payoutLinkCreateBodySchema);
    if (replace) audit.action = "payout_links.replace";
    assertLinkable(await upstreamFor(tenant).getExchange(id));
    const creator = { id: user.id, email: user.email };
    const link = await createPayoutLink(db, { tenantId: tenant.id, exchangeId: id, creator, origin: requestOrigin(req), replace });
    audit.target = `${id} link ${link.id}${link.replaced.length ? ` (revoked ${link.replaced.join(", ")})` : ""}`;
    return Response.json(link, { status: 201 });
  },
});

// DELETE /api/exchanges/{id}/payout-link – revoke every live link of the exchange
export const revokeLinks = endpoint({
  method: "DELETE",
  path: "/exchanges/{id}/payout-link",
  access: { mutation: "payout_links.revoke", auditTarget: "id" },
  ids: { id: "exchange" },
  doc: {
    operationId: "revokePayoutLinks",
    summary: "Revoke the exchange's payout links",
    description: "Their pages say they were revoked (`410 payout_link_revoked`), and their open streams close within 20 s.",
    tag,
    success: { status: 200, description: "How many links were revoked", schema: payoutLinkRevocationSchema },
    errors: ["unauthorized", "forbidden", "not_found"],
  },
  handler: async ({ db, tenant, ids, audit }) => {
    const id = await ownId(db, tenant.id, "exchange", ids.id);
    audit.target = id;
    return Response.json({ revoked: await revokePayoutLinks(db, tenant.id, id) } satisfies PayoutLinkRevocation);
  },
});

// GET /api/exchanges/{id}/payout-links – an exchange the tenant has neither indexed nor made a link
// for is 404, whoever else knows it
export const listLinks = endpoint({
  method: "GET",
  path: "/exchanges/{id}/payout-links",
  access: {},
  ids: { id: "exchange" },
  doc: {
    operationId: "listPayoutLinks",
    summary: "The exchange's payout links",
    description:
      "Every payout link made for the exchange, newest first, with its state (`open`, `used`: an invoice or Lightning " +
      "Address was submitted through its page, `expired`, `revoked`), its creator, and when its page was last opened (to " +
      "the minute). Not the URL: only the token's hash is kept, so a link's URL is shown once, when it is made.",
    tag,
    success: { status: 200, description: "The links", schema: payoutLinkListSchema },
    errors: [...signedIn, "not_found"],
  },
  handler: async ({ db, tenant, ids }) => {
    const data = await listPayoutLinks(db, tenant.id, ids.id);
    if (data.length === 0 && !(await isExchangeIndexed(db, tenant.id, ids.id))) throw new ApiError("not_found", "No such exchange");
    return Response.json({ data } satisfies PayoutLinkList);
  },
});

// DELETE /api/exchanges/{id}/payout-links/{link_id} – one that no longer works (revoked, expired)
// is answered 200 with its state, unchanged
export const revokeLink = endpoint({
  method: "DELETE",
  path: "/exchanges/{id}/payout-links/{link_id}",
  access: { mutation: "payout_links.revoke", auditTarget: "id" },
  ids: { id: "exchange" },
  doc: {
    operationId: "revokePayoutLink",
    summary: "Revoke one payout link",
    description:
      "Its page then says it was revoked (`410 payout_link_revoked` from the public routes) and its open streams close " +
      "within 20 s. Idempotent: a link that no longer works (revoked or expired) is answered `200` with its state, " +
      "unchanged. Audited as `payout_links.revoke` with the exchange and the link as target.",
    tag,
    // checked by the handler after the exchange, so that another tenant's exchange is "No such exchange" whatever the link
    pathParams: { link_id: "Payout link UUID" },
    success: { status: 200, description: "The link as it is now", schema: payoutLinkItemSchema },
    errors: ["unauthorized", "forbidden", "not_found"],
  },
  handler: async ({ db, tenant, params, ids, audit }) => {
    const id = await ownId(db, tenant.id, "exchange", ids.id);
    const linkId = pathId("payout link", params.link_id);
    audit.target = `${id} link ${linkId}`;
    const { link, changed } = await revokePayoutLink(db, tenant.id, id, linkId);
    if (!changed) audit.target += ` (unchanged: ${link.state})`;
    return Response.json(link satisfies PayoutLinkItem);
  },
});

export const payoutLinkEndpoints = [createLink, revokeLinks, listLinks, revokeLink];
