import "server-only";
import { randomBytes } from "node:crypto";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import bitcoinMessage from "bitcoinjs-message";
import { addressForKey } from "@/lib/bitcoin/extended-key";
import type { NetworkName } from "@/lib/bitcoin/networks";
import type { ExchangeClient } from "@/lib/service-api/client";
import { nodePubkeyOf, signNodeMessage } from "@/lib/lightning/node-signature";

// Orders made the way a customer's wallet makes them, for the demo activity and the sandbox's
// scenarios: a throwaway key made here, a fresh challenge, and the payout destination proven by
// a signed message over it (BIP-137 for a P2WPKH address, a Lightning node's signmessage).

const message = (token: string) => `Demo wallet: I control this payout destination. Challenge ${token}`;

type OrderOptions = { currency: string; debitorIban: string; affiliateId?: string; feeRate?: number };

/** An on-chain order paying out to a fresh P2WPKH address of `network`. */
export async function coinOrder(api: ExchangeClient, network: NetworkName, options: OrderOptions) {
  const privateKey = randomBytes(32);
  const address = addressForKey(secp256k1.getPublicKey(privateKey, true), "p2wpkh", network);
  const { token } = await api.createChallenge();
  const text = message(token);
  const signature = bitcoinMessage.sign(text, privateKey, true, { segwitType: "p2wpkh" }).toString("base64");
  return api.createOrder({
    fee_rate: options.feeRate ?? 0.02,
    ...(options.affiliateId ? { affiliate_id: options.affiliateId } : {}),
    payment_method: { currency: options.currency, debitor_iban: options.debitorIban },
    payout_method: { bitcoin_address: address, message: text, signature },
  });
}

/** A Lightning order to a fresh node; its private key comes back, to sign the node's invoices. */
export async function lightningOrder(api: ExchangeClient, options: OrderOptions) {
  const privateKey = randomBytes(32);
  const { token } = await api.createChallenge();
  const text = message(token);
  const order = await api.createOrder({
    fee_rate: options.feeRate ?? 0.015,
    payment_method: { currency: options.currency, debitor_iban: options.debitorIban },
    payout_method: { node_pubkey: nodePubkeyOf(privateKey), message: text, signature: signNodeMessage(text, privateKey) },
  });
  return { order, nodePrivateKey: privateKey };
}

/** Well-known valid IBANs (ECBS / SWIFT IBAN registry examples), one per currency the service takes. */
export const TEST_IBANS = { eur: "DE89370400440532013000", chf: "CH9300762011623852957", gbp: "GB29NWBK60161331926819" } as const;
