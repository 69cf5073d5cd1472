import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxNodes } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import type { ExchangePayoutPatch } from "@/lib/service-api/schemas";
import { decodeInvoice, InvoiceError, normalizeInvoice } from "@/lib/lightning/invoice";
import { isNodePubkey } from "@/lib/lightning/node-signature";
import { clientNow } from "../clock";
import { isExpired } from "./offers";
import { renderExchange } from "./render-exchange";
import { lockExchange, orderOf, updateExchange } from "./store";
import {
  actionOf,
  offersOf,
  payoutOf,
  type ChannelPayout,
  type ExchangeRow,
  type InvoicePayout,
  type Offers,
  type OrderRow,
} from "./types";

/** Host that the simulated network cannot reach: channel requests to it fail with `connect`. */
export const UNREACHABLE_HOST = "unreachable.invalid";

/** The payout offers of an exchange that awaits a Lightning payout, or why it does not. */
function awaitingOffers(row: ExchangeRow, order: OrderRow): Offers {
  if (order.payoutKind !== "lightning" || row.type !== "buy") {
    throw new ApiError("payout_not_available", "Only exchanges of Lightning orders take payout instructions");
  }
  const payout = payoutOf(row);
  if (payout && payout.type !== "coin") {
    if (payout.status === "pending" || payout.status === "funding") throw new ApiError("in_progress", "The payout is already in progress");
    if (payout.status === "completed") throw new ApiError("already_completed", "The payout is already completed");
  }
  const offers = offersOf(row);
  if (row.state === "settled") throw new ApiError("already_completed", "The payout is already completed");
  if (row.state === "refunded" || actionOf(row)?.code !== "initiate_payout" || !offers) {
    throw new ApiError("payout_not_available", "The exchange awaits no payout");
  }
  return offers;
}

export async function requestInvoicePayout(tx: Db, row: ExchangeRow, order: OrderRow, text: string, now: Date) {
  const offer = awaitingOffers(row, order).invoice;
  if (isExpired(offer, now)) throw new ApiError("offer_expired", "The invoice offer has expired: GET the exchange for a new one");
  let invoice;
  try {
    invoice = decodeInvoice(text, env().sandboxNetwork);
  } catch (error) {
    if (error instanceof InvoiceError) throw new ApiError(error.code, error.message);
    throw error;
  }
  if (invoice.expiresAt <= now) throw new ApiError("invoice_expired", "The invoice has expired");
  if (invoice.payeeNodeKey !== order.nodePubkey) {
    throw new ApiError("unexpected_node_pubkey", "The invoice is not from the order's node");
  }
  const amountSats = (row.amountSats ?? 0) - offer.fee_sats;
  const expectedMsat = BigInt(amountSats) * 1000n;
  if (invoice.millisatoshis === null || invoice.millisatoshis !== expectedMsat) {
    throw new ApiError("invoice_amount", `The invoice must be for exactly ${amountSats} sat (${expectedMsat} msat)`);
  }
  const payout: InvoicePayout = {
    type: "invoice",
    status: "pending",
    invoice: normalizeInvoice(text),
    payment_hash: invoice.paymentHash,
    preimage: null,
    fee_sats: offer.fee_sats,
    amount_sats: amountSats,
  };
  return updateExchange(tx, row, { payout, action: null }, now);
}

function parseNodeAddress(text: string): { pubkey: string; host: string; port: number } {
  const match = /^([0-9a-fA-F]{66})@(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(text.trim());
  const port = Number(match?.[3]);
  if (!match?.[1] || !match[2] || !(port >= 1 && port <= 65535) || !isNodePubkey(match[1].toLowerCase())) {
    throw new ApiError("invalid_request", "node_address must be <node_pubkey>@<host>:<port>", [
      { path: "payout.node_address", message: "Expected <node_pubkey>@<host>:<port>" },
    ]);
  }
  return { pubkey: match[1].toLowerCase(), host: match[2], port };
}

type ChannelRequest = { nodeAddress?: string; private?: boolean; connectedPeer?: string };

export async function requestChannelPayout(tx: Db, row: ExchangeRow, order: OrderRow, request: ChannelRequest, now: Date) {
  const offer = awaitingOffers(row, order).channel;
  if (!offer) throw new ApiError("channel_payout_not_allowed", "A direct channel to this node already exists");
  if (isExpired(offer, now)) throw new ApiError("offer_expired", "The channel offer has expired: GET the exchange for a new one");
  const nodePubkey = order.nodePubkey ?? "";
  let address: { host: string; port: number } | undefined;
  if (request.nodeAddress !== undefined) {
    const parsed = parseNodeAddress(request.nodeAddress);
    if (parsed.pubkey !== nodePubkey) throw new ApiError("unexpected_node_pubkey", "node_address holds another node's pubkey");
    address = parsed;
  } else if (request.connectedPeer !== undefined) {
    if (request.connectedPeer !== nodePubkey) throw new ApiError("unexpected_node_pubkey", "The connecting node is not the order's node");
  }
  const [known] = await tx.select().from(sandboxNodes).where(eq(sandboxNodes.pubkey, nodePubkey)).for("update");
  if (known?.hasChannel) throw new ApiError("channel_payout_not_allowed", "A direct channel to this node already exists");
  // A wallet following LUD-02 connects to us first, so its address is the live connection.
  address ??= known ?? (request.connectedPeer ? { host: "peer.lnurl", port: 9735 } : undefined);
  if (!address) throw new ApiError("node_address_required", "The node address is unknown: send node_address and retry");
  if (address.host === UNREACHABLE_HOST) throw new ApiError("connect", "Connection to the Lightning node failed");
  await tx
    .insert(sandboxNodes)
    .values({ pubkey: nodePubkey, host: address.host, port: address.port, hasChannel: false })
    .onConflictDoUpdate({ target: sandboxNodes.pubkey, set: { host: address.host, port: address.port } });
  const payout: ChannelPayout = {
    type: "channel",
    status: "pending",
    node_pubkey: nodePubkey,
    host: address.host,
    port: address.port,
    private: request.private ?? false,
    txid: null,
    outpoint: null,
    channel_id: null,
    fee_sats: offer.fee_sats,
    amount_sats: (row.amountSats ?? 0) - offer.fee_sats,
  };
  return updateExchange(tx, row, { payout, action: null }, now);
}

// PATCH /v1/exchanges/{id}
export async function patchPayout(db: Db, clientId: string, id: string, input: ExchangePayoutPatch) {
  return db.transaction(async (tx) => {
    const row = await lockExchange(tx, id, clientId);
    const order = await orderOf(tx, row);
    const now = await clientNow(tx, clientId);
    const updated =
      input.payout.type === "invoice"
        ? await requestInvoicePayout(tx, row, order, input.payout.invoice, now)
        : await requestChannelPayout(tx, row, order, { nodeAddress: input.payout.node_address, private: input.payout.private }, now);
    return renderExchange(updated);
  });
}
