import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import { clientListSchema } from "@/lib/service-api/operator-contract";
import { http, parse } from "./harness/api";
import { removeDir, startApp, type RunningApp } from "./harness/app-server";
import { createScratchDatabase, onAppDatabase } from "./harness/database";

// The request log's rows over a stop (docs/request-logs.md#off-the-hot-path): they are written
// after the answers, in batches, and a call the server answered, before or while it stops, is in
// the log once it stopped: its drain writes the rows still waiting before the database closes.
// /metrics counts the rows written and dropped.

const operatorKey = `sk_op_rld_${randomBytes(8).toString("hex")}`;
const metricsToken = `metrics_${randomBytes(12).toString("hex")}`;

/** The request log's rows counted in /metrics, by outcome. */
async function rowCounts(app: RunningApp): Promise<Record<string, number>> {
  const text = await (await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  const counts: Record<string, number> = {};
  const lines = text.matchAll(/^dashboard_request_log_rows_total\{outcome="(\w+)"\} (\d+)$/gm);
  for (const [, outcome = "", value] of lines) counts[outcome] = Number(value);
  return counts;
}

let app: RunningApp | undefined;
afterAll(async () => {
  await app?.stop();
  if (app && !inject("databaseUrl")) removeDir(app.dataDir);
});

describe("the request log over a stop", () => {
  it("every call answered while the server stops is stored, and /metrics counts the rows written", async () => {
    const shared = inject("databaseUrl");
    const databaseUrl = shared ? await createScratchDatabase(shared, `rl_drain_${randomBytes(4).toString("hex")}`) : undefined;
    app = await startApp({ operatorKey, databaseUrl, env: { METRICS_TOKEN: metricsToken } });
    const clients = await http("GET", `${app.sandboxUrl}/operator/clients`, { headers: { authorization: `Bearer ${operatorKey}` } });
    const clientId = parse(clientListSchema, clients, 200).clients.find((client) => client.name === "Demo Affiliate")?.client_id;
    expect(clientId, "the demo tenant's sandbox client").toBeTruthy();
    /** A call of the demo client: whether it was answered (404, the order unknown) before the server closed. */
    const call = async (requestId: string) => {
      const reply = await http("GET", `${app?.sandboxUrl}/v1/orders/${randomUUID()}`, {
        headers: { authorization: `client_id ${clientId}`, "x-request-id": requestId },
      }).catch(() => null);
      return reply?.status === 404;
    };

    // a few calls: counted as written, none dropped
    for (let i = 0; i < 5; i++) expect(await call(`rld-first-${i}`)).toBe(true);
    await expect.poll(async () => (await rowCounts(app as RunningApp)).written ?? 0, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    expect((await rowCounts(app)).dropped ?? 0).toBe(0);

    // calls under way, 30 at a time, when the server is told to stop: each one answered is in the log
    const answered: string[] = [];
    let next = 0;
    let stopping: Promise<void> | undefined;
    await Promise.all(
      Array.from({ length: 30 }, async () => {
        while (next < 600) {
          const requestId = `rld-burst-${next++}`;
          if (await call(requestId)) answered.push(requestId);
          if (answered.length === 200) stopping ??= app?.stop();
        }
      }),
    );
    await stopping;
    expect(answered.length).toBeGreaterThanOrEqual(200);
    expect(app.output()).not.toMatch(/request log rows? (could not be|dropped)/);
    const stored = await onAppDatabase<{ request_id: string }>(
      app.dataDir,
      databaseUrl,
      "SELECT request_id FROM request_logs WHERE request_id LIKE 'rld-burst-%'",
    );
    expect(stored.map((row) => row.request_id).sort()).toEqual(answered.sort());
  });
});
