import type { BuiltInScenario, builtInNames } from "@/lib/dashboard/contract/scenarios-api";

type BuiltInName = (typeof builtInNames)[number];

// The scenarios every sandbox tenant can run by name (docs/scenarios.md describes each). `events`
// is what the run's exchanges send, in order: the integration suite runs each one and compares
// it with the webhooks the dashboard stored, so a change in the sandbox that changes them fails.

const onchainOrder = { name: "order", kind: "create_order", payout: "onchain", currency: "{{currency}}" } as const;
const lightningOrder = { name: "order", kind: "create_order", payout: "lightning", currency: "{{currency}}" } as const;
const pay = { name: "pay", kind: "pay", amount: "{{amount}}", currency: "{{currency}}" } as const;
const waitFor = (name: string, event: BuiltInScenario["events"][number], count?: number) =>
  ({ name, kind: "wait_for_event", event, ...(count ? { count } : {}) }) as const;

/** A Lightning order paid, executed, and its payout claimed by the end user's wallet (LNURL-withdraw). */
const lightningWithdrawn = [
  lightningOrder,
  pay,
  waitFor("executed", "exchange.executed"),
  { name: "withdraw", kind: "lnurl_withdraw" },
] as const;

/** Each named in builtInNames, so that the panel's descriptions and the tests know them all. */
export const builtInScenarios: (BuiltInScenario & { name: BuiltInName })[] = [
  {
    name: "onchain-buy-settled",
    description: "An on-chain buy: paid, executed, its payout broadcast, then confirmed in a block.",
    values: { amount: 250, currency: "eur" },
    steps: [
      onchainOrder,
      pay,
      waitFor("executed", "exchange.executed"),
      { name: "broadcast", kind: "move", to: "broadcast" },
      waitFor("broadcast_seen", "exchange.settled"),
      { name: "confirm", kind: "move", to: "confirmed" },
      waitFor("confirmed_seen", "exchange.settled", 2),
    ],
    events: ["exchange.executed", "exchange.settled", "exchange.settled"],
  },
  {
    name: "lightning-lnurl-withdraw",
    description:
      "A Lightning order paid out by LNURL-withdraw: the end user's wallet opens the exchange's LNURL, sends an invoice " +
      "of its node for the exact amount to the callback, and the invoice is paid.",
    values: { amount: 60, currency: "eur" },
    steps: [...lightningWithdrawn, { name: "paid", kind: "move", to: "payout_paid" }, waitFor("settled", "exchange.settled")],
    events: ["exchange.executed", "exchange.settled"],
  },
  {
    name: "identification-then-executed",
    description: "A payment that needs the customer identified first: interrupted, then approved and executed.",
    values: { amount: 1500, currency: "eur" },
    steps: [
      onchainOrder,
      { ...pay, outcome: "identification_required" },
      waitFor("interrupted", "exchange.interrupted"),
      { name: "identified", kind: "move", to: "executed" },
      waitFor("executed", "exchange.executed"),
    ],
    events: ["exchange.interrupted", "exchange.executed"],
  },
  {
    name: "payout-failed-refunded",
    description:
      "A Lightning payout that fails (no route to the end user's node), leaving the exchange interrupted, which is then " +
      "refunded at the customer's request.",
    values: { amount: 60, currency: "eur", refund_code: "customer_requested" },
    steps: [
      ...lightningWithdrawn,
      { name: "fail", kind: "move", to: "payout_failed" },
      waitFor("interrupted", "exchange.interrupted"),
      { name: "refund", kind: "move", to: "refunded", code: "{{refund_code}}" },
      waitFor("refunded", "exchange.refunded"),
    ],
    events: ["exchange.executed", "exchange.interrupted", "exchange.refunded"],
  },
  {
    name: "below-minimum-refunded",
    description:
      "A payment below the service's minimum, refunded at once. The sandbox has no minimum of its own, so the payment " +
      "states the bank's verdict: refund_code (threshold_exceeded, the code of the service's amount limits).",
    values: { amount: 5, currency: "eur", refund_code: "threshold_exceeded" },
    steps: [onchainOrder, { ...pay, outcome: "{{refund_code}}" }, waitFor("refunded", "exchange.refunded")],
    events: ["exchange.refunded"],
  },
  {
    name: "standing-order-three-payments",
    description:
      "One order paid three times, as a standing order at a bank pays it: each payment is an exchange of its own. The " +
      "sandbox's clock moves on by interval_seconds between payments.",
    values: { amount: 100, currency: "eur", interval_seconds: 60 },
    steps: [
      onchainOrder,
      { ...pay, name: "pay_1" },
      waitFor("executed_1", "exchange.executed"),
      { name: "later_1", kind: "advance_clock", seconds: "{{interval_seconds}}" },
      { ...pay, name: "pay_2" },
      waitFor("executed_2", "exchange.executed"),
      { name: "later_2", kind: "advance_clock", seconds: "{{interval_seconds}}" },
      { ...pay, name: "pay_3" },
      waitFor("executed_3", "exchange.executed"),
    ],
    events: ["exchange.executed", "exchange.executed", "exchange.executed"],
  },
];
