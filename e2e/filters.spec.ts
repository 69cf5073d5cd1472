import { expect, test } from "./fixtures";
import { signInAs } from "./helpers";
import { dashboardWords } from "./catalogue";

// On a slow connection a user changes one filter, then the next before the page has answered
// the first: both stay in the URL and in the controls.
test("filters changed in quick succession on a slow connection are all kept", async ({ page }) => {
  await signInAs(page, "affiliate@example.com");
  await page.route("**/orders?*", async (route) => {
    if (route.request().headers()["rsc"]) await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto("/orders");
  await page.getByLabel("Status").selectOption("true");
  await page.getByLabel("Currency").selectOption("chf");
  await page.getByLabel("Payout kind").selectOption("lightning");
  await expect(page).toHaveURL(/\/orders\?/);
  const params = new URL(page.url()).searchParams;
  expect(Object.fromEntries(params)).toEqual({ active: "true", currency: "chf", payout_kind: "lightning" });
  await expect(page.getByLabel("Status")).toHaveValue("true");
  await expect(page.getByLabel("Currency")).toHaveValue("chf");
  await expect(page.getByLabel("Payout kind")).toHaveValue("lightning");
  await page.reload();
  await expect(page.getByLabel("Payout kind")).toHaveValue("lightning");
  await expect(page.getByLabel("Currency")).toHaveValue("chf");
});

// A shared address whose filters a list refuses says which ones, in the page's language, and
// still offers the filters to change.
test("a list names the filters of its address that it refuses", async ({ page }) => {
  const t = dashboardWords("en");
  await signInAs(page, "affiliate@example.com");
  for (const [address, names] of [
    ["/logs?status=abc", "status"],
    ["/logs?period=forever", "period"],
    ["/exchanges?state=nope&pair=btc/chf", "state"],
    ["/orders?currency=xyz&payout_kind=carrier-pigeon", "currency, payout_kind"],
    ["/events?exchange_id=not-an-id", "exchange_id"],
  ] as const) {
    await page.goto(address);
    await expect(page.getByRole("alert").filter({ hasText: t("common.invalidFilters", { names }) })).toBeVisible();
  }
  // a range that ends before it begins is refused by the list itself, and named the same way
  await page.goto("/exchanges?range=custom&from=2026-11-20&to=2026-11-01");
  await expect(page.getByRole("alert").filter({ hasText: t("common.invalidFilters", { names: "to" }) })).toBeVisible();
});
