import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signBody } from "@/lib/service-api/webhook-signature.mjs";
import { errorCode, http } from "./harness/api";
import { removeDir } from "./harness/app-server";
import { createScratchDatabase } from "./harness/database";
import { DashboardSession } from "./harness/dashboard";
import { eventBody } from "./harness/events";
import { password, startForwardingApp, webhookSecret } from "./harness/forwarding";
import { Receiver } from "./harness/receiver";

// Forwarding that survives a restart of the app (harness/forwarding.ts), and the destinations a
// webhook may never be forwarded to on the shared app (no FORWARDING_ALLOW_PRIVATE).

let receiver: Receiver;
beforeAll(async () => {
  receiver = await Receiver.start();
});
afterAll(async () => {
  await receiver.close();
});

describe("forwarding across a restart", () => {
  it("loses no delivery to a restart: what was waiting is sent by the next process", async () => {
    // an app of its own whose one retry comes 3 s after a failure: time to stop it while they wait
    const databaseUrl = inject("databaseUrl");
    const own = databaseUrl ? await createScratchDatabase(databaseUrl, `fwd_restart_${randomBytes(4).toString("hex")}`) : undefined;
    let restarting = await startForwardingApp({ databaseUrl: own, schedule: "3" });
    const dataDir = restarting.dataDir;
    try {
      const session = await DashboardSession.signIn("affiliate@example.com", password, { baseUrl: restarting.baseUrl });
      const created = await session.request("POST", "/api/forwarding/endpoints", { url: `${receiver.url}/restart` });
      expect(created.status).toBe(201);
      receiver.answerWith((request, res) => {
        res.statusCode = request.path === "/restart" ? 503 : 200;
        res.end();
      });
      const bodies = Array.from({ length: 5 }, () => eventBody("exchange.settled"));
      for (const body of bodies) {
        const reply = await http("POST", `${restarting.baseUrl}/webhook`, {
          raw: body,
          headers: { "content-type": "application/json", "x-signature-256": signBody(body, webhookSecret) },
        });
        expect(reply.status).toBe(200);
      }
      await receiver.until(() => new Set(receiver.on("/restart").map((r) => r.body)).size === 5);
      await restarting.stop();
      const firstTries = receiver.on("/restart").length;
      expect(firstTries).toBe(5);
      receiver.answerWith((_, res) => res.end("ok"));
      restarting = await startForwardingApp({ databaseUrl: own, dataDir, schedule: "3" });
      await receiver.until(() => receiver.on("/restart").length >= 10, 20_000, "the retries after the restart");
      const retried = receiver.on("/restart").slice(firstTries);
      expect(new Set(retried.map((r) => r.body))).toEqual(new Set(bodies));
      expect(new Set(retried.map((r) => r.headers["webhook-id"]))).toEqual(
        new Set(
          receiver
            .on("/restart")
            .slice(0, firstTries)
            .map((r) => r.headers["webhook-id"]),
        ),
      );
      await new Promise((r) => setTimeout(r, 1_500));
      expect(receiver.on("/restart")).toHaveLength(10);
    } finally {
      await restarting.stop();
      if (!own) removeDir(dataDir);
    }
  }, 90_000);
});

describe("where webhooks may not be forwarded (no FORWARDING_ALLOW_PRIVATE)", () => {
  it.each([
    ["127.0.0.1", "http://127.0.0.1:9/hooks", "127.0.0.1 is a loopback address"],
    ["10.x", "http://10.20.30.40/hooks", "10.20.30.40 is a private address"],
    ["the metadata address", "http://169.254.169.254/latest/meta-data/", "169.254.169.254 is a linkLocal address"],
    ["[::1]", "http://[::1]:9/hooks", "::1 is a loopback address"],
    ["0.0.0.0", "http://0.0.0.0:9/hooks", "0.0.0.0 is a unspecified address"],
    ["a name resolving to loopback", "http://localhost:9/hooks", "localhost resolves to"],
    ["credentials in the URL", "https://user:pass@example.com/hooks", "A URL with credentials is refused"],
  ])("%s is refused with a clear error and stored nowhere", async (_, url, message) => {
    const session = await DashboardSession.signIn("affiliate@example.com");
    const reply = await session.request("POST", "/api/forwarding/endpoints", { url });
    expect([reply.status, errorCode(reply)]).toEqual([400, "forwarding_url_refused"]);
    expect((reply.body as { details: { path: string; message: string }[] }).details[0]?.message).toContain(message);
    const listed = (await session.request("GET", "/api/forwarding/endpoints")).body as { data: { url: string }[] };
    expect(listed.data.map((e) => e.url)).not.toContain(url);
  });
});
