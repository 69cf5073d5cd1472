import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { audit } from "./axe";
import { languageTag } from "./catalogue";
import { DEMO_PASSWORD, expect, test } from "./fixtures";
import { createOrderViaApi, operatorPay, sectionLink, shot } from "./helpers";

// The dashboard and the operator console in French and Italian, as a browser in Geneva or Lugano
// asks for them (Accept-Language fr-CH, it-CH): every page's heading in the language, axe-clean
// in both themes, at desktop and phone width (the two projects), with a screenshot of each to
// look at (French and Italian words run longer than English ones).

type Tree = { [key: string]: string | Tree };
const catalogue = (locale: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, "../messages/dashboard", `${locale}.json`), "utf8")) as Tree;
const login = (locale: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, "../messages", `${locale}.json`), "utf8")) as Tree;
const text = (tree: Tree, key: string) => key.split(".").reduce<string | Tree>((t, k) => (t as Tree)[k] ?? "", tree) as string;

async function signIn(page: Page, locale: string, email: string) {
  const words = login(locale);
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await page.getByLabel(text(words, "login.email")).fill(email);
  await page.getByLabel(text(words, "login.password"), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: text(words, "login.submit"), exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await expect(page.locator('[data-live-status="connected"]')).toBeVisible({ timeout: 10_000 });
}

/** A page settled: its heading shown in the language and nothing loading. */
async function settled(page: Page, words: Tree, heading: string | RegExp) {
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  // the tenant's service is the built-in sandbox: every page says so, in the page's language
  await expect(page.getByTestId("sandbox-banner")).toContainText(text(words, "shell.sandboxBanner.text"));
  await expect(page.getByRole("status", { name: text(words, "common.loading") })).toHaveCount(0);
  await expect(page.locator("html")).toHaveAttribute("lang", /^(fr|it)$/);
}

for (const [locale, acceptLanguage] of [
  ["fr", "fr-CH"],
  ["it", "it-CH"],
] as const) {
  test.describe(`in ${locale === "fr" ? "French" : "Italian"}`, { tag: languageTag(locale) }, () => {
    test.use({ locale: acceptLanguage });
    const words = catalogue(locale);

    test("every page of an admin passes axe", async ({ page }, testInfo) => {
      test.slow(); // some twenty pages, each audited in two themes
      await signIn(page, locale, "affiliate@example.com");
      for (const key of ["overview", "orders", "exchanges", "events", "reports", "audit"]) {
        await expect(await sectionLink(page, text(words, "shell.mainNav"), text(words, `shell.nav.${key}`))).toBeVisible();
      }
      const order = await createOrderViaApi(page);
      const exchangeId = await operatorPay(page.request, order.id, 90);
      const settings = text(words, "settings.title");
      for (const [pagePath, heading] of [
        ["/", text(words, "overview.title")],
        ["/orders", text(words, "orders.list.title")],
        ["/orders/new", text(words, "orders.wizard.title")],
        [`/orders/${order.id}`, new RegExp(`^${text(words, "orders.page.kind")} `)],
        ["/exchanges", text(words, "exchanges.list.title")],
        [`/exchanges/${exchangeId}`, new RegExp(`^${text(words, "exchanges.kind")} `)],
        ["/events", text(words, "events.page.title")],
        ["/audit", text(words, "audit.title")],
        ["/reports?period=custom&from=2021-01-01&to=2030-12-31", text(words, "reports.title")],
        ["/notifications", text(words, "notifications.title")],
        ["/account", text(words, "account.title")],
        ["/settings?tab=team", settings],
        ["/settings?tab=security", settings],
        ["/settings?tab=webhooks", settings],
        ["/settings?tab=forwarding", settings],
        ["/settings?tab=api-keys", settings],
        ["/settings?tab=credentials", settings],
        ["/settings?tab=affiliates", settings],
      ] as const) {
        await page.goto(pagePath);
        await settled(page, words, heading);
        await audit(page, testInfo, `${locale} ${pagePath}`);
        await shot(page, testInfo, `${locale}-${pagePath.replace(/[^a-z0-9]+/gi, "-").slice(0, 40)}`);
      }
      await page.goto("/reports?period=custom&from=2021-01-01&to=2030-12-31");
      await page.locator("[data-statements]").first().getByRole("link").first().click();
      await expect(page.getByTestId("statement")).toBeVisible();
      await audit(page, testInfo, `${locale} statement`);
    });

    test("the operator console passes axe", async ({ page }, testInfo) => {
      await signIn(page, locale, "operator@example.com");
      for (const tab of ["tenants", "users", "exchanges", "mail", "sandbox"]) {
        await page.goto(`/operator?tab=${tab}`);
        await settled(page, words, text(words, "operator.title"));
        const sections = page.getByRole("navigation", { name: text(words, "operator.sections") });
        await expect(sections.getByRole("link", { name: text(words, `operator.tabs.${tab}`) })).toHaveAttribute("aria-current", "page");
        await audit(page, testInfo, `${locale} operator ${tab}`);
        await shot(page, testInfo, `${locale}-operator-${tab}`);
      }
    });
  });
}
