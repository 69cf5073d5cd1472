import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { lightningNode } from "../tests/integration/harness/wallet";
import { createOrderViaApi, operatorPay, signInAs } from "./helpers";

// WCAG 2.2 AA as axe-core checks it, in the light and the dark theme, at desktop and phone width
// (the two projects). The pages covered so far: sign-in, overview, lists, reports, a statement, and
// the end user's payout page while it waits for a wallet.

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function audit(page: Page, testInfo: TestInfo, name: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => {
      localStorage.setItem("theme", t);
      document.documentElement.classList.toggle("dark", t === "dark");
    }, theme);
    const results = await new AxeBuilder({ page }).withTags(tags).analyze();
    const found = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    await testInfo.attach(`axe-${name}-${theme}`, { body: JSON.stringify(results.violations, null, 2), contentType: "application/json" });
    expect.soft(found, `${name} in the ${theme} theme`).toEqual([]);
  }
}

test("sign-in page", async ({ page }, testInfo) => {
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await audit(page, testInfo, "login");
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

test("the end user's payout page, waiting for a wallet", async ({ page, browser }, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const node = lightningNode(`axe ${Math.random()}`);
  const headers = { origin: new URL(page.url()).origin };
  const { token } = (await (await page.request.post("/api/challenges", { headers, data: {} })).json()) as { token: string };
  const message = `Payouts to my node. Challenge: ${token}`;
  const created = await page.request.post("/api/orders", {
    headers,
    data: {
      fee_rate: 0.02,
      payment_method: { currency: "eur", debitor_iban: "DE89370400440532013000" },
      payout_method: { node_pubkey: node.pubkey, message, signature: node.sign(message) },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const exchangeId = await operatorPay(page.request, ((await created.json()) as { id: string }).id, 150);
  await expect.poll(async () => (await page.request.get(`/api/exchanges/${exchangeId}`)).status()).toBe(200);
  const link = await page.request.post(`/api/exchanges/${exchangeId}/payout-link`, { headers });
  expect(link.status(), await link.text()).toBe(201);
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const endUser = await context.newPage();
  await endUser.goto(((await link.json()) as { url: string }).url);
  await expect(endUser.locator('[data-status="awaiting_payout"]')).toBeVisible();
  await audit(endUser, testInfo, "payout page");
  await context.close();
});
