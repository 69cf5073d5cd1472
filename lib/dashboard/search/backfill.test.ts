import { beforeAll, describe, expect, it } from "vitest";
import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { openMemoryDatabase, insertTestTenant } from "@/lib/db/memory-database";
import * as schema from "@/lib/db/schema";
import { mintInvoice } from "@/lib/lightning/mint-invoice";
import { backfillPaymentHashes } from "./backfill";

// Exchanges stored before the payment_hash column get theirs decoded once; an invoice that is not
// one is marked so that it is not read again, and rows without an invoice are left alone.

let db: Db;
beforeAll(async () => {
  ({ db } = await openMemoryDatabase());
}, 60_000);

describe("the payment hash backfill", () => {
  it("fills in each stored invoice's payment hash, on every network, once", async () => {
    const tenantId = randomUUID();
    await insertTestTenant(db, tenantId, "http://backfill.test");
    const minted = (["testnet", "mainnet", "regtest"] as const).map((network) =>
      mintInvoice({ privateKey: randomBytes(32), msat: 150_000n, now: new Date(), network }),
    );
    const row = (payout: Record<string, unknown> | null) => {
      const id = randomUUID();
      return {
        id,
        tenantId,
        orderId: randomUUID(),
        state: "executed" as const,
        firstSeenAt: new Date(),
        snapshot: { id, payout } as never,
      };
    };
    const rows = [...minted.map((m) => row({ invoice: m.invoice })), row({ invoice: "lntb1notaninvoice" }), row(null)];
    await db.insert(schema.exchanges).values(rows);

    expect(await backfillPaymentHashes(db)).toBe(4);
    expect(await backfillPaymentHashes(db)).toBe(0);
    const stored = await db.select().from(schema.exchanges).where(eq(schema.exchanges.tenantId, tenantId));
    const hashOf = (id: string | undefined) => stored.find((e) => e.id === id)?.paymentHash;
    minted.forEach((m, i) => expect(hashOf(rows[i]?.id)).toBe(m.paymentHash));
    expect(hashOf(rows[3]?.id)).toBe("");
    expect(hashOf(rows[4]?.id)).toBeNull();
  });
});
