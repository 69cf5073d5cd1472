import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { randomUUID } from "node:crypto";
import {
  auditPageSchema,
  payoutLinkItemSchema,
  payoutLinkListSchema,
  payoutLinkOpenErrorSchema,
  payoutLinkSchema,
} from "@/lib/dashboard/contract/dashboard-api";
import { ClientApi, errorCode, http, parse } from "./harness/api";
import { DashboardSession } from "./harness/dashboard";
import { coinOrder, lightningOrder, operator } from "./harness/fixtures";
import { openSse } from "./harness/sse";
import { tenantWithAdmin } from "./harness/tenant-fixture";
import { makeInvoice } from "./harness/wallet";

let admin: DashboardSession;
let viewer: DashboardSession;
beforeAll(async () => {
  [admin, viewer] = await Promise.all([DashboardSession.signIn("affiliate@example.com"), DashboardSession.signIn("viewer@example.com")]);
});

const demo = () => new ClientApi(inject("demoClientId"));

describe("payout links: POST /api/exchanges/{id}/payout-link and the public GET /api/pay/{token}", () => {
  it("a Lightning exchange awaiting payout gets a 24 h link whose page shows amounts and offers only", async () => {
    const { order, node } = await lightningOrder(demo());
    const { exchange_id } = await operator().pay({ order_id: order.id, amount: 200, currency: "eur" });
    expect((await viewer.request("POST", `/api/exchanges/${exchange_id}/payout-link`, {})).status).toBe(403);
    const created = await admin.request("POST", `/api/exchanges/${exchange_id}/payout-link`, {});
    expect(created.status).toBe(201);
    const link = created.body as { url: string; expires_on: string };
    expect(link.url).toMatch(/\/pay\/[A-Za-z0-9_-]{22}$/);
    const lifetime = new Date(link.expires_on).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(23.9 * 3600_000);
    const token = link.url.split("/pay/")[1] ?? "";

    const page = await http("GET", `${inject("baseUrl")}/api/pay/${token}`);
    expect(page.status).toBe(200);
    const view = page.body as {
      status: string;
      amount_sats: number;
      fiat: { amount: number; currency: string };
      offers: { invoice: { lnurl: string; fee_sats: number } };
    };
    expect(view).toMatchObject({ status: "awaiting_payout", fiat: { amount: 200, currency: "eur" } });
    expect(view.offers.invoice.lnurl).toMatch(/^LNURL1/);
    expect(JSON.stringify(view)).not.toContain(order.payment_method.debitor_iban);
    expect(JSON.stringify(view)).not.toContain(order.id);

    // the page follows the payout live
    const stream = await openSse(`${inject("baseUrl")}/api/pay/${token}/events`);
    await stream.waitFor((f) => f.comment === "connected");
    const sats = view.amount_sats - view.offers.invoice.fee_sats;
    const invoice = makeInvoice({ node, msat: BigInt(sats) * 1000n, now: await operator().now() });
    expect(
      (await admin.request("PATCH", `/api/exchanges/${exchange_id}`, { payout: { type: "invoice", invoice: invoice.invoice } })).status,
    ).toBe(200);
    expect(((await http("GET", `${inject("baseUrl")}/api/pay/${token}`)).body as { status: string }).status).toBe("paying");
    const seen = stream.frames.length;
    await operator().drive(exchange_id, { type: "invoice_paid", preimage: invoice.preimage });
    await stream.waitFor(() => stream.frames.slice(seen).some((f) => f.event === "update"));
    await stream.close();
    // the public stream says only "changed": no cursor, no ids, nothing of the order or the tenant
    expect(
      stream.frames.filter((f) => f.event !== undefined).every((f) => f.event === "update" && f.data === "{}" && f.id === undefined),
    ).toBe(true);
    const paid = (await http("GET", `${inject("baseUrl")}/api/pay/${token}`)).body as { status: string; payout: { preimage: string } };
    expect(paid).toMatchObject({ status: "paid", payout: { preimage: invoice.preimage } });

    expect((await admin.request("DELETE", `/api/exchanges/${exchange_id}/payout-link`)).body).toEqual({ revoked: 1 });
    const revoked = await http("GET", `${inject("baseUrl")}/api/pay/${token}`);
    expect([revoked.status, errorCode(revoked)]).toEqual([410, "payout_link_revoked"]);
  });

  it("unknown and malformed tokens are 404; on-chain exchanges get no link", async () => {
    for (const token of ["AAAAAAAAAAAAAAAAAAAAAA", "short", "../../etc"]) {
      expect((await http("GET", `${inject("baseUrl")}/api/pay/${token}`)).status).toBe(404);
    }
    const { order } = await coinOrder(demo());
    const { exchange_id } = await operator().pay({ order_id: order.id, amount: 10, currency: "eur" });
    const reply = await admin.request("POST", `/api/exchanges/${exchange_id}/payout-link`, {});
    expect([reply.status, errorCode(reply)]).toEqual([409, "payout_not_available"]);
  });
});

describe("GET /api/exchanges/{id} snapshot cache", () => {
  it("answers from a fresh snapshot, goes upstream on no-cache, and never serves a snapshot older than a stored webhook", async () => {
    const { order } = await coinOrder(demo());
    const stream = await openSse(`${inject("baseUrl")}/api/events`, { cookie: admin.cookieHeader });
    await stream.waitFor((f) => f.comment === "connected");
    const { exchange_id } = await operator().pay({ order_id: order.id, amount: 10, currency: "eur" });
    // the webhook's refresh stored a snapshot
    await stream.waitFor((f) => f.event === "snapshot" && (f.data ?? "").includes(exchange_id));
    await stream.close();
    expect((await admin.request("GET", `/api/exchanges/${exchange_id}`)).headers.get("x-snapshot")).toBe("cached");
    expect(
      (await admin.request("GET", `/api/exchanges/${exchange_id}`, undefined, { "cache-control": "no-cache" })).headers.get("x-snapshot"),
    ).toBeNull();
    await operator().drive(exchange_id, { type: "broadcast" });
    // once the settled webhook is stored, no GET may answer with the older snapshot
    const deadline = Date.now() + 5_000;
    const settledStored = async () =>
      ((await admin.request("GET", `/api/exchanges/${exchange_id}/events`)).body as { data: { event: string }[] }).data.some(
        (e) => e.event === "exchange.settled",
      );
    while (!(await settledStored()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const after = (await admin.request("GET", `/api/exchanges/${exchange_id}`)).body as { payout: unknown };
    expect(after.payout).toMatchObject({ confirmed: false });
  });

  it("GET /api/health answers without a session", async () => {
    expect((await http("GET", `${inject("baseUrl")}/api/health`)).body).toEqual({ ok: true });
  });
});

describe("POST /api/pay/{token}/invoice (the end user's pasted invoice)", () => {
  it("passes the service's verdict through and moves the page to paying", async () => {
    const { order, node } = await lightningOrder(demo());
    const { exchange_id } = await operator().pay({ order_id: order.id, amount: 90, currency: "eur" });
    const { url } = (await admin.request("POST", `/api/exchanges/${exchange_id}/payout-link`, {})).body as { url: string };
    const token = url.split("/pay/")[1] ?? "";
    const page = (await http("GET", `${inject("baseUrl")}/api/pay/${token}`)).body as {
      amount_sats: number;
      offers: { invoice: { fee_sats: number } };
    };
    const sats = page.amount_sats - page.offers.invoice.fee_sats;
    const now = await operator().now();
    const post = (invoice: string) => http("POST", `${inject("baseUrl")}/api/pay/${token}/invoice`, { body: { invoice } });
    const wrong = await post(makeInvoice({ node, msat: BigInt(sats - 1) * 1000n, now }).invoice);
    expect([wrong.status, errorCode(wrong)]).toEqual([400, "invoice_amount"]);
    expect(errorCode(await post(""))).toBe("invalid_request");
    const right = await post(makeInvoice({ node, msat: BigInt(sats) * 1000n, now }).invoice);
    expect([right.status, (right.body as { status: string }).status]).toEqual([200, "paying"]);
    const again = await post(makeInvoice({ node, msat: BigInt(sats) * 1000n, now }).invoice);
    expect(errorCode(again)).toBe("in_progress");
    // the invoice the service accepted makes the link "used"; it still opens, to follow the payout
    const [link] = parse(payoutLinkListSchema, await admin.request("GET", `/api/exchanges/${exchange_id}/payout-links`), 200).data;
    expect(link).toMatchObject({ state: "used", live: true });
    expect(link?.used_on).not.toBeNull();
  });
});

describe("the service's clock", () => {
  it("sandbox answers carry its clock in Date, and dashboard answers carry it as X-Service-Time", async () => {
    const sandboxNow = await operator().now();
    const reply = await http("POST", `${inject("baseUrl")}/sandbox/v1/challenges`, {
      body: {},
      headers: { authorization: `client_id ${inject("demoClientId")}` },
    });
    expect(Math.abs(Date.parse(reply.headers.get("date") ?? "") - sandboxNow.getTime())).toBeLessThan(3_000);
    await admin.request("POST", "/api/challenges", {}); // the dashboard learns the service's clock from its answers
    const service = Date.parse((await admin.request("GET", "/api/orders")).headers.get("x-service-time") ?? "");
    expect(Math.abs(service - (await operator().now()).getTime())).toBeLessThan(3_000);
  });

  it("a refusal carries the sandbox's clock too, so one refused call does not reset what the dashboard knows of it", async () => {
    const ahead = await operator().now(3 * 24 * 3600);
    const refused = await http("GET", `${inject("baseUrl")}/sandbox/v1/exchanges/${randomUUID()}`, {
      headers: { authorization: `client_id ${inject("demoClientId")}` },
    });
    expect(refused.status).toBe(404);
    expect(Math.abs(Date.parse(refused.headers.get("date") ?? "") - ahead.getTime())).toBeLessThan(3_000);
    // the dashboard asks the service, which refuses: its clock is still the service's
    expect((await admin.request("GET", `/api/orders/${randomUUID()}`)).status).toBe(404);
    const service = Date.parse((await admin.request("GET", "/api/orders")).headers.get("x-service-time") ?? "");
    expect(Math.abs(service - (await operator().now()).getTime())).toBeLessThan(3_000);
  });
});

describe("the exchange's payout links: GET /api/exchanges/{id}/payout-links, DELETE …/payout-links/{link_id}, replace", () => {
  const links = async (session: DashboardSession, exchangeId: string) =>
    parse(payoutLinkListSchema, await session.request("GET", `/api/exchanges/${exchangeId}/payout-links`), 200).data;
  const tokenOf = (url: string) => url.split("/pay/")[1] ?? "";
  const payPage = (token: string) => http("GET", `${inject("baseUrl")}/api/pay/${token}`);

  it("lists every link newest first with its state and creator; a second link waits for {replace: true}", async () => {
    const { order } = await lightningOrder(demo());
    const { exchange_id } = await operator().pay({ order_id: order.id, amount: 120, currency: "eur" });
    // an exchange nobody indexed and no link names is 404; once read (and indexed), its list is empty
    const nowhere = await admin.request("GET", `/api/exchanges/${randomUUID()}/payout-links`);
    expect([nowhere.status, errorCode(nowhere)]).toEqual([404, "not_found"]);
    expect((await admin.request("GET", `/api/exchanges/${exchange_id}`)).status).toBe(200);
    expect(await links(admin, exchange_id)).toEqual([]);
    const first = parse(payoutLinkSchema, await admin.request("POST", `/api/exchanges/${exchange_id}/payout-link`), 201);
    expect(first.replaced).toEqual([]);

    // the page was opened: noted once, and not written again within the minute
    expect((await payPage(tokenOf(first.url))).status).toBe(200);
    const [opened] = await links(admin, exchange_id);
    expect(opened).toMatchObject({ id: first.id, state: "open", live: true, revoked_on: null, used_on: null });
    expect(opened?.created_by?.email).toBe("affiliate@example.com");
    expect(opened?.last_opened_on).not.toBeNull();
    expect((await payPage(tokenOf(first.url))).status).toBe(200);
    expect((await links(admin, exchange_id))[0]?.last_opened_on).toBe(opened?.last_opened_on);

    // a second link while the first is open: 409 naming it, nothing made
    const refused = await admin.request("POST", `/api/exchanges/${exchange_id}/payout-link`, {});
    const conflict = parse(payoutLinkOpenErrorSchema, refused, 409);
    expect(conflict.open_links.map((l) => l.id)).toEqual([first.id]);
    expect(await links(admin, exchange_id)).toHaveLength(1);
    // with replace: the open one revoked and the new one made, in one step
    const second = parse(
      payoutLinkSchema,
      await admin.request("POST", `/api/exchanges/${exchange_id}/payout-link`, { replace: true }),
      201,
    );
    expect(second.replaced).toEqual([first.id]);
    const listed = await links(admin, exchange_id);
    expect(listed.map((l) => [l.id, l.state, l.live])).toEqual([
      [second.id, "open", true],
      [first.id, "revoked", false],
    ]);
    expect(listed[1]?.revoked_on).not.toBeNull();
    expect(listed.every((l) => !JSON.stringify(l).includes("/pay/"))).toBe(true);

    // the replaced link's page says it was revoked (410); the new one works; unknown tokens stay 404
    const gone = await payPage(tokenOf(first.url));
    expect([gone.status, errorCode(gone)]).toEqual([410, "payout_link_revoked"]);
    const invoice = await http("POST", `${inject("baseUrl")}/api/pay/${tokenOf(first.url)}/invoice`, { body: { invoice: "lntb1" } });
    expect([invoice.status, errorCode(invoice)]).toEqual([410, "payout_link_revoked"]);
    expect((await payPage(tokenOf(second.url))).status).toBe(200);
    const unknown = await payPage("BBBBBBBBBBBBBBBBBBBBBB");
    expect([unknown.status, errorCode(unknown)]).toEqual([404, "not_found"]);
    const page = await http("GET", `${inject("baseUrl")}/pay/${tokenOf(first.url)}`, { headers: { "accept-language": "de" } });
    expect(String(page.body)).toContain("Dieser Auszahlungslink wurde widerrufen");
    const unknownPage = await http("GET", `${inject("baseUrl")}/pay/BBBBBBBBBBBBBBBBBBBBBB`);
    expect(String(unknownPage.body)).toContain("This payout link has expired");
    expect(String(unknownPage.body)).not.toContain("revoked");

    // revoking one link: 200 with its state; again (or an already revoked one): 200, unchanged
    const revoked = parse(
      payoutLinkItemSchema,
      await admin.request("DELETE", `/api/exchanges/${exchange_id}/payout-links/${second.id}`),
      200,
    );
    expect(revoked).toMatchObject({ id: second.id, state: "revoked", live: false });
    const again = parse(
      payoutLinkItemSchema,
      await admin.request("DELETE", `/api/exchanges/${exchange_id}/payout-links/${second.id}`),
      200,
    );
    expect(again.revoked_on).toBe(revoked.revoked_on);
    expect((await payPage(tokenOf(second.url))).status).toBe(410);
    const missing = await admin.request("DELETE", `/api/exchanges/${exchange_id}/payout-links/${randomUUID()}`);
    expect([missing.status, errorCode(missing)]).toEqual([404, "not_found"]);
    // with nothing open, a new link needs no replace
    expect((await admin.request("POST", `/api/exchanges/${exchange_id}/payout-link`, {})).status).toBe(201);

    // each change is in the audit log, the exchange and the link as target
    const audit = parse(auditPageSchema, await admin.request("GET", "/api/audit?action=payout_links.&limit=50"), 200).data;
    const mine = audit.filter((e) => e.target?.startsWith(exchange_id)).map((e) => `${e.action} ${e.result} ${e.target}`);
    expect(mine).toEqual(
      expect.arrayContaining([
        `payout_links.create ok ${exchange_id} link ${first.id}`,
        `payout_links.create payout_link_open ${exchange_id}`,
        `payout_links.replace ok ${exchange_id} link ${second.id} (revoked ${first.id})`,
        `payout_links.revoke ok ${exchange_id} link ${second.id}`,
        `payout_links.revoke ok ${exchange_id} link ${second.id} (unchanged: revoked)`,
      ]),
    );
  });

  it("viewers read the list but neither revoke nor replace; another tenant's links are 404", async () => {
    const { order } = await lightningOrder(demo());
    const { exchange_id } = await operator().pay({ order_id: order.id, amount: 80, currency: "eur" });
    const link = parse(payoutLinkSchema, await admin.request("POST", `/api/exchanges/${exchange_id}/payout-link`, {}), 201);
    expect((await links(viewer, exchange_id)).map((l) => l.id)).toEqual([link.id]);
    for (const [method, path, body] of [
      ["DELETE", `/api/exchanges/${exchange_id}/payout-links/${link.id}`, undefined],
      ["POST", `/api/exchanges/${exchange_id}/payout-link`, { replace: true }],
    ] as const) {
      const reply = await viewer.request(method, path, body);
      expect([method, reply.status, errorCode(reply)]).toEqual([method, 403, "forbidden"]);
    }

    // the exchange is indexed as the demo tenant's (GET reads it through the service and indexes it)
    expect((await admin.request("GET", `/api/exchanges/${exchange_id}`)).status).toBe(200);
    const other = await tenantWithAdmin();
    for (const [method, path] of [
      ["GET", `/api/exchanges/${exchange_id}/payout-links`],
      ["DELETE", `/api/exchanges/${exchange_id}/payout-links/${link.id}`],
      // an exchange id no tenant indexed passes as the caller's own: the link is still not theirs
      ["DELETE", `/api/exchanges/${randomUUID()}/payout-links/${link.id}`],
    ] as const) {
      const reply = await other.admin.request(method, path);
      expect([method, path, reply.status, errorCode(reply)]).toEqual([method, path, 404, "not_found"]);
    }
    // nor another exchange's of the same tenant
    const { order: second } = await lightningOrder(demo());
    const paid = await operator().pay({ order_id: second.id, amount: 80, currency: "eur" });
    expect((await admin.request("DELETE", `/api/exchanges/${paid.exchange_id}/payout-links/${link.id}`)).status).toBe(404);
    expect((await links(admin, exchange_id))[0]).toMatchObject({ id: link.id, state: "open" });
  });

  it("a link whose payout expired is listed expired, no longer live, like its page says", async () => {
    const { order } = await lightningOrder(demo());
    const { exchange_id } = await operator().pay({ order_id: order.id, amount: 90, currency: "eur" });
    const link = parse(payoutLinkSchema, await admin.request("POST", `/api/exchanges/${exchange_id}/payout-link`, {}), 201);
    expect((await links(admin, exchange_id))[0]).toMatchObject({ id: link.id, state: "open", live: true });
    await operator().drive(exchange_id, { type: "payout_expired" });
    // the link's page says the payout is over once the service refunded it
    await expect.poll(async () => ((await payPage(tokenOf(link.url))).body as { status?: string }).status).toBe("refunded");
    const page = await http("GET", `${inject("baseUrl")}/pay/${tokenOf(link.url)}`);
    expect(String(page.body)).toContain("This payout link has expired");
    // and the exchange's list (what the card and a reload of its page read) says so too: nothing to revoke
    expect((await links(admin, exchange_id))[0]).toMatchObject({
      id: link.id,
      state: "expired",
      live: false,
      revoked_on: null,
      payout_ended: true,
    });
    // a link made before the refund but never opened after it is expired too, by the webhook alone
    const { order: other } = await lightningOrder(demo());
    const second = await operator().pay({ order_id: other.id, amount: 90, currency: "eur" });
    const unopened = parse(payoutLinkSchema, await admin.request("POST", `/api/exchanges/${second.exchange_id}/payout-link`, {}), 201);
    await operator().drive(second.exchange_id, { type: "payout_expired" });
    await expect
      .poll(async () => (await links(admin, second.exchange_id)).map((l) => [l.id, l.state, l.live]), { timeout: 10_000 })
      .toEqual([[unopened.id, "expired", false]]);
  });
});
