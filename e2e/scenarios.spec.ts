import { audit } from "./axe";
import { dashboardWords, languageTag, LOCALES, signInLocalized } from "./catalogue";
import { expect, test } from "./fixtures";
import { shot, sized } from "./helpers";

// The Scenarios tab as an admin of a sandbox tenant uses it, in four languages at 1440 and 390
// pixels: the built-ins listed with the webhooks each makes, one run started with its button, and
// its steps moving on live to the end, with no reload; axe-clean once it has run.

for (const [locale, tag] of LOCALES) {
  test.describe(tag, { tag: languageTag(locale) }, () => {
    test.use({ locale: tag });
    const t = dashboardWords(locale);

    test(`scenarios (${locale}): a built-in run from its button, its steps moving on live until it succeeds`, async ({
      page,
    }, testInfo) => {
      test.slow();
      await sized(page, testInfo);
      await signInLocalized(page, locale);
      await page.goto("/events");
      await page.getByRole("link", { name: t("logs.tabs.scenarios"), exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: t("scenarios.title") })).toBeVisible();

      const builtIn = page.locator('[data-scenario="onchain-buy-settled"]');
      await expect(builtIn).toContainText("exchange.executed → exchange.settled → exchange.settled");
      await expect(page.locator("[data-scenario]")).toHaveCount(6);

      const runsBefore = await page.locator("[data-run]").count();
      await builtIn.getByRole("button", { name: `${t("scenarios.run")} onchain-buy-settled` }).click();
      await expect(page.locator("[data-run]")).toHaveCount(Math.min(runsBefore + 1, 10));
      const run = page.locator("[data-run]").first();
      await expect(run).toContainText("onchain-buy-settled");
      // the steps advance as the live stream's scenario_run frames arrive
      await expect(run.locator("[data-run-status]")).toHaveAttribute("data-run-status", "succeeded", { timeout: 45_000 });
      await expect(run.locator('li[data-status="succeeded"]')).toHaveCount(7);
      await expect(run.getByRole("link", { name: t("scenarios.exchange") })).toHaveAttribute("href", /^\/exchanges\/[0-9a-f-]{36}$/);

      const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      await audit(page, testInfo, `${locale} scenarios after a run`);
      await shot(page, testInfo, `scenarios-${locale}`);
    });
  });
}
