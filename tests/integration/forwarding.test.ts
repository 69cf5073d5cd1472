import { randomBytes, randomUUID } from "node:crypto";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { Webhook as SvixWebhook } from "svix";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { deliverySchema, endpointSchema, endpointWithSecretSchema, deliveryListSchema } from "@/lib/dashboard/contract/forwarding-api";
import { signBody } from "@/lib/service-api/webhook-signature.mjs";
import { errorCode, http, parse } from "./harness/api";
import { removeDir, type RunningApp } from "./harness/app-server";
import { createScratchDatabase } from "./harness/database";
import { DashboardSession } from "./harness/dashboard";
import { eventBody } from "./harness/events";
import { password, startForwardingApp, typeOf, verifyBoth, webhookSecret } from "./harness/forwarding";
import { Receiver, type Received } from "./harness/receiver";

// Webhooks handed on to an affiliate's own system, on an app of this suite's own
// (harness/forwarding.ts). The receiver is a plain node:http server; what it gets is verified
// with two libraries nobody here wrote. A restart and the refused destinations are in
// forwarding-restart.test.ts.

let app: RunningApp;
let scratch: string | undefined;
let receiver: Receiver;
let admin: DashboardSession;

beforeAll(async () => {
  const databaseUrl = inject("databaseUrl");
  scratch = databaseUrl ? await createScratchDatabase(databaseUrl, `fwd_${randomBytes(4).toString("hex")}`) : undefined;
  app = await startForwardingApp({ databaseUrl: scratch });
  receiver = await Receiver.start();
  admin = await DashboardSession.signIn("affiliate@example.com", password, { baseUrl: app.baseUrl });
}, 120_000);

afterAll(async () => {
  await receiver.close();
  await app.stop();
  if (!scratch) removeDir(app.dataDir);
});

/** A webhook of the service, signed with the demo tenant's secret, as the service sends it. */
async function serviceSends(body: string) {
  const reply = await http("POST", `${app.baseUrl}/webhook`, {
    raw: body,
    headers: { "content-type": "application/json", "x-signature-256": signBody(body, webhookSecret) },
  });
  expect(reply.status).toBe(200);
}

async function addEndpoint(path: string, extra: Record<string, unknown> = {}) {
  const reply = await admin.request("POST", "/api/forwarding/endpoints", { url: `${receiver.url}${path}`, ...extra });
  return parse(endpointWithSecretSchema, reply, 201);
}

describe("forwarding endpoints", () => {
  it("hands every stored webhook on byte for byte, signed per Standard Webhooks, to the endpoints whose filter wants it", async () => {
    const all = await addEndpoint("/all", { description: "Backend" });
    const settledOnly = await addEndpoint("/settled", { event_types: ["exchange.settled"] });
    expect(all.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    // the secret is in the creation's answer only
    const listed = (await admin.request("GET", "/api/forwarding/endpoints")).body as { data: unknown[] };
    expect(JSON.stringify(listed)).not.toContain(all.secret);

    const bodies = ["exchange.executed", "exchange.settled", "exchange.refunded"].map((event) =>
      // keys in an unusual order and spacing: the forwarded body must be these bytes, not a re-serialisation
      eventBody(event).replace('{"event"', '{ "event" '),
    );
    for (const body of bodies) await serviceSends(body);
    await serviceSends(bodies[1] ?? ""); // a duplicate from the service is stored once, so forwarded once
    await receiver.until(() => receiver.on("/all").length >= 3 && receiver.on("/settled").length >= 1);
    // nothing more comes (the duplicate, the filter)
    await new Promise((r) => setTimeout(r, 1_000));
    expect(receiver.on("/all").map((r) => r.body)).toEqual(expect.arrayContaining(bodies));
    expect(receiver.on("/all")).toHaveLength(3);
    expect(receiver.on("/settled").map(typeOf)).toEqual(["exchange.settled"]);
    for (const request of receiver.on("/all")) {
      verifyBoth(request, all.secret);
      expect(request.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(Math.abs(Number(request.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(30);
      expect(request.headers["content-type"]).toBe("application/json");
      // another endpoint's secret does not verify it
      expect(() => new StandardWebhook(settledOnly.secret).verify(request.body, request.headers)).toThrow();
    }
    verifyBoth(receiver.on("/settled")[0] as Received, settledOnly.secret);
    expect(new Set(receiver.on("/all").map((r) => r.headers["webhook-id"])).size).toBe(3);

    const log = parse(deliveryListSchema, await admin.request("GET", `/api/forwarding/endpoints/${all.id}/deliveries`), 200);
    expect(log.data.map((d) => d.status)).toEqual(["delivered", "delivered", "delivered"]);
    expect(log.data[0]?.attempt_log).toMatchObject([{ attempt: 1, status_code: 200, error: null, response_body: "ok" }]);
    const health = parse(endpointSchema, await admin.request("GET", `/api/forwarding/endpoints/${all.id}`), 200).health;
    expect(health).toMatchObject({ success_rate_24h: 1, attempts_24h: 3, failing_since: null, pending: 0 });
    expect(health.last_success_at).not.toBeNull();
    for (const e of [all, settledOnly]) expect((await admin.request("DELETE", `/api/forwarding/endpoints/${e.id}`)).status).toBe(204);
  }, 60_000);

  it("retries after a 500 and after 15 s without an answer, with one webhook-id; the log keeps each attempt and 1 KiB of it", async () => {
    const endpoint = await addEndpoint("/flaky");
    let calls = 0;
    receiver.answerWith(async (request, res) => {
      if (request.path !== "/flaky") return void res.end("ok");
      calls++;
      if (calls === 1) {
        res.statusCode = 500;
        return void res.end("x".repeat(5_000));
      }
      if (calls === 2) return; // never answers: the sender gives up after 15 s
      res.end("thanks");
    });
    await serviceSends(eventBody("exchange.settled"));
    await receiver
      .until(() => receiver.on("/flaky").length >= 3, 40_000, "three attempts")
      .catch(async (e: unknown) => {
        const log = await admin.request("GET", `/api/forwarding/endpoints/${endpoint.id}/deliveries`);
        throw new Error(`${String(e)}: ${JSON.stringify(receiver.on("/flaky").map((r) => r.at))} ${JSON.stringify(log.body)}`);
      });
    const attempts = receiver.on("/flaky");
    expect(new Set(attempts.map((a) => a.headers["webhook-id"])).size).toBe(1);
    for (const a of attempts) verifyBoth(a, endpoint.secret);
    // the timeout's retry came 15 s and the schedule's 0.5 s after the second attempt began
    expect((attempts[2]?.at ?? 0) - (attempts[1]?.at ?? 0)).toBeGreaterThanOrEqual(15_000);
    await expect
      .poll(async () => {
        const page = parse(deliveryListSchema, await admin.request("GET", `/api/forwarding/endpoints/${endpoint.id}/deliveries`), 200);
        return page.data[0]?.status;
      })
      .toBe("delivered");
    const [delivery] = parse(
      deliveryListSchema,
      await admin.request("GET", `/api/forwarding/endpoints/${endpoint.id}/deliveries`),
      200,
    ).data;
    expect(delivery?.attempt_log.map((a) => [a.attempt, a.status_code, a.error])).toEqual([
      [1, 500, null],
      [2, null, "no answer within 15 s"],
      [3, 200, null],
    ]);
    expect(delivery?.attempt_log[0]?.response_body).toHaveLength(1024);
    expect(delivery?.webhook_id).toBe(attempts[0]?.headers["webhook-id"]);
    receiver.answerWith((_, res) => res.end("ok"));
    await admin.request("DELETE", `/api/forwarding/endpoints/${endpoint.id}`);
  }, 60_000);

  it("signs with both secrets during a rotation's overlap, and with the new one alone after a rotation without", async () => {
    const endpoint = await addEndpoint("/rotating");
    const rotated = parse(
      endpointWithSecretSchema,
      await admin.request("POST", `/api/forwarding/endpoints/${endpoint.id}/rotate-secret`, { overlap_hours: 1 }),
      200,
    );
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(Date.parse(rotated.previous_secret_expires_at ?? "") - Date.now()).toBeGreaterThan(3_500_000);
    await serviceSends(eventBody("exchange.settled"));
    await receiver.until(() => receiver.on("/rotating").length === 1);
    const during = receiver.on("/rotating")[0] as Received;
    expect(during.headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    verifyBoth(during, endpoint.secret);
    verifyBoth(during, rotated.secret);

    const again = parse(
      endpointWithSecretSchema,
      await admin.request("POST", `/api/forwarding/endpoints/${endpoint.id}/rotate-secret`, { overlap_hours: 0 }),
      200,
    );
    await serviceSends(eventBody("exchange.refunded"));
    await receiver.until(() => receiver.on("/rotating").length === 2);
    const after = receiver.on("/rotating")[1] as Received;
    expect(after.headers["webhook-signature"]?.split(" ")).toHaveLength(1);
    verifyBoth(after, again.secret);
    expect(() => new SvixWebhook(rotated.secret).verify(after.body, after.headers)).toThrow();
    await admin.request("DELETE", `/api/forwarding/endpoints/${endpoint.id}`);
  }, 30_000);

  it("a test event, a redirect that is not followed, a resend and a recovery after the receiver's outage", async () => {
    const endpoint = await addEndpoint("/ops");
    const test = parse(deliverySchema, await admin.request("POST", `/api/forwarding/endpoints/${endpoint.id}/test`), 201);
    expect(test).toMatchObject({ event_type: "forwarding.test", status: "delivered", attempts: 1 });
    const arrived = receiver.on("/ops")[0] as Received;
    expect(typeOf(arrived)).toBe("forwarding.test");
    verifyBoth(arrived, endpoint.secret);

    // the receiver is down: every attempt fails, the delivery fails for good after the schedule
    receiver.answerWith((request, res) => {
      if (request.path === "/ops") {
        res.statusCode = 302;
        res.setHeader("location", `${receiver.url}/internal-only`);
      }
      res.end();
    });
    await serviceSends(eventBody("exchange.executed"));
    const failed = async () =>
      parse(deliveryListSchema, await admin.request("GET", `/api/forwarding/endpoints/${endpoint.id}/deliveries?status=failed`), 200).data;
    await expect.poll(async () => (await failed()).length, { timeout: 15_000 }).toBe(1);
    const [dead] = await failed();
    expect(dead?.attempt_log).toHaveLength(4);
    expect(dead?.attempt_log[0]?.error).toBe(`redirected to ${receiver.url}/internal-only; redirects are not followed`);
    expect(receiver.on("/internal-only")).toEqual([]);

    receiver.answerWith((_, res) => res.end("ok"));
    const resent = parse(deliverySchema, await admin.request("POST", `/api/forwarding/deliveries/${dead?.id}/resend`), 200);
    expect(resent).toMatchObject({ status: "delivered", attempts: 5, webhook_id: dead?.webhook_id });

    // two more fail while it is down, then an admin recovers every failure since before them
    receiver.answerWith((request, res) => {
      res.statusCode = request.path === "/ops" ? 503 : 200;
      res.end();
    });
    const since = new Date(Date.now() - 1_000).toISOString();
    await serviceSends(eventBody("exchange.settled"));
    await serviceSends(eventBody("exchange.refunded"));
    await expect.poll(async () => (await failed()).length, { timeout: 15_000 }).toBe(2);
    receiver.answerWith((_, res) => res.end("ok"));
    const before = receiver.on("/ops").filter((r) => r.headers["webhook-id"] !== test.webhook_id).length;
    const recovered = await admin.request("POST", `/api/forwarding/endpoints/${endpoint.id}/recover`, { since });
    expect(recovered.body).toEqual({ recovered: 2 });
    await receiver.until(() => receiver.on("/ops").length >= before + 3);
    await expect.poll(async () => (await failed()).length).toBe(0);
    await admin.request("DELETE", `/api/forwarding/endpoints/${endpoint.id}`);
  }, 60_000);

  it("a resend while the background loop attempts the delivery is refused (409); one attempt at a time", async () => {
    const endpoint = await addEndpoint("/slow");
    // the receiver holds the first attempt open until the test lets it go
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    receiver.answerWith(async (request, res) => {
      if (request.path === "/slow") await held;
      res.end("ok");
    });
    await serviceSends(eventBody("exchange.executed"));
    await receiver.until(() => receiver.on("/slow").length === 1);
    const list = async () =>
      parse(deliveryListSchema, await admin.request("GET", `/api/forwarding/endpoints/${endpoint.id}/deliveries`), 200).data;
    const [inFlight] = await list();
    const refused = await admin.request("POST", `/api/forwarding/deliveries/${inFlight?.id}/resend`);
    expect(refused.status).toBe(409);
    expect(errorCode(refused)).toBe("conflict");
    release();
    await expect.poll(async () => (await list())[0]?.status).toBe("delivered");
    // the refused resend sent nothing: one attempt, one request
    expect((await list())[0]?.attempts).toBe(1);
    expect(receiver.on("/slow")).toHaveLength(1);
    // once it has ended, a resend is one more attempt, answered after it
    const resent = parse(deliverySchema, await admin.request("POST", `/api/forwarding/deliveries/${inFlight?.id}/resend`), 200);
    expect(resent).toMatchObject({ status: "delivered", attempts: 2 });
    expect(receiver.on("/slow")).toHaveLength(2);
    await admin.request("DELETE", `/api/forwarding/endpoints/${endpoint.id}`);
  }, 30_000);

  it("disables an endpoint whose every attempt failed for the horizon, says why, and forwards nothing more to it", async () => {
    const endpoint = await addEndpoint("/dead");
    receiver.answerWith((request, res) => {
      res.statusCode = request.path === "/dead" ? 500 : 200;
      res.end();
    });
    // events keep coming while the endpoint keeps failing, until the dashboard gives up on it
    const state = async () => parse(endpointSchema, await admin.request("GET", `/api/forwarding/endpoints/${endpoint.id}`), 200);
    const deadline = Date.now() + 45_000;
    while ((await state()).enabled && Date.now() < deadline) {
      await serviceSends(eventBody("exchange.settled"));
      await receiver.until(() => receiver.on("/dead").length > 0, 5_000);
      await new Promise((r) => setTimeout(r, 500));
    }
    const disabled = await state();
    expect(disabled.enabled).toBe(false);
    expect(disabled.disabled_reason).toMatch(/^every attempt failed for 20 s; the last: HTTP 500$/);
    expect(disabled.health.failing_since).not.toBeNull();
    expect(Date.parse(disabled.disabled_at ?? "") - Date.parse(disabled.health.failing_since ?? "")).toBeGreaterThanOrEqual(20_000);
    const count = receiver.on("/dead").length;
    await serviceSends(eventBody("exchange.refunded"));
    await new Promise((r) => setTimeout(r, 1_500));
    expect(receiver.on("/dead")).toHaveLength(count);
    // an admin who fixed their system enables it again: a fresh start
    receiver.answerWith((_, res) => res.end("ok"));
    const enabled = parse(endpointSchema, await admin.request("PATCH", `/api/forwarding/endpoints/${endpoint.id}`, { enabled: true }), 200);
    expect(enabled).toMatchObject({ enabled: true, disabled_reason: null });
    expect(enabled.health.failing_since).toBeNull();
    await admin.request("DELETE", `/api/forwarding/endpoints/${endpoint.id}`);
  }, 90_000);
  it("is an admin's: a viewer may not read or add endpoints, and bad bodies are refused with their field", async () => {
    const viewer = await DashboardSession.signIn("viewer@example.com", password, { baseUrl: app.baseUrl });
    expect(errorCode(await viewer.request("GET", "/api/forwarding/endpoints"))).toBe("forbidden");
    expect(errorCode(await viewer.request("POST", "/api/forwarding/endpoints", { url: `${receiver.url}/v` }))).toBe("forbidden");
    const bad = await admin.request("POST", "/api/forwarding/endpoints", { url: "ftp://example.com/x", event_types: ["exchange.nope"] });
    expect([bad.status, errorCode(bad)]).toEqual([400, "invalid_request"]);
    const unknown = await admin.request("GET", `/api/forwarding/endpoints/${randomUUID()}`);
    expect([unknown.status, errorCode(unknown)]).toEqual([404, "not_found"]);
  });
});
