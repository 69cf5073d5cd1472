import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parse as parseCsv } from "csv-parse/sync";
import { auditPageSchema } from "@/lib/dashboard/contract/dashboard-api";
import { errorCode, parse } from "./harness/api";
import { removeDir, startApp, type RunningApp } from "./harness/app-server";
import { createScratchDatabase } from "./harness/database";
import { DashboardSession } from "./harness/dashboard";

// Its own app, whose step-up window is 10 seconds (STEP_UP_WINDOW_SECONDS) instead of 5 minutes,
// so that a session's confirmation lapses while the test watches: every action that reveals a
// secret, moves money or changes who may act is refused then, changes nothing, and goes ahead
// once the person confirms again.

const operatorKey = `sk_op_stepup_${randomBytes(8).toString("hex")}`;
const password = "a-long-test-password-3";
let app: RunningApp;
let scratch: string | undefined;

beforeAll(async () => {
  const databaseUrl = inject("databaseUrl");
  scratch = databaseUrl ? await createScratchDatabase(databaseUrl, `stepup_${randomBytes(4).toString("hex")}`) : undefined;
  app = await startApp({ operatorKey, databaseUrl: scratch, env: { DEMO_PASSWORD: password, STEP_UP_WINDOW_SECONDS: "10" } });
}, 120_000);

afterAll(async () => {
  await app.stop();
  if (!scratch) removeDir(app.dataDir);
});

const signIn = (email: string) => DashboardSession.signIn(email, password, { baseUrl: app.baseUrl });

/** Waits until the session's confirmation has lapsed: the reveal is refused for it. */
async function lapsed(session: DashboardSession) {
  await expect
    .poll(async () => errorCode(await session.request("POST", "/api/settings/webhook-secret/reveal", { which: "current" })), {
      timeout: 20_000,
      interval: 500,
    })
    .toBe("reauthentication_required");
}

describe("step-up: a factor (or the password, without one) confirmed within the window", () => {
  it("a secret reveal is refused without a recent confirmation, and allowed right after one", async () => {
    const admin = await signIn("affiliate@example.com");
    // signing in counts as a confirmation
    expect((await admin.request("POST", "/api/settings/webhook-secret/reveal", { which: "current" })).status).toBe(200);
    await lapsed(admin);
    const methods = (await admin.request("GET", "/api/account/reauthenticate")).body as { methods: string[]; reauthenticated_until: null };
    expect(methods).toEqual({ methods: ["password"], reauthenticated_until: null });
    const wrong = await admin.request("POST", "/api/account/reauthenticate", { method: "password", password: "not-it" });
    expect([wrong.status, errorCode(wrong)]).toEqual([400, "invalid_code"]);
    const confirmed = await admin.request("POST", "/api/account/reauthenticate", { method: "password", password });
    expect(confirmed.status).toBe(200);
    const until = Date.parse((confirmed.body as { reauthenticated_until: string }).reauthenticated_until);
    expect(until - Date.now()).toBeGreaterThan(5_000);
    expect((await admin.request("POST", "/api/settings/webhook-secret/reveal", { which: "current" })).status).toBe(200);
  }, 60_000);

  it("every such action is refused once the confirmation lapsed, and nothing changes", async () => {
    const admin = await signIn("affiliate@example.com");
    const team = (await admin.request("GET", "/api/settings/team")).body as { data: { id: string; email: string }[] };
    const viewer = team.data.find((m) => m.email === "viewer@example.com")?.id ?? "";
    const before = { team: team.data.length, secret: (await admin.request("GET", "/api/settings/webhook-secret")).body };
    await lapsed(admin);
    const refused: [string, string, unknown?][] = [
      ["POST", "/api/settings/webhook-secret/reveal", { which: "current" }],
      ["POST", "/api/settings/webhook-secret/rotate", { overlap_hours: 0 }],
      ["PUT", "/api/settings/credentials", { client_id: "cl_another_one_0000" }],
      ["POST", "/api/settings/team", { email: "someone.new@example.com", role: "viewer" }],
      ["PATCH", `/api/settings/team/${viewer}`, { disabled: true }],
      ["POST", `/api/settings/team/${viewer}/reset-password`],
      ["POST", `/api/settings/team/${viewer}/reset-second-factors`],
      ["PUT", "/api/settings/security", { require_second_factor: true }],
      ["POST", `/api/exchanges/${randomUUID()}/payout-link`, {}],
      [
        "POST",
        `/api/agreements/${randomUUID()}/payouts`,
        { period: "2026-10", received_on: "2026-11-02", amount: 10, currency: "eur", bank_reference: "x" },
      ],
      ["POST", "/api/account/totp"],
      ["POST", "/api/account/passkeys/options"],
      ["POST", "/api/account/recovery-codes"],
    ];
    for (const [method, path, body] of refused) {
      const reply = await admin.request(method, path, body);
      expect([method, path, reply.status, errorCode(reply)]).toEqual([method, path, 403, "reauthentication_required"]);
    }
    const after = (await admin.request("GET", "/api/settings/team")).body as { data: unknown[] };
    expect(after.data).toHaveLength(before.team);
    expect((await admin.request("GET", "/api/settings/webhook-secret")).body).toEqual(before.secret);
    expect(((await admin.request("GET", "/api/settings/security")).body as { require_second_factor: boolean }).require_second_factor).toBe(
      false,
    );
    // reads stay open
    expect((await admin.request("GET", "/api/orders")).status).toBe(200);
  }, 60_000);

  it("a payout link refused for want of a confirmation is audited per attempt as denied, naming the address's exchange", async () => {
    const admin = await signIn("affiliate@example.com");
    await lapsed(admin);
    const exchangeId = randomUUID();
    for (let click = 0; click < 2; click++) {
      const reply = await admin.request("POST", `/api/exchanges/${exchangeId}/payout-link`, {});
      expect([reply.status, errorCode(reply)]).toEqual([403, "reauthentication_required"]);
    }
    const entries = parse(auditPageSchema, await admin.request("GET", "/api/audit?action=payout_links.create&limit=100"), 200).data;
    const mine = entries.filter((e) => e.target === exchangeId);
    expect(mine.map((e) => [e.action, e.result, e.target_kind])).toEqual([
      ["payout_links.create", "reauthentication_required", "exchange"],
      ["payout_links.create", "reauthentication_required", "exchange"],
    ]);
    // said as every refused action is: its sentence, naming the exchange, with the outcome "Denied"
    const csv = await admin.request("GET", "/api/audit/export.csv?action=payout_links.create");
    const rows = parseCsv(String(csv.body), { columns: true }) as Record<string, string>[];
    const row = rows.find((r) => r.target === exchangeId);
    expect(row).toMatchObject({ outcome: "Denied", result: "reauthentication_required" });
    expect(row?.sentence).toContain(exchangeId);
    expect(row?.sentence).not.toContain("(unknown)");
  }, 60_000);
});
