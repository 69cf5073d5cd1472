import { publicRoute } from "@/lib/api/public-route";
import { tenantById, upstreamFor } from "@/lib/auth/tenants";
import { ApiError } from "@/lib/errors";
import { indexExchangeSnapshot } from "@/lib/exchanges/index-exchange";
import { linkOfToken } from "@/lib/payout-links/payout-links";
import { publicPayoutView } from "@/lib/payout-links/public-view";
import { otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";

// GET /api/pay/{token} (public) – the payout page's data; GET upstream renews expired offers
export const GET = publicRoute(async ({ db, params }) => {
  const link = await linkOfToken(db, params.token ?? "");
  const tenant = await tenantById(db, link.tenantId);
  if (!tenant) throw new ApiError("not_found", "This payout link does not exist or has expired");
  const fetchedAt = new Date();
  const exchange = await upstreamFor(tenant).getExchange(link.exchangeId);
  await indexExchangeSnapshot(db, tenant, exchange, fetchedAt);
  return Response.json(publicPayoutView(exchange, link.expiresAt, tenant.network), { headers: { "Cache-Control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
