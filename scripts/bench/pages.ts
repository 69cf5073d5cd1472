// Section 5 of npm run bench: the JavaScript each page sends, against an empty page of this build,
// and Lighthouse's mobile run of the payout page.
import type { RunningApp } from "../../tests/integration/harness/app-server";
import { signIn } from "../../tests/integration/harness/sign-in";
import { lightningNode } from "../../tests/integration/harness/wallet";
import { ms, operatorKey, secrets, send, verdict } from "./common";
import { lighthouseMedian, pageWeights } from "./page-weight";

/** A Lightning exchange awaiting its payout, through the dashboard's API, and its public payout link. */
async function payoutLink(app: RunningApp, cookie: string): Promise<{ url: string; exchangeId: string }> {
  const headers = { cookie, origin: app.baseUrl, "content-type": "application/json" };
  const post = async (url: string, body: unknown) => {
    const reply = await send(url, { method: "POST", headers, body: JSON.stringify(body) });
    if (reply.status >= 300) throw new Error(`${url}: ${reply.status} ${reply.body}`);
    return JSON.parse(reply.body) as Record<string, unknown>;
  };
  const { token } = (await post(`${app.baseUrl}/api/challenges`, {})) as { token: string };
  const node = lightningNode("bench pages");
  const message = `Payouts to my node. Challenge: ${token}`;
  const order = (await post(`${app.baseUrl}/api/orders`, {
    fee_rate: 0.02,
    payment_method: { currency: "eur", debitor_iban: "DE89370400440532013000" },
    payout_method: { node_pubkey: node.pubkey, message, signature: node.sign(message) },
  })) as { id: string };
  const paid = await send(`${app.sandboxUrl}/operator/payments`, {
    method: "POST",
    headers: { authorization: `Bearer ${operatorKey}`, "content-type": "application/json" },
    body: JSON.stringify({ order_id: order.id, amount: 150, currency: "eur" }),
  });
  const { exchange_id: exchangeId } = JSON.parse(paid.body) as { exchange_id: string };
  for (let i = 0; i < 50 && (await send(`${app.baseUrl}/api/exchanges/${exchangeId}`, { headers: { cookie } })).status !== 200; i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const link = (await post(`${app.baseUrl}/api/exchanges/${exchangeId}/payout-link`, {})) as { url: string };
  return { url: link.url, exchangeId };
}

export async function pagesBench(app: RunningApp, ctx: { cookie: string; exchangeId: string; orderId: string }) {
  const { url: payUrl, exchangeId } = await payoutLink(app, ctx.cookie);
  const operator = await signIn(app.baseUrl, "operator@example.com", secrets.DEMO_PASSWORD);
  if (!operator.cookie) throw new Error(`operator sign-in failed: ${operator.error}`);
  const live = '[data-live-status="connected"]';
  const dashboard = (name: string, target = 1.3) => ({ name, url: `${app.baseUrl}${name}`, target, ready: live, cookie: ctx.cookie });
  const { floor, floorRequests, rows } = await pageWeights(
    [
      { name: "/pay/{token}", url: payUrl, target: 1.1, ready: '[data-live="true"]' },
      { name: "/login", url: `${app.baseUrl}/login`, target: 1.3 },
      dashboard("/"),
      dashboard("/orders"),
      dashboard("/exchanges"),
      { ...dashboard(`/exchanges/${exchangeId}`), name: "/exchanges/{id}" },
      { ...dashboard(`/orders/${ctx.orderId}`), name: "/orders/{id}" },
      dashboard("/events"),
      dashboard("/audit"),
      dashboard("/reports"),
      dashboard("/settings"),
      dashboard("/orders/new", 1.6),
      { ...dashboard("/operator"), cookie: operator.cookie, name: "/operator (operator)" },
    ],
    `${app.baseUrl}/blank`,
  );
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log("\n5. page weight over the wire, empty cache, Debian's Chromium: JavaScript against the blank page's");
  console.log(`   /blank (floor)        scripts ${kb(floor.scriptBytes).padStart(9)}   everything ${kb(floor.totalBytes).padStart(9)}`);
  for (const row of rows) {
    console.log(
      `   ${row.name.padEnd(20)}  scripts ${kb(row.weight.scriptBytes).padStart(9)}   ` +
        `everything ${kb(row.weight.totalBytes).padStart(9)}   ratio ${row.ratio.toFixed(2)}   ` +
        `target ≤ ${row.target}: ${verdict(row.ratio <= row.target)}`,
    );
  }
  console.log(
    "\n   what a returning user's load sends (cache warm from a first load): requests, route prefetches, prefetches sent",
    "\n   twice or cancelled, and the time until no request but the event stream is in flight, against /blank's",
  );
  console.log(`   /blank (floor)        requests ${String(floorRequests.requests).padStart(3)}   settled ${ms(floorRequests.settledMs)}`);
  for (const { name, requests: r } of rows) {
    const ratio = r.settledMs / floorRequests.settledMs;
    const clean = r.repeated === 0 && r.cancelled === 0;
    console.log(
      `   ${name.padEnd(20)}  requests ${String(r.requests).padStart(3)} (target ≤ 12: ${verdict(r.requests <= 12)})   ` +
        `prefetches ${r.prefetches}, twice ${r.repeated}, cancelled ${r.cancelled} (target 0: ${verdict(clean)})   ` +
        `settled ${ms(r.settledMs)}   ratio ${ratio.toFixed(2)}   target ≤ 2: ${verdict(ratio <= 2)}`,
    );
  }
  const floorScores = lighthouseMedian(`${app.baseUrl}/blank`);
  if (!("error" in floorScores)) {
    console.log(
      `   Lighthouse (mobile) on /blank, the floor, median of ${floorScores.all.length} runs ` +
        `(${floorScores.all.map((s) => s.toFixed(2)).join(", ")}): performance ${floorScores.performance.toFixed(2)} ` +
        `(total blocking time ${ms(floorScores.tbtMs)}, largest contentful paint ${ms(floorScores.lcpMs)})`,
    );
  }
  const scores = lighthouseMedian(payUrl);
  if ("error" in scores) console.log(`   Lighthouse (mobile) on /pay/{token}: could not run: ${scores.error}`);
  else {
    console.log(
      `   Lighthouse (mobile) on /pay/{token}, median of ${scores.all.length} runs (${scores.all.map((s) => s.toFixed(2)).join(", ")}):`,
    );
    console.log(
      `     performance ${scores.performance.toFixed(2)}   target ≥ 0.95: ${verdict(scores.performance >= 0.95)}   ` +
        `(total blocking time ${ms(scores.tbtMs)}, largest contentful paint ${ms(scores.lcpMs)})`,
    );
    console.log(`     accessibility ${scores.accessibility.toFixed(2)}   target 1: ${verdict(scores.accessibility >= 1)}`);
    console.log(`     best practices ${scores.bestPractices.toFixed(2)}   target 1: ${verdict(scores.bestPractices >= 1)}`);
  }
}
