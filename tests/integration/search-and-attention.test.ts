import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { exchangePageSchema, overviewSchema } from "@/lib/dashboard/contract/dashboard-api";
import { searchResultSchema } from "@/lib/dashboard/contract/events-api";
import { clientListSchema } from "@/lib/service-api/operator-contract";
import { exchangeSchema } from "@/lib/service-api/schemas";
import { ClientApi, errorCode, parse } from "./harness/api";
import { createOrderVia, DashboardSession } from "./harness/dashboard";
import { coinOrder, lightningOrder, operator } from "./harness/fixtures";
import { makeInvoice } from "./harness/wallet";

// The header's search (GET /api/search) and the "needs attention" queue (?attention=1, overview).

const admin = () => DashboardSession.signIn("affiliate@example.com");
const op = operator();

async function find(session: DashboardSession, q: string) {
  return parse(searchResultSchema, await session.request("GET", `/api/search?q=${encodeURIComponent(q)}`), 200);
}

async function attentionOf(session: DashboardSession, exchangeId: string) {
  const page = parse(exchangePageSchema, await session.request("GET", "/api/exchanges?attention=1&limit=100"), 200);
  return page.data.find((e) => e.id === exchangeId)?.attention;
}

/**
 * The exchange's reason once the index says `expected`: a GET answers before it indexes what it
 * fetched from the service (when the exchange was indexed before), so the list may lag it briefly.
 */
async function attentionBecomes(session: DashboardSession, exchangeId: string, expected: string, withinMs = 5_000) {
  let seen: string | undefined;
  for (let i = 0; i < withinMs / 50; i++) {
    seen = await attentionOf(session, exchangeId);
    if (seen === expected) return seen;
    await new Promise((r) => setTimeout(r, 50));
  }
  return seen;
}

async function indexedSnapshot(session: DashboardSession, exchangeId: string) {
  for (let i = 0; i < 100; i++) {
    const page = parse(exchangePageSchema, await session.request("GET", "/api/exchanges?limit=100"), 200);
    const item = page.data.find((e) => e.id === exchangeId);
    if (item?.exchange) return item;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`exchange ${exchangeId} never indexed`);
}

describe("GET /api/search", () => {
  it("finds an order and its exchange by id, creditor reference, txid and address", async () => {
    const session = await admin();
    const order = await createOrderVia(session);
    const paid = (await session.request("POST", `/api/orders/${order.id}/simulate-payment`, { amount: 55, currency: "eur" })).body as {
      exchange_id: string;
    };
    await indexedSnapshot(session, paid.exchange_id);
    const settled = parse(
      exchangeSchema,
      await session.request("POST", `/api/exchanges/${paid.exchange_id}/simulate`, { type: "broadcast" }),
      200,
    );
    const payout = settled.payout as { txid: string; bitcoin_address: string };

    expect(await find(session, order.id.toUpperCase())).toEqual({
      matched_as: "id",
      data: [expect.objectContaining({ kind: "order", id: order.id, match: "order_id", detail: "order id", href: `/orders/${order.id}` })],
    });
    expect((await find(session, paid.exchange_id)).data.map((h) => h.href)).toEqual([`/exchanges/${paid.exchange_id}`]);
    const reference = order.payment_method.creditor_reference;
    const spaced = reference.toLowerCase().replace(/(.{4})/g, "$1 ");
    expect(await find(session, spaced)).toMatchObject({ matched_as: "creditor_reference", data: [{ kind: "order", id: order.id }] });
    expect(await find(session, payout.txid.toUpperCase())).toMatchObject({
      matched_as: "txid_or_payment_hash",
      data: [{ kind: "exchange", id: paid.exchange_id }],
    });
    const byAddress = await find(session, payout.bitcoin_address.toUpperCase());
    expect(byAddress.matched_as).toBe("bitcoin_address");
    expect(byAddress.data.map((h) => `${h.kind}:${h.id}`).sort()).toEqual([`exchange:${paid.exchange_id}`, `order:${order.id}`].sort());
  });

  it("finds a Lightning order by node key, and its exchange by invoice and payment hash", async () => {
    const session = await admin();
    const demo = new ClientApi(inject("demoClientId"));
    const { order, node } = await lightningOrder(demo);
    expect((await find(session, node.pubkey)).data).toEqual([]); // not indexed until the dashboard sees it
    expect((await session.request("GET", `/api/orders/${order.id}`)).status).toBe(200);
    expect(await find(session, node.pubkey)).toMatchObject({ matched_as: "node_pubkey", data: [{ kind: "order", id: order.id }] });

    const { exchange_id } = await op.pay({ order_id: order.id, amount: 30, currency: "eur" });
    const item = await indexedSnapshot(session, exchange_id);
    const offer = item.exchange?.action as { payout_options: { invoice: { fee: number } } };
    const sats = Math.round((item.exchange?.amount ?? 0) * 1e8) - offer.payout_options.invoice.fee;
    const invoice = makeInvoice({ node, msat: BigInt(sats) * 1000n, now: await op.now() });
    const patched = await session.request("PATCH", `/api/exchanges/${exchange_id}`, {
      payout: { type: "invoice", invoice: invoice.invoice },
    });
    expect(patched.status).toBe(200);

    expect(await find(session, `lightning:${invoice.invoice.toUpperCase()}`)).toMatchObject({
      matched_as: "invoice",
      data: [{ kind: "exchange", id: exchange_id }],
    });
    expect(await find(session, invoice.paymentHash)).toMatchObject({
      matched_as: "txid_or_payment_hash",
      data: [{ kind: "exchange", id: exchange_id, detail: "payment hash of its invoice" }],
    });
  });

  it("finds by the tables' short id, an id prefix of 6+, an amount, a member's email; grouped by kind", async () => {
    const session = await admin();
    const order = await createOrderVia(session);
    const paid = (await session.request("POST", `/api/orders/${order.id}/simulate-payment`, { amount: 47.31, currency: "eur" })).body as {
      exchange_id: string;
    };
    const { exchange } = await indexedSnapshot(session, paid.exchange_id);
    const ids = async (q: string) => (await find(session, q)).data.map((hit) => `${hit.kind}:${hit.id}`);

    // the tables' short id, with and without its "…", upper case, and a longer prefix with a dash
    for (const q of [`${order.id.slice(0, 8)}…`, order.id.slice(0, 8).toUpperCase(), order.id.slice(0, 6), order.id.slice(0, 13)]) {
      expect(await ids(q), q).toContain(`order:${order.id}`);
    }
    const short = await find(session, paid.exchange_id.slice(0, 8));
    expect(short.matched_as).toMatch(/^id_prefix/);
    expect(short.data).toContainEqual(
      expect.objectContaining({
        kind: "exchange",
        id: paid.exchange_id,
        match: "id_prefix",
        detail: "exchange id",
        href: `/exchanges/${paid.exchange_id}`,
      }),
    );
    expect(await ids(paid.exchange_id.slice(0, 5))).toEqual([]); // too short to mean anything

    // its cost, as people write it; its bitcoin amount; another currency finds nothing
    const cost = Number(exchange?.cost);
    for (const q of [`${cost} EUR`, `€ ${cost.toFixed(2).replace(".", ",")}`, cost.toFixed(2)]) {
      const found = await find(session, q);
      expect(
        found.data.filter((hit) => hit.id === paid.exchange_id),
        q,
      ).toEqual([
        expect.objectContaining({
          kind: "exchange",
          id: paid.exchange_id,
          match: "cost",
          detail: `cost ${cost} EUR`,
          href: `/exchanges/${paid.exchange_id}`,
        }),
      ]);
    }
    expect(await ids(`${cost} CHF`)).not.toContain(`exchange:${paid.exchange_id}`);
    expect(await ids(`${exchange?.amount} BTC`)).toContain(`exchange:${paid.exchange_id}`);
    expect(await ids(`${Math.round(Number(exchange?.amount) * 1e8)} sats`)).toContain(`exchange:${paid.exchange_id}`);

    // team members by email (for those who may see the team), one group after the others
    expect(await find(session, "viewer@example")).toEqual({
      matched_as: "email",
      data: [expect.objectContaining({ kind: "member", match: "member_email", detail: "viewer@example.com", href: "/settings?tab=team" })],
    });
    const viewer = await DashboardSession.signIn("viewer@example.com");
    expect(await find(viewer, "viewer@example")).toEqual({ matched_as: "email", data: [] });
    expect((await find(session, "@example.com")).data.map((hit) => hit.detail)).toEqual(
      expect.arrayContaining(["affiliate@example.com", "viewer@example.com"]),
    );
    const mixed = await find(session, order.id.slice(0, 6).replace(/[a-f]/g, "1"));
    const kinds = mixed.data.map((hit) => hit.kind);
    expect(kinds).toEqual(
      [...kinds].sort((a, b) => ["order", "exchange", "member"].indexOf(a) - ["order", "exchange", "member"].indexOf(b)),
    );
  });

  it("tells its matches apart: state, the service's date, pair, amounts in their currency, whatever was typed", async () => {
    const session = await admin();
    const order = await createOrderVia(session);
    const pay = async () =>
      (
        (await session.request("POST", `/api/orders/${order.id}/simulate-payment`, { amount: 63.29, currency: "eur" })).body as {
          exchange_id: string;
        }
      ).exchange_id;
    const [first, second] = [await pay(), await pay()];
    await indexedSnapshot(session, first);
    const { exchange } = await indexedSnapshot(session, second);
    parse(exchangeSchema, await session.request("POST", `/api/exchanges/${first}/simulate`, { type: "broadcast" }), 200);
    for (let i = 0; i < 100 && (await indexedSnapshot(session, first)).state !== "settled"; i++)
      await new Promise((r) => setTimeout(r, 50));
    const cost = Number(exchange?.cost);
    for (const q of [String(cost), `${cost} EUR`]) {
      const hits = (await find(session, q)).data.filter((hit) => hit.id === first || hit.id === second);
      expect(hits.map((hit) => hit.id).sort(), q).toEqual([first, second].sort());
      for (const hit of hits) {
        expect(hit.summary, q).toMatchObject({ pair: "btc/eur", currency: "EUR", cost, type: "buy" });
        expect(hit.summary?.at, q).toMatch(/^\d{4}-\d{2}-\d{2}T/);
        if (hit.id === second) expect(hit.summary?.at, q).toBe(exchange?.executed_on);
        expect(hit.detail, q).toBe(`cost ${cost} EUR`);
      }
      expect(hits.map((hit) => hit.summary?.state).sort(), q).toEqual(["executed", "settled"]);
    }
    // the order found by its id says whether it is active, its currency and when the service created it
    const byOrder = await find(session, order.id);
    expect(byOrder.data[0]?.summary).toMatchObject({ state: "active", currency: "EUR", at: order.created_on });
  });

  it("says what it could not take the text for; another client's id and unknown ids find nothing; no text is 400", async () => {
    const session = await admin();
    expect(await find(session, "hello there")).toEqual({ matched_as: "nothing", data: [] });
    expect(await find(session, "00000000-0000-4000-8000-000000000000")).toEqual({ matched_as: "id", data: [] });
    const other = await op.createClient("Search stranger");
    const { order: foreignOrder } = await coinOrder(other.api);
    const foreign = await find(session, foreignOrder.id);
    expect(foreign.data).toEqual([]);
    for (const q of ["", "%20%20"]) {
      const reply = await session.request("GET", `/api/search?q=${q}`);
      expect([reply.status, errorCode(reply)]).toEqual([400, "invalid_request"]);
    }
  });
});

describe("needs attention", () => {
  it("a Lightning payout unclaimed for over an hour on the service's clock; a state the webhooks never announced", async () => {
    const session = await admin();
    const demo = new ClientApi(inject("demoClientId"));
    const { order } = await lightningOrder(demo);
    const { exchange_id: unclaimed } = await op.pay({ order_id: order.id, amount: 25, currency: "eur" });
    await indexedSnapshot(session, unclaimed);
    expect(await attentionOf(session, unclaimed)).toBeUndefined();
    await op.now(2 * 3600);
    // any answer of the service tells the dashboard its clock
    await session.request("GET", `/api/exchanges/${unclaimed}`, undefined, { "cache-control": "no-cache" });
    expect(await attentionBecomes(session, unclaimed, "payout_unclaimed")).toBe("payout_unclaimed");

    // the demo client's webhooks stop arriving; the exchange moves on; a look at it shows the new state
    const coin = await createOrderVia(session);
    const { exchange_id: silent } = await op.pay({ order_id: coin.id, amount: 25, currency: "eur" });
    await indexedSnapshot(session, silent);
    const clients = parse(clientListSchema, await op.request("GET", "/clients"), 200).clients;
    const demoClient = clients.find((c) => c.client_id === inject("demoClientId"));
    const endpoints = demoClient?.endpoints.map((e) => ({ url: e.url, secret: inject("webhookSecret") })) ?? [];
    expect(endpoints).toHaveLength(1);
    try {
      await op.request("PUT", `/clients/${inject("demoClientId")}/webhook-endpoints`, { endpoints: [] });
      await op.drive(silent, { type: "broadcast" });
      await session.request("GET", `/api/exchanges/${silent}`, undefined, { "cache-control": "no-cache" });
      // a look can run ahead of the webhook on its way (a scenario's next step arrives 200 ms
      // later; a failed delivery, after 5 minutes): no alarm within the grace
      expect(await attentionOf(session, silent)).toBeUndefined();
      expect(await attentionBecomes(session, silent, "webhook_missing", 20_000)).toBe("webhook_missing");
    } finally {
      await op.request("PUT", `/clients/${inject("demoClientId")}/webhook-endpoints`, { endpoints });
    }
    const overview = parse(overviewSchema, await session.request("GET", "/api/overview"), 200);
    expect(overview.attention.count).toBeGreaterThanOrEqual(2);
    expect(overview.attention.items.length).toBeLessThanOrEqual(5);
    expect(overview.attention.items.every((i) => i.attention !== undefined)).toBe(true);

    // once the service says so in a webhook, it no longer needs attention
    await op.drive(silent, { type: "confirm" });
    for (let i = 0; i < 100 && (await attentionOf(session, silent)) !== undefined; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await attentionOf(session, silent)).toBeUndefined();
  });

  it("the overview, though kept a few seconds per tenant, shows a new exchange as soon as it is stored", async () => {
    const session = await admin();
    const overview = async () => parse(overviewSchema, await session.request("GET", "/api/overview"), 200);
    const kept = await overview();
    const order = await createOrderVia(session);
    const paid = (await session.request("POST", `/api/orders/${order.id}/simulate-payment`, { amount: 41, currency: "eur" })).body as {
      exchange_id: string;
    };
    await indexedSnapshot(session, paid.exchange_id);
    // no wait, no no-cache: the stored webhook or snapshot dropped the kept answer on this instance
    const after = await overview();
    expect(kept.latest.map((e) => e.id)).not.toContain(paid.exchange_id);
    expect(after.latest.map((e) => e.id)).toContain(paid.exchange_id);
  });

  it("?attention=2 → 400", async () => {
    const reply = await (await admin()).request("GET", "/api/exchanges?attention=2");
    expect([reply.status, errorCode(reply)]).toEqual([400, "invalid_request"]);
  });
});
