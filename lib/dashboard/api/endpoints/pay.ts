import "server-only";
import { publicInvoiceBodySchema, publicLightningAddressBodySchema, publicViewSchema } from "@/lib/dashboard/contract/dashboard-api";
import { ApiError, type ErrorCode } from "@/lib/errors";
import { readJson } from "@/lib/http/read-body";
import { tenantById } from "@/lib/dashboard/auth/tenants";
import { linkOfToken } from "@/lib/dashboard/payout-links/payout-links";
import { loadPublicView } from "@/lib/dashboard/payout-links/load-view";
import { auditedLinkAction, submitLinkInvoice } from "@/lib/dashboard/payout-links/submit-invoice";
import { payToLightningAddress } from "@/lib/dashboard/payout-links/lightning-address";
import { payoutErrors } from "@/lib/openapi/error-sets";
import { upstream } from "../error-sets";
import { publicEndpoint } from "../endpoint";

// The end user's public payout page (/pay/{token}): no sign-in, the link's token is the key. Its
// live updates are an event stream served outside Next.js (lib/dashboard/api/stream-routes.ts).

const tag = "payout links";
const pathParams = { token: "The link's token" };
const linkErrors = ["not_found", "payout_link_revoked", "rate_limited"] as const satisfies ErrorCode[];
const bodyErrors = ["invalid_request", "payload_too_large", "unsupported_media_type"] as const satisfies ErrorCode[];

// GET /api/pay/{token} – the payout page's data; GET upstream renews expired offers
export const getPayoutView = publicEndpoint({
  method: "GET",
  path: "/pay/{token}",
  access: "public",
  doc: {
    operationId: "getPayoutView",
    summary: "The public payout page's data",
    description: "Amounts, offers and the payout's progress; nothing of the order. No sign-in; rate-limited per address.",
    tag,
    pathParams,
    success: { status: 200, description: "The payout as the end user sees it", schema: publicViewSchema },
    errors: [...linkErrors, ...upstream],
  },
  handler: async ({ db, params }) =>
    Response.json(await loadPublicView(db, params.token ?? ""), { headers: { "Cache-Control": "no-store" } }),
});

// POST /api/pay/{token}/invoice – the end user's pasted invoice → PATCH /v1/exchanges/{id}
export const submitPayoutInvoice = publicEndpoint({
  method: "POST",
  path: "/pay/{token}/invoice",
  access: "public",
  doc: {
    operationId: "submitPayoutInvoice",
    summary: "The end user's pasted invoice",
    description: "Sent on as PATCH /v1/exchanges/{id}; the service's verdict passes through.",
    tag,
    pathParams,
    // read once the link is known to work, so that a dead link says so whatever the body
    body: { schema: publicInvoiceBodySchema },
    success: { status: 200, description: "The payout page's data after the request", schema: publicViewSchema },
    errors: [...linkErrors, ...bodyErrors, ...payoutErrors, ...upstream],
  },
  handler: async ({ req, db, params }) => {
    const link = await linkOfToken(db, params.token ?? "");
    const { invoice } = await readJson(req, publicInvoiceBodySchema);
    const tenant = await tenantById(db, link.tenantId);
    if (!tenant) throw new ApiError("not_found", "This payout link does not exist or has expired");
    const view = await auditedLinkAction(db, tenant, link, "payout_links.invoice", () => submitLinkInvoice(db, tenant, link, invoice));
    return Response.json(view);
  },
});

// POST /api/pay/{token}/lightning-address – resolve the end user's Lightning Address (LUD-16),
// check its invoice, then PATCH /v1/exchanges/{id} with it
export const payToAddress = publicEndpoint({
  method: "POST",
  path: "/pay/{token}/lightning-address",
  access: "public",
  body: { schema: publicLightningAddressBodySchema, example: { address: "alice@wallet.example" } },
  doc: {
    operationId: "payToLightningAddress",
    summary: "Pay out to the end user's Lightning Address",
    description:
      "The server resolves the address (LUD-16: `https://domain/.well-known/lnurlp/name`, HTTPS and public addresses only, " +
      "except the service's own host), asks its payRequest (LUD-06) for an invoice of exactly the payout amount, checks the " +
      "invoice's amount, network, payee (the order's node), expiry and description hash, then submits it as PATCH /v1/exchanges/{id}.",
    tag,
    pathParams,
    success: { status: 200, description: "The payout page's data after the request", schema: publicViewSchema },
    errors: [
      ...linkErrors,
      ...bodyErrors,
      "lightning_address_invalid",
      "lightning_address_not_found",
      "lightning_address_amount",
      "lightning_address_refused",
      "lightning_address_unreachable",
      ...payoutErrors,
      ...upstream,
    ],
  },
  handler: async ({ db, params, body }) => Response.json(await payToLightningAddress(db, params.token ?? "", body.address)),
});

export const payEndpoints = [getPayoutView, submitPayoutInvoice, payToAddress];
