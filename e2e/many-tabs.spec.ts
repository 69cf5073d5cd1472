import type { Page, Request } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createOrderViaApi, operatorPay, signInAs } from "./helpers";

// Twelve tabs of one browser over plain HTTP/1.1, where a browser opens at most six connections
// to a host: the tabs share one event stream (lib/dashboard/client/shared-event-stream.ts), so
// every tab loads and updates live, and closing the tab that holds the stream hands it on.

test("twelve tabs share one event stream: each loads and updates live, and the stream moves on when its tab closes", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, "affiliate@example.com");
  const order = await createOrderViaApi(page);
  // the event streams open now: requested, not finished, and of a tab still open
  const open = new Set<Request>();
  const isStream = (r: Request) => new URL(r.url()).pathname === "/api/events";
  context.on("request", (r) => (isStream(r) ? open.add(r) : undefined));
  context.on("requestfinished", (r) => open.delete(r));
  context.on("requestfailed", (r) => open.delete(r));
  const openStreams = () => [...open].filter((r) => !r.frame().page().isClosed()).length;

  await page.goto(`/exchanges?order_id=${order.id}`);
  const tabs: Page[] = [page];
  for (let i = 1; i < 12; i++) {
    const tab = await context.newPage();
    await tab.goto(`/exchanges?order_id=${order.id}`);
    tabs.push(tab);
  }
  for (const tab of tabs) await expect(tab.locator('[data-live-status="connected"]')).toBeVisible({ timeout: 15_000 });
  await expect.poll(openStreams, { message: "streams open at once" }).toBe(1);

  const first = await operatorPay(request, order.id, 120);
  for (const tab of tabs) await expect(tab.locator(`tr[data-exchange-id="${first}"]`)).toHaveCount(1, { timeout: 15_000 });

  // the tabs that held the stream close: another takes it over, and the rest stay live
  await tabs[0]?.close();
  await tabs[1]?.close();
  const rest = tabs.slice(2);
  const second = await operatorPay(request, order.id, 130);
  for (const tab of rest) await expect(tab.locator(`tr[data-exchange-id="${second}"]`)).toHaveCount(1, { timeout: 15_000 });
  await expect.poll(openStreams).toBe(1);
  for (const tab of rest) await tab.close();
});
