import { expect, test } from "./fixtures";
import { createOrderViaApi, recordToasts, shownToasts, signInAs } from "./helpers";

// One toast per event: the tab's own action (a simulated payment) and the live stream both tell
// of the same exchange, and the stream's frames reach every tab once, whichever tab leads it.
// Toasts leave after a few seconds, so each tab keeps a record of every one it showed, across
// the pages it loads (sessionStorage).

const shown = shownToasts;

test("a simulated payment, its broadcast and its confirmation show one toast each, in each of two tabs", async ({ page }) => {
  await recordToasts(page);
  await signInAs(page, "affiliate@example.com");
  const order = await createOrderViaApi(page);
  // a second tab of the same browser: it hears the stream through the first one's BroadcastChannel
  const other = await page.context().newPage();
  await recordToasts(other);
  await other.goto("/exchanges");
  await expect(other.locator('[data-live-status="connected"]')).toBeVisible();

  await page.goto(`/orders/${order.id}`);
  const card = page.getByRole("region", { name: /Simulate a payment/ });
  await card.getByLabel("Amount", { exact: true }).fill("120");
  await card.getByRole("button", { name: "Simulate the payment" }).click();
  await card.getByRole("link", { name: "Open the exchange" }).click();
  await expect(page).toHaveURL(/\/exchanges\/[0-9a-f-]{36}$/);
  const id = page.url().split("/").at(-1) ?? "";
  await expect(page.locator('[data-event="exchange.executed"]')).toHaveCount(1);
  // the stream's word of it is in (and the page's refresh that follows it), before the next step
  await expect.poll(async () => (await shown(page)).filter((text) => /executed/i.test(text)).length).toBe(1);
  // the page is live, and so hydrated: its buttons answer
  await expect(page.locator('[data-live-status="connected"]')).toBeVisible();

  const steps = page.getByRole("region", { name: /Simulate the next step/ });
  await steps.getByRole("button", { name: "Broadcast the payout" }).click();
  await expect(page.getByTestId("confirmations")).toHaveText("0");
  await steps.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByTestId("confirmations")).toHaveText("1");
  await expect(page.locator('[data-event="exchange.settled"]')).toHaveCount(2);
  await expect(other.locator(`[data-exchange-id="${id}"]`)).toBeVisible();

  for (const tab of [page, other]) {
    // the last event's toast is in: every toast before it had its chance to double
    await expect.poll(async () => (await shown(tab)).filter((text) => text.includes("settled")).length).toBe(2);
    const texts = await shown(tab);
    expect(
      texts.filter((text) => /executed/i.test(text)),
      texts.join(" | "),
    ).toHaveLength(1);
    expect(
      texts.filter((text) => text.includes("settled")),
      texts.join(" | "),
    ).toHaveLength(2);
  }
});
