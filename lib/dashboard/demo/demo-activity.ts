import "server-only";
import { randomBytes } from "node:crypto";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import bitcoinMessage from "bitcoinjs-message";
import { addressForKey } from "@/lib/bitcoin/extended-key";
import type { NetworkName } from "@/lib/bitcoin/networks";
import { ExchangeClient } from "@/lib/service-api/client";
import { SandboxOperatorClient } from "@/lib/service-api/operator-client";
import type { paymentFieldsSchema } from "@/lib/service-api/operator-contract";
import { nodePubkeyOf, signNodeMessage } from "@/lib/lightning/node-signature";
import type { z } from "zod";

// Example activity for a fresh demo database, made the way a real client makes it: orders
// through the REST API v1 with wallet signatures made here with throwaway keys, payments and
// chain events through the sandbox's operator API, and everything the dashboard shows arriving
// over the real webhook path. Nothing is inserted into tables directly.

type Options = { baseUrl: string; clientId: string; operatorKey: string; network: NetworkName };
type Payment = z.input<typeof paymentFieldsSchema>;
type Step = "broadcast" | "confirm";

// Well-known valid IBANs (ECBS / SWIFT IBAN registry examples)
const IBAN_DE = "DE89370400440532013000";
const IBAN_CH = "CH9300762011623852957";

const message = (token: string) => `Demo wallet: I control this payout destination. Challenge ${token}`;

async function coinOrder(api: ExchangeClient, network: NetworkName, currency: string, debitorIban: string) {
  const privateKey = randomBytes(32);
  const address = addressForKey(secp256k1.getPublicKey(privateKey, true), "p2wpkh", network);
  const { token } = await api.createChallenge();
  const text = message(token);
  const signature = bitcoinMessage.sign(text, privateKey, true, { segwitType: "p2wpkh" }).toString("base64");
  return api.createOrder({
    fee_rate: 0.02,
    payment_method: { currency, debitor_iban: debitorIban },
    payout_method: { bitcoin_address: address, message: text, signature },
  });
}

async function lightningOrder(api: ExchangeClient) {
  const privateKey = randomBytes(32);
  const { token } = await api.createChallenge();
  const text = message(token);
  return api.createOrder({
    fee_rate: 0.015,
    payment_method: { currency: "eur", debitor_iban: IBAN_DE },
    payout_method: { node_pubkey: nodePubkeyOf(privateKey), message: text, signature: signNodeMessage(text, privateKey) },
  });
}

/** Orders, payments and chain events covering every state the dashboard shows; returns the exchange ids. */
export async function seedDemoActivity({ baseUrl, clientId, operatorKey, network }: Options): Promise<string[]> {
  const api = new ExchangeClient({ baseUrl, clientId });
  const operator = new SandboxOperatorClient(baseUrl, operatorKey);
  const euros = await coinOrder(api, network, "eur", IBAN_DE);
  const francs = await coinOrder(api, network, "chf", IBAN_CH);
  const lightning = await lightningOrder(api);
  const plan: { order: string; payment: Payment; then: Step[] }[] = [
    { order: euros.id, payment: { amount: 250, currency: "eur" }, then: ["broadcast", "confirm"] },
    { order: francs.id, payment: { amount: 400, currency: "chf" }, then: ["broadcast", "confirm"] },
    { order: euros.id, payment: { amount: 180, currency: "eur" }, then: ["broadcast"] },
    { order: euros.id, payment: { amount: 120, currency: "eur" }, then: [] },
    // the compliance rules refund these two: a company's account, a country the service does not serve
    { order: euros.id, payment: { amount: 90, currency: "eur", payer: { kind: "company", name: "Muster GmbH" } }, then: [] },
    { order: francs.id, payment: { amount: 75, currency: "chf", payer: { country: "US" } }, then: [] },
    // above 1 000: interrupted until the customer is identified
    { order: euros.id, payment: { amount: 1500, currency: "eur" }, then: [] },
    // a Lightning payout waiting for the end user's wallet
    { order: lightning.id, payment: { amount: 60, currency: "eur" }, then: [] },
  ];
  const ids: string[] = [];
  for (const { order, payment, then } of plan) {
    const { exchange_id } = await operator.pay({ ...payment, order_id: order });
    for (const type of then) await operator.drive(exchange_id, { type });
    ids.push(exchange_id);
  }
  return ids;
}

/** Waits until this app answers on its own port (the server is listening), at most `timeoutMs`. */
export async function whenListening(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
