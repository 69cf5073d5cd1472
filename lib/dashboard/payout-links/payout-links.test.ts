import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { memoryDatabase } from "@/lib/db/memory-database";
import { payoutLinks, tenants } from "@/lib/db/schema";
import { ApiError } from "@/lib/errors";
import { linkState } from "./link-list";
import { hashToken, isLinkLive, linkOfToken, noteLinkOpened, revokePayoutLinks } from "./payout-links";

// isLinkLive is what an open payout stream asks at every heartbeat: a real PGlite in memory.
let db: Db;
const tenantId = randomUUID();
beforeAll(async () => {
  db = await memoryDatabase();
  await db.insert(tenants).values({
    id: tenantId,
    name: "T",
    baseUrl: "http://x",
    clientIdEnc: "v1:x",
    webhookSecretEnc: "v1:x",
    webhookEndpointId: "e",
    isDefault: true,
    createdAt: new Date(),
  });
}, 60_000);

async function link(expiresAt: Date, tokenHash: string = randomUUID()) {
  const row = {
    id: randomUUID(),
    tenantId,
    exchangeId: randomUUID(),
    tokenHash,
    createdBy: null,
    createdAt: new Date(),
    expiresAt,
  };
  await db.insert(payoutLinks).values(row);
  return row;
}

describe("isLinkLive", () => {
  it("is true for a live link, false once it has expired", async () => {
    expect(await isLinkLive(db, (await link(new Date(Date.now() + 60_000))).id)).toBe(true);
    expect(await isLinkLive(db, (await link(new Date(Date.now() - 1))).id)).toBe(false);
  });

  it("is false once the link is revoked, and for a link that never was", async () => {
    const row = await link(new Date(Date.now() + 60_000));
    expect(await revokePayoutLinks(db, tenantId, row.exchangeId)).toBe(1);
    expect(await isLinkLive(db, row.id)).toBe(false);
    expect((await db.select().from(payoutLinks).where(eq(payoutLinks.id, row.id)))[0]?.revokedAt).not.toBeNull();
    expect(await isLinkLive(db, randomUUID())).toBe(false);
  });
});

describe("a link's state", () => {
  const now = new Date("2026-11-26T12:00:00Z");
  const later = new Date("2026-11-27T12:00:00Z");
  const earlier = new Date("2026-11-25T12:00:00Z");
  it.each([
    [{ revokedAt: null, usedAt: null, expiresAt: later }, "open"],
    [{ revokedAt: null, usedAt: null, expiresAt: earlier }, "expired"],
    [{ revokedAt: null, usedAt: earlier, expiresAt: later }, "used"],
    [{ revokedAt: null, usedAt: earlier, expiresAt: earlier }, "used"],
    [{ revokedAt: earlier, usedAt: earlier, expiresAt: later }, "revoked"],
    [{ revokedAt: earlier, usedAt: null, expiresAt: earlier }, "revoked"],
  ] as const)("%o is %s", (row, state) => {
    expect(linkState(row, now)).toBe(state);
  });
});

describe("linkOfToken", () => {
  const token = (n: number) => `${"A".repeat(21)}${"BCDEFGH"[n]}`;
  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => "ok",
      (e: unknown) => (e instanceof ApiError ? e.code : "?"),
    );

  it("is 410 for a revoked link's token only; unknown and expired tokens are both 404", async () => {
    const live = await link(new Date(Date.now() + 60_000), hashToken(token(0)));
    await link(new Date(Date.now() - 1), hashToken(token(1)));
    const revoked = await link(new Date(Date.now() + 60_000), hashToken(token(2)));
    await revokePayoutLinks(db, tenantId, revoked.exchangeId);
    expect((await linkOfToken(db, token(0))).id).toBe(live.id);
    expect(await codeOf(linkOfToken(db, token(1)))).toBe("not_found");
    expect(await codeOf(linkOfToken(db, token(2)))).toBe("payout_link_revoked");
    expect(await codeOf(linkOfToken(db, token(3)))).toBe("not_found");
  });

  it("notes an opening at most once a minute", async () => {
    const row = await link(new Date(Date.now() + 60_000), hashToken(token(4)));
    const opened = async () => (await db.select().from(payoutLinks).where(eq(payoutLinks.id, row.id)))[0]?.lastOpenedAt;
    await noteLinkOpened(db, await linkOfToken(db, token(4)));
    const first = await opened();
    expect(first).toBeInstanceOf(Date);
    await noteLinkOpened(db, await linkOfToken(db, token(4)));
    expect(await opened()).toEqual(first);
    // a minute later (as the row says), the next opening is written
    await db
      .update(payoutLinks)
      .set({ lastOpenedAt: new Date(Date.now() - 61_000) })
      .where(eq(payoutLinks.id, row.id));
    await noteLinkOpened(db, await linkOfToken(db, token(4)));
    expect((await opened())?.getTime()).toBeGreaterThan(Date.now() - 5_000);
  });
});
