import { publicRoute } from "@/lib/api/public-route";
import { publicInvoiceBodySchema } from "@/lib/contract/dashboard-api";
import { otherMethods } from "@/lib/api/route";
import { tenantById, upstreamFor } from "@/lib/auth/tenants";
import { recordAudit } from "@/lib/audit/record";
import { ApiError } from "@/lib/errors";
import { indexExchangeSnapshot } from "@/lib/exchanges/index-exchange";
import { linkOfToken } from "@/lib/payout-links/payout-links";
import { publicPayoutView } from "@/lib/payout-links/public-view";
import { readJson } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

// POST /api/pay/{token}/invoice (public) – the end user's pasted invoice → PATCH /v1/exchanges/{id}
export const POST = publicRoute(async ({ req, db, params }) => {
  const link = await linkOfToken(db, params.token ?? "");
  const { invoice } = await readJson(req, publicInvoiceBodySchema);
  const tenant = await tenantById(db, link.tenantId);
  if (!tenant) throw new ApiError("not_found", "This payout link does not exist or has expired");
  const fetchedAt = new Date();
  let result = "ok";
  try {
    const exchange = await upstreamFor(tenant).patchExchange(link.exchangeId, { payout: { type: "invoice", invoice } });
    await indexExchangeSnapshot(db, tenant, exchange, fetchedAt);
    return Response.json(publicPayoutView(exchange, link.expiresAt, tenant.network));
  } catch (error) {
    result = error instanceof Error && "code" in error ? String((error as { code: unknown }).code) : "error";
    throw error;
  } finally {
    await recordAudit(db, {
      tenantId: tenant.id,
      userId: null,
      userEmail: null,
      action: "payout_links.invoice",
      target: link.exchangeId,
      result,
      requestId: link.id,
    });
  }
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
