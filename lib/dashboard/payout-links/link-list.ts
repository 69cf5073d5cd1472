import "server-only";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { payoutLinks, users } from "@/lib/db/schema";
import { ApiError } from "@/lib/errors";
import type { PayoutLinkItem, PayoutLinkState } from "@/lib/dashboard/contract/dashboard-api";

// What the exchange page's "Payout links" card and GET /api/exchanges/{id}/payout-links show of
// each link: its state, who made it and when, and when its page was last opened. Never its URL:
// only the token's hash is kept, so the URL is shown once, when the link is made.

type Row = typeof payoutLinks.$inferSelect;

/** Revoked wins over everything; a used link stays used after it expires; an unused one expires. */
export function linkState(row: Pick<Row, "revokedAt" | "usedAt" | "expiresAt">, now: Date): PayoutLinkState {
  if (row.revokedAt) return "revoked";
  if (row.usedAt) return "used";
  return row.expiresAt.getTime() <= now.getTime() ? "expired" : "open";
}

function linkItem(row: Row, userEmail: string | null, now: Date): PayoutLinkItem {
  return {
    id: row.id,
    state: linkState(row, now),
    live: row.revokedAt === null && row.expiresAt.getTime() > now.getTime(),
    created_by: row.createdBy ? { id: row.createdBy, email: row.createdByEmail ?? userEmail } : null,
    created_on: row.createdAt.toISOString(),
    expires_on: row.expiresAt.toISOString(),
    revoked_on: row.revokedAt?.toISOString() ?? null,
    used_on: row.usedAt?.toISOString() ?? null,
    last_opened_on: row.lastOpenedAt?.toISOString() ?? null,
  } satisfies PayoutLinkItem;
}

// the creator's current email, for links made before their email was kept with the link
const withCreator = (db: Db) =>
  db.select({ link: payoutLinks, email: users.email }).from(payoutLinks).leftJoin(users, eq(users.id, payoutLinks.createdBy));

/** Every link of the exchange, newest first (through the index payout_links_exchange). */
export async function listPayoutLinks(db: Db, tenantId: string, exchangeId: string): Promise<PayoutLinkItem[]> {
  const rows = await withCreator(db)
    .where(and(eq(payoutLinks.exchangeId, exchangeId), eq(payoutLinks.tenantId, tenantId)))
    .orderBy(desc(payoutLinks.createdAt));
  const now = new Date();
  return rows.map((r) => linkItem(r.link, r.email, now));
}

/** The exchange's links that still work (not revoked, not expired), newest first. */
export async function liveLinks(db: Db, tenantId: string, exchangeId: string, now: Date): Promise<PayoutLinkItem[]> {
  const rows = await withCreator(db)
    .where(
      and(
        eq(payoutLinks.exchangeId, exchangeId),
        eq(payoutLinks.tenantId, tenantId),
        isNull(payoutLinks.revokedAt),
        gt(payoutLinks.expiresAt, now),
      ),
    )
    .orderBy(desc(payoutLinks.createdAt));
  return rows.map((r) => linkItem(r.link, r.email, now));
}

/**
 * Revokes one link of the exchange. A link that no longer works (revoked or expired) is left as
 * it is and answered with its state: revoking is idempotent. `changed` says whether this call
 * revoked it. Another exchange's or tenant's link is 404.
 */
export async function revokePayoutLink(
  db: Db,
  tenantId: string,
  exchangeId: string,
  linkId: string,
): Promise<{ link: PayoutLinkItem; changed: boolean }> {
  const now = new Date();
  const [revoked] = await db
    .update(payoutLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(payoutLinks.id, linkId),
        eq(payoutLinks.exchangeId, exchangeId),
        eq(payoutLinks.tenantId, tenantId),
        isNull(payoutLinks.revokedAt),
        gt(payoutLinks.expiresAt, now),
      ),
    )
    .returning({ id: payoutLinks.id });
  const [row] = await withCreator(db).where(
    and(eq(payoutLinks.id, linkId), eq(payoutLinks.exchangeId, exchangeId), eq(payoutLinks.tenantId, tenantId)),
  );
  if (!row) throw new ApiError("not_found", "No such payout link of this exchange");
  return { link: linkItem(row.link, row.email, now), changed: revoked !== undefined };
}
