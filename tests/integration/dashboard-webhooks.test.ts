import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createHmac, randomUUID } from "node:crypto";
import { http } from "./harness/api";
import { DashboardSession } from "./harness/dashboard";
import { coinOrder, operator } from "./harness/fixtures";
import { ClientApi } from "./harness/api";
import { openSse } from "./harness/sse";
import { eventBody } from "./harness/events";
import { allLogs, logDir } from "./harness/secret-scan";

const base = () => inject("baseUrl");
const sign = (body: string, secret = inject("webhookSecret")) => createHmac("sha256", secret).update(body).digest("hex");

let admin: DashboardSession;
beforeAll(async () => {
  admin = await DashboardSession.signIn("affiliate@example.com");
});

const post = (body: string, headers: Record<string, string>, path = "/webhook") =>
  http("POST", `${base()}${path}`, {
    raw: body,
    headers: { "content-type": "application/json", "x-correlation-id": randomUUID(), "x-retry-count": "0", ...headers },
  });

async function eventsOf(exchangeId: string) {
  return (
    (
      (await admin.request("GET", `/api/exchanges/${exchangeId}/events`)).body as {
        data: { event: string; body: Record<string, unknown> }[];
      }
    ).data ?? []
  );
}

describe("POST /webhook", () => {
  it("verifies X-Signature-256 with or without sha256=, stores once, and 401s bad or missing signatures", async () => {
    const body = eventBody("exchange.refunded", { welcomeReward: null });
    const exchangeId = (JSON.parse(body) as { payload: { exchange_id: string } }).payload.exchange_id;
    expect((await post(body, { "x-signature-256": `sha256=${"0".repeat(64)}` })).status).toBe(401);
    expect((await post(body, {})).status).toBe(401);
    expect(await eventsOf(exchangeId)).toEqual([]);

    const first = await post(body, { "x-signature-256": `sha256=${sign(body)}` });
    expect(first.status).toBe(200);
    const duplicate = await post(body, { "x-signature-256": sign(body) });
    expect([duplicate.status, (duplicate.body as { duplicate?: boolean }).duplicate]).toEqual([200, true]);
    const stored = await eventsOf(exchangeId);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.body.payload).toMatchObject({ welcomeReward: null });
  });

  it("keeps unknown event types; malformed JSON with a valid signature is 400", async () => {
    const exchangeId = randomUUID();
    const odd = JSON.stringify({
      event: "identification.requested",
      payload: { exchange_id: exchangeId, order_id: randomUUID(), action: { code: "identify", url: "https://example.com/id" } },
    });
    expect((await post(odd, { "x-signature-256": `sha256=${sign(odd)}` })).status).toBe(200);
    expect((await eventsOf(exchangeId)).map((e) => e.event)).toEqual(["identification.requested"]);
    const broken = "{not json";
    expect((await post(broken, { "x-signature-256": `sha256=${sign(broken)}` })).status).toBe(400);
  });

  it("answers in milliseconds and an unknown endpoint id is 404", async () => {
    const body = eventBody("exchange.refunded");
    const started = performance.now();
    expect((await post(body, { "x-signature-256": `sha256=${sign(body)}` })).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect((await post(body, { "x-signature-256": `sha256=${sign(body)}` }, "/webhook/nope")).status).toBe(404);
  });
});

describe("the sandbox's deliveries to the dashboard", () => {
  it("read the dashboard's answer: each is logged as answered 200 there, never as a client gone (499)", async () => {
    const { order } = await coinOrder(new ClientApi(inject("demoClientId")));
    const { exchange_id } = await operator().pay({ order_id: order.id, amount: 30, currency: "eur" });
    await operator().runDeliveries();
    await expect.poll(async () => (await operator().deliveries(exchange_id)).map((d) => d.status)).toContain("delivered");
    const [delivery] = await operator().deliveries(exchange_id);
    const dir = logDir();
    expect(dir).toBeDefined();
    // the dashboard's line for that request: its correlation id is the delivery's event's
    const answered = allLogs(dir ?? "")
      .split("\n")
      .filter((line) => line.includes('"route":"/webhook') && line.includes('"msg":"request answered"'));
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.filter((line) => line.includes('"status":499'))).toEqual([]);
    expect(delivery?.last_status_code).toBe(200);
  });
});

describe("GET /api/events (server-sent events)", () => {
  it("streams a simulated payment's webhook within a second, and resumes after Last-Event-ID", async () => {
    const stream = await openSse(`${base()}/api/events`, { cookie: admin.cookieHeader });
    expect(stream.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(stream.response.headers.get("x-accel-buffering")).toBe("no");
    // held by the server's stream adapter (lib/runtime/streams.mjs), with the server's request id
    // and the headers every answer that is not a page carries
    expect(stream.response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(stream.response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(stream.response.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
    await stream.waitFor((f) => f.comment === "connected");

    const api = new ClientApi(inject("demoClientId"));
    const { order } = await coinOrder(api);
    const started = Date.now();
    const { exchange_id } = await operator().pay({ order_id: order.id, amount: 30, currency: "eur" });
    const frame = await stream.waitFor((f) => f.event === "webhook" && (f.data ?? "").includes(exchange_id));
    expect(frame.at - started).toBeLessThan(1_000);
    expect(JSON.parse(frame.data ?? "{}")).toMatchObject({ event: "exchange.executed", exchange_id, order_id: order.id });
    await stream.waitFor((f) => f.event === "snapshot" && (f.data ?? "").includes(exchange_id));
    await stream.close();

    // two events while disconnected, then a reconnect with Last-Event-ID
    await operator().drive(exchange_id, { type: "broadcast" });
    await operator().drive(exchange_id, { type: "confirm" });
    const deadline = Date.now() + 5_000;
    while ((await eventsOf(exchange_id)).length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const resumed = await openSse(`${base()}/api/events`, { cookie: admin.cookieHeader, "last-event-id": frame.id ?? "" });
    const missed = await resumed.waitFor(
      () => resumed.frames.filter((f) => f.event === "webhook" && (f.data ?? "").includes(exchange_id)).length === 2,
    );
    expect(missed).toBeTruthy();
    const ids = resumed.frames.filter((f) => f.event === "webhook").map((f) => Number(f.id));
    expect(ids.every((id) => id > Number(frame.id))).toBe(true);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    await resumed.close();
  });

  it("401 without a session", async () => {
    expect((await http("GET", `${base()}/api/events`)).status).toBe(401);
  });
});
