import { beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { exchangePageSchema, orderPageSchema } from "@/lib/dashboard/contract/dashboard-api";
import { savedViewListSchema, savedViewSchema } from "@/lib/dashboard/contract/lists-api";
import { paymentResultSchema } from "@/lib/service-api/operator-contract";
import { dayIn } from "@/lib/dashboard/lists/date-range";
import { errorCode, parse } from "./harness/api";
import { createOrderVia, DashboardSession } from "./harness/dashboard";
import { operator } from "./harness/fixtures";
import { inviteAndJoin } from "./harness/invitations";
import { tenantWithAdmin, type Fixture } from "./harness/tenant-fixture";

// The lists' date ranges, sorts, counts and keyset paging (GET /api/orders, /api/exchanges), and
// saved views (/api/views), on a tenant of the suite's own: 12 orders, five of them two days
// later on the sandbox's clock, three made inactive, and an exchange of each amount on six.

const ZONE = "Europe/Zurich"; // a new tenant's time zone
let fixture: Fixture;
let admin: DashboardSession;
const early: string[] = [];
const late: string[] = [];
const exchangeIds: string[] = [];

async function all<T extends { id: string }>(
  session: DashboardSession,
  path: string,
  schema: z.ZodMiniType<{ data: T[]; next_cursor: string | null; total: number }>,
) {
  const rows: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = path.includes("?") ? "&" : "?";
    const reply = await session.request("GET", `${path}${separator}limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    const page = parse(schema, reply, 200);
    rows.push(...page.data);
    cursor = page.next_cursor;
    pages += 1;
  } while (cursor && pages < 50);
  return rows;
}

beforeAll(async () => {
  fixture = await tenantWithAdmin();
  admin = fixture.admin;
  for (let i = 0; i < 7; i++) early.push((await createOrderVia(admin)).id);
  await operator().now(2 * 24 * 3600);
  for (let i = 0; i < 5; i++) late.push((await createOrderVia(admin)).id);
  for (const id of [early[0], early[3], late[1]]) {
    expect((await admin.request("PATCH", `/api/orders/${id}`, { active: false })).status).toBe(200);
  }
  for (const [i, id] of early.slice(0, 6).entries()) {
    const paid = parse(
      paymentResultSchema,
      await admin.request("POST", `/api/orders/${id}/simulate-payment`, { amount: 30 + i * 7, currency: "eur" }),
      201,
    );
    exchangeIds.push(paid.exchange_id);
  }
  // each exchange is indexed as its webhook arrives, its amount once its snapshot is fetched
  for (let i = 0; i < 200; i++) {
    const page = parse(exchangePageSchema, await admin.request("GET", "/api/exchanges?limit=100"), 200);
    if (page.total === 6 && page.data.every((e) => e.exchange?.amount !== undefined && e.exchange !== null)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the six exchanges were not indexed with their snapshots");
}, 120_000);

describe("a list's date range", () => {
  it("keeps the rows of the days asked for, in the tenant's time zone, and counts them", async () => {
    const orders = parse(orderPageSchema, await admin.request("GET", "/api/orders?limit=100"), 200);
    expect(orders).toMatchObject({ total: 12, total_exact: true });
    const created = new Map(orders.data.map((o) => [o.id, dayIn(ZONE, new Date(o.created_on))]));
    const lateDay = created.get(late[0] ?? "") ?? "";
    const earlyDay = created.get(early[0] ?? "") ?? "";
    expect(lateDay > earlyDay).toBe(true);
    const ofLate = parse(orderPageSchema, await admin.request("GET", `/api/orders?range=custom&from=${lateDay}&to=${lateDay}`), 200);
    expect(ofLate.data.map((o) => o.id).sort()).toEqual([...late].sort());
    expect(ofLate).toMatchObject({ total: 5, total_exact: true });
    // the days alone are a custom range; an open end keeps everything past the other
    const ofEarly = parse(orderPageSchema, await admin.request("GET", `/api/orders?to=${earlyDay}&limit=100`), 200);
    expect(ofEarly.data.map((o) => o.id).sort()).toEqual([...early].sort());
    const since = parse(orderPageSchema, await admin.request("GET", `/api/orders?from=${earlyDay}&limit=100`), 200);
    expect(since.total).toBe(12);
    // with a filter, the count is of what both keep
    const inactiveLate = parse(orderPageSchema, await admin.request("GET", `/api/orders?from=${lateDay}&to=${lateDay}&active=false`), 200);
    expect(inactiveLate.data.map((o) => o.id)).toEqual([late[1]]);
    expect(inactiveLate.total).toBe(1);
    // the export keeps the list's range and sort
    const exported = await admin.request("GET", `/api/orders/export.jsonl?from=${lateDay}&to=${lateDay}&sort=created`);
    expect(exported.status).toBe(200);
    const lines = String(exported.body)
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { id: string }).id);
    expect(lines).toEqual([...ofLate.data.map((o) => o.id)].reverse());
  });

  it("exchanges: the range and the sort are the service's time (service_at: executed_on), not when first seen", async () => {
    // the six exchanges were paid two days ahead on the sandbox's clock, and seen by the dashboard today
    const all = parse(exchangePageSchema, await admin.request("GET", "/api/exchanges?limit=100"), 200);
    expect(all.total).toBe(6);
    // two were paid to inactive orders and refunded, never executed: dated when the service announced them, on its clock
    for (const e of all.data) expect(e.service_at, e.id).toBe(e.exchange?.executed_on ?? e.service_at);
    expect(all.data.filter((e) => !e.exchange?.executed_on).map((e) => e.state)).toEqual(["refunded", "refunded"]);
    const days = all.data.map((e) => dayIn(ZONE, new Date(e.service_at))).sort();
    const [from, to] = [days[0] ?? "", days.at(-1) ?? ""];
    expect(from > dayIn(ZONE, new Date()), "the service's days are after the dashboard's today").toBe(true);
    const ofService = parse(exchangePageSchema, await admin.request("GET", `/api/exchanges?from=${from}&to=${to}&limit=100`), 200);
    expect(ofService.data.map((e) => e.id).sort()).toEqual([...exchangeIds].sort());
    expect(ofService).toMatchObject({ total: 6, total_exact: true });
    // a preset counts back from the service's today (its clock in the answer's X-Service-Time):
    // today's are those the service dated today, whatever day the dashboard first saw them
    const reply = await admin.request("GET", "/api/exchanges?range=today&limit=100");
    const serviceToday = dayIn(ZONE, new Date(reply.headers.get("x-service-time") ?? ""));
    expect(serviceToday > dayIn(ZONE, new Date()), "the sandbox's clock is days ahead").toBe(true);
    const today = parse(exchangePageSchema, reply, 200);
    const datedToday = all.data.filter((e) => dayIn(ZONE, new Date(e.service_at)) === serviceToday).map((e) => e.id);
    expect(today.data.map((e) => e.id).sort()).toEqual(datedToday.sort());
    expect(today.total).toBe(datedToday.length);
    // the export keeps that range
    const exported = await admin.request("GET", `/api/exchanges/export.jsonl?from=${from}&to=${to}`);
    expect(String(exported.body).trim().split("\n")).toHaveLength(6);
  });

  it("counts a preset back from the service's today", async () => {
    // the orders were made on the sandbox's clock today and two days ahead (which other files may
    // have moved further still): 30 days back from the service's today holds every one of them
    const reply = await admin.request("GET", "/api/orders?range=30d&limit=100");
    const serviceToday = dayIn(ZONE, new Date(reply.headers.get("x-service-time") ?? ""));
    const month = parse(orderPageSchema, reply, 200);
    const days = month.data.map((o) => dayIn(ZONE, new Date(o.created_on)));
    expect(days.every((day) => day <= serviceToday)).toBe(true);
    expect(month.data.map((o) => o.id).sort()).toEqual([...early, ...late].sort());
    expect(month.total).toBe(12);
    // and a day the service has not reached yet is in no preset: today holds none of tomorrow
    const today = parse(orderPageSchema, await admin.request("GET", "/api/orders?range=today&limit=100"), 200);
    expect(today.data.every((o) => dayIn(ZONE, new Date(o.created_on)) === serviceToday)).toBe(true);
  });

  it.each([
    ["range=week", "range"],
    ["range=custom", "from"],
    ["from=2026-02-30", "from"],
    ["from=2026-06-02&to=2026-06-01", "to"],
    ["sort=fee", "sort"],
    ["sort=--created", "sort"],
  ])("GET /api/orders?%s → 400 invalid_request naming %s", async (query, path) => {
    const reply = await admin.request("GET", `/api/orders?${query}`);
    expect(reply.status).toBe(400);
    expect(errorCode(reply)).toBe("invalid_request");
    expect(JSON.stringify(reply.body)).toContain(`"${path}"`);
  });
});

describe("a list's sort, page after page", () => {
  it.each(["created", "-created", "state", "-state"])("orders sort=%s: every order once, in order", async (sort) => {
    const rows = await all(admin, `/api/orders?sort=${sort}`, orderPageSchema);
    expect(rows.map((o) => o.id).sort()).toEqual([...early, ...late].sort());
    const key = (o: (typeof rows)[number]) => (sort.endsWith("state") ? `${o.active ? 1 : 0} ${o.created_on}` : (o.created_on as string));
    const keys = rows.map(key);
    const expected = [...keys].sort();
    expect(keys).toEqual(sort.startsWith("-") ? expected.reverse() : expected);
  });

  it.each(["created", "-created", "amount", "-amount", "state", "-state", "executed", "-executed"])(
    "exchanges sort=%s: every exchange once, in order",
    async (sort) => {
      const rows = await all(admin, `/api/exchanges?sort=${sort}`, exchangePageSchema);
      expect(rows.map((e) => e.id).sort()).toEqual([...exchangeIds].sort());
      const column = sort.replace("-", "");
      const keyOf = (e: (typeof rows)[number]): number | string =>
        column === "amount"
          ? Number(e.exchange?.amount ?? -1)
          : column === "state"
            ? `${e.state} ${e.service_at}`
            : column === "executed"
              ? (e.exchange?.executed_on ?? "")
              : e.service_at;
      const keys = rows.map(keyOf);
      const expected = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(keys).toEqual(sort.startsWith("-") ? expected.reverse() : expected);
    },
  );

  it("refuses a cursor made for another sort", async () => {
    const first = parse(orderPageSchema, await admin.request("GET", "/api/orders?sort=state&limit=2"), 200);
    const reply = await admin.request("GET", `/api/orders?sort=created&limit=2&cursor=${first.next_cursor}`);
    expect(reply.status).toBe(400);
    expect(errorCode(reply)).toBe("invalid_request");
  });
});

describe("saved views", () => {
  it("saves, lists, shares within the tenant only, and deletes one's own", async () => {
    const joined = await inviteAndJoin(admin, "viewer");
    const viewer = await DashboardSession.signIn(joined.email, joined.password);
    const mine = parse(
      savedViewSchema,
      await admin.request("POST", "/api/views", { list: "orders", name: "Inactive, oldest first", query: "active=false&sort=created" }),
      201,
    );
    expect(mine).toMatchObject({ list: "orders", query: "active=false&sort=created", shared: false, own: true });
    const team = parse(
      savedViewSchema,
      await admin.request("POST", "/api/views", { list: "orders", name: "Last 7 days", query: "?range=7d", shared: true }),
      201,
    );
    expect(team.query).toBe("range=7d");
    // a viewer saves their own too
    const viewers = parse(
      savedViewSchema,
      await viewer.request("POST", "/api/views", { list: "exchanges", name: "Big ones", query: "sort=-amount&state=settled" }),
      201,
    );

    const adminSees = parse(savedViewListSchema, await admin.request("GET", "/api/views?list=orders"), 200).data;
    expect(adminSees.map((v) => v.name)).toEqual(["Inactive, oldest first", "Last 7 days"]);
    const viewerSees = parse(savedViewListSchema, await viewer.request("GET", "/api/views?list=orders"), 200).data;
    expect(viewerSees.map((v) => [v.name, v.own])).toEqual([["Last 7 days", false]]);
    expect(viewerSees[0]?.created_by).toBe(mine.created_by);
    // only one's own is one's to delete
    expect((await viewer.request("DELETE", `/api/views/${team.id}`)).status).toBe(404);
    expect((await admin.request("DELETE", `/api/views/${viewers.id}`)).status).toBe(404);
    expect(parse(savedViewListSchema, await admin.request("GET", "/api/views?list=exchanges"), 200).data).toEqual([]);

    // another tenant sees none of them, and cannot delete them
    const other = await DashboardSession.signIn("affiliate@example.com");
    const othersSee = parse(savedViewListSchema, await other.request("GET", "/api/views?list=orders"), 200).data;
    expect(othersSee.map((v) => v.id)).not.toContain(team.id);
    expect((await other.request("DELETE", `/api/views/${team.id}`)).status).toBe(404);

    expect((await admin.request("DELETE", `/api/views/${mine.id}`)).status).toBe(204);
    expect((await admin.request("DELETE", `/api/views/${mine.id}`)).status).toBe(404);
    const left = parse(savedViewListSchema, await admin.request("GET", "/api/views?list=orders"), 200).data;
    expect(left.map((v) => v.id)).toEqual([team.id]);
  });

  it("opens the same rows as the address it was saved from", async () => {
    const query = "active=false&sort=created";
    const view = parse(savedViewSchema, await admin.request("POST", "/api/views", { list: "orders", name: "Same rows", query }), 201);
    const fromView = parse(orderPageSchema, await admin.request("GET", `/api/orders?${view.query}`), 200);
    const fromAddress = parse(orderPageSchema, await admin.request("GET", `/api/orders?${query}`), 200);
    expect(fromView.data.map((o) => o.id)).toEqual(fromAddress.data.map((o) => o.id));
    expect(fromView.data.map((o) => o.id).sort()).toEqual([early[0], early[3], late[1]].sort());
  });

  it("PATCH renames or shares one's own view; another's is 404; a bad body is 400", async () => {
    const view = parse(
      savedViewSchema,
      await admin.request("POST", "/api/views", {
        list: "deliveries",
        name: "Failed",
        query: `endpoint=${crypto.randomUUID()}&status=failed`,
      }),
      201,
    );
    const renamed = parse(savedViewSchema, await admin.request("PATCH", `/api/views/${view.id}`, { name: "  Failed, this week " }), 200);
    expect(renamed).toMatchObject({ id: view.id, name: "Failed, this week", query: view.query, shared: false, own: true });
    const shared = parse(savedViewSchema, await admin.request("PATCH", `/api/views/${view.id}`, { shared: true }), 200);
    expect(shared).toMatchObject({ name: "Failed, this week", shared: true });
    const listed = parse(savedViewListSchema, await admin.request("GET", "/api/views?list=deliveries"), 200).data;
    expect(listed.find((v) => v.id === view.id)?.name).toBe("Failed, this week");

    const joined = await inviteAndJoin(admin, "viewer");
    const viewer = await DashboardSession.signIn(joined.email, joined.password);
    expect((await viewer.request("PATCH", `/api/views/${view.id}`, { name: "Mine now" })).status).toBe(404);
    for (const body of [{}, { name: " " }, { name: "n".repeat(81) }, { shared: "yes" }, { name: "x", owner: "someone" }]) {
      const reply = await admin.request("PATCH", `/api/views/${view.id}`, body);
      expect([reply.status, errorCode(reply)], JSON.stringify(body)).toEqual([400, "invalid_request"]);
    }
    expect((await admin.request("PATCH", "/api/views/not-a-uuid", { name: "x" })).status).toBe(404);
  });

  it.each([
    ["an unknown list", { list: "payouts", name: "x", query: "" }],
    ["no name", { list: "orders", name: "  ", query: "" }],
    ["a name too long", { list: "orders", name: "n".repeat(81), query: "" }],
    ["a parameter of another list", { list: "orders", name: "x", query: "state=settled" }],
    ["a cursor", { list: "exchanges", name: "x", query: "cursor=abc" }],
    ["a value the list refuses", { list: "exchanges", name: "x", query: "state=lost" }],
    ["a sort the list has not", { list: "orders", name: "x", query: "sort=-amount" }],
    ["a range ending before it starts", { list: "orders", name: "x", query: "from=2026-06-02&to=2026-06-01" }],
    ["a parameter twice", { list: "orders", name: "x", query: "range=7d&range=30d" }],
    ["a query too long", { list: "orders", name: "x", query: `range=7d&${"x".repeat(600)}` }],
    ["an unknown field", { list: "orders", name: "x", query: "", owner: "someone" }],
    ["events' result of its own", { list: "events", name: "x", query: "result=maybe" }],
    ["deliveries of an endpoint that is no id", { list: "deliveries", name: "x", query: "endpoint=../settings" }],
  ])("POST /api/views with %s → 400 invalid_request", async (_, body) => {
    const reply = await admin.request("POST", "/api/views", body);
    expect(reply.status).toBe(400);
    expect(errorCode(reply)).toBe("invalid_request");
  });

  it("GET /api/views without a list → 400; a view's id that is not one → 404", async () => {
    expect((await admin.request("GET", "/api/views")).status).toBe(400);
    expect((await admin.request("DELETE", "/api/views/not-a-uuid")).status).toBe(404);
  });
});
