import type { Browser, Page } from "@playwright/test";
import { audit } from "./axe";
import { catalogue, languageTag, LOCALES as locales, text } from "./catalogue";
import { DEMO_PASSWORD, expect, test } from "./fixtures";
import { createOrderViaApi, openHeaderMenu, operatorDrive, operatorPay, sectionsInMenu, shot } from "./helpers";
import { currentTabInView, cutPlaceholders, idLines, tabLines } from "./measure";

// Every page fits the screen: on a phone the sections are in the header's menu (each one reached
// from it) and no page is wider than the screen; on a desktop of 1280 px the header is one row, in
// each language, for an admin and for the operator (the role with most sections).

async function signedIn(browser: Browser, like: Page, acceptLanguage: string, locale: string, email: string, width?: number) {
  const viewport = width ? { width, height: 800 } : (like.viewportSize() ?? undefined);
  const context = await browser.newContext({ viewport, locale: acceptLanguage });
  const page = await context.newPage();
  const words = catalogue(`${locale}.json`);
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await page.getByLabel(text(words, "login.email")).fill(email);
  await page.getByLabel(text(words, "login.password"), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: text(words, "login.submit"), exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await expect(page.locator('[data-live-status="connected"]')).toBeVisible({ timeout: 10_000 });
  return page;
}

/** The page is no wider than the window: nothing scrolls sideways. */
async function fitsTheWidth(page: Page, where: string) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth, `${where}: ${scrollWidth} px wide in a window of ${innerWidth}`).toBeLessThanOrEqual(innerWidth);
}

const sections = {
  operator: ["overview", "orders", "exchanges", "events", "reports", "audit", "operator"],
  admin: ["overview", "orders", "exchanges", "events", "reports", "audit"],
  viewer: ["overview", "orders", "exchanges", "events", "reports"],
} as const;
const landing: Record<string, string> = {
  overview: "/",
  orders: "/orders",
  exchanges: "/exchanges",
  events: "/events",
  reports: "/reports",
  audit: "/audit",
  operator: "/operator",
};

for (const [locale, acceptLanguage] of locales) {
  test(
    `in ${locale}, every section the role may open is reached from the header, and no page is wider than the screen`,
    { tag: languageTag(locale) },
    async ({ browser, page: like }, testInfo) => {
      const words = catalogue(`dashboard/${locale}.json`);
      for (const [email, role] of [
        ["operator@example.com", "operator"],
        ["viewer@example.com", "viewer"],
      ] as const) {
        const page = await signedIn(browser, like, acceptLanguage, locale, email);
        const nav = page.getByRole("navigation", { name: text(words, "shell.mainNav") });
        for (const section of sections[role]) {
          await page.goto(section === "overview" ? "/orders" : "/");
          if (await sectionsInMenu(page)) {
            await expect(nav).toHaveCount(0);
            const button = await openHeaderMenu(page);
            await expect(nav.getByRole("link")).toHaveCount(sections[role].length);
            if (section === "overview") {
              // Escape closes the menu and gives focus back to its button
              await expect(nav.getByRole("link").first()).toBeFocused();
              await page.keyboard.press("Escape");
              await expect(button).toHaveAttribute("aria-expanded", "false");
              await expect(button).toBeFocused();
              await openHeaderMenu(page);
              await audit(page, testInfo, `${locale} ${role} menu`);
              await shot(page, testInfo, `${locale}-${role}-menu`);
            }
          }
          await nav.getByRole("link", { name: text(words, `shell.nav.${section}`), exact: true }).click();
          await expect(page).toHaveURL((url) => url.pathname === landing[section]);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          // the menu closed on the way
          await expect(page.locator("button[data-header-menu][aria-expanded=true]")).toHaveCount(0);
          await fitsTheWidth(page, `${role} ${landing[section]}`);
        }
        await page.context().close();
      }
    },
  );

  test(
    `in ${locale}, the header is one row at 1280 px for an admin and for the operator`,
    { tag: languageTag(locale) },
    async ({ browser, page: like }, testInfo) => {
      for (const email of ["affiliate@example.com", "operator@example.com"]) {
        const page = await signedIn(browser, like, acceptLanguage, locale, email, 1280);
        const row = page.getByRole("banner").locator("> div");
        const first = await row.locator("> *").first().boundingBox();
        const last = await row.locator("button[data-header-menu]").filter({ visible: true }).boundingBox();
        const search = await page.locator("#header-search").boundingBox();
        expect(first && last && search, "the header's first and last items and its search").toBeTruthy();
        if (!first || !last || !search) return;
        // one row: the last item beside the first, not under it
        expect(
          Math.abs(last.y + last.height / 2 - (first.y + first.height / 2)),
          `${email}: first and last items on one line`,
        ).toBeLessThan(8);
        expect(search.y, `${email}: the search on the same line`).toBeLessThan(first.y + first.height);
        await shot(page, testInfo, `${locale}-${email.split("@")[0]}-header-1280`);
        await page.context().close();
      }
    },
  );
}

test("every page of an admin fits the screen in German and French", async ({ browser, page: like }, testInfo) => {
  test.slow();
  for (const [locale, acceptLanguage] of [
    ["de", "de-CH"],
    ["fr", "fr-CH"],
  ] as const) {
    const page = await signedIn(browser, like, acceptLanguage, locale, "affiliate@example.com");
    const order = await createOrderViaApi(page);
    const exchangeId = await operatorPay(page.request, order.id, 90);
    for (const pagePath of [
      "/",
      "/orders",
      "/orders/new",
      `/orders/${order.id}`,
      "/exchanges",
      `/exchanges/${exchangeId}`,
      "/events",
      "/audit",
      "/reports?period=custom&from=2021-01-01&to=2030-12-31",
      "/notifications",
      "/account",
      "/settings?tab=team",
      "/settings?tab=security",
      "/settings?tab=webhooks",
      "/settings?tab=forwarding",
      "/settings?tab=api-keys",
      "/settings?tab=credentials",
      "/settings?tab=affiliates",
    ]) {
      await page.goto(pagePath);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await fitsTheWidth(page, `${locale} ${pagePath}`);
    }
    await page.goto("/reports?period=custom&from=2021-01-01&to=2030-12-31");
    await page.locator("[data-statements]").first().getByRole("link").first().click();
    await expect(page.getByTestId("statement")).toBeVisible();
    await fitsTheWidth(page, `${locale} statement`);
    // the totals' key columns are on the screen, not behind a sideways scroll
    for (const id of ["earned-eur", "difference-eur"]) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box && box.x + box.width, `${id} inside the window`).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
    }
    await audit(page, testInfo, `${locale} statement`);
    await shot(page, testInfo, `${locale}-statement`);
    await page.goto("/reports?period=custom&from=2021-01-01&to=2030-12-31");
    await audit(page, testInfo, `${locale} reports`);
    await shot(page, testInfo, `${locale}-reports`);
    await page.goto("/settings?tab=team");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await audit(page, testInfo, `${locale} team`);
    await shot(page, testInfo, `${locale}-team`);
    await page.context().close();
  }
});

test("at 390 px in every language: tab rows on one line, the open tab in view, placeholders whole, no id on a short line @phone", async ({
  browser,
}, testInfo) => {
  // a phone's width, where tabs, placeholders and ids were seen to wrap; the desktop's window is measured by the tests above
  test.slow();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const inEach = async (pages: string[], signedInAs: string) => {
    for (const [locale] of locales) {
      // as the header's language switcher does
      expect((await page.request.post("/api/locale", { form: { locale } })).status()).toBe(204);
      for (const pagePath of pages) {
        await page.goto(pagePath);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const where = `${locale} ${pagePath}`;
        for (const row of await page.locator("main nav").all()) {
          const lines = await tabLines(row);
          expect.soft(lines, `${where}: the tabs of a row on one line`).toHaveLength(1);
          expect.soft(await currentTabInView(row), `${where}: the open tab in view`).toBe(true);
        }
        // a field beside its button on a slightly wider phone has less room than one above it
        for (const width of [390, 360, 412]) {
          await page.setViewportSize({ width, height: 844 });
          expect.soft(await cutPlaceholders(page), `${where} at ${width} px: placeholders cut`).toEqual([]);
        }
        await page.setViewportSize({ width: 390, height: 844 });
        const short = (await idLines(page)).filter(({ lines }) => Math.min(...lines) < 4);
        expect.soft(short, `${where}: ids with a line of fewer than 4 characters`).toEqual([]);
        if (locale === "fr" || locale === "de") await shot(page, testInfo, `${locale}-${signedInAs}-${pagePath.replace(/\W+/g, "-")}`);
      }
    }
  };
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill("affiliate@example.com");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  const order = await createOrderViaApi(page);
  const exchangeId = await operatorPay(page.request, order.id, 90);
  await operatorDrive(page.request, exchangeId, { type: "broadcast" });
  await operatorDrive(page.request, exchangeId, { type: "confirm", blocks: 1 });
  await inEach(["/events", "/settings?tab=affiliates", "/exchanges", `/exchanges/${exchangeId}`, `/orders/${order.id}`], "admin");
  await context.clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill("operator@example.com");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await inEach([`/operator?tab=sandbox&exchange=${exchangeId}`], "operator");
  await context.close();
});

test("the overview chart's day labels are at least 11 px, inside the chart", async ({ browser }, testInfo) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const phone = await context.newPage();
  await phone.goto("/login");
  await phone.getByLabel("Email", { exact: true }).fill("affiliate@example.com");
  await phone.getByLabel("Password").fill(DEMO_PASSWORD);
  await phone.getByRole("button", { name: "Sign in", exact: true }).click();
  await phone.waitForURL((url) => !url.pathname.startsWith("/login"));
  const labels = phone.locator("[data-chart-days] > span");
  await expect(labels).toHaveCount(5);
  const chart = await phone.locator("[data-chart-days]").boundingBox();
  for (const label of await labels.all()) {
    const size = await label.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    expect(size).toBeGreaterThanOrEqual(11);
    const box = await label.boundingBox();
    expect(box && chart && box.x >= chart.x && box.x + box.width <= chart.x + chart.width + 0.5, "inside the chart").toBe(true);
  }
  // no letterboxing: the labels sit right under the bars (both measured at one moment)
  const gap = await phone.locator("[data-chart-days]").evaluate((days) => {
    const bars = days.parentElement?.querySelector(":scope > svg")?.getBoundingClientRect();
    return bars ? days.getBoundingClientRect().top - bars.bottom : Infinity;
  });
  expect(gap).toBeLessThan(12);
  await shot(phone, testInfo, "overview-390");
  await audit(phone, testInfo, "overview at 390 px");
  await context.close();
});
