import "server-only";
import type { Db } from "@/lib/db/client";
import { upstreamFor, type Tenant } from "@/lib/dashboard/auth/tenants";
import { recordAudit } from "@/lib/dashboard/audit/record";
import type { AuditAction } from "@/lib/dashboard/contract/audit-actions";
import { indexExchangeSnapshot } from "@/lib/dashboard/exchanges/index-exchange";
import type { PublicView } from "@/lib/dashboard/contract/dashboard-api";
import { noteLinkUsed, type LiveLink as Link } from "./payout-links";
import { publicPayoutView } from "./public-view";

/** An end user's action on a payout link, audited whatever its outcome (its error code, or ok). */
export async function auditedLinkAction<T>(db: Db, tenant: Tenant, link: Link, action: AuditAction, run: () => Promise<T>): Promise<T> {
  let result = "ok";
  try {
    return await run();
  } catch (error) {
    result = error instanceof Error && "code" in error ? String((error as { code: unknown }).code) : "error";
    throw error;
  } finally {
    await recordAudit(db, {
      tenantId: tenant.id,
      userId: null,
      userEmail: null,
      action,
      target: link.exchangeId,
      result,
      requestId: link.id,
    });
  }
}

/**
 * The invoice sent on as PATCH /v1/exchanges/{id}; the service's verdict passes through. Once the
 * service accepts it the link counts as used (its list shows so).
 */
export async function submitLinkInvoice(db: Db, tenant: Tenant, link: Link, invoice: string): Promise<PublicView> {
  const fetchedAt = new Date();
  const exchange = await upstreamFor(tenant).patchExchange(link.exchangeId, { payout: { type: "invoice", invoice } });
  await noteLinkUsed(db, link.id);
  await indexExchangeSnapshot(db, tenant, exchange, fetchedAt);
  return publicPayoutView(exchange, link.expiresAt, tenant.network);
}
