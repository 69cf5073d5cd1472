import type { APIRequestContext } from "@playwright/test";
import { audit } from "./axe";
import { dashboardWords, languageTag, LOCALES, signInLocalized } from "./catalogue";
import { expect, OPERATOR_KEY, test } from "./fixtures";
import { shot, signInAs, sized } from "./helpers";

// The developers' request log as an admin reads it, in four languages at 1440 and 390 pixels:
// calls their integration made to the sandbox with a plain HTTP client (a refused signature, an
// unknown id) listed with their status and error code, narrowed by filters in the address, a
// call made while the page is open appearing on its own, one call's detail with its credential
// masked, and the failures grouped on the Errors tab. A call the dashboard makes is one row, under
// the words the API and the command line use too.

/** The demo tenant's API client at the sandbox (the operator lists every client). */
async function demoClient(request: APIRequestContext): Promise<string> {
  const reply = await request.get("/sandbox/operator/clients", { headers: { authorization: `Bearer ${OPERATOR_KEY}` } });
  const { clients } = (await reply.json()) as { clients: { client_id: string; name: string }[] };
  const demo = clients.find((client) => client.name === "Demo Affiliate") ?? clients[0];
  if (!demo) throw new Error("no sandbox client");
  return demo.client_id;
}

for (const [locale, tag] of LOCALES) {
  test.describe(tag, { tag: languageTag(locale) }, () => {
    test.use({ locale: tag });
    const t = dashboardWords(locale);

    test("request log: an integration's calls listed, filtered in the address, one arriving live, its detail, its errors grouped", async ({
      page,
    }, testInfo) => {
      test.slow();
      const phone = await sized(page, testInfo);
      await signInLocalized(page, locale);

      // the developer's own client, as their backend calls the service
      const clientId = await demoClient(page.request);
      const integration = { authorization: `client_id ${clientId}`, "user-agent": `e2e-integration/${locale}` };
      const marker = `${locale}${testInfo.project.name}${Date.now()}`;
      const refused = await page.request.post("/sandbox/v1/orders", {
        headers: integration,
        data: {
          fee_rate: 0.02,
          payment_method: { currency: "eur" },
          payout_method: { bitcoin_address: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", message: marker, signature: "AAAA" },
        },
      });
      expect(refused.status()).toBe(400);
      const unknown = await page.request.get(`/sandbox/v1/exchanges/00000000-0000-4000-8000-${Date.now().toString().padStart(12, "0")}`, {
        headers: integration,
      });
      expect(unknown.status()).toBe(404);
      const { error: refusedCode } = (await refused.json()) as { error: string };

      await page.goto("/logs?source=integration&status=4xx");
      await expect(page.getByRole("heading", { name: t("logs.title"), level: 1 })).toBeVisible();
      await expect(page.getByLabel(t("logs.filters.source"))).toHaveValue("integration");
      await expect(page.getByLabel(t("logs.filters.status"))).toHaveValue("4xx");
      const list = page.getByTestId("log-list");
      await expect(list.locator("[data-log-id]").filter({ hasText: "POST /sandbox/v1/orders" }).first()).toContainText(refusedCode);
      // a narrower filter goes in the address
      await page.getByLabel(t("logs.filters.method")).selectOption("GET");
      await expect(page).toHaveURL(/method=GET/);
      await expect(list.locator("[data-log-id]").filter({ hasText: "POST /sandbox/v1/orders" })).toHaveCount(0);
      await expect(list.locator("[data-log-id]").filter({ hasText: "/sandbox/v1/exchanges/" }).first()).toContainText("404");

      // a call made while the page is open appears without a reload
      const live = `/sandbox/v1/orders/00000000-0000-4000-8000-${String(Date.now() + 1).padStart(12, "0")}`;
      expect((await page.request.get(live, { headers: integration })).status()).toBe(404);
      await expect(list.locator("[data-log-id]").filter({ hasText: live })).toHaveCount(1, { timeout: 15_000 });
      await shot(page, testInfo, `logs-${locale}`);
      await audit(page, testInfo, `${locale} request log filtered`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone ? 390 : 1440);

      // its detail: the credential masked, the rest as sent
      await page.goto("/logs?source=integration&method=POST");
      await list.locator("[data-log-id]").filter({ hasText: "/sandbox/v1/orders" }).first().getByRole("link").click();
      await expect(page).toHaveURL(/\/logs\/\d+$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("POST /sandbox/v1/orders");
      await expect(page.getByText(t("logs.detail.masked")).first()).toBeVisible();
      await expect(page.getByText(`e2e-integration/${locale}`).first()).toBeVisible();
      expect(await page.content()).not.toContain(clientId);
      await expect(page.getByRole("button", { name: t("logs.detail.copyCurl") })).toBeVisible();
      await shot(page, testInfo, `log-detail-${locale}`);
      await audit(page, testInfo, `${locale} one call's detail`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone ? 390 : 1440);

      // the failures grouped by code and route, the latest example one click away
      await page.getByRole("link", { name: t("logs.detail.back") }).click();
      await page
        .getByRole("navigation", { name: t("logs.tabs.label") })
        .getByRole("link", { name: t("logs.tabs.errors") })
        .click();
      await expect(page.getByRole("heading", { name: t("logs.errors.title"), level: 1 })).toBeVisible();
      const group = page.locator(`[data-error-group="${refusedCode}"]`).first();
      await expect(group).toContainText("POST /sandbox/v1/orders");
      await expect(page.getByTestId("error-rate")).toBeVisible();
      await page.getByRole("link", { name: t("logs.errors.windows.7d") }).click();
      await expect(page).toHaveURL(/window=7d/);
      await shot(page, testInfo, `log-errors-${locale}`);
      await audit(page, testInfo, `${locale} errors grouped`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone ? 390 : 1440);
      await page
        .locator(`[data-error-group="${refusedCode}"]`)
        .first()
        .getByRole("link", { name: t("logs.errors.latest") })
        .click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText("/sandbox/v1/orders");
    });
  });
}

test("the operator reads every client's sandbox calls, and one client's by its id", async ({ page }, testInfo) => {
  const phone = await sized(page, testInfo);
  await signInAs(page, "operator@example.com");
  // another company's client calls the sandbox
  const created = await page.request.post("/sandbox/operator/clients", {
    headers: { authorization: `Bearer ${OPERATOR_KEY}` },
    data: { name: `Logs ${testInfo.project.name} ${Date.now()}` },
  });
  const { client_id: other } = (await created.json()) as { client_id: string };
  const path = `/sandbox/v1/exchanges/00000000-0000-4000-8000-${String(Date.now()).slice(-12)}`;
  expect((await page.request.get(path, { headers: { authorization: `client_id ${other}` } })).status()).toBe(404);

  await page.goto("/logs");
  await page.getByLabel("Whose calls").selectOption("all");
  await expect(page).toHaveURL(/scope=all/);
  const row = page.getByTestId("log-list").locator("[data-log-id]").filter({ hasText: path });
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await page.getByLabel("Client id").fill(other);
  await page.getByLabel("Client id").press("Enter");
  await expect(page).toHaveURL(/client_id=/);
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId("log-list").locator("[data-log-id]")).toHaveCount(1);
  await audit(page, testInfo, "the operator's request log of every client");
  await row.getByRole("link").click();
  await expect(page).toHaveURL(/\/logs\/\d+\?scope=all$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(path);
  expect(await page.content()).not.toContain(other);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone ? 390 : 1440);
});

test("a call the dashboard makes is one row, *Dashboard*; the source filter's values are the API's words", async ({ page }, testInfo) => {
  await sized(page, testInfo);
  await signInAs(page, "affiliate@example.com");
  // the dashboard asks its sandbox for an order it does not know: one call, answered 404
  const id = `00000000-0000-4000-8000-${String(Date.now()).slice(-12)}`;
  expect((await page.request.get(`/api/orders/${id}`)).status()).toBe(404);
  const path = `/sandbox/v1/orders/${id}`;

  await page.goto("/logs");
  const source = page.getByLabel("Source");
  const options = await source.locator("option").evaluateAll((all) => all.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
  expect(options).toEqual([
    ["", "All sources"],
    ["dashboard", "Dashboard"],
    ["integration", "Your integration"],
  ]);
  const row = page.getByTestId("log-list").locator("[data-log-id]").filter({ hasText: path });
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await expect(row).toContainText("Dashboard");
  await source.selectOption("dashboard");
  await expect(page).toHaveURL(/source=dashboard/);
  await expect(row).toHaveCount(1);
  await source.selectOption("integration");
  await expect(page).toHaveURL(/source=integration/);
  await expect(row).toHaveCount(0);

  // the Errors tab's source links say the same words
  await page.goto("/logs/errors?source=dashboard");
  const sources = page.getByRole("navigation", { name: "Source" });
  await expect(sources.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await expect(sources.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", /source=dashboard$/);
  await expect(sources.getByRole("link", { name: "Your integration" })).toHaveAttribute("href", /source=integration$/);
});
