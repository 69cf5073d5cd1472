import { randomBytes } from "node:crypto";
import { ClientApi, OperatorApi } from "./api";
import { addressOf, bitcoinKey, lightningNode, signBip137, type BitcoinKey, type LightningNode } from "./wallet";

// Well-known valid IBANs (ECBS / SWIFT IBAN registry examples).
export const IBAN_DE = "DE89 3704 0044 0532 0130 00";
export const IBAN_GB = "GB82 WEST 1234 5698 7654 32";
export const IBAN_CH = "CH93 0076 2011 6238 5295 7";

export const operator = () => new OperatorApi();

export const WEBHOOK_SECRET = "whsec_integration_test_secret_0001";

/** A new API client of the sandbox, optionally with a webhook endpoint. */
export async function newClient(webhookUrl?: string) {
  const name = `Test client ${randomBytes(3).toString("hex")}`;
  return operator().createClient(name, webhookUrl ? [{ url: webhookUrl, secret: WEBHOOK_SECRET }] : []);
}

export const proofMessage = (token: string) => `I own this payout destination. Challenge: ${token}`;

/** An on-chain order paying to a fresh P2WPKH address, proven with a BIP-137 signature. */
export async function coinOrder(api: ClientApi, options: { key?: BitcoinKey; currency?: string; iban?: string; active?: boolean } = {}) {
  const key = options.key ?? bitcoinKey(`coin ${randomBytes(8).toString("hex")}`);
  const address = addressOf(key, "p2wpkh");
  const { token } = await api.challenge();
  const message = proofMessage(token);
  const order = await api.createOrder({
    fee_rate: 0.02,
    ...(options.active === undefined ? {} : { active: options.active }),
    payment_method: { currency: options.currency ?? "eur", debitor_iban: options.iban ?? IBAN_DE },
    payout_method: { bitcoin_address: address, message, signature: signBip137(message, key, "p2wpkh") },
  });
  return { order, key, address };
}

/** A Lightning order for a fresh node key, proven with an lnd-style signature. */
export async function lightningOrder(api: ClientApi, node: LightningNode = lightningNode(randomBytes(8).toString("hex"))) {
  const { token } = await api.challenge();
  const message = proofMessage(token);
  const order = await api.createOrder({
    fee_rate: 0.02,
    payment_method: { currency: "eur", debitor_iban: IBAN_DE },
    payout_method: { node_pubkey: node.pubkey, message, signature: node.sign(message) },
  });
  return { order, node };
}
