import { createServer } from "node:http";
import { audit } from "./axe";
import { acceptLanguageOf, dashboardWords, languageTag, signInLocalized } from "./catalogue";
import { expect, test } from "./fixtures";
import { shot, sized } from "./helpers";

// An endpoint's forwarding deliveries on the settings page: whose they are, their status, range
// and sort in the address, kept by a reload, saved as a view, renamed, and restored from it; in
// French and Italian (the lists' spec walks English and German), at 1440 and 390 pixels.

for (const locale of ["fr", "it"] as const) {
  test.describe(locale === "fr" ? "en français" : "in italiano", { tag: languageTag(locale) }, () => {
    test.use({ locale: acceptLanguageOf(locale) });
    const t = dashboardWords(locale);

    test("deliveries: status, range and sort in the address, a saved view renamed and restored", async ({ page }, testInfo) => {
      test.slow();
      const phone = await sized(page, testInfo);
      // the receiver takes the first test event and refuses the second
      let answered = 0;
      const receiver = createServer((req, res) => {
        req.resume();
        req.on("end", () => {
          res.statusCode = answered++ === 0 ? 200 : 503;
          res.end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
      const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/${locale}-${testInfo.project.name}`;
      try {
        await signInLocalized(page, locale);
        const headers = { origin: new URL(page.url()).origin };
        const added = await page.request.post("/api/forwarding/endpoints", { headers, data: { url } });
        expect(added.status(), await added.text()).toBe(201);
        const { id } = (await added.json()) as { id: string };
        for (let i = 0; i < 2; i++) {
          expect((await page.request.post(`/api/forwarding/endpoints/${id}/test`, { headers })).status()).toBe(201);
        }

        await page.goto("/settings?tab=forwarding");
        const card = page.locator(`[data-endpoint="${url}"]`);
        await card.getByRole("button", { name: t("settings.forwarding.showDeliveries") }).click();
        await expect(page).toHaveURL(new RegExp(`tab=forwarding.*endpoint=${id}`));
        await expect(card.locator("[data-delivery]")).toHaveCount(2);
        // the refused one waits for its next attempt: retrying, not waiting for a first, and the filter says it takes both
        const refused = card.locator("[data-delivery]").filter({ hasText: t("settings.forwarding.status.retrying") });
        await expect(refused).toHaveCount(1);
        await expect(refused).toContainText(t("settings.forwarding.failure.http_status", { status: "503" }));
        await expect(card.getByRole("option", { name: t("settings.forwarding.filterStatus.pending") })).toHaveCount(1);
        // a refused attempt says it failed, here and in the status filter, never that it is waiting
        const [badge, inFilter] =
          locale === "fr" ? ["Échec, nouvel essai prévu", "échec"] : ["Fallito, nuovo tentativo previsto", "fallito"];
        await expect(refused.locator("span").first()).toHaveText(badge);
        await expect(card.getByLabel(t("settings.forwarding.statusFilter")).locator('option[value="pending"]')).toContainText(inFilter);

        await card.getByLabel(t("settings.forwarding.statusFilter")).selectOption("delivered");
        await expect(page).toHaveURL(/status=delivered/);
        await expect(card.locator("[data-delivery]")).toHaveCount(1);
        await card.getByLabel(t("lists.range.label")).selectOption("today");
        await expect(page).toHaveURL(/range=today/);
        await card.getByLabel(t("lists.sort.label")).selectOption("state");
        await expect(page).toHaveURL(/sort=state/);
        await expect(card.locator("[data-delivery]")).toHaveCount(1);
        const address = page.url();

        // a reload opens the same endpoint's log with the same filters
        await page.reload();
        await expect(card.getByLabel(t("settings.forwarding.statusFilter"))).toHaveValue("delivered");
        await expect(card.getByLabel(t("lists.sort.label"))).toHaveValue("state");
        await expect(card.locator("[data-delivery]")).toHaveCount(1);
        await shot(page, testInfo, `deliveries-filtered-${locale}`);
        await audit(page, testInfo, `${locale} an endpoint's deliveries filtered`);

        // saved, renamed, and restored from a plain settings page
        const name = `${locale} ${testInfo.project.name} ${Date.now()}`;
        const renamed = `${name} ✓`;
        await card.getByRole("button", { name: t("lists.views.button") }).click();
        await page.getByLabel(t("lists.views.name")).fill(name);
        await page.getByRole("button", { name: t("lists.views.save") }).click();
        await expect(page.getByRole("status").filter({ hasText: name })).toBeVisible();
        await page.getByRole("button", { name: t("lists.views.renameLabel", { name }) }).click();
        await page.getByLabel(t("lists.views.newName", { name })).fill(renamed);
        await page.getByRole("button", { name: t("lists.views.rename"), exact: true }).click();
        await expect(page.getByRole("link", { name: renamed, exact: true })).toBeVisible();
        await audit(page, testInfo, `${locale} the deliveries' views, one renamed`);

        await page.goto("/settings?tab=forwarding");
        await card.getByRole("button", { name: t("settings.forwarding.showDeliveries") }).click();
        await expect(card.locator("[data-delivery]")).toHaveCount(2);
        await card.getByRole("button", { name: t("lists.views.button") }).click();
        await page.getByRole("link", { name: renamed, exact: true }).click();
        await expect(page).toHaveURL(address);
        await expect(card.getByLabel(t("settings.forwarding.statusFilter"))).toHaveValue("delivered");
        await expect(card.locator("[data-delivery]")).toHaveCount(1);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(phone ? 390 : 1440);

        expect((await page.request.delete(`/api/forwarding/endpoints/${id}`, { headers })).status()).toBe(204);
      } finally {
        await new Promise((resolve) => receiver.close(resolve));
      }
    });
  });
}

test("an endpoint's log opens from its button before the page's scripts have run", async ({ page, browser }) => {
  // a tap on a slow phone can come before hydration: the button is a form's, so the address opens the log
  await signInLocalized(page, "en");
  const headers = { origin: new URL(page.url()).origin };
  const url = `http://127.0.0.1:9/early-${Date.now()}`;
  const added = await page.request.post("/api/forwarding/endpoints", { headers, data: { url } });
  expect(added.status(), await added.text()).toBe(201);
  const { id } = (await added.json()) as { id: string };
  const early = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  try {
    const noScripts = await early.newPage();
    await noScripts.goto("/settings?tab=forwarding");
    const t = dashboardWords("en");
    await noScripts
      .locator(`[data-endpoint="${url}"]`)
      .getByRole("button", { name: t("settings.forwarding.showDeliveries") })
      .click();
    await expect(noScripts).toHaveURL(new RegExp(`/settings\\?tab=forwarding&endpoint=${id}$`));
  } finally {
    await early.close();
    expect((await page.request.delete(`/api/forwarding/endpoints/${id}`, { headers })).status()).toBe(204);
  }
});
