import "server-only";
import type { Db } from "@/lib/db/client";
import { allTenants, tenantById, upstreamFor } from "@/lib/dashboard/auth/tenants";
import { ApiError } from "@/lib/errors";
import { serviceTime } from "@/lib/service-api/client";
import { indexExchangeSnapshot } from "@/lib/dashboard/exchanges/index-exchange";
import type { PublicView } from "@/lib/dashboard/contract/dashboard-api";
import { linkOfToken, noteLinkOpened } from "./payout-links";
import { publicPayoutView } from "./public-view";

/**
 * The payout page's view of a link's exchange, fetched from the service (which renews expired
 * offers) and indexed on the way; the link is noted as opened. Throws not_found for an unknown or
 * expired link, payout_link_revoked for a revoked one.
 */
export async function loadPublicView(db: Db, token: string): Promise<PublicView> {
  const link = await linkOfToken(db, token);
  await noteLinkOpened(db, link);
  const tenant = await tenantById(db, link.tenantId);
  if (!tenant) throw new ApiError("not_found", "This payout link does not exist or has expired");
  const fetchedAt = new Date();
  const exchange = await upstreamFor(tenant).getExchange(link.exchangeId);
  await indexExchangeSnapshot(db, tenant, exchange, fetchedAt);
  return publicPayoutView(exchange, link.expiresAt, tenant.network);
}

/** The service's time as this server estimates it (every tenant's upstream is the same service here). */
export async function publicServiceTime(db: Db): Promise<Date | null> {
  const tenants = await allTenants(db);
  const upstream = tenants.find((t) => t.isDefault) ?? tenants[0];
  return upstream ? serviceTime(upstream.baseUrl) : null;
}
