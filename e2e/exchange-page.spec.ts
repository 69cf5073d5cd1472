import { readFileSync } from "node:fs";
import path from "node:path";
import { lightningNode } from "../tests/integration/harness/wallet";
import { expect, test } from "./fixtures";
import { createOrderViaApi, lightningOrderViaApi, operatorDrive, operatorPay, shot, signInAs } from "./helpers";

// The exchange page as staff read it on a desktop: its times in the tenant's time zone whatever
// the reader's computer says (the service's own times and the webhooks' arrival told apart), the
// executed figures of an exchange refunded after execution, and no channel payout offered for a
// node that has a channel already.

type Tree = { [key: string]: string | Tree };
const dashboard = JSON.parse(readFileSync(path.join(import.meta.dirname, "../messages/dashboard/en.json"), "utf8")) as Tree;
const text = (key: string) => key.split(".").reduce<string | Tree>((t, k) => (t as Tree)[k] ?? "", dashboard) as string;
const lead = (message: string) => message.split("{")[0] ?? message;

// the reader's computer in New York, the tenant in UTC+14: no hour of the day is the same in both
test.use({ timezoneId: "America/New_York" });
const zone = "Pacific/Kiritimati";
const inZone = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: zone }).format(new Date(iso));

type StoredEvent = { event: string | null; received_at: string; body: { payload?: Record<string, unknown> } };

test("a refunded exchange keeps its executed figures; its times are the tenant's, the service's and arrival times labelled", async ({
  page,
}, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const headers = { origin: new URL(page.url()).origin };
  const before = ((await (await page.request.get("/api/settings/time-zone")).json()) as { time_zone: string }).time_zone;
  expect((await page.request.put("/api/settings/time-zone", { headers, data: { time_zone: zone } })).status()).toBe(200);
  try {
    const order = await createOrderViaApi(page);
    const exchangeId = await operatorPay(page.request, order.id, 250);
    await operatorDrive(page.request, exchangeId, { type: "refund", code: "customer_requested" });
    let events: StoredEvent[] = [];
    await expect
      .poll(async () => {
        events = ((await (await page.request.get(`/api/exchanges/${exchangeId}/events`)).json()) as { data: StoredEvent[] }).data;
        return events.map((e) => e.event);
      })
      .toEqual(["exchange.executed", "exchange.refunded"]);
    const executed = events[0];
    const figures = executed?.body.payload as { executed_on: string; rate: number; fee: number; amount: number };

    await page.goto(`/exchanges/${exchangeId}`);
    const amounts = page.getByRole("region", { name: text("exchanges.amounts.title") });
    const value = (term: string) => amounts.locator("dt", { hasText: term }).locator("+ dd");
    // the figures of the execution, though the service's latest answer (refunded) has none
    await expect(value(text("exchanges.amounts.executed"))).toHaveText(inZone(figures.executed_on));
    await expect(value(text("exchanges.amounts.rate"))).toHaveText(
      `€${figures.rate.toLocaleString("en-GB", { minimumFractionDigits: 2 })} per BTC`,
    );
    await expect(value(text("exchanges.amounts.fee"))).toContainText(`€${figures.fee.toFixed(2)}`);
    await expect(value(text("exchanges.amounts.bitcoin"))).toContainText(`${figures.amount.toFixed(8)} BTC`);
    await expect(amounts).toContainText(zone);

    // the timeline says when each webhook arrived here, in the same zone, and says so
    const timeline = page.getByRole("region", { name: text("exchanges.timeline.title") });
    await expect(timeline).toContainText(zone);
    const arrival = timeline.locator('[data-event="exchange.executed"]');
    await expect(arrival).toContainText(`${lead(text("exchanges.timeline.details"))}${inZone(executed?.received_at ?? "")}`);
    await shot(page, testInfo, "exchange-refunded-after-execution");
  } finally {
    await page.request.put("/api/settings/time-zone", { headers, data: { time_zone: before } });
  }
});

test("a node that has a channel with the service is offered no channel payout", async ({ page }, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const headers = { origin: new URL(page.url()).origin };
  const node = lightningNode(`has a channel ${Math.random()}`);
  const first = await operatorPay(page.request, await lightningOrderViaApi(page, node), 150);
  await expect.poll(async () => (await page.request.get(`/api/exchanges/${first}`)).status()).toBe(200);
  await page.goto(`/exchanges/${first}`);
  const panel = page.getByTestId("payout-panel");
  await expect(panel.getByRole("heading", { name: text("payouts.panel.byChannel") })).toBeVisible();
  const opened = await page.request.patch(`/api/exchanges/${first}`, {
    headers,
    data: { payout: { type: "channel", node_address: `${node.pubkey}@node.example:9735` } },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  await operatorDrive(page.request, first, { type: "channel_funded" });

  const second = await operatorPay(page.request, await lightningOrderViaApi(page, node), 150);
  await expect.poll(async () => (await page.request.get(`/api/exchanges/${second}`)).status()).toBe(200);
  await page.goto(`/exchanges/${second}`);
  await expect(panel.getByRole("heading", { name: text("payouts.panel.byInvoice") })).toBeVisible();
  await expect(panel.getByRole("heading", { name: text("payouts.panel.byChannel") })).toHaveCount(0);
  await expect(page.getByTestId("channel-qr")).toHaveCount(0);
  // and the action required names only what is offered
  await expect(page.getByTestId("action-panel")).toContainText(text("exchanges.action.lightningNeededInvoice"));
  await shot(page, testInfo, "exchange-node-with-channel");
});
