import { describe, expect, it } from "vitest";
import { parse as parseCsv } from "csv-parse/sync";
import { auditPageSchema } from "@/lib/dashboard/contract/dashboard-api";
import { teamSchema } from "@/lib/dashboard/contract/settings-api";
import { todayIn } from "@/lib/dashboard/reports/periods";
import { errorCode, parse } from "./harness/api";
import { createOrderVia, DashboardSession } from "./harness/dashboard";

// The audit page's API: filters by person, action and days (in the tenant's time zone), the
// count of matches, and the CSV of every match with its sentence in the language asked for.

const admin = () => DashboardSession.signIn("affiliate@example.com");
const auditOf = async (session: DashboardSession, query: string) =>
  parse(auditPageSchema, await session.request("GET", `/api/audit?limit=100&${query}`), 200);

// at every instant, the day in UTC+14 is not the day in UTC-11
const EAST = "Pacific/Kiritimati";
const WEST = "Pacific/Pago_Pago";

describe("GET /api/audit – person, action, days and count", () => {
  it("by the person's id or email and by an exact action; the count above the list matches", async () => {
    const session = await admin();
    const order = await createOrderVia(session);
    // a second one, so that a page of one entry has a next page whatever ran before
    await createOrderVia(session);
    await session.request("PATCH", `/api/orders/${order.id}`, { fee_rate: 0.5 });
    const members = parse(teamSchema, await session.request("GET", "/api/settings/team"), 200).data;
    const me = members.find((m) => m.email === "affiliate@example.com");
    expect(me).toBeDefined();

    const byId = await auditOf(session, `actor=${me?.id}`);
    expect(byId.data.length).toBeGreaterThan(0);
    expect(byId.data.every((e) => e.user_id === me?.id)).toBe(true);
    const byEmail = await auditOf(session, "actor=affiliate%40example.com");
    expect(byEmail.data.map((e) => e.id)).toEqual(byId.data.map((e) => e.id));
    const someoneElse = await auditOf(session, "actor=nobody%40example.com");
    expect([someoneElse.data, someoneElse.total]).toEqual([[], { count: 0, more: false }]);

    const created = await auditOf(session, "action=orders.create");
    expect(created.data.every((e) => e.action === "orders.create")).toBe(true);
    expect(created.data.find((e) => e.target === order.id)).toMatchObject({ target_kind: "order", target_exists: true });
    const updates = await auditOf(session, `action=orders.update&actor=${me?.id}&result=failed`);
    expect(updates.data.find((e) => e.target === order.id)).toMatchObject({ result: "fee_rate_out_of_range" });
    expect(updates.data.every((e) => e.action === "orders.update" && e.result !== "ok")).toBe(true);

    // the count is of every match, not of the page
    const small = parse(auditPageSchema, await session.request("GET", "/api/audit?limit=1&action=orders.create"), 200);
    expect(small.data).toHaveLength(1);
    expect(small.total?.count).toBe(created.total?.count);
    expect(created.total?.count).toBeGreaterThanOrEqual(created.data.length);
    const next = await session.request("GET", `/api/audit?limit=1&action=orders.create&before=${small.next_before}`);
    expect(parse(auditPageSchema, next, 200).total).toBeNull();

    for (const bad of ["range=yesterday", "from=2026-13-01", "to=tomorrow", "from=0000-01-01", "to=2026-02-29"]) {
      const reply = await session.request("GET", `/api/audit?${bad}`);
      expect([bad, reply.status, errorCode(reply)]).toEqual([bad, 400, "invalid_request"]);
    }
  });

  it("days are the tenant's time zone's: today in UTC+14 is not today in UTC-11", async () => {
    const session = await admin();
    const zone = await session.request("GET", "/api/settings/time-zone");
    const before = (zone.body as { time_zone: string }).time_zone;
    try {
      expect((await session.request("PUT", "/api/settings/time-zone", { time_zone: EAST })).status).toBe(200);
      const [east, west] = [todayIn(EAST), todayIn(WEST)];
      expect(east).not.toBe(west);
      // the change just made is recorded now: in the east's today, not in the west's
      const eastToday = await auditOf(session, `action=settings.time_zone&from=${east}&to=${east}`);
      expect(eastToday.data.find((e) => e.target === EAST)).toBeDefined();
      const westToday = await auditOf(session, `action=settings.time_zone&range=custom&from=${west}&to=${west}`);
      expect(westToday.data.find((e) => e.target === EAST && e.id === eastToday.data[0]?.id)).toBeUndefined();
      expect((await auditOf(session, "action=settings.time_zone&range=today")).data[0]?.target).toBe(EAST);

      expect((await session.request("PUT", "/api/settings/time-zone", { time_zone: WEST })).status).toBe(200);
      const westNow = await auditOf(session, `action=settings.time_zone&from=${west}&to=${west}`);
      expect(westNow.data.map((e) => e.target)).toContain(WEST);
      expect(westNow.data.map((e) => e.target)).toContain(EAST);
      expect((await auditOf(session, `action=settings.time_zone&from=${east}&to=${east}`)).data).toEqual([]);
      for (const range of ["7d", "30d", "month"]) {
        expect((await auditOf(session, `action=settings.time_zone&range=${range}`)).data[0]?.target, range).toBe(WEST);
      }
    } finally {
      await session.request("PUT", "/api/settings/time-zone", { time_zone: before });
    }
  });
});

describe("GET /api/audit/export.csv", () => {
  it("every match, newest first, with its sentence in the language asked for; commas, quotes and line breaks survive", async () => {
    const session = await admin();
    const awkward = 'Mars, "Olympus"\nMons';
    const refused = await session.request("PUT", "/api/settings/time-zone", { time_zone: awkward });
    expect([refused.status, errorCode(refused)]).toEqual([400, "invalid_request"]);

    const reply = await session.request("GET", "/api/audit/export.csv?action=settings.time_zone&locale=de");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toContain("text/csv");
    expect(reply.headers.get("content-disposition")).toContain("audit-log.csv");
    const rows = parseCsv(String(reply.body), { columns: true }) as Record<string, string>[];
    const page = await auditOf(session, "action=settings.time_zone");
    expect(rows.length).toBe(page.total?.count);
    expect(Object.keys(rows[0] ?? {})).toEqual([
      "time",
      "actor_email",
      "api_key",
      "action",
      "sentence",
      "outcome",
      "result",
      "target_kind",
      "target",
      "tenant_id",
      "request_id",
    ]);
    const mine = rows[0];
    expect(mine).toMatchObject({
      actor_email: "affiliate@example.com",
      action: "settings.time_zone",
      target: awkward,
      outcome: "Gescheitert",
      result: "invalid_request",
      target_kind: "text",
    });
    expect(mine?.sentence).toBe(`affiliate@example.com hat die Zeitzone auf ${awkward} geändert`);
    expect(mine?.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const english = parseCsv(String((await session.request("GET", "/api/audit/export.csv?action=settings.time_zone")).body), {
      columns: true,
    }) as Record<string, string>[];
    expect(english[0]).toMatchObject({ sentence: `affiliate@example.com changed the time zone to ${awkward}`, outcome: "Failed" });

    const bad = await session.request("GET", "/api/audit/export.csv?locale=xx");
    expect([bad.status, errorCode(bad)]).toEqual([400, "invalid_request"]);
    const viewer = await DashboardSession.signIn("viewer@example.com");
    expect((await viewer.request("GET", "/api/audit/export.csv")).status).toBe(403);
  });

  it("unfiltered: every entry of the tenant, each said in a sentence without its code", async () => {
    const session = await admin();
    const reply = await session.request("GET", "/api/audit/export.csv?locale=fr");
    const rows = parseCsv(String(reply.body), { columns: true }) as Record<string, string>[];
    const total = (await auditOf(session, "")).total;
    expect(total?.more).toBe(false);
    expect(rows.length).toBe(total?.count);
    expect(rows.filter((r) => !r.sentence || r.sentence.includes(r.action ?? ""))).toEqual([]);
  });
});
