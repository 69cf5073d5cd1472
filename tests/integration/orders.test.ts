import { describe, expect, it } from "vitest";
import { challengeSchema, orderSchema } from "@/lib/service-api/schemas";
import { isCreditorReference } from "@/lib/banking/creditor-reference";
import { checkIban } from "@/lib/banking/iban";
import { errorCode, parse } from "./harness/api";
import { coinOrder, IBAN_CH, IBAN_DE, IBAN_GB, lightningOrder, newClient, operator, proofMessage } from "./harness/fixtures";
import { addressOf, bitcoinKey, childKey, lightningNode, signBip137, signBip322, signElectrum, testAccount } from "./harness/wallet";

const op = operator();

describe("POST /v1/challenges and GET /v1/challenges/{id}", () => {
  it("creates an 8-character token valid 30 minutes; completed_on is set when an order uses it", async () => {
    const client = await newClient();
    const now = await op.now();
    const challenge = await client.api.challenge();
    expect(challenge.token).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    expect(challenge.completed_on).toBeNull();
    const lifetime = new Date(challenge.expires_on).getTime() - now.getTime();
    expect(lifetime).toBeGreaterThan(29.9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(30 * 60_000 + 1_000);
    expect(challenge.expires_on).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const key = bitcoinKey("challenge-completion");
    const address = addressOf(key, "p2wpkh");
    const message = proofMessage(challenge.token);
    await client.api.createOrder({
      fee_rate: 0.02,
      payment_method: { currency: "eur", debitor_iban: IBAN_DE },
      payout_method: { bitcoin_address: address, message, signature: signBip137(message, key, "p2wpkh") },
    });
    const completed = parse(challengeSchema, await client.api.request("GET", `/v1/challenges/${challenge.id}`), 200);
    expect(completed.completed_on).not.toBeNull();
  });

  it("a used challenge → challenge_used; an expired one → challenge_expired; none → challenge_not_found", async () => {
    const client = await newClient();
    const key = bitcoinKey("challenge-errors");
    const address = addressOf(key, "p2wpkh");
    const order = (message: string) =>
      client.api.request("POST", "/v1/orders", {
        fee_rate: 0.02,
        payment_method: { currency: "eur", debitor_iban: IBAN_DE },
        payout_method: { bitcoin_address: address, message, signature: signBip137(message, key, "p2wpkh") },
      });
    const { token } = await client.api.challenge();
    expect((await order(proofMessage(token))).status).toBe(201);
    expect(errorCode(await order(proofMessage(token)))).toBe("challenge_used");
    expect(errorCode(await order("No token in here at all"))).toBe("challenge_not_found");
    const other = await newClient();
    const foreign = await other.api.challenge();
    expect(errorCode(await order(proofMessage(foreign.token)))).toBe("challenge_not_found");
    const late = await client.api.challenge();
    await op.now(31 * 60);
    expect(errorCode(await order(proofMessage(late.token)))).toBe("challenge_expired");
  });
});

describe("POST /v1/orders – ownership proofs with real signatures", () => {
  const cases = [
    ["P2PKH, BIP-137", "p2pkh", (m: string, k: ReturnType<typeof bitcoinKey>) => signBip137(m, k, "p2pkh")],
    ["P2SH-P2WPKH, BIP-137", "p2sh", (m: string, k: ReturnType<typeof bitcoinKey>) => signBip137(m, k, "p2sh")],
    ["P2WPKH, BIP-137", "p2wpkh", (m: string, k: ReturnType<typeof bitcoinKey>) => signBip137(m, k, "p2wpkh")],
    ["P2WPKH, Electrum (P2PKH header)", "p2wpkh", (m: string, k: ReturnType<typeof bitcoinKey>) => signElectrum(m, k)],
    ["P2SH-P2WPKH, Electrum (P2PKH header)", "p2sh", (m: string, k: ReturnType<typeof bitcoinKey>) => signElectrum(m, k)],
    ["P2WPKH, BIP-322 simple", "p2wpkh", (m: string, k: ReturnType<typeof bitcoinKey>) => signBip322(m, k, addressOf(k, "p2wpkh"))],
    ["P2TR, BIP-322 simple", "p2tr", (m: string, k: ReturnType<typeof bitcoinKey>) => signBip322(m, k, addressOf(k, "p2tr"))],
  ] as const;

  it.each(cases)("%s → 201", async (_name, type, sign) => {
    const client = await newClient();
    const key = bitcoinKey(`proof ${_name}`);
    const address = addressOf(key, type);
    const { token } = await client.api.challenge();
    const message = proofMessage(token);
    const signature = sign(message, key);
    const order = await client.api.createOrder({
      fee_rate: 0.025,
      payment_method: { currency: "eur", debitor_iban: IBAN_DE },
      payout_method: { bitcoin_address: address, message, signature },
    });
    expect(order.payout_method).toEqual({ bitcoin_address: address, message, signature });
  });

  it("a signature by another key, or over another message → 400 invalid_signature", async () => {
    const client = await newClient();
    const key = bitcoinKey("owner");
    const address = addressOf(key, "p2wpkh");
    const { token } = await client.api.challenge();
    const message = proofMessage(token);
    const body = (signature: string) => ({
      fee_rate: 0.02,
      payment_method: { currency: "eur", debitor_iban: IBAN_DE },
      payout_method: { bitcoin_address: address, message, signature },
    });
    expect(errorCode(await client.api.request("POST", "/v1/orders", body(signBip137(message, bitcoinKey("thief"), "p2wpkh"))))).toBe(
      "invalid_signature",
    );
    expect(errorCode(await client.api.request("POST", "/v1/orders", body(signBip137(`${message}!`, key, "p2wpkh"))))).toBe(
      "invalid_signature",
    );
    expect(errorCode(await client.api.request("POST", "/v1/orders", body("bm90IGEgc2lnbmF0dXJl")))).toBe("invalid_signature");
    // the challenge survives failed attempts
    expect((await client.api.request("POST", "/v1/orders", body(signBip137(message, key, "p2wpkh")))).status).toBe(201);
  });

  it("a Lightning node proves itself with an lnd-style zbase32 signature; another node's → invalid_signature", async () => {
    const client = await newClient();
    const { order, node } = await lightningOrder(client.api);
    expect(order.payout_method).toMatchObject({ node_pubkey: node.pubkey });
    const { token } = await client.api.challenge();
    const message = proofMessage(token);
    const reply = await client.api.request("POST", "/v1/orders", {
      fee_rate: 0.02,
      payment_method: { currency: "eur", debitor_iban: IBAN_DE },
      payout_method: { node_pubkey: node.pubkey, message, signature: lightningNode("impostor").sign(message) },
    });
    expect(errorCode(reply)).toBe("invalid_signature");
    const badKey = await client.api.request("POST", "/v1/orders", {
      fee_rate: 0.02,
      payment_method: { currency: "eur", debitor_iban: IBAN_DE },
      payout_method: { node_pubkey: "04" + "ab".repeat(32), message, signature: node.sign(message) },
    });
    expect(errorCode(badKey)).toBe("invalid_node_pubkey");
  });

  it("xpub validation: derivation_mismatch, invalid key, mainnet key on testnet", async () => {
    const client = await newClient();
    const account = testAccount("xpub errors");
    const key = childKey(account.child(0, 1));
    const address = addressOf(key, "p2wpkh");
    const attempt = async (extra: Record<string, unknown>) => {
      const { token } = await client.api.challenge();
      const message = proofMessage(token);
      return client.api.request("POST", "/v1/orders", {
        fee_rate: 0.02,
        payment_method: { currency: "eur", debitor_iban: IBAN_DE },
        payout_method: { bitcoin_address: address, message, signature: signBip137(message, key, "p2wpkh"), ...extra },
      });
    };
    expect(errorCode(await attempt({ extended_public_key: account.vpub, derivation_path: "m/0/2" }))).toBe("derivation_mismatch");
    expect(errorCode(await attempt({ extended_public_key: "vpubNotAKey", derivation_path: "m/0/1" }))).toBe("invalid_extended_public_key");
    expect(errorCode(await attempt({ extended_public_key: account.vpub }))).toBe("invalid_request");
    expect(errorCode(await attempt({ extended_public_key: account.vpub, derivation_path: "m/0'/1" }))).toBe("invalid_request");
    // BIP-32 test vector 1, master xpub (mainnet) on the testnet sandbox
    const mainnetXpub = "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8";
    expect(errorCode(await attempt({ extended_public_key: mainnetXpub, derivation_path: "m/0/1" }))).toBe("invalid_extended_public_key");
    expect((await attempt({ extended_public_key: account.vpub, derivation_path: "m/0/1" })).status).toBe(201);
  });

  it("addresses of another network → address_network; garbage → invalid_address", async () => {
    const client = await newClient();
    const key = bitcoinKey("network");
    const { token } = await client.api.challenge();
    const message = proofMessage(token);
    const body = (address: string) => ({
      fee_rate: 0.02,
      payment_method: { currency: "eur", debitor_iban: IBAN_DE },
      payout_method: { bitcoin_address: address, message, signature: signBip137(message, key, "p2wpkh") },
    });
    expect(errorCode(await client.api.request("POST", "/v1/orders", body(addressOf(key, "p2wpkh", "mainnet"))))).toBe("address_network");
    expect(errorCode(await client.api.request("POST", "/v1/orders", body(addressOf(key, "p2wpkh", "regtest"))))).toBe("address_network");
    expect(errorCode(await client.api.request("POST", "/v1/orders", body("tb1qnotanaddress")))).toBe("invalid_address");
  });
});

describe("payment instructions", () => {
  it.each([
    ["eur", IBAN_DE],
    ["gbp", IBAN_GB],
    ["chf", IBAN_CH],
  ])("%s: creditor fields with a valid IBAN and a unique RF reference", async (currency, iban) => {
    const client = await newClient();
    const { order } = await coinOrder(client.api, { currency, iban });
    const pm = order.payment_method;
    expect(pm.currency).toBe(currency);
    expect(pm.debitor_iban).toBe(iban.replace(/\s/g, ""));
    expect(checkIban(pm.creditor_iban).valid).toBe(true);
    expect(isCreditorReference(pm.creditor_reference)).toBe(true);
    expect(pm.creditor_bank_bic).toMatch(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/);
    if (currency === "chf") {
      const lines = (pm.swiss_qr_bill_payload ?? "").split("\r\n");
      expect(lines.slice(0, 4)).toEqual(["SPC", "0200", "1", pm.creditor_iban]);
      expect(lines).toHaveLength(31);
      expect(lines[19]).toBe("CHF");
      expect(lines.slice(27, 29)).toEqual(["SCOR", pm.creditor_reference]);
      expect(lines[30]).toBe("EPD");
    } else {
      expect(pm.swiss_qr_bill_payload).toBeNull();
    }
    const again = await coinOrder(client.api, { currency, iban });
    expect(again.order.payment_method.creditor_reference).not.toBe(pm.creditor_reference);
  });
});

describe("PATCH /v1/orders/{id}", () => {
  it("toggles active, re-prices, switches agreement; anything else → invalid_request", async () => {
    const client = await newClient();
    const { order } = await coinOrder(client.api, { active: false });
    expect(order.active).toBe(false);
    const patch = (body: unknown) => client.api.request("PATCH", `/v1/orders/${order.id}`, body);
    const patched = parse(orderSchema, await patch({ active: true, fee_rate: 0.045, affiliate_id: client.affiliate_ids[1] }), 200);
    expect(patched).toMatchObject({ active: true, fee_rate: 0.045, affiliate_id: client.affiliate_ids[1] });
    expect(parse(orderSchema, await client.api.request("GET", `/v1/orders/${order.id}`), 200)).toEqual(patched);
    expect(errorCode(await patch({ fee_rate: 0.0119 }))).toBe("fee_rate_out_of_range");
    expect(errorCode(await patch({ fee_rate: 0.0451 }))).toBe("fee_rate_out_of_range");
    expect(errorCode(await patch({ payment_method: { currency: "chf" } }))).toBe("invalid_request");
    const other = await newClient();
    expect(errorCode(await patch({ affiliate_id: other.affiliate_ids[0] }))).toBe("affiliate_not_found");
    expect(parse(orderSchema, await patch({ fee_rate: 0.012 }), 200).fee_rate).toBe(0.012);
  });
});
