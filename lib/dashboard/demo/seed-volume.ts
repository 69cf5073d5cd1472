import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import type { Db } from "@/lib/db/client";
import { auditLog } from "@/lib/db/schema";
import type { Tenant } from "@/lib/dashboard/auth/tenants";
import { addressForKey } from "@/lib/bitcoin/extended-key";
import type { NetworkName } from "@/lib/bitcoin/networks";
import { exchangeSchema, orderSchema, type Order } from "@/lib/service-api/schemas";
import { exchangeState } from "@/lib/service-api/exchange-state";
import { indexExchangeSnapshots } from "@/lib/dashboard/exchanges/index-exchange";
import { indexOrders } from "@/lib/dashboard/orders/index-order";
import { mintInvoice } from "@/lib/lightning/mint-invoice";
import { storeAndPublish } from "@/lib/dashboard/webhooks/store-event";

// Volume for anyone evaluating the product (npm run admin -- demo seed): a tenant filled with N
// exchanges of the shapes the sandbox produces, their orders and the webhook events behind them,
// spread over the past days. Everything goes through the write functions the app uses (the order
// and exchange index, the webhook store), so the daily figures, the search columns and the
// indexes are what production would have. Orders carry placeholder wallet signatures: the service
// checked the real ones when it created them, and the dashboard never checks them again.

export type SeedOptions = {
  exchanges: number;
  /** Webhook events per exchange (distinct bodies, as the service sends them over an exchange's life). */
  eventsPerExchange?: number;
  /** Audit log rows, spread over the same days. */
  auditRows?: number;
  /** How many days back the exchanges go. */
  days?: number;
  now?: Date;
  /** A deterministic run: the same seed gives the same amounts, states and times (ids stay random). */
  seed?: number;
  onProgress?: (progress: { step: "orders" | "exchanges" | "events" | "audit"; done: number; total: number }) => void;
};

const AFFILIATES = ["7c1d5e2a-3b4f-4a6d-9e8f-0a1b2c3d4e5f", "2f9e8d7c-6b5a-4c3d-8e1f-9a8b7c6d5e4f", "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d"];
const CURRENCIES = ["eur", "eur", "eur", "chf", "gbp"] as const;
const IBANS = { eur: "DE89370400440532013000", chf: "CH9300762011623852957", gbp: "GB29NWBK60161331926819" } as const;
const BATCH = 1000;
/** The service's receiving account, as an order's payment method names it. */
const CREDITOR = {
  creditor_iban: "CH5604835012345678009",
  creditor_bank_name: "Example Bank AG",
  creditor_bank_street: "Bahnhofstrasse 1",
  creditor_bank_postal_code: "8001",
  creditor_bank_town: "Zürich",
  creditor_bank_country: "CH",
  creditor_bank_bic: "EXBKCHZZXXX",
  creditor_name: "Exchange Service AG",
  creditor_street: "Seestrasse 10",
  creditor_postal_code: "8002",
  creditor_town: "Zürich",
  creditor_country: "CH",
};

/** A small fast PRNG (mulberry32): amounts and states repeat for a seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type SeedOrder = { order: Order; lightning: boolean; nodeKey: Uint8Array | null };

function makeOrder(rand: () => number, network: NetworkName, createdOn: Date): SeedOrder {
  const currency = CURRENCIES[Math.floor(rand() * CURRENCIES.length)] ?? "eur";
  const lightning = rand() < 0.2;
  const key = randomBytes(32);
  const publicKey = secp256k1.getPublicKey(key, true);
  const message = `I control this payout destination. Challenge ${randomBytes(16).toString("hex")}`;
  const signature = randomBytes(65).toString("base64");
  const affiliate = AFFILIATES[Math.floor(rand() * AFFILIATES.length)] as string;
  const order = {
    id: randomUUID(),
    active: rand() < 0.9,
    created_on: createdOn.toISOString(),
    affiliate_id: affiliate,
    fee_rate: lightning ? 0.015 : 0.02,
    payment_method: {
      currency,
      debitor_iban: IBANS[currency],
      creditor_reference: `RF18${String(Math.floor(rand() * 1e15)).padStart(15, "0")}`,
      ...CREDITOR,
      swiss_qr_bill_payload: null,
    },
    payout_method: lightning
      ? { node_pubkey: Buffer.from(publicKey).toString("hex"), message, signature }
      : { bitcoin_address: addressForKey(publicKey, "p2wpkh", network), message, signature },
  };
  return { order: orderSchema.parse(order), lightning, nodeKey: lightning ? key : null };
}

const RATES = { eur: 61_000, chf: 57_000, gbp: 52_000 } as const;

/** An exchange in its final state and the webhook bodies that led to it, oldest first. */
function makeExchange(rand: () => number, network: NetworkName, o: SeedOrder, executedOn: Date, events: number, now: number) {
  const currency = o.order.payment_method.currency as keyof typeof RATES;
  const cost = Math.round((20 + rand() * 1980) * 100) / 100;
  const feeRate = o.order.fee_rate as number;
  const fee = Math.round(cost * feeRate * 100) / 100;
  const rate = Math.round(RATES[currency] * (0.9 + rand() * 0.2) * 100) / 100;
  const amount = Math.floor(((cost - fee) / rate) * 1e8) / 1e8;
  const roll = rand();
  // what is still under way is recent: an older exchange has long been settled or refunded
  const recent = now - executedOn.getTime() < 3 * 86_400_000;
  const outcome = !recent
    ? roll < 0.93
      ? "settled"
      : "refunded"
    : roll < 0.72
      ? "settled"
      : roll < 0.82
        ? "executed"
        : roll < 0.9
          ? "interrupted"
          : "refunded";
  const executed = outcome !== "refunded";
  const base = {
    id: randomUUID(),
    order_id: o.order.id,
    fee_rate: feeRate,
    pair: `btc/${currency}`,
    type: "buy",
    cost,
    executed_on: executed ? executedOn.toISOString() : null,
    amount: executed ? amount : null,
    rate: executed ? rate : null,
    fee: executed ? fee : null,
    action: null as unknown,
    reason: null as unknown,
    payout: null as unknown,
  };
  if (outcome === "refunded") base.reason = { code: rand() < 0.5 ? "amount_mismatch" : "identification_expired" };
  if (outcome === "interrupted") base.action = { code: "identification_required", identification_id: randomUUID() };
  if (outcome === "executed" && o.lightning) {
    const expires = new Date(executedOn.getTime() + 86_400_000).toISOString();
    base.action = { code: "initiate_payout", payout_options: { invoice: { lnurl: "LNURL1DP68GURN8GHJ7", fee: 1, expires_on: expires } } };
  }
  if (outcome === "settled") {
    base.payout = o.lightning
      ? {
          type: "invoice",
          status: "completed",
          invoice: mintInvoice({ privateKey: o.nodeKey as Uint8Array, msat: BigInt(Math.round(amount * 1e11)), now: executedOn, network })
            .invoice,
          preimage: randomBytes(32).toString("hex"),
          fee: 0.00000001,
          amount,
        }
      : {
          txid: randomBytes(32).toString("hex"),
          outpoint: Math.floor(rand() * 3),
          bitcoin_address: (o.order.payout_method as { bitcoin_address: string }).bitcoin_address,
          derivation_path: null,
          block_height: 2_500_000 + Math.floor(rand() * 100_000),
          confirmed: true,
          fee: 0.0000141,
          amount,
        };
  }
  const exchange = exchangeSchema.parse(base);
  const finalType = `exchange.${exchangeState(exchange)}`;
  // the service's deliveries over the exchange's life: executed first, updates, the final state last
  const { id, ...fields } = exchange;
  const bodies = Array.from({ length: events }, (_, i) => {
    const type =
      i === events - 1
        ? finalType
        : i === 0
          ? "exchange.executed"
          : finalType === "exchange.settled"
            ? "exchange.settled"
            : "exchange.executed";
    const confirmations = type === "exchange.settled" ? i : undefined;
    return JSON.stringify({
      event: type,
      payload: { exchange_id: id, ...fields, ...(confirmations === undefined ? {} : { confirmations }) },
    });
  });
  return { exchange, bodies };
}

/** Fills a tenant; returns the counts written. */
export async function seedVolume(db: Db, tenant: Pick<Tenant, "id" | "baseUrl" | "network">, options: SeedOptions) {
  const total = options.exchanges;
  const perExchange = options.eventsPerExchange ?? 5;
  const days = options.days ?? 365;
  const now = (options.now ?? new Date()).getTime();
  const rand = random(options.seed ?? 1);
  const span = days * 86_400_000;
  const progress = options.onProgress ?? (() => {});
  // the exchanges are spread evenly over the days, oldest first; an order is used by about four
  const orderCount = Math.max(1, Math.ceil(total / 4));
  const orders: SeedOrder[] = [];
  for (let i = 0; i < orderCount; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, orderCount - i) }, (_, j) =>
      makeOrder(rand, tenant.network, new Date(now - span + ((i + j) / orderCount) * span - 3_600_000)),
    );
    await indexOrders(
      db,
      tenant.id,
      batch.map((o) => ({ order: o.order, fetchedAt: new Date(o.order.created_on) })),
    );
    orders.push(...batch);
    progress({ step: "orders", done: orders.length, total: orderCount });
  }
  let events = 0;
  for (let i = 0; i < total; i += BATCH) {
    const made = Array.from({ length: Math.min(BATCH, total - i) }, (_, j) => {
      const at = new Date(now - span + ((i + j) / total) * span);
      // an exchange uses an order created before it
      const o = orders[Math.min(orders.length - 1, Math.floor(((i + j) / total) * orders.length + rand() * 3))] as SeedOrder;
      return { at, ...makeExchange(rand, tenant.network, o, at, perExchange, now) };
    });
    await indexExchangeSnapshots(
      db,
      tenant,
      made.map((m) => ({ exchange: m.exchange, fetchedAt: new Date(m.at.getTime() + 30_000) })),
    );
    progress({ step: "exchanges", done: i + made.length, total });
    await Promise.all(
      made.flatMap((m) =>
        m.bodies.map((body, k) => {
          const receivedAt = new Date(m.at.getTime() + k * 60_000);
          const type = (JSON.parse(body) as { event: string }).event;
          return storeAndPublish(db, {
            tenantId: tenant.id,
            bodySha256: createHash("sha256").update(body).digest("hex"),
            rawBody: body,
            eventType: type,
            exchangeId: m.exchange.id,
            orderId: m.exchange.order_id,
            correlationId: randomUUID(),
            retryCount: 0,
            userAgent: "exchange-service-webhooks/1",
            headers: { "content-type": "application/json" },
            receivedAt,
            state: null,
          });
        }),
      ),
    );
    events += made.length * perExchange;
    progress({ step: "events", done: events, total: total * perExchange });
  }
  const audit = options.auditRows ?? 0;
  const actions = ["orders.create", "orders.update", "exchanges.payout", "agreements.update", "payout_links.create", "team.add"];
  for (let i = 0; i < audit; i += BATCH * 5) {
    const n = Math.min(BATCH * 5, audit - i);
    await db.insert(auditLog).values(
      Array.from({ length: n }, (_, j) => ({
        tenantId: tenant.id,
        userId: null,
        userEmail: `staff${(i + j) % 7}@example.com`,
        action: actions[(i + j) % actions.length] as string,
        target: randomUUID(),
        result: rand() < 0.97 ? "ok" : "forbidden",
        requestId: randomUUID(),
        at: new Date(now - span + ((i + j) / audit) * span),
      })),
    );
    progress({ step: "audit", done: i + n, total: audit });
  }
  return { orders: orders.length, exchanges: total, events, audit };
}
