import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  MASK,
  requestLogDetailSchema,
  requestLogErrorsSchema,
  requestLogPageSchema,
  type RequestLogItem,
  type RequestLogPage,
} from "@/lib/dashboard/contract/request-logs-api";
import { ownCallMark, OWN_CALL_HEADER } from "@/lib/request-log/own-call";
import { http, parse, sandboxUrl } from "./harness/api";
import { createOrderVia, DashboardSession } from "./harness/dashboard";

// One row per call (docs/request-logs.md#what-is-recorded): a call the dashboard makes to its own
// sandbox is the dashboard's row alone, not also a row of "your integration"; the integration's
// source holds only what the API client sent to /sandbox/v1 itself; the errors view and the
// operator's every-client view count each call once; the source's words are the page's; and the
// dashboard's mark, made up, stale or copied, leaves the call the integration's.

const since = new Date(Date.now() - 60_000).toISOString();
let admin: DashboardSession;
let operatorSession: DashboardSession;

beforeAll(async () => {
  admin = await DashboardSession.signIn("affiliate@example.com");
  operatorSession = await DashboardSession.signIn("operator@example.com");
});

/** Every row of a log list (all its pages since the file began) that `match` picks. */
async function rowsWhere(session: DashboardSession, path: string, match: (row: RequestLogItem) => boolean) {
  const rows: RequestLogItem[] = [];
  let before: number | null = null;
  do {
    const separator = path.includes("?") ? "&" : "?";
    const query: string = `${separator}since=${encodeURIComponent(since)}&limit=100${before ? `&before=${before}` : ""}`;
    const page: RequestLogPage = parse(requestLogPageSchema, await session.request("GET", `${path}${query}`), 200);
    rows.push(...page.data.filter(match));
    before = page.next_before;
  } while (before);
  return rows;
}

/** A call to the sandbox as the integration sends it: its own client_id, its own request id. */
async function integrationCall(path: string, headers: Record<string, string> = {}) {
  const requestId = `own-${randomUUID()}`;
  const reply = await http("GET", `${sandboxUrl()}${path}`, {
    headers: { "x-request-id": requestId, authorization: `client_id ${inject("demoClientId")}`, ...headers },
  });
  return { requestId, reply };
}

/**
 * A dashboard API request that reads its sandbox once, and the request id of the sandbox's
 * answer, once the dashboard's row of it is written (found by the dashboard request's id).
 */
async function dashboardRead(path: string) {
  const dashboardRequestId = `dash-${randomUUID()}`;
  const reply = await admin.request("GET", path, undefined, { "x-request-id": dashboardRequestId, "cache-control": "no-cache" });
  let row: RequestLogItem | undefined;
  await expect
    .poll(
      async () => {
        [row] = await rowsWhere(admin, "/api/request-logs", (r) => r.dashboard_request_id === dashboardRequestId);
        return row?.request_id ?? null;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  if (!row?.request_id) throw new Error("no row of the dashboard's call");
  return { reply, row, requestId: row.request_id };
}

/** Waits until a later call of the integration is in the log: whatever the earlier calls made is written by then. */
async function settled() {
  const marker = await integrationCall(`/v1/exchanges/${randomUUID()}`);
  await expect
    .poll(async () => (await rowsWhere(admin, "/api/request-logs", (r) => r.request_id === marker.requestId)).length, { timeout: 10_000 })
    .toBe(1);
}

describe("one row per call", () => {
  it("a call the dashboard makes to its own sandbox is one row, the dashboard's; the integration's source leaves it out", async () => {
    const order = await createOrderVia(admin);
    const read = await dashboardRead(`/api/orders/${order.id}`);
    expect(read.reply.status).toBe(200);
    const own = await integrationCall(`/v1/orders/${order.id}`);
    expect(own.reply.status).toBe(200);
    await settled();

    const ofDashboard = await rowsWhere(admin, "/api/request-logs", (r) => r.request_id === read.requestId);
    expect(ofDashboard.map((r) => r.source)).toEqual(["dashboard"]);
    expect(ofDashboard[0]).toMatchObject({ path: `/sandbox/v1/orders/${order.id}`, status: 200, order_id: order.id });
    const ofIntegration = await rowsWhere(admin, "/api/request-logs", (r) => r.request_id === own.requestId);
    expect(ofIntegration.map((r) => r.source)).toEqual(["integration"]);
    // the mark the dashboard sent is in no row
    const full = parse(requestLogDetailSchema, await admin.request("GET", `/api/request-logs/${read.row.id}`), 200);
    expect(full.request_headers[OWN_CALL_HEADER]).toBe(MASK);
    expect(full.request_headers["x-request-id"]).toBe(read.requestId);

    // each source filter holds its own calls, under the page's words and under the API's older ones
    for (const [asked, held, left] of [
      ["integration", own.requestId, read.requestId],
      ["sandbox", own.requestId, read.requestId],
      ["dashboard", read.requestId, own.requestId],
      ["upstream", read.requestId, own.requestId],
    ] as const) {
      const rows = await rowsWhere(admin, `/api/request-logs?source=${asked}`, (r) => [held, left].includes(r.request_id ?? ""));
      expect(
        rows.map((r) => r.request_id),
        `source=${asked}`,
      ).toEqual([held]);
    }

    // the operator's every-client view: the dashboard's call once, the integration's once
    const everyClient = await rowsWhere(operatorSession, "/api/operator/request-logs", (r) =>
      [read.requestId, own.requestId].includes(r.request_id ?? ""),
    );
    expect(everyClient.map((r) => [r.request_id, r.source]).sort()).toEqual(
      [
        [read.requestId, "dashboard"],
        [own.requestId, "integration"],
      ].sort(),
    );
    const ofClient = await rowsWhere(operatorSession, `/api/operator/request-logs?client_id=${inject("demoClientId")}`, (r) =>
      [read.requestId, own.requestId].includes(r.request_id ?? ""),
    );
    expect(ofClient).toHaveLength(2);
  });

  it("the errors view counts a failed call of the dashboard once", async () => {
    const route = "/sandbox/v1/orders/{id}";
    const countOf = async () => {
      const errors = parse(requestLogErrorsSchema, await admin.request("GET", "/api/request-logs/errors?window=24h"), 200);
      return errors.groups.find((g) => g.error_code === "not_found" && g.method === "GET" && g.route === route)?.count ?? 0;
    };
    const before = await countOf();
    const failed = await dashboardRead(`/api/orders/${randomUUID()}`);
    expect(failed.reply.status).toBe(404);
    await settled();
    expect(await countOf()).toBe(before + 1);
    expect(await rowsWhere(admin, "/api/request-logs", (r) => r.request_id === failed.requestId)).toHaveLength(1);
  });
});

describe("the dashboard's mark", () => {
  const authorization = () => `client_id ${inject("demoClientId")}`;
  const now = () => Math.floor(Date.now() / 1000);
  /** A mark as the dashboard makes it, made here with the operator key: only the app and its operator hold it. */
  const mark = (call: { requestId: string; at?: number; method?: string; authorization?: string }) =>
    ownCallMark(inject("operatorKey"), {
      requestId: call.requestId,
      at: call.at ?? now(),
      method: call.method ?? "GET",
      authorization: call.authorization ?? authorization(),
    });

  it.each([
    ["made up", () => `t=${now()},v1=${"ab".repeat(32)}`],
    ["of ten minutes ago", (id: string) => mark({ requestId: id, at: now() - 600 })],
    ["of ten minutes ahead", (id: string) => mark({ requestId: id, at: now() + 600 })],
    ["for another request id", (id: string) => mark({ requestId: `${id}-other` })],
    ["for another method", (id: string) => mark({ requestId: id, method: "POST" })],
    ["for another client", (id: string) => mark({ requestId: id, authorization: "client_id someone_else" })],
    ["in another shape", (id: string) => `${mark({ requestId: id })},v2=x`],
  ] as const)("a mark %s: the call is the integration's", async (_, markOf) => {
    const requestId = `own-${randomUUID()}`;
    const reply = await http("GET", `${sandboxUrl()}/v1/exchanges/${randomUUID()}`, {
      headers: { "x-request-id": requestId, authorization: authorization(), [OWN_CALL_HEADER]: markOf(requestId) },
    });
    expect(reply.status).toBe(404);
    await expect
      .poll(async () => (await rowsWhere(admin, "/api/request-logs", (r) => r.request_id === requestId)).map((r) => r.source), {
        timeout: 10_000,
      })
      .toEqual(["integration"]);
    const [row] = await rowsWhere(admin, "/api/request-logs", (r) => r.request_id === requestId);
    const full = parse(requestLogDetailSchema, await admin.request("GET", `/api/request-logs/${row?.id ?? 0}`), 200);
    expect(full.request_headers[OWN_CALL_HEADER]).toBe(MASK);
  });

  it("a good mark, which only the app and its operator can make, is the only one the sandbox leaves out of its log", async () => {
    const requestId = `own-${randomUUID()}`;
    const reply = await http("GET", `${sandboxUrl()}/v1/exchanges/${randomUUID()}`, {
      headers: { "x-request-id": requestId, authorization: authorization(), [OWN_CALL_HEADER]: mark({ requestId }) },
    });
    expect(reply.status).toBe(404);
    await settled();
    expect(await rowsWhere(operatorSession, "/api/operator/request-logs", (r) => r.request_id === requestId)).toEqual([]);
  });
});
