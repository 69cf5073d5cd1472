import { expect, test } from "./fixtures";
import { audit } from "./axe";
import { createOrderViaApi, operatorPay, signInAs } from "./helpers";

// WCAG 2.2 AA as axe-core checks it, in the light and the dark theme, at desktop and phone width
// (the two projects): sign-in, overview, lists, reports and a statement. The end user's payout
// page, in each of its states and languages, is audited in payout-page.spec.ts.

test("sign-in page, in each of its languages", async ({ page, browser }, testInfo) => {
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await audit(page, testInfo, "login");
  for (const [header, lang, submit] of [
    ["de-CH", "de", "Anmelden"],
    ["fr-CH", "fr", "Se connecter"],
    ["it-CH", "it", "Accedi"],
  ] as const) {
    const context = await browser.newContext({ viewport: page.viewportSize(), locale: header });
    const other = await context.newPage();
    await other.goto(page.url());
    await expect(other.locator("html")).toHaveAttribute("lang", lang);
    await expect(other.getByRole("button", { name: submit, exact: true })).toBeVisible();
    await audit(other, testInfo, `login (${lang})`);
    await context.close();
  }
});

test("overview, lists, reports and a statement", async ({ page }, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const order = await createOrderViaApi(page);
  await operatorPay(page.request, order.id, 90);
  for (const [path, ready] of [
    ["/", "Overview"],
    ["/orders", "Orders"],
    ["/exchanges", "Exchanges"],
    ["/reports?period=custom&from=2021-01-01&to=2030-12-31", "Affiliate earnings"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: ready, level: 1 })).toBeVisible();
    await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0);
    await audit(page, testInfo, path);
  }
  await page.locator("[data-statements]").first().getByRole("link").first().click();
  await expect(page.getByTestId("statement")).toBeVisible();
  await audit(page, testInfo, "statement");
});
