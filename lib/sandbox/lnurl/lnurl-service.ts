import "server-only";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import type { Db } from "@/lib/db/client";
import { sandboxExchanges } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import { clientNow, sandboxNow } from "../clock";
import { isExpired } from "../exchanges/offers";
import { requestChannelPayout, requestInvoicePayout } from "../exchanges/patch-payout";
import { orderOf } from "../exchanges/store";
import { actionOf, offersOf, type ExchangeRow } from "../exchanges/types";

// LNURL endpoints behind payout_options (LUD-01 encoding, LUD-02 channelRequest,
// LUD-03 withdrawRequest). Errors are LNURL error bodies: {status: "ERROR", reason}.

export type LnurlKind = "withdraw" | "channel";

export const lnurlError = (reason: string) => ({ status: "ERROR", reason });

/** The sandbox's own simulated node, whose URI channelRequest advertises. */
export function sandboxNodeUri(): string {
  const key = createHash("sha256").update("exchange-sandbox-node").digest();
  const pubkey = bytesToHex(secp256k1.getPublicKey(key, true));
  return `${pubkey}@${new URL(env().sandboxPublicUrl).hostname}:9735`;
}

async function findByK1(db: Db, kind: LnurlKind, k1: string, lock: boolean): Promise<ExchangeRow | null> {
  if (!/^[0-9a-f]{64}$/.test(k1)) return null;
  const key = kind === "withdraw" ? "invoice" : "channel";
  const query = db
    .select()
    .from(sandboxExchanges)
    .where(sql`${sandboxExchanges.offers}->${key}->>'k1' = ${k1}`);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

function openOffer(row: ExchangeRow | null, kind: LnurlKind, now: Date) {
  const offers = row ? offersOf(row) : null;
  if (!row || !offers || actionOf(row)?.code !== "initiate_payout") {
    throw new ApiError("payout_not_available", "This link is not valid (anymore)");
  }
  const offer = kind === "withdraw" ? offers.invoice : offers.channel;
  if (!offer) throw new ApiError("payout_not_available", "This link is not valid (anymore)");
  if (isExpired(offer, now)) throw new ApiError("offer_expired", "This offer has expired: ask for a new link");
  return { row, offer };
}

const callbackUrl = (kind: LnurlKind, k1: string) => `${env().sandboxPublicUrl}/lnurl/${kind}/${k1}/callback`;

export async function describeLnurl(db: Db, kind: LnurlKind, k1: string) {
  const found = await findByK1(db, kind, k1, false);
  // an offer expires on its client's clock
  const now = found ? await clientNow(db, found.clientId) : await sandboxNow(db);
  const { row, offer } = openOffer(found, kind, now);
  if (kind === "channel") {
    return { tag: "channelRequest", uri: sandboxNodeUri(), callback: callbackUrl(kind, k1), k1 };
  }
  const msat = ((row.amountSats ?? 0) - offer.fee_sats) * 1000;
  return {
    tag: "withdrawRequest",
    callback: callbackUrl(kind, k1),
    k1,
    defaultDescription: `Payout of exchange ${row.id}`,
    minWithdrawable: msat,
    maxWithdrawable: msat,
  };
}

/** LUD-03 callback: validates the invoice exactly as PATCH does; single use under concurrency. */
export async function withdrawCallback(db: Db, k1: string, invoice: string) {
  return db.transaction(async (tx) => {
    const row = await findByK1(tx, "withdraw", k1, true);
    if (!row) throw new ApiError("payout_not_available", "This link is not valid (anymore)");
    const now = await clientNow(tx, row.clientId);
    await requestInvoicePayout(tx, row, await orderOf(tx, row), invoice, now);
    return { status: "OK" };
  });
}

/** LUD-02 callback: the wallet's node (remoteid) has connected; open a channel to it. */
export async function channelCallback(db: Db, k1: string, remoteId: string, privateChannel: boolean) {
  return db.transaction(async (tx) => {
    const row = await findByK1(tx, "channel", k1, true);
    if (!row) throw new ApiError("payout_not_available", "This link is not valid (anymore)");
    const now = await clientNow(tx, row.clientId);
    await requestChannelPayout(tx, row, await orderOf(tx, row), { connectedPeer: remoteId.toLowerCase(), private: privateChannel }, now);
    return { status: "OK" };
  });
}
