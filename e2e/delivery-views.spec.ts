import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { audit } from "./axe";
import { DEMO_PASSWORD, expect, test } from "./fixtures";
import { shot } from "./helpers";

// An endpoint's forwarding deliveries on the settings page: whose they are, their status, range
// and sort in the address, kept by a reload, saved as a view, renamed, and restored from it; in
// French and Italian (the lists' spec walks English and German), at 1440 and 390 pixels.

type Tree = { [key: string]: string | Tree };
const catalogue = (file: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, "../messages", file), "utf8")) as Tree;
const text = (tree: Tree, key: string) => key.split(".").reduce<string | Tree>((t, k) => (t as Tree)[k] ?? "", tree) as string;
const fill = (message: string, values: Record<string, string>) => message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "");

for (const locale of ["fr", "it"] as const) {
  test.describe(locale === "fr" ? "en français" : "in italiano", () => {
    test.use({ locale: locale === "fr" ? "fr-CH" : "it-CH" });
    const words = catalogue(`dashboard/${locale}.json`);
    const t = (key: string, values: Record<string, string> = {}) => fill(text(words, key), values);

    test("deliveries: status, range and sort in the address, a saved view renamed and restored", async ({ page }, testInfo) => {
      test.slow();
      const phone = testInfo.project.name === "phone";
      await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1440, height: 900 });
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
        const login = catalogue(`${locale}.json`);
        await page.goto("/login");
        await page.getByLabel(text(login, "login.email"), { exact: true }).fill("affiliate@example.com");
        await page.getByLabel(text(login, "login.password"), { exact: true }).fill(DEMO_PASSWORD);
        await page.getByRole("button", { name: text(login, "login.submit"), exact: true }).click();
        await page.waitForURL((address) => !address.pathname.startsWith("/login"));
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
