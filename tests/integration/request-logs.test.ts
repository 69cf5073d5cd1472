import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { apiKeyCreatedSchema } from "@/lib/dashboard/contract/api-keys-api";
import {
  MASK,
  requestLogFrameSchema,
  requestLogDetailSchema,
  requestLogErrorsSchema,
  requestLogPageSchema,
  type RequestLogItem,
  type RequestLogPage,
} from "@/lib/dashboard/contract/request-logs-api";
import { orderSchema } from "@/lib/service-api/schemas";
import { overviewSchema } from "@/lib/dashboard/contract/dashboard-api";
import { ClientApi, errorCode, http, parse, sandboxUrl, type Reply } from "./harness/api";
import { createOrderVia, DashboardSession } from "./harness/dashboard";
import { IBAN_DE, operator, proofMessage } from "./harness/fixtures";
import { allLogs, logDir } from "./harness/secret-scan";
import { openSse } from "./harness/sse";
import { tenantWithAdmin, type Fixture } from "./harness/tenant-fixture";
import { addressOf, bitcoinKey, signBip137 } from "./harness/wallet";

// The request logs over HTTP (docs/request-logs.md): calls a plain HTTP client makes to the
// sandbox with the demo client's credentials, each in the demo tenant's log with its status and
// error code and grouped by cause; the dashboard's upstream calls linked to the request and key
// that caused them; tenants and clients apart; viewers without bodies; the logs scope; and no
// planted secret in any row or log line.

const op = operator();
const since = new Date(Date.now() - 60_000).toISOString();
let admin: DashboardSession;
let viewer: DashboardSession;
let operatorSession: DashboardSession;
let other: Fixture;

beforeAll(async () => {
  admin = await DashboardSession.signIn("affiliate@example.com");
  viewer = await DashboardSession.signIn("viewer@example.com");
  operatorSession = await DashboardSession.signIn("operator@example.com");
  other = await tenantWithAdmin();
});

/** A call to the sandbox as any HTTP client sends it, under a request id of our own. */
async function sandboxCall(clientId: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const requestId = `rl-${randomUUID()}`;
  const reply = await http(method, `${sandboxUrl()}${path}`, {
    body,
    headers: { "x-request-id": requestId, ...(clientId ? { authorization: `client_id ${clientId}` } : {}), ...headers },
  });
  return { requestId, reply };
}

/** The rows of a log list (all its pages since the test file began) with this request id, once written. */
async function rowsOf(session: Pick<DashboardSession, "request">, path: string, requestId: string): Promise<RequestLogItem[]> {
  const rows: RequestLogItem[] = [];
  let before: number | null = null;
  do {
    const separator = path.includes("?") ? "&" : "?";
    const query: string = `${separator}since=${encodeURIComponent(since)}&limit=100${before ? `&before=${before}` : ""}`;
    const page: RequestLogPage = parse(requestLogPageSchema, await session.request("GET", `${path}${query}`), 200);
    rows.push(...page.data.filter((row) => row.request_id === requestId));
    before = page.next_before;
  } while (before);
  return rows;
}

/** The one row of a request, waited for: rows are written after the answer went. */
async function rowOf(session: Pick<DashboardSession, "request">, path: string, requestId: string) {
  await expect.poll(async () => (await rowsOf(session, path, requestId)).length, { timeout: 10_000 }).toBe(1);
  const [row] = await rowsOf(session, path, requestId);
  if (!row) throw new Error("no row");
  return row;
}

const detail = async (session: Pick<DashboardSession, "request">, id: number) =>
  parse(requestLogDetailSchema, await session.request("GET", `/api/request-logs/${id}`), 200);

/** A BIP-137 proven order body for a fresh challenge of the client. */
async function orderBody(api: ClientApi, options: { signer?: string; feeRate?: number; token?: string } = {}) {
  const key = bitcoinKey(`logs ${randomBytes(6).toString("hex")}`);
  const token = options.token ?? (await api.challenge()).token;
  const message = proofMessage(token);
  const signer = options.signer ? bitcoinKey(options.signer) : key;
  return {
    fee_rate: options.feeRate ?? 0.02,
    payment_method: { currency: "eur", debitor_iban: IBAN_DE },
    payout_method: { bitcoin_address: addressOf(key, "p2wpkh"), message, signature: signBip137(message, signer, "p2wpkh") },
  };
}

describe("the sandbox's request log, as the demo tenant's admin reads it", () => {
  it("a bad signature, an expired challenge, a fee rate out of range, an unknown id and a good order: status, code, grouping", async () => {
    const clientId = inject("demoClientId");
    const api = new ClientApi(clientId);
    const late = await api.challenge();
    const calls = {
      badSignature: await sandboxCall(clientId, "POST", "/v1/orders", await orderBody(api, { signer: "a thief" })),
      feeRate: await sandboxCall(clientId, "POST", "/v1/orders", await orderBody(api, { feeRate: 0.5 })),
      unknownId: await sandboxCall(clientId, "GET", `/v1/orders/${randomUUID()}`),
      good: await sandboxCall(clientId, "POST", "/v1/orders", await orderBody(api)),
      expired: { requestId: "", reply: null as Reply | null },
    };
    await op.now(31 * 60);
    calls.expired = await sandboxCall(clientId, "POST", "/v1/orders", await orderBody(api, { token: late.token }));
    const expected = {
      badSignature: [400, "invalid_signature"],
      feeRate: [400, "fee_rate_out_of_range"],
      unknownId: [404, "not_found"],
      good: [201, null],
      expired: [400, "challenge_expired"],
    } as const;
    for (const [name, call] of Object.entries(calls)) {
      const [status, code] = expected[name as keyof typeof expected];
      const reply = call.reply as Reply;
      expect(reply.status, name).toBe(status);
      if (code) expect(errorCode(reply), name).toBe(code);
      const row = await rowOf(admin, "/api/request-logs?source=integration", call.requestId);
      expect(row, name).toMatchObject({ source: "integration", status, error_code: code, client_key: null });
      expect(row.path, name).toMatch(/^\/sandbox\/v1\/orders/);
    }
    // the good order's row names it, and holds what was sent and answered (the wallet's signature is no secret)
    const good = await rowOf(admin, "/api/request-logs?source=integration", calls.good.requestId);
    const order = orderSchema.parse(calls.good.reply?.body);
    expect(good.order_id).toBe(order.id);
    const full = await detail(admin, good.id);
    expect(full.request_headers.authorization).toBe(MASK);
    expect(JSON.parse(full.request_body ?? "{}")).toMatchObject({ payout_method: { signature: expect.any(String) } });
    expect(JSON.parse(full.response_body ?? "{}")).toMatchObject({ id: order.id });
    expect(full.bodies_hidden).toBe(false);
    // the status class and the error code filter
    expect((await rowsOf(admin, "/api/request-logs?status=2xx", calls.good.requestId)).length).toBe(1);
    expect((await rowsOf(admin, "/api/request-logs?status=4xx", calls.good.requestId)).length).toBe(0);
    expect((await rowsOf(admin, "/api/request-logs?error_code=invalid_signature", calls.badSignature.requestId)).length).toBe(1);
    expect((await rowsOf(admin, "/api/request-logs?error_code=not_found", calls.badSignature.requestId)).length).toBe(0);

    // grouped by error code × route, each group's latest example one of ours
    const errors = parse(requestLogErrorsSchema, await admin.request("GET", "/api/request-logs/errors?window=24h&source=integration"), 200);
    expect(errors.bucket).toBe("hour");
    const group = (code: string, route: string) => errors.groups.find((g) => g.error_code === code && g.route === route);
    for (const [code, route] of [
      ["invalid_signature", "/sandbox/v1/orders"],
      ["fee_rate_out_of_range", "/sandbox/v1/orders"],
      ["challenge_expired", "/sandbox/v1/orders"],
      ["not_found", "/sandbox/v1/orders/{id}"],
    ] as const) {
      const found = group(code, route);
      expect(found, `${code} ${route}`).toBeDefined();
      expect(found?.count).toBeGreaterThanOrEqual(1);
      expect(found?.buckets).toHaveLength(24);
      expect(found?.buckets.reduce((a, b) => a + b, 0)).toBe(found?.count);
      expect(found?.status).toBe(code === "not_found" ? 404 : 400);
      expect((await detail(admin, found?.latest_id ?? 0)).error_code).toBe(code);
    }
    expect(errors.groups.some((g) => g.error_code === null && g.status < 400)).toBe(false);
    expect(errors.failed).toBeLessThanOrEqual(errors.total);
    expect(
      parse(requestLogErrorsSchema, await admin.request("GET", "/api/request-logs/errors?window=7d"), 200).groups[0]?.buckets,
    ).toHaveLength(7);
  });

  it("the overview counts the last 24 hours' calls and failures, as the errors view does", async () => {
    const clientId = inject("demoClientId");
    const failed = await sandboxCall(clientId, "GET", `/v1/exchanges/${randomUUID()}`);
    await rowOf(admin, "/api/request-logs?source=integration", failed.requestId);
    const errors = parse(requestLogErrorsSchema, await admin.request("GET", "/api/request-logs/errors?window=24h"), 200);
    const { requests_24h } = parse(
      overviewSchema,
      await admin.request("GET", "/api/overview", undefined, { "cache-control": "no-cache" }),
      200,
    );
    expect(requests_24h.failed).toBeGreaterThanOrEqual(1);
    // the errors view asked first; calls made in between (the overview's own upstream reads) only add
    expect(requests_24h.failed).toBeGreaterThanOrEqual(errors.failed);
    expect(requests_24h.total).toBeGreaterThanOrEqual(errors.total);
    expect(requests_24h.failed).toBeLessThanOrEqual(requests_24h.total);
  });

  it("a request with an unknown client_id is the operator's alone; the operator finds a client's rows by its client_id", async () => {
    const stranger = `nobody_${randomBytes(8).toString("hex")}`;
    const refused = await sandboxCall(stranger, "GET", `/v1/exchanges/${randomUUID()}`);
    expect(refused.reply.status).toBe(401);
    const row = await rowOf(operatorSession, "/api/operator/request-logs", refused.requestId);
    expect(row).toMatchObject({ status: 401, error_code: "unauthorized", client_key: null });
    expect(await rowsOf(admin, "/api/request-logs", refused.requestId)).toEqual([]);

    const own = await sandboxCall(other.clientId, "GET", `/v1/exchanges/${randomUUID()}`);
    const mine = await rowOf(operatorSession, `/api/operator/request-logs?client_id=${other.clientId}`, own.requestId);
    expect(mine.client_key).toMatch(/^[0-9a-f]{64}$/);
    expect(await rowsOf(operatorSession, `/api/operator/request-logs?client_id=${inject("demoClientId")}`, own.requestId)).toEqual([]);
  });
});

describe("the dashboard's upstream calls", () => {
  it("an API call that reads upstream is in the tenant's log, linked to its request, member or key", async () => {
    const order = await createOrderVia(admin);
    const dashboardRequestId = `dash-${randomUUID()}`;
    const read = await admin.request("GET", `/api/orders/${order.id}`, undefined, { "x-request-id": dashboardRequestId });
    expect(read.status).toBe(200);
    expect(read.headers.get("x-request-id")).toBe(dashboardRequestId);
    await expect
      .poll(async () => {
        const page = parse(
          requestLogPageSchema,
          await admin.request("GET", `/api/request-logs?source=dashboard&since=${since}&limit=100`),
          200,
        );
        return page.data.filter((row) => row.dashboard_request_id === dashboardRequestId).length;
      })
      .toBe(1);
    const page = parse(
      requestLogPageSchema,
      await admin.request("GET", `/api/request-logs?source=dashboard&since=${since}&limit=100`),
      200,
    );
    const upstream = page.data.find((row) => row.dashboard_request_id === dashboardRequestId);
    expect(upstream).toMatchObject({ method: "GET", status: 200, order_id: order.id, api_key_id: null, error_code: null });
    expect(upstream?.user_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(upstream?.path).toBe(`/sandbox/v1/orders/${order.id}`);
    // the call is the dashboard's row alone (request-log-sources.test.ts): the sandbox's answer's request id is its own
    expect(upstream?.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await rowsOf(admin, "/api/request-logs", upstream?.request_id ?? "?")).toHaveLength(1);
    const full = await detail(admin, upstream?.id ?? 0);
    expect(full.request_headers.authorization).toBe(MASK);
    expect(full.request_headers["x-dashboard-call-signature"]).toBe(MASK);
    expect(JSON.parse(full.response_body ?? "{}")).toMatchObject({ id: order.id });

    // an API key: the logs scope opens the logs (read does not); its calls name it
    const key = async (scopes: string[]) =>
      parse(apiKeyCreatedSchema, await admin.request("POST", "/api/settings/api-keys", { name: `logs ${scopes.join(" ")}`, scopes }), 201);
    const reader = await key(["read"]);
    const logs = await key(["read", "logs"]);
    const bearer = (k: { key: string }) => ({ authorization: `Bearer ${k.key}` });
    expect(errorCode(await http("GET", `${inject("baseUrl")}/api/request-logs`, { headers: bearer(reader) }))).toBe("insufficient_scope");
    expect((await http("GET", `${inject("baseUrl")}/api/request-logs/errors`, { headers: bearer(logs) })).status).toBe(200);
    const byKey = `key-${randomUUID()}`;
    expect(
      (await http("GET", `${inject("baseUrl")}/api/orders/${order.id}`, { headers: { ...bearer(reader), "x-request-id": byKey } })).status,
    ).toBe(200);
    await expect
      .poll(async () => {
        const rows = parse(
          requestLogPageSchema,
          await admin.request("GET", `/api/request-logs?api_key_id=${reader.id}&since=${since}`),
          200,
        );
        return rows.data.map((row) => [row.dashboard_request_id, row.api_key_id, row.user_id]);
      })
      .toContainEqual([byKey, reader.id, null]);
    for (const k of [reader, logs]) await admin.request("DELETE", `/api/settings/api-keys/${k.id}`);
  });
});

describe("live", () => {
  it("a burst of calls is announced in a few gathered signals (one per 250 ms at most), the last naming the newest row", async () => {
    const ours = await openSse(`${inject("baseUrl")}/api/events`, { cookie: admin.cookieHeader });
    try {
      await ours.waitFor((f) => f.comment === "connected");
      const from = ours.frames.length;
      const calls = await Promise.all(
        Array.from({ length: 40 }, () => sandboxCall(inject("demoClientId"), "GET", `/v1/exchanges/${randomUUID()}`)),
      );
      const rows = await Promise.all(calls.map((call) => rowOf(admin, "/api/request-logs", call.requestId)));
      const newest = Math.max(...rows.map((row) => row.id));
      await ours.waitFor((f) => f.event === "request_log" && requestLogFrameSchema.parse(JSON.parse(f.data ?? "{}")).id >= newest);
      const signals = ours.frames.slice(from).filter((f) => f.event === "request_log");
      const counted = signals.reduce((sum, f) => sum + requestLogFrameSchema.parse(JSON.parse(f.data ?? "{}")).count, 0);
      expect(counted, "every row counted by some signal").toBeGreaterThanOrEqual(40);
      const span = (signals.at(-1)?.at ?? 0) - (signals[0]?.at ?? 0);
      expect(signals.length, `${signals.length} signals over ${span} ms`).toBeLessThanOrEqual(Math.floor(span / 250) + 2);
    } finally {
      await ours.close();
    }
  });

  it("a call made while the event stream is open arrives as event: request_log; another tenant's stream hears nothing of it", async () => {
    const ours = await openSse(`${inject("baseUrl")}/api/events`, { cookie: admin.cookieHeader });
    const theirs = await openSse(`${inject("baseUrl")}/api/events`, { cookie: other.admin.cookieHeader });
    try {
      await ours.waitFor((f) => f.comment === "connected");
      await theirs.waitFor((f) => f.comment === "connected");
      const call = await sandboxCall(inject("demoClientId"), "GET", `/v1/exchanges/${randomUUID()}`);
      const row = await rowOf(admin, "/api/request-logs", call.requestId);
      const frame = await ours.waitFor(
        (f) => f.event === "request_log" && requestLogFrameSchema.parse(JSON.parse(f.data ?? "{}")).id >= row.id,
      );
      expect(requestLogFrameSchema.parse(JSON.parse(frame.data ?? "{}")).count).toBeGreaterThanOrEqual(1);
      // a call of the other tenant's own client reaches its stream: so it listens, and heard nothing of ours
      const theirCall = await sandboxCall(other.clientId, "GET", `/v1/exchanges/${randomUUID()}`);
      const theirRow = await rowOf(other.admin, "/api/request-logs", theirCall.requestId);
      await theirs.waitFor((f) => f.event === "request_log" && requestLogFrameSchema.parse(JSON.parse(f.data ?? "{}")).id >= theirRow.id);
      const heard = theirs.frames
        .filter((f) => f.event === "request_log")
        .map((f) => requestLogFrameSchema.parse(JSON.parse(f.data ?? "{}")).id);
      expect(heard).not.toContain(row.id);
    } finally {
      await ours.close();
      await theirs.close();
    }
  });
});

describe("who sees what", () => {
  it("tenants never see each other's rows; viewers read them without bodies", async () => {
    const theirs = await sandboxCall(other.clientId, "GET", `/v1/orders/${randomUUID()}`);
    const ours = await sandboxCall(inject("demoClientId"), "GET", `/v1/orders/${randomUUID()}`);
    const theirRow = await rowOf(other.admin, "/api/request-logs", theirs.requestId);
    const ourRow = await rowOf(admin, "/api/request-logs", ours.requestId);
    expect(await rowsOf(admin, "/api/request-logs", theirs.requestId)).toEqual([]);
    expect(await rowsOf(other.admin, "/api/request-logs", ours.requestId)).toEqual([]);
    expect(errorCode(await admin.request("GET", `/api/request-logs/${theirRow.id}`))).toBe("not_found");
    expect(errorCode(await other.admin.request("GET", `/api/request-logs/${ourRow.id}`))).toBe("not_found");
    const otherErrors = parse(requestLogErrorsSchema, await other.admin.request("GET", "/api/request-logs/errors"), 200);
    expect(otherErrors.groups.every((g) => g.latest_id !== ourRow.id)).toBe(true);

    const seen = await detail(viewer, ourRow.id);
    expect(seen).toMatchObject({ bodies_hidden: true, request_body: null, response_body: null, status: 404 });
    expect((await detail(admin, ourRow.id)).response_body).toContain("not_found");
  });
});

describe("masking", () => {
  it("planted secrets in headers, bodies and the query are in no row and no log line", async () => {
    const planted = Object.fromEntries(
      ["cookie", "signature", "apikey", "password", "clientsecret", "query", "token", "nested"].map((name) => [
        name,
        `planted${name}${randomBytes(8).toString("hex")}`,
      ]),
    ) as Record<string, string>;
    const clientId = inject("demoClientId");
    const headers = {
      cookie: `session=${planted.cookie}`,
      "x-signature-256": `sha256=${planted.signature}`,
      "x-api-key": planted.apikey ?? "",
      "x-auth-token": planted.token ?? "",
    };
    const body = {
      ...(await orderBody(new ClientApi(clientId))),
      password: planted.password,
      client_secret: planted.clientsecret,
      metadata: { api_key: planted.nested },
    };
    const calls = [
      await sandboxCall(clientId, "POST", `/v1/orders?api_key=${planted.query}`, body, headers),
      await sandboxCall(null, "POST", "/v1/challenges", { password: planted.password }, headers),
      await sandboxCall(clientId, "POST", "/v1/orders", undefined, { ...headers, "content-type": "application/json" }),
    ];
    const stored: string[] = [];
    for (const call of calls) {
      const row = await rowOf(operatorSession, "/api/operator/request-logs", call.requestId);
      const full = parse(requestLogDetailSchema, await operatorSession.request("GET", `/api/operator/request-logs/${row.id}`), 200);
      stored.push(JSON.stringify(row), JSON.stringify(full));
    }
    const first = await rowOf(admin, "/api/request-logs", calls[0]?.requestId ?? "?");
    const full = await detail(admin, first.id);
    stored.push(JSON.stringify(full));
    expect(full.request_headers).toMatchObject({ cookie: MASK, "x-signature-256": MASK, "x-api-key": MASK, "x-auth-token": MASK });
    expect(JSON.parse(full.request_body ?? "{}")).toMatchObject({ password: MASK, client_secret: MASK, metadata: { api_key: MASK } });
    expect(full.query).not.toContain(planted.query);
    // every row either tenant and the operator can read, whole, and every line the app wrote
    for (const session of [admin, other.admin]) {
      const page = parse(requestLogPageSchema, await session.request("GET", `/api/request-logs?since=${since}&limit=100`), 200);
      for (const row of page.data) stored.push(JSON.stringify(await detail(session, row.id)));
    }
    const everything = `${stored.join("\n")}\n${allLogs(logDir() ?? "")}`;
    for (const [name, secret] of Object.entries(planted)) expect(everything.includes(secret), name).toBe(false);
    expect(stored.join("\n").includes(clientId), "the demo client_id").toBe(false);
  });
});
