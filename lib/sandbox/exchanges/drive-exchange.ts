import "server-only";
import { createHash, randomBytes, randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { sandboxExchanges, sandboxNodes, sandboxOrders } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import type { AddressType } from "@/lib/bitcoin/address";
import { deriveAddress, formatDerivationPath, parseDerivationPath, parseExtendedPublicKey } from "@/lib/bitcoin/extended-key";
import { mintedPreimage } from "../lightning-addresses/lightning-addresses";
import { clientNow, mineBlocks } from "../clock";
import { emitEvent } from "../outbox/emit-event";
import { wakeWorker } from "../outbox/wake";
import { newOffers } from "./offers";
import { offersChannel, withdrawChannelOffers } from "./channel-offer";
import { renderExchange } from "./render-exchange";
import { driveEventTypes, type driveEventSchema } from "@/lib/service-api/operator-contract";
import { executionFields } from "./simulate-payment";
import { lockExchange, orderOf, updateExchange } from "./store";
import { actionOf, payoutOf, type CoinPayout, type ExchangeRow, type OrderRow } from "./types";

export type DriveEvent = z.infer<typeof driveEventSchema>;

/** A simulated on-chain payout: ~141 vB at 10 sat/vB, bumped by half on replacement. */
export const COIN_FEE_SATS = 1_410;

const invalid = (message: string) => new ApiError("invalid_transition", message);
const txid = () => randomBytes(32).toString("hex");

/** Next payout address: the order's address, or under an extended key the next unused index. */
async function payoutAddress(tx: Db, order: OrderRow): Promise<{ address: string; path: string | null }> {
  const method = order.payoutMethod as { bitcoin_address: string; extended_public_key?: string; derivation_path?: string };
  if (!method.extended_public_key || !method.derivation_path) return { address: method.bitcoin_address, path: null };
  const network = env().sandboxNetwork;
  const indexes = parseDerivationPath(method.derivation_path);
  const next = (order.lastDerivationIndex ?? indexes[indexes.length - 1] ?? 0) + 1;
  const path = [...indexes.slice(0, -1), next];
  const key = parseExtendedPublicKey(method.extended_public_key, network);
  const address = deriveAddress(key, path, (order.addressType ?? "p2wpkh") as AddressType, network);
  await tx.update(sandboxOrders).set({ lastDerivationIndex: next }).where(eq(sandboxOrders.id, order.id));
  return { address, path: formatDerivationPath(path) };
}

function coinPayoutOf(row: ExchangeRow): CoinPayout {
  const payout = payoutOf(row);
  if (payout?.type !== "coin") throw invalid("The exchange has no on-chain payout: broadcast first");
  return payout;
}

/** Fields that put a Lightning exchange back to awaiting payout after a failed attempt (`channel`: whether one is offered). */
function payoutFailure(row: ExchangeRow, failureCode: string, now: Date, channel: boolean): Partial<ExchangeRow> {
  const payout = payoutOf(row);
  if (!payout || payout.type === "coin") throw invalid("No Lightning payout to fail");
  return {
    state: "interrupted",
    reason: { code: "payout_failure" },
    action: { code: "initiate_payout" },
    offers: newOffers(row.amountSats ?? 0, now, channel),
    payout: { ...payout, status: "failed", failure_code: failureCode },
  };
}

const refunded = (code: string): Partial<ExchangeRow> => ({
  state: "refunded",
  reason: { code },
  executedOn: null,
  amountSats: null,
  rateMinor: null,
  feeMinor: null,
  action: null,
  payout: null,
  offers: null,
});

type DriveType = DriveEvent["type"];

/**
 * Why an event does not fit the exchange's state, or null when it does. The one place the
 * state machine's preconditions live: driving checks them, and the operator's view of an
 * exchange lists them so that a console can offer only what fits.
 */
const guards: Record<DriveType, (row: ExchangeRow, order: OrderRow) => string | null> = {
  identification_approved: (row) => awaitsIdentification(row),
  identification_rejected: (row) => awaitsIdentification(row),
  refund: (row) => {
    const payout = payoutOf(row);
    const inFlight = payout && (payout.type === "coin" || payout.status !== "failed");
    return (row.state !== "executed" && row.state !== "interrupted") || inFlight
      ? "Only an executed or interrupted exchange without a payout under way can be refunded"
      : null;
  },
  payout_expired: (row) => (actionOf(row)?.code !== "initiate_payout" ? "The exchange awaits no Lightning payout" : null),
  broadcast: (row, order) => {
    if (order.payoutKind !== "coin" || row.type !== "buy") return "Only on-chain buy exchanges are broadcast";
    return row.state !== "executed" || payoutOf(row) ? "The exchange is not executed, or already paid out" : null;
  },
  replace: (row) => {
    const payout = payoutOf(row);
    if (payout?.type !== "coin") return "The exchange has no on-chain payout: broadcast first";
    return payout.confirmations > 0 ? "A confirmed transaction cannot be replaced" : null;
  },
  confirm: (row) => (payoutOf(row)?.type !== "coin" ? "The exchange has no on-chain payout: broadcast first" : null),
  invoice_paid: (row) => pendingPayout(row, "invoice", "pending", "No pending invoice payout"),
  invoice_failed: (row) => pendingPayout(row, "invoice", "pending", "No pending invoice payout"),
  channel_funded: (row) => pendingPayout(row, "channel", "pending", "No pending channel payout"),
  channel_opened: (row) => pendingPayout(row, "channel", "funding", "No channel being funded"),
  channel_failed: (row) => pendingPayout(row, "channel", "pending", "No pending channel payout"),
};

function awaitsIdentification(row: ExchangeRow): string | null {
  return row.state !== "interrupted" || actionOf(row)?.code !== "identification_required" ? "The exchange awaits no identification" : null;
}

function pendingPayout(row: ExchangeRow, type: "invoice" | "channel", status: string, reason: string): string | null {
  const payout = payoutOf(row);
  return payout?.type === type && payout.status === status ? null : reason;
}

/** Every operator event with whether it fits the exchange now, and why not. */
export function nextEvents(row: ExchangeRow, order: OrderRow) {
  return driveEventTypes.map((type) => {
    const reason = guards[type](row, order);
    return { type, allowed: reason === null, reason };
  });
}

async function transition(tx: Db, row: ExchangeRow, order: OrderRow, event: DriveEvent, now: Date) {
  const refused = guards[event.type](row, order);
  if (refused) throw invalid(refused);
  const payout = payoutOf(row);
  switch (event.type) {
    case "identification_approved":
      return {
        changes: executionFields(order, row.costMinor, row.pair.slice(4), now, await offersChannel(tx, order.nodePubkey)),
        event: "exchange.executed" as const,
      };
    case "identification_rejected":
      return { changes: refunded("threshold_exceeded"), event: "exchange.refunded" as const };
    case "refund":
      return { changes: refunded(event.code), event: "exchange.refunded" as const };
    case "payout_expired":
      return { changes: refunded("payout_expired"), event: "exchange.refunded" as const };
    case "broadcast": {
      const { address, path } = await payoutAddress(tx, order);
      const coin: CoinPayout = {
        type: "coin",
        txid: txid(),
        outpoint: randomInt(2),
        bitcoin_address: address,
        derivation_path: path,
        block_height: null,
        confirmations: 0,
        fee_sats: COIN_FEE_SATS,
        amount_sats: Math.max(0, (row.amountSats ?? 0) - COIN_FEE_SATS),
      };
      return { changes: { state: "settled", payout: coin }, event: "exchange.settled" as const };
    }
    case "replace": {
      const coin = coinPayoutOf(row);
      const fee = Math.ceil(coin.fee_sats * 1.5);
      const replaced: CoinPayout = { ...coin, txid: txid(), fee_sats: fee, amount_sats: Math.max(0, (row.amountSats ?? 0) - fee) };
      return { changes: { payout: replaced }, event: "exchange.settled" as const };
    }
    case "confirm": {
      const coin = coinPayoutOf(row);
      const blocks = event.blocks ?? 1;
      const first = await mineBlocks(tx, blocks);
      const confirmed: CoinPayout = { ...coin, block_height: coin.block_height ?? first, confirmations: coin.confirmations + blocks };
      // exchange.settled is sent once at the first confirmation (docs/exchange-api.md#exchanges, on-chain payouts)
      return { changes: { payout: confirmed }, event: coin.confirmations === 0 ? ("exchange.settled" as const) : null };
    }
    case "invoice_paid": {
      if (payout?.type !== "invoice") throw invalid("No pending invoice payout");
      const preimage = event.preimage ?? (await mintedPreimage(tx, payout.payment_hash));
      if (!preimage) {
        throw new ApiError("invalid_request", "The sandbox did not mint this invoice: send the preimage that pays it", [
          { path: "preimage", message: "Required for an invoice that no test Lightning Address minted" },
        ]);
      }
      const hash = createHash("sha256").update(Buffer.from(preimage, "hex")).digest("hex");
      if (hash !== payout.payment_hash) {
        throw new ApiError("invalid_request", "The preimage does not hash to the invoice's payment hash", [
          { path: "preimage", message: "sha256(preimage) must equal the payment hash" },
        ]);
      }
      const paid = { ...payout, status: "completed" as const, preimage: preimage.toLowerCase() };
      return { changes: { state: "settled", payout: paid, reason: null, action: null }, event: "exchange.settled" as const };
    }
    case "invoice_failed":
      return {
        changes: payoutFailure(row, event.failure_code, now, await offersChannel(tx, order.nodePubkey)),
        event: "exchange.interrupted" as const,
      };
    case "channel_funded": {
      if (payout?.type !== "channel") throw invalid("No pending channel payout");
      await tx.update(sandboxNodes).set({ hasChannel: true }).where(eq(sandboxNodes.pubkey, payout.node_pubkey));
      await withdrawChannelOffers(tx, payout.node_pubkey);
      const funding = { ...payout, status: "funding" as const, txid: txid(), outpoint: 0 };
      return { changes: { state: "settled", payout: funding, reason: null, action: null }, event: "exchange.settled" as const };
    }
    case "channel_opened": {
      if (payout?.type !== "channel") throw invalid("No channel being funded");
      const height = await mineBlocks(tx, 3);
      const open = { ...payout, status: "completed" as const, channel_id: `${height}x1x${payout.outpoint ?? 0}` };
      return { changes: { payout: open }, event: "exchange.settled" as const };
    }
    case "channel_failed":
      return {
        changes: payoutFailure(row, event.failure_code, now, await offersChannel(tx, order.nodePubkey)),
        event: "exchange.interrupted" as const,
      };
  }
}

// POST /sandbox/operator/exchanges/{id}/events
export async function driveExchange(db: Db, id: string, event: DriveEvent) {
  const exchange = await db.transaction(async (tx) => {
    const row = await lockExchange(tx, id, null);
    const order = await orderOf(tx, row);
    const now = await clientNow(tx, row.clientId);
    const result = await transition(tx, row, order, event, now);
    const updated = await updateExchange(tx, row, result.changes, now);
    if (result.event) await emitEvent(tx, updated, result.event, now);
    return renderExchange(updated);
  });
  wakeWorker();
  return exchange;
}

// GET /sandbox/operator/exchanges/{id}
export async function operatorExchangeView(db: Db, id: string) {
  const [row] = await db.select().from(sandboxExchanges).where(eq(sandboxExchanges.id, id));
  if (!row) throw new ApiError("not_found", "No such exchange");
  const order = await orderOf(db, row);
  return {
    exchange: renderExchange(row),
    client_id: row.clientId,
    payout_kind: order.payoutKind as "coin" | "lightning",
    events: nextEvents(row, order),
  };
}
