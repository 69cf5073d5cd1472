import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, test } from "./fixtures";
import { audit } from "./axe";
import { createOrderViaApi, operatorPay, sectionLink, showAccountItems } from "./helpers";

// The dashboard in German, as a browser in Switzerland asks for it (Accept-Language de-CH):
// every page in German words with German numbers and dates, axe-clean in both themes at both
// widths, and the header's switcher going back to English.

test.use({ locale: "de-CH" });

async function signInGerman(page: Page, email: string) {
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await expect(page.locator('[data-live-status="connected"]')).toHaveText("Live", { timeout: 10_000 });
}

/** A page settled: its German heading shown and nothing loading. */
async function settled(page: Page, heading: string | RegExp) {
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  await expect(page.getByRole("status", { name: "Wird geladen" })).toHaveCount(0);
}

test("an admin's dashboard speaks German, with German amounts and dates", async ({ page }, testInfo) => {
  await signInGerman(page, "affiliate@example.com");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page).toHaveTitle(/Übersicht/);
  for (const name of ["Übersicht", "Aufträge", "Tauschvorgänge", "Ereignisse", "Berichte", "Protokoll"]) {
    await expect(await sectionLink(page, "Hauptmenü", name)).toBeVisible();
  }

  const order = await createOrderViaApi(page);
  const exchangeId = await operatorPay(page.request, order.id, 1234.5);
  await page.goto(`/exchanges/${exchangeId}`);
  await settled(page, /^Tausch /);
  // 1 234.50 EUR paid in, as German writes it
  await expect(page.getByRole("region", { name: "Beträge" })).toContainText("1.234,50 €");
  await expect(page.getByTestId("state-meaning")).toContainText("Identifikation");
  await audit(page, testInfo, "de exchange");

  await page.goto(`/orders/${order.id}`);
  await settled(page, /^Auftrag /);
  await expect(page.getByRole("region", { name: "Zahlungsanweisungen" })).toBeVisible();
  await audit(page, testInfo, "de order");
});

test("every list, report and settings tab in German passes axe", async ({ page }, testInfo) => {
  test.slow(); // ten pages, each audited in two themes
  await signInGerman(page, "affiliate@example.com");
  for (const [path, heading] of [
    ["/", "Übersicht"],
    ["/orders", "Aufträge"],
    ["/exchanges", "Tauschvorgänge"],
    ["/events", "Ereignisse"],
    ["/audit", "Protokoll"],
    ["/reports?period=custom&from=2021-01-01&to=2030-12-31", "Affiliate-Erträge"],
    ["/settings?tab=team", "Einstellungen"],
    ["/settings?tab=webhooks", "Einstellungen"],
    ["/settings?tab=credentials", "Einstellungen"],
    ["/settings?tab=affiliates", "Einstellungen"],
  ] as const) {
    await page.goto(path);
    await settled(page, heading);
    await audit(page, testInfo, `de ${path}`);
  }
});

test("the new-order wizard explains its checks in German", async ({ page }, testInfo) => {
  await signInGerman(page, "affiliate@example.com");
  await page.goto("/orders/new");
  await settled(page, "Neuer Auftrag");
  await expect(page.getByRole("group", { name: "Wohin sollen die Bitcoin gehen?" })).toBeVisible();
  await page.getByRole("button", { name: "Weiter" }).click();
  await page.getByLabel(/^Bitcoin-Adresse/).fill("tb1qnotanaddress");
  await expect(page.getByTestId("destination-check")).toHaveText(/Keine gültige Bitcoin-Adresse/);
  await audit(page, testInfo, "de wizard destination");
});

test("the header's switcher changes the dashboard's language and remembers it", async ({ page }) => {
  await signInGerman(page, "viewer@example.com");
  await page.goto("/exchanges");
  await settled(page, "Tauschvorgänge");
  await showAccountItems(page);
  await page.getByRole("button", { name: "EN English" }).click();
  await settled(page, "Exchanges");
  await expect(page).toHaveURL(/\/exchanges$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.goto("/");
  await settled(page, "Overview");
  await showAccountItems(page);
  await page.getByRole("button", { name: "DE Deutsch" }).click();
  await settled(page, "Übersicht");
});

test("the operator console speaks German", async ({ page }, testInfo) => {
  await signInGerman(page, "operator@example.com");
  for (const tab of ["tenants", "users", "exchanges", "sandbox"]) {
    await page.goto(`/operator?tab=${tab}`);
    await settled(page, "Betreiberkonsole");
    await audit(page, testInfo, `de operator ${tab}`);
  }
  await expect(page.getByRole("region", { name: "Sandbox-Uhr" })).toContainText("Sandbox-Zeit");
});
