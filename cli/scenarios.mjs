// The sandbox's built-in scenarios as `trigger --help` names them (the help is read without a
// dashboard at hand, so they are written here): each one's name, a line saying what it does, and
// the values --set may change, with their defaults. cli-trigger.test.ts holds the names and values
// equal to the sandbox's own (GET /api/sandbox/scenarios, lib/dashboard/scenarios/built-ins.ts).

/** @type {{ name: string, summary: string, values: Record<string, string | number> }[]} */
export const builtInScenarios = [
  {
    name: "onchain-buy-settled",
    summary: "an on-chain buy: paid, executed, its payout broadcast, then confirmed",
    values: { amount: 250, currency: "eur" },
  },
  {
    name: "lightning-lnurl-withdraw",
    summary: "a Lightning order paid out to the end user's wallet by LNURL-withdraw",
    values: { amount: 60, currency: "eur" },
  },
  {
    name: "identification-then-executed",
    summary: "a payment that waits for the customer's identification, then is executed",
    values: { amount: 1500, currency: "eur" },
  },
  {
    name: "payout-failed-refunded",
    summary: "a Lightning payout that fails, then the exchange refunded",
    values: { amount: 60, currency: "eur", refund_code: "customer_requested" },
  },
  {
    name: "below-minimum-refunded",
    summary: "a payment below the service's minimum, refunded at once",
    values: { amount: 5, currency: "eur", refund_code: "threshold_exceeded" },
  },
  {
    name: "standing-order-three-payments",
    summary: "one order paid three times, three exchanges, the clock moved on between them",
    values: { amount: 100, currency: "eur", interval_seconds: 60 },
  },
];

/** The list for `trigger --help`: a name and its line, then the values it takes. */
export function scenariosHelp() {
  const width = Math.max(...builtInScenarios.map((s) => s.name.length)) + 2;
  const rows = builtInScenarios.flatMap((s) => [
    `  ${s.name.padEnd(width)}${s.summary}`,
    `  ${" ".repeat(width)}values: ${Object.entries(s.values)
      .map(([key, value]) => `${key}=${value}`)
      .join(" ")}`,
  ]);
  return [
    "",
    "Scenarios (docs/scenarios.md), with the values --set changes at their defaults:",
    ...rows,
    "",
    "e.g. exchange-dashboard trigger onchain-buy-settled --set amount=75",
  ].join("\n");
}
