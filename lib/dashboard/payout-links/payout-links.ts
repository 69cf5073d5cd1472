import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { payoutLinks } from "@/lib/db/schema";
import { ApiError } from "@/lib/errors";
import type { Exchange } from "@/lib/service-api/schemas";
import type { PayoutLink } from "@/lib/dashboard/contract/dashboard-api";
import { liveLinks } from "./link-list";

// Public payout links (docs/architecture.md#data): 128 random bits, stored as SHA-256 only, 24 hours.
export const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** last_opened_at is written at most this often per link, not on every render of its page. */
const OPENED_TOUCH_MS = 60_000;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Lightning exchanges awaiting, or in the middle of, a payout can be handed to the end user. */
export function assertLinkable(exchange: Exchange) {
  const lightning = exchange.action?.code === "initiate_payout" || (exchange.payout !== null && "type" in exchange.payout);
  if (!lightning || exchange.reason?.code === "payout_expired") {
    throw new ApiError("payout_not_available", "Only Lightning exchanges awaiting a payout get a payout link");
  }
}

type Creator = { id: string; email: string };

/**
 * A new link for the exchange. While one still works (open, or used and not yet expired) the
 * answer is 409 payout_link_open naming it, unless `replace` asks to revoke it in the same
 * transaction. Concurrent creations for one exchange wait for each other (an advisory lock on
 * the exchange), so two requests never leave two open links behind.
 */
export async function createPayoutLink(
  db: Db,
  input: { tenantId: string; exchangeId: string; creator: Creator; origin: string; replace: boolean },
): Promise<PayoutLink> {
  const token = randomBytes(16).toString("base64url");
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`payout_links:${input.exchangeId}`}, 0))`);
    const now = new Date();
    const open = await liveLinks(tx, input.tenantId, input.exchangeId, now);
    if (open.length > 0 && !input.replace) {
      const first = open[0];
      const message =
        `Payout link ${first?.id} (made ${first?.created_on}, until ${first?.expires_on}) still works: ` +
        `send {"replace": true} to revoke it and make a new one`;
      throw new ApiError("payout_link_open", message, [{ path: "replace", message }], undefined, { open_links: open });
    }
    if (open.length > 0) {
      await tx
        .update(payoutLinks)
        .set({ revokedAt: now })
        .where(
          inArray(
            payoutLinks.id,
            open.map((l) => l.id),
          ),
        );
    }
    const link = {
      id: randomUUID(),
      tenantId: input.tenantId,
      exchangeId: input.exchangeId,
      tokenHash: hashToken(token),
      createdBy: input.creator.id,
      createdByEmail: input.creator.email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS),
    };
    await tx.insert(payoutLinks).values(link);
    return {
      id: link.id,
      url: `${input.origin}/pay/${token}`,
      expires_on: link.expiresAt.toISOString(),
      replaced: open.map((l) => l.id),
    } satisfies PayoutLink;
  });
}

export async function revokePayoutLinks(db: Db, tenantId: string, exchangeId: string): Promise<number> {
  const revoked = await db
    .update(payoutLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(payoutLinks.tenantId, tenantId), eq(payoutLinks.exchangeId, exchangeId), isNull(payoutLinks.revokedAt)))
    .returning({ id: payoutLinks.id });
  return revoked.length;
}

const notFound = () => new ApiError("not_found", "This payout link does not exist or has expired");

/**
 * The live link of a token. Unknown and expired tokens are both 404; a token whose hash is a
 * revoked link's is 410 payout_link_revoked, so its holder learns to ask for a new one (and a
 * guessed token, which matches no link, learns nothing).
 */
export async function linkOfToken(db: Db, token: string) {
  if (!/^[A-Za-z0-9_-]{22}$/.test(token)) throw notFound();
  // looked up by hash: the token itself is never compared, so timing says nothing about it
  const [link] = await db
    .select()
    .from(payoutLinks)
    .where(eq(payoutLinks.tokenHash, hashToken(token)));
  if (!link) throw notFound();
  if (link.revokedAt) throw new ApiError("payout_link_revoked", "This payout link was revoked; ask the sender for a new one");
  if (link.expiresAt.getTime() <= Date.now()) throw notFound();
  return link;
}

export type LiveLink = Awaited<ReturnType<typeof linkOfToken>>;

/** Whether a link is still live (not revoked, not expired): asked again at every heartbeat of its stream. */
export async function isLinkLive(db: Db, linkId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payoutLinks.id })
    .from(payoutLinks)
    .where(and(eq(payoutLinks.id, linkId), isNull(payoutLinks.revokedAt), gt(payoutLinks.expiresAt, new Date())));
  return row !== undefined;
}

/** Notes that the link's page or stream was opened: at most one write a minute per link, whatever the traffic. */
export async function noteLinkOpened(db: Db, link: LiveLink): Promise<void> {
  const now = new Date();
  if (link.lastOpenedAt && now.getTime() - link.lastOpenedAt.getTime() < OPENED_TOUCH_MS) return;
  // the condition again in SQL: instances that read the row at once write it once
  await db
    .update(payoutLinks)
    .set({ lastOpenedAt: now })
    .where(
      and(
        eq(payoutLinks.id, link.id),
        or(isNull(payoutLinks.lastOpenedAt), lt(payoutLinks.lastOpenedAt, new Date(now.getTime() - OPENED_TOUCH_MS))),
      ),
    );
}

/** Notes that an invoice submitted through the link's page was accepted by the service (the first time only). */
export async function noteLinkUsed(db: Db, linkId: string): Promise<void> {
  await db
    .update(payoutLinks)
    .set({ usedAt: new Date() })
    .where(and(eq(payoutLinks.id, linkId), isNull(payoutLinks.usedAt)));
}
