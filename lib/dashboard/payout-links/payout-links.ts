import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { payoutLinks } from "@/lib/db/schema";
import { ApiError } from "@/lib/errors";
import type { Exchange } from "@/lib/service-api/schemas";
import type { PayoutLink } from "@/lib/dashboard/contract/dashboard-api";

// Public payout links (docs/architecture.md#data): 128 random bits, stored as SHA-256 only, 24 hours.
export const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Lightning exchanges awaiting, or in the middle of, a payout can be handed to the end user. */
export function assertLinkable(exchange: Exchange) {
  const lightning = exchange.action?.code === "initiate_payout" || (exchange.payout !== null && "type" in exchange.payout);
  if (!lightning || exchange.reason?.code === "payout_expired") {
    throw new ApiError("payout_not_available", "Only Lightning exchanges awaiting a payout get a payout link");
  }
}

export async function createPayoutLink(db: Db, tenantId: string, exchangeId: string, userId: string, origin: string): Promise<PayoutLink> {
  const token = randomBytes(16).toString("base64url");
  const now = new Date();
  const link = {
    id: randomUUID(),
    tenantId,
    exchangeId,
    tokenHash: hashToken(token),
    createdBy: userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS),
  };
  await db.insert(payoutLinks).values(link);
  return { id: link.id, url: `${origin}/pay/${token}`, expires_on: link.expiresAt.toISOString() } satisfies PayoutLink;
}

export async function revokePayoutLinks(db: Db, tenantId: string, exchangeId: string): Promise<number> {
  const revoked = await db
    .update(payoutLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(payoutLinks.tenantId, tenantId), eq(payoutLinks.exchangeId, exchangeId), isNull(payoutLinks.revokedAt)))
    .returning({ id: payoutLinks.id });
  return revoked.length;
}

/** The live link of a token; unknown, expired and revoked tokens are all 404. */
export async function linkOfToken(db: Db, token: string) {
  if (!/^[A-Za-z0-9_-]{22}$/.test(token)) throw new ApiError("not_found", "This payout link does not exist or has expired");
  // looked up by hash: the token itself is never compared, so timing says nothing about it
  const [link] = await db
    .select()
    .from(payoutLinks)
    .where(and(eq(payoutLinks.tokenHash, hashToken(token)), isNull(payoutLinks.revokedAt), gt(payoutLinks.expiresAt, new Date())));
  if (!link) throw new ApiError("not_found", "This payout link does not exist or has expired");
  return link;
}

/** Whether a link is still live (not revoked, not expired): asked again at every heartbeat of its stream. */
export async function isLinkLive(db: Db, linkId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payoutLinks.id })
    .from(payoutLinks)
    .where(and(eq(payoutLinks.id, linkId), isNull(payoutLinks.revokedAt), gt(payoutLinks.expiresAt, new Date())));
  return row !== undefined;
}
