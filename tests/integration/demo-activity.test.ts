import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { randomBytes } from "node:crypto";
import { exchangePageSchema } from "@/lib/dashboard/contract/dashboard-api";
import { parse } from "./harness/api";
import { removeDir, startApp } from "./harness/app-server";
import { createScratchDatabase } from "./harness/database";
import { DashboardSession } from "./harness/dashboard";

// A fresh demo database is not an empty screen: example activity is made through the sandbox's
// own API and reaches the dashboard over the real webhook path.

const password = "demo-activity-password-1";

async function settledList(session: DashboardSession, count: number) {
  for (let i = 0; i < 300; i++) {
    const page = parse(exchangePageSchema, await session.request("GET", "/api/exchanges?limit=100"), 200);
    const done = page.data.length >= count && page.data.every((e) => e.exchange !== null);
    if (done) return page.data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the example activity never arrived");
}

describe("SANDBOX_DEMO_ACTIVITY", () => {
  it("on a fresh database: every state the dashboard shows, through webhooks; not again on restart", async () => {
    const databaseUrl = inject("databaseUrl");
    const scratch = databaseUrl ? await createScratchDatabase(databaseUrl, `demo_${randomBytes(4).toString("hex")}`) : undefined;
    const operatorKey = `sk_op_demo_${randomBytes(8).toString("hex")}`;
    const env = { SANDBOX_DEMO_ACTIVITY: "true", DEMO_PASSWORD: password };
    let app = await startApp({ operatorKey, databaseUrl: scratch, env });
    try {
      const session = await DashboardSession.signIn("affiliate@example.com", password, { baseUrl: app.baseUrl });
      const items = await settledList(session, 8);
      const states = items.map((e) => e.state).sort();
      expect(states).toEqual(["executed", "executed", "interrupted", "refunded", "refunded", "settled", "settled", "settled"]);
      const reasons = items.flatMap((e) => (e.state === "refunded" ? [e.exchange?.reason?.code] : [])).sort();
      expect(reasons).toEqual(["companies_unsupported", "country_unsupported"]);
      const pairs = new Set(items.map((e) => e.exchange?.pair));
      expect(pairs).toEqual(new Set(["btc/eur", "btc/chf"]));
      // a confirmed payout, an unconfirmed one, and a Lightning payout awaiting the end user
      const payouts = items.flatMap((e) => (e.exchange?.payout && "confirmed" in e.exchange.payout ? [e.exchange.payout.confirmed] : []));
      expect(payouts.sort()).toEqual([false, true, true]);
      expect(items.some((e) => e.exchange?.action?.code === "initiate_payout")).toBe(true);
      expect(items.some((e) => e.exchange?.action?.code === "identification_required")).toBe(true);
      expect(app.output()).toContain("example activity: 8 exchanges");

      await app.stop();
      app = await startApp({ operatorKey, databaseUrl: scratch, dataDir: app.dataDir, port: app.port, env });
      const again = await DashboardSession.signIn("affiliate@example.com", password, { baseUrl: app.baseUrl });
      await new Promise((r) => setTimeout(r, 1_000));
      const after = parse(exchangePageSchema, await again.request("GET", "/api/exchanges?limit=100"), 200);
      expect(after.data).toHaveLength(8);
      expect(app.output()).not.toContain("example activity");
    } finally {
      await app.stop();
      if (!scratch) removeDir(app.dataDir);
    }
  });
});
