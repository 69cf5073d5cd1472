import { publicRoute } from "@/lib/dashboard/api/public-route";
import { publicInvoiceBodySchema } from "@/lib/dashboard/contract/dashboard-api";
import { otherMethods } from "@/lib/dashboard/api/route";
import { tenantById } from "@/lib/dashboard/auth/tenants";
import { ApiError } from "@/lib/errors";
import { linkOfToken } from "@/lib/dashboard/payout-links/payout-links";
import { auditedLinkAction, submitLinkInvoice } from "@/lib/dashboard/payout-links/submit-invoice";
import { readJson } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

// POST /api/pay/{token}/invoice (public) – the end user's pasted invoice → PATCH /v1/exchanges/{id}
export const POST = publicRoute(async ({ req, db, params }) => {
  const link = await linkOfToken(db, params.token ?? "");
  const { invoice } = await readJson(req, publicInvoiceBodySchema);
  const tenant = await tenantById(db, link.tenantId);
  if (!tenant) throw new ApiError("not_found", "This payout link does not exist or has expired");
  const view = await auditedLinkAction(db, tenant, link, "payout_links.invoice", () => submitLinkInvoice(db, tenant, link, invoice));
  return Response.json(view);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
