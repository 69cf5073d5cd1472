import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { memoryDatabase } from "@/lib/db/memory-database";
import { payoutLinks, tenants } from "@/lib/db/schema";
import { isLinkLive, revokePayoutLinks } from "./payout-links";

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

async function link(expiresAt: Date) {
  const row = {
    id: randomUUID(),
    tenantId,
    exchangeId: randomUUID(),
    tokenHash: randomUUID(),
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
