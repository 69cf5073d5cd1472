import { createHash, randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { bytesToHex } from "@noble/hashes/utils.js";
import { publicViewSchema } from "@/lib/dashboard/contract/dashboard-api";
import { lightningAddressListSchema, lightningAddressSchema, lnurlStatusSchema } from "@/lib/service-api/operator-contract";
import { decodeInvoice } from "@/lib/lightning/invoice";
import { lnurlPayInvoiceSchema, lnurlPayRequestSchema } from "@/lib/lightning/lightning-address";
import { ClientApi, errorCode, http, parse } from "./harness/api";
import { DashboardSession } from "./harness/dashboard";
import { lightningOrder, operator } from "./harness/fixtures";
import { lightningNode, makeInvoice, type LightningNode } from "./harness/wallet";

let admin: DashboardSession;
beforeAll(async () => {
  admin = await DashboardSession.signIn("affiliate@example.com");
});

const demo = () => new ClientApi(inject("demoClientId"));
const host = () => new URL(inject("baseUrl")).host;
const freshName = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}`;

async function register(name: string, node: LightningNode) {
  return operator().request("POST", "/lightning-addresses", { name, node_private_key: bytesToHex(node.privateKey) });
}

/** A Lightning exchange awaiting its payout, and its payout page's token. */
async function payoutLink(node?: LightningNode) {
  const { order, node: orderNode } = await lightningOrder(demo(), node);
  const { exchange_id } = await operator().pay({ order_id: order.id, amount: 150, currency: "eur" });
  const created = await admin.request("POST", `/api/exchanges/${exchange_id}/payout-link`, {});
  expect(created.status).toBe(201);
  const token = (created.body as { url: string }).url.split("/pay/")[1] ?? "";
  return { exchangeId: exchange_id, token, node: orderNode };
}

const payTo = (token: string, address: string) =>
  http("POST", `${inject("baseUrl")}/api/pay/${token}/lightning-address`, { body: { address } });

describe("the sandbox's test Lightning Addresses (LUD-16, LUD-06)", () => {
  it("registers an address, answers its payRequest at the root and under the sandbox, mints invoices of the exact amount", async () => {
    const node = lightningNode(freshName("address"));
    const name = freshName("alice");
    const created = parse(lightningAddressSchema, await register(name, node), 201);
    expect(created).toMatchObject({ name, address: `${name}@${host()}`, node_pubkey: node.pubkey });
    expect(JSON.stringify(created)).not.toContain(bytesToHex(node.privateKey));
    // the same name and key again is a no-op; another key is a conflict
    expect((await register(name, node)).status).toBe(200);
    const other = await register(name, lightningNode("someone else"));
    expect([other.status, errorCode(other)]).toEqual([409, "conflict"]);
    const list = parse(lightningAddressListSchema, await operator().request("GET", "/lightning-addresses"), 200);
    expect(list.items.map((a) => a.name)).toContain(name);
    expect(JSON.stringify(list)).not.toContain(bytesToHex(node.privateKey));

    const root = await http("GET", `${inject("baseUrl")}/.well-known/lnurlp/${name}`);
    expect(root.headers.get("access-control-allow-origin")).toBe("*");
    const payRequest = parse(lnurlPayRequestSchema, root, 200);
    expect(parse(lnurlPayRequestSchema, await http("GET", `${inject("baseUrl")}/sandbox/.well-known/lnurlp/${name}`), 200)).toEqual(
      payRequest,
    );
    expect(JSON.parse(payRequest.metadata)).toContainEqual(["text/identifier", `${name}@${host()}`]);

    const url = new URL(payRequest.callback);
    url.searchParams.set("amount", "123456000");
    const { pr } = parse(lnurlPayInvoiceSchema, await http("GET", url.toString()), 200);
    const invoice = decodeInvoice(pr, "testnet");
    expect(invoice).toMatchObject({ millisatoshis: 123_456_000n, payeeNodeKey: node.pubkey });
    expect(invoice.descriptionHash).toBe(createHash("sha256").update(payRequest.metadata).digest("hex"));

    url.searchParams.set("amount", "999");
    const tooSmall = lnurlStatusSchema.parse((await http("GET", url.toString())).body);
    expect(tooSmall.status).toBe("ERROR");
  });

  it("an unknown name is a 404 LNURL error; a bad key or name is invalid_request", async () => {
    const unknown = await http("GET", `${inject("baseUrl")}/.well-known/lnurlp/nobody-${randomBytes(4).toString("hex")}`);
    expect(unknown.status).toBe(404);
    expect(lnurlStatusSchema.parse(unknown.body).status).toBe("ERROR");
    for (const body of [
      { name: "Alice", node_private_key: "11".repeat(32) },
      { name: "alice", node_private_key: "00".repeat(32) },
      { name: "alice", node_private_key: "zz" },
    ]) {
      const reply = await operator().request("POST", "/lightning-addresses", body);
      expect([reply.status, errorCode(reply)]).toEqual([400, "invalid_request"]);
    }
  });
});

describe("POST /api/pay/{token}/lightning-address", () => {
  it("resolves the end user's address, submits its invoice, and the operator pays it without a preimage", async () => {
    const { exchangeId, token, node } = await payoutLink();
    const name = freshName("bob");
    expect((await register(name, node)).status).toBe(201);

    // typed as people type it: a capital, spaces, a lightning: prefix
    const reply = await payTo(token, `  lightning:${name.toUpperCase()}@${host()} `);
    const view = parse(publicViewSchema, reply, 200);
    expect(view.status).toBe("paying");
    const exchange = await demo().exchange(exchangeId);
    expect(exchange.payout).toMatchObject({ type: "invoice", status: "pending" });

    // a second address submission while the first is in flight is refused by the service
    const again = await payTo(token, `${name}@${host()}`);
    expect([again.status, errorCode(again)]).toEqual([409, "payout_not_available"]);

    expect((await operator().drive(exchangeId, { type: "invoice_paid" })).status).toBe(200);
    const paid = parse(publicViewSchema, await http("GET", `${inject("baseUrl")}/api/pay/${token}`), 200);
    expect(paid.status).toBe("paid");
    const preimage = paid.payout?.preimage ?? "";
    const paymentHash = (exchange.payout as { invoice: string }).invoice;
    expect(createHash("sha256").update(Buffer.from(preimage, "hex")).digest("hex")).toBe(decodeInvoice(paymentHash, "testnet").paymentHash);
  });

  it("an address of another node than the order's is refused before anything is submitted", async () => {
    const { exchangeId, token } = await payoutLink();
    const name = freshName("mallory");
    expect((await register(name, lightningNode(freshName("other node")))).status).toBe(201);
    const reply = await payTo(token, `${name}@${host()}`);
    expect([reply.status, errorCode(reply)]).toEqual([400, "unexpected_node_pubkey"]);
    expect((await demo().exchange(exchangeId)).payout).toBeNull();
  });

  it("says which part is wrong: the form, an unknown name, a host that is not public or not HTTPS", async () => {
    const { token } = await payoutLink();
    const cases: [string, number, string][] = [
      ["not an address", 400, "lightning_address_invalid"],
      ["bob@", 400, "lightning_address_invalid"],
      [`nobody-${randomBytes(3).toString("hex")}@${host()}`, 400, "lightning_address_not_found"],
      // not the service's host: a port is not part of a Lightning Address
      ["bob@example.com:8443", 400, "lightning_address_invalid"],
      // the server does not fetch from its own network for anyone's address
      ["bob@localhost", 400, "lightning_address_unreachable"],
      ["bob@127.0.0.1", 400, "lightning_address_unreachable"],
      ["bob@10.1.2.3", 400, "lightning_address_unreachable"],
      ["bob@169.254.169.254", 400, "lightning_address_unreachable"],
    ];
    for (const [address, status, code] of cases) {
      const reply = await payTo(token, address);
      expect([address, reply.status, errorCode(reply)]).toEqual([address, status, code]);
    }
    const refused = await payTo(token, "bob@127.0.0.1");
    expect(JSON.stringify(refused.body)).toContain("not public");
  });

  it("invoice_paid without a preimage is refused for an invoice the sandbox did not mint", async () => {
    const { exchangeId, node } = await payoutLink();
    const exchange = await demo().exchange(exchangeId);
    const offer = (exchange.action as { payout_options: { invoice: { fee: number } } } | null)?.payout_options.invoice;
    const sats = Math.round((exchange.amount ?? 0) * 1e8) - (offer?.fee ?? 0);
    const invoice = makeInvoice({ node, msat: BigInt(sats) * 1000n, now: await operator().now() });
    expect(
      (await demo().request("PATCH", `/v1/exchanges/${exchangeId}`, { payout: { type: "invoice", invoice: invoice.invoice } })).status,
    ).toBe(200);
    const reply = await operator().drive(exchangeId, { type: "invoice_paid" });
    expect([reply.status, errorCode(reply)]).toEqual([400, "invalid_request"]);
    expect((await operator().drive(exchangeId, { type: "invoice_paid", preimage: invoice.preimage })).status).toBe(200);
  });
});
