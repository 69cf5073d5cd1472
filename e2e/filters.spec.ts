import { expect, test } from "./fixtures";
import { signInAs } from "./helpers";

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
