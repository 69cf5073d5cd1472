import "server-only";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { exchanges, payoutLinks, users } from "@/lib/db/schema";
import { ApiError } from "@/lib/errors";
import type { PayoutLinkItem, PayoutLinkState } from "@/lib/dashboard/contract/dashboard-api";

// What the exchange page's "Payout links" card and GET /api/exchanges/{id}/payout-links show of
// each link: its state, who made it and when, and when its page was last opened. Never its URL:
// only the token's hash is kept, so the URL is shown once, when the link is made.

type Row = typeof payoutLinks.$inferSelect;

/**
 * Revoked wins over everything; a used link stays used after it expires; an unused one expires,
 * at its own end or when its payout ended first (`payoutEnded`: the service refunded the exchange,
 * e.g. payout_expired), which is what its page says then.
 */
export function linkState(row: Pick<Row, "revokedAt" | "usedAt" | "expiresAt">, now: Date, payoutEnded = false): PayoutLinkState {
  if (row.revokedAt) return "revoked";
  if (row.usedAt) return "used";
  return payoutEnded || row.expiresAt.getTime() <= now.getTime() ? "expired" : "open";
}

function linkItem(row: Row, userEmail: string | null, now: Date, payoutEnded: boolean): PayoutLinkItem {
  return {
    id: row.id,
    state: linkState(row, now, payoutEnded),
    live: row.revokedAt === null && row.expiresAt.getTime() > now.getTime() && !payoutEnded,
    created_by: row.createdBy ? { id: row.createdBy, email: row.createdByEmail ?? userEmail } : null,
    created_on: row.createdAt.toISOString(),
    expires_on: row.expiresAt.toISOString(),
    revoked_on: row.revokedAt?.toISOString() ?? null,
    used_on: row.usedAt?.toISOString() ?? null,
    last_opened_on: row.lastOpenedAt?.toISOString() ?? null,
    payout_ended: payoutEnded,
  } satisfies PayoutLinkItem;
}

// the creator's current email, for links made before their email was kept with the link; and
// whether the index knows the exchange refunded (its snapshot, or a refund's webhook before the
// snapshot caught up), after which no link can pay it out
const withCreator = (db: Db) =>
  db
    .select({
      link: payoutLinks,
      email: users.email,
      ended: sql<boolean>`coalesce(${exchanges.state} = 'refunded' OR ${exchanges.lastEventType} = 'exchange.refunded', false)`,
    })
    .from(payoutLinks)
    .leftJoin(users, eq(users.id, payoutLinks.createdBy))
    .leftJoin(exchanges, and(eq(exchanges.tenantId, payoutLinks.tenantId), eq(exchanges.id, payoutLinks.exchangeId)));

/** Every link of the exchange, newest first (through the index payout_links_exchange). */
export async function listPayoutLinks(db: Db, tenantId: string, exchangeId: string): Promise<PayoutLinkItem[]> {
  const rows = await withCreator(db)
    .where(and(eq(payoutLinks.exchangeId, exchangeId), eq(payoutLinks.tenantId, tenantId)))
    .orderBy(desc(payoutLinks.createdAt));
  const now = new Date();
  return rows.map((r) => linkItem(r.link, r.email, now, r.ended));
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
  return rows.map((r) => linkItem(r.link, r.email, now, r.ended));
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
  return { link: linkItem(row.link, row.email, now, row.ended), changed: revoked !== undefined };
}
