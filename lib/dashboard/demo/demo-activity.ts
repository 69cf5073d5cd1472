import "server-only";
import type { NetworkName } from "@/lib/bitcoin/networks";
import { serverRuntime } from "@/lib/runtime/server-runtime.mjs";
import { ExchangeClient } from "@/lib/service-api/client";
import { SandboxOperatorClient } from "@/lib/service-api/operator-client";
import type { paymentFieldsSchema } from "@/lib/service-api/operator-contract";
import { coinOrder as coinOrderOf, lightningOrder as lightningOrderOf, TEST_IBANS } from "@/lib/dashboard/simulator/test-wallet";
import type { z } from "zod";

// Example activity for a fresh demo database, made the way a real client makes it: orders
// through the REST API v1 with wallet signatures made here with throwaway keys, payments and
// chain events through the sandbox's operator API, and everything the dashboard shows arriving
// over the real webhook path. Nothing is inserted into tables directly.
//
// It tells a story over DEMO_DAYS days: the sandbox's clock starts that far back on a fresh
// database (lib/sandbox/seed.ts) and is moved forward day by day as the payments arrive, so that
// the overview's 30-day chart, the reports and the statements have weeks to show. It ends at the
// present with what a person should look at first: a customer's identification pending for days
// and a Lightning payout waiting for the end user's wallet, both in *Needs attention*.

type Options = {
  baseUrl: string;
  clientId: string;
  operatorKey: string;
  network: NetworkName;
  /** Called before the first order with the agreements and the first day (a run cut short keeps what it gave). */
  begun?: (start: DemoStart) => Promise<void>;
  /** Called as the clock moves: how much is made (0 to 1) and where the sandbox's clock is. */
  progress?: (done: number, sandboxClock: string) => void;
};
type Payment = z.input<typeof paymentFieldsSchema>;
type Step = "broadcast" | "confirm" | "identification_approved";

/** How many days back the example activity starts. */
export const DEMO_DAYS = 35;
const DAY_S = 24 * 60 * 60;

const IBAN_DE = TEST_IBANS.eur;
const IBAN_CH = TEST_IBANS.chf;
const IBAN_GB = TEST_IBANS.gbp;

const coinOrder = (api: ExchangeClient, network: NetworkName, currency: string, debitorIban: string, affiliateId?: string) =>
  coinOrderOf(api, network, { currency, debitorIban, affiliateId });
const lightningOrder = async (api: ExchangeClient) => (await lightningOrderOf(api, { currency: "eur", debitorIban: IBAN_DE })).order;

/** What the example activity made: the exchanges, and the two agreements its orders are affiliated to. */
export type DemoActivity = { exchangeIds: string[]; affiliates: { standard: string; partner: string }; startedOn: Date };
/** What is known of the activity before its first order. */
export type DemoStart = Omit<DemoActivity, "exchangeIds">;

type Planned = { order: string; payment: Payment; then: Step[] };

/**
 * The payments of one day, `daysAgo` days before the present: a few of them (more on weekdays'
 * rhythm than at random, so that every start shows the same story), most settled, now and then
 * one refunded by the compliance rules.
 */
function paymentsOfDay(daysAgo: number, orders: { euros: string; francs: string; pounds: string; partner: string }): Planned[] {
  const count = 1 + ((daysAgo * 7) % 4);
  return Array.from({ length: count }, (_, i): Planned => {
    const n = daysAgo * 5 + i;
    const amount = 40 + ((n * 37) % 420);
    const settled: Step[] = ["broadcast", "confirm"];
    if (n % 11 === 3)
      return { order: orders.euros, payment: { amount, currency: "eur", payer: { kind: "company", name: "Muster GmbH" } }, then: [] };
    if (n % 13 === 5) return { order: orders.francs, payment: { amount, currency: "chf", payer: { country: "US" } }, then: [] };
    const pick = n % 4;
    if (pick === 0) return { order: orders.francs, payment: { amount, currency: "chf" }, then: settled };
    if (pick === 1) return { order: orders.partner, payment: { amount, currency: "eur" }, then: settled };
    if (pick === 2 && n % 3 === 0) return { order: orders.pounds, payment: { amount, currency: "gbp" }, then: settled };
    return { order: orders.euros, payment: { amount, currency: "eur" }, then: settled };
  });
}

/**
 * Throws once the server is stopping: the activity ends at its next step, even where its calls go
 * to another instance (EXCHANGE_API_BASE_URL naming a balancer), and lib/boot.ts puts the clock at
 * the present.
 */
function notStopping(): void {
  if (serverRuntime().shutdown.stopping) throw new Error("the server is stopping");
}

/**
 * Orders, payments and chain events over DEMO_DAYS days, covering every state the dashboard
 * shows; the sandbox's clock ends at the present.
 */
export async function seedDemoActivity({ baseUrl, clientId, operatorKey, network, begun, progress }: Options): Promise<DemoActivity> {
  // the sandbox this instance serves, on its own address
  const api = new ExchangeClient({ baseUrl, clientId, allowPrivate: true });
  const operator = new SandboxOperatorClient(baseUrl, operatorKey);
  const startedOn = new Date((await operator.clock(0)).now);
  const client = (await operator.clients()).clients.find((c) => c.client_id === clientId);
  const [standard, partner] = client?.affiliate_ids ?? [];
  if (!standard || !partner) throw new Error("the demo client has no agreements");
  await begun?.({ affiliates: { standard, partner }, startedOn });
  const ids: string[] = [];
  const run = async ({ order, payment, then }: Planned) => {
    notStopping();
    const { exchange_id } = await operator.pay({ ...payment, order_id: order });
    for (const type of then) await operator.drive(exchange_id, { type });
    ids.push(exchange_id);
  };
  /** Moves the sandbox's clock to `daysAgo` days (and `hoursAgo` hours) before the present, never back. */
  const moveTo = async (daysAgo: number, hoursAgo = 0) => {
    notStopping();
    const now = new Date((await operator.clock(0)).now).getTime();
    const target = Date.now() - (daysAgo * DAY_S + hoursAgo * 3600) * 1000;
    if (target > now) {
      const moved = await operator.clock(Math.round((target - now) / 1000));
      progress?.(1 - daysAgo / DEMO_DAYS, moved.now);
    }
  };
  try {
    const orders = {
      euros: (await coinOrder(api, network, "eur", IBAN_DE)).id,
      francs: (await coinOrder(api, network, "chf", IBAN_CH)).id,
      pounds: (await coinOrder(api, network, "gbp", IBAN_GB)).id,
      partner: (await coinOrder(api, network, "eur", IBAN_DE, partner)).id,
    };
    const lightning = await lightningOrder(api);
    for (let daysAgo = DEMO_DAYS - 1; daysAgo >= 1; daysAgo--) {
      // through the day: the first payment in the morning, one every two hours after it
      for (const [i, planned] of paymentsOfDay(daysAgo, orders).entries()) {
        await moveTo(daysAgo, 14 - 2 * i);
        await run(planned);
      }
      if (daysAgo === 9) {
        // above 1 000: interrupted until the customer is identified, approved a day later
        await run({ order: orders.euros, payment: { amount: 2400, currency: "eur" }, then: [] });
        const approved = ids.at(-1);
        await moveTo(8, 16);
        if (approved)
          for (const type of ["identification_approved", "broadcast", "confirm"] as const) await operator.drive(approved, { type });
      }
      // needs attention: identification pending for days
      if (daysAgo === 4) await run({ order: orders.euros, payment: { amount: 1500, currency: "eur" }, then: [] });
    }
    // needs attention: a Lightning payout waiting for the end user's wallet for three hours
    await moveTo(0, 3);
    await run({ order: lightning.id, payment: { amount: 60, currency: "eur" }, then: [] });
    // and a payout broadcast a moment ago, not yet confirmed (a later move of the clock mines its block)
    await moveTo(0);
    await run({ order: orders.euros, payment: { amount: 180, currency: "eur" }, then: ["broadcast"] });
  } finally {
    await moveTo(0);
  }
  return { exchangeIds: ids, affiliates: { standard, partner }, startedOn };
}

/** Waits until this app answers on its own port (the server is listening), at most `timeoutMs`. */
export async function whenListening(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // a server stopped before it listened never will
    notStopping();
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
