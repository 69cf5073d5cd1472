import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import { requestLogPageSchema } from "@/lib/dashboard/contract/request-logs-api";
import { clientListSchema } from "@/lib/service-api/operator-contract";
import { http, parse } from "./harness/api";
import { removeDir, startApp, type RunningApp } from "./harness/app-server";
import { createScratchDatabase, onAppDatabase } from "./harness/database";
import { DashboardSession } from "./harness/dashboard";

// The request logs' retention over a restart of the app: rows older than
// REQUEST_LOG_RETENTION_DAYS go when the daily retention job runs, newer ones stay, and the
// general RETENTION_DAYS (longer) keeps the rest of what was stored. The job is the one durable
// retention job every instance shares; here its next run is brought forward in the database while
// the app is stopped, as tomorrow would come.

const operatorKey = `sk_op_ret_${randomBytes(8).toString("hex")}`;
const password = "a-long-test-password-7";
const env = { DEMO_PASSWORD: password, REQUEST_LOG_RETENTION_DAYS: "2", RETENTION_DAYS: "90", JOBS_INTERVAL_MS: "100" };

let app: RunningApp | undefined;
afterAll(async () => {
  await app?.stop();
  if (app && !inject("databaseUrl")) removeDir(app.dataDir);
});

describe("request log retention", () => {
  it("rows older than REQUEST_LOG_RETENTION_DAYS are deleted by the retention job after a restart; newer ones stay", async () => {
    const shared = inject("databaseUrl");
    const databaseUrl = shared ? await createScratchDatabase(shared, `rl_retention_${randomBytes(4).toString("hex")}`) : undefined;
    app = await startApp({ operatorKey, databaseUrl, env });
    const clients = await http("GET", `${app.sandboxUrl}/operator/clients`, { headers: { authorization: `Bearer ${operatorKey}` } });
    const clientId = parse(clientListSchema, clients, 200).clients.find((client) => client.name === "Demo Affiliate")?.client_id;
    expect(clientId, "the demo tenant's sandbox client").toBeTruthy();

    // three calls of the demo client: two will be made three days old, one stays today's
    const ids = { old: [`old-${randomUUID()}`, `old-${randomUUID()}`], fresh: `fresh-${randomUUID()}` };
    for (const requestId of [...ids.old, ids.fresh]) {
      const reply = await http("GET", `${app.sandboxUrl}/v1/orders/${randomUUID()}`, {
        headers: { authorization: `client_id ${clientId}`, "x-request-id": requestId },
      });
      expect(reply.status).toBe(404);
    }
    let operator = await DashboardSession.signIn("operator@example.com", password, { baseUrl: app.baseUrl });
    const logged = async (session: DashboardSession) => {
      const page = parse(requestLogPageSchema, await session.request("GET", "/api/operator/request-logs?limit=100"), 200);
      return page.data.map((row) => row.request_id);
    };
    await expect.poll(async () => (await logged(operator)).filter((id) => id?.match(/^(old|fresh)-/)).length, { timeout: 10_000 }).toBe(3);

    // tomorrow, as the database sees it: two rows aged past the cutoff, the retention job due
    await app.stop();
    await onAppDatabase(
      app.dataDir,
      databaseUrl,
      `UPDATE request_logs SET created_at = now() - interval '3 days' WHERE request_id IN ('${ids.old.join("','")}');
       UPDATE jobs SET run_at = now() WHERE kind = 'retention' AND status = 'pending';`,
    );
    app = await startApp({ operatorKey, databaseUrl, dataDir: app.dataDir, env });
    operator = await DashboardSession.signIn("operator@example.com", password, { baseUrl: app.baseUrl });
    await expect.poll(async () => (await logged(operator)).filter((id) => ids.old.includes(id ?? "")).length, { timeout: 15_000 }).toBe(0);
    expect(await logged(operator)).toContain(ids.fresh);
    // the job says what it pruned, and by which setting
    expect(app.output()).toMatch(/"request_logs":2\b/);
  });
});
