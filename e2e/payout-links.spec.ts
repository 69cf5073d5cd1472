import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { lightningNode } from "../tests/integration/harness/wallet";
import { audit } from "./axe";
import { DEMO_PASSWORD, expect, test } from "./fixtures";
import { lightningOrderViaApi, operatorDrive, operatorPay, shot } from "./helpers";

// The exchange page's "Payout links" card as staff use it, in English and German, at desktop and
// phone width: a link made and still listed as open after a reload, a second one made only once
// the replacement is confirmed, the replaced link's page refusing in the end user's language, and
// a link revoked from its row. Axe checks the page with the card and with its dialog open.

type Tree = { [key: string]: string | Tree };
const read = (folder: string, locale: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, "..", folder, `${locale}.json`), "utf8")) as Tree;
const text = (tree: Tree, key: string) => key.split(".").reduce<string | Tree>((t, k) => (t as Tree)[k] ?? "", tree) as string;
/** A message's words before its first argument: enough to find it, whatever the date's format. */
const lead = (message: string) => message.split("{")[0] ?? message;

async function signIn(page: Page, words: Tree, email: string) {
  await page.goto("/login");
  await page.getByLabel(text(words, "login.email")).fill(email);
  await page.getByLabel(text(words, "login.password"), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: text(words, "login.submit"), exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await expect(page.locator('[data-live-status="connected"]')).toBeVisible({ timeout: 10_000 });
}

for (const [locale, acceptLanguage] of [
  ["en", "en-GB"],
  ["de", "de-CH"],
] as const) {
  test.describe(`in ${locale === "en" ? "English" : "German"}`, () => {
    test.use({ locale: acceptLanguage });
    const dashboard = read("messages/dashboard", locale);
    const pub = read("messages", locale);
    const t = (key: string) => text(dashboard, `payouts.link.${key}`);

    test("links are listed with their state, a second one replaces the first once confirmed, and the replaced one refuses", async ({
      page,
      browser,
    }, testInfo) => {
      const name = (step: string) => `${locale}-${testInfo.project.name}-${step}`;
      await signIn(page, pub, "affiliate@example.com");
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      const exchangeId = await operatorPay(page.request, await lightningOrderViaApi(page, lightningNode(`links ${Math.random()}`)), 120);
      await expect.poll(async () => (await page.request.get(`/api/exchanges/${exchangeId}`)).status()).toBe(200);
      await page.goto(`/exchanges/${exchangeId}`);
      const card = page.getByRole("region", { name: t("title") });
      await expect(card.getByText(t("empty"))).toBeVisible();
      const rows = card.locator("[data-payout-link]");

      // the first link: its address shown once, then listed as open after a reload
      await card.getByRole("button", { name: t("create") }).click();
      const firstUrl = (await card.getByTestId("payout-link").textContent()) ?? "";
      expect(firstUrl).toMatch(/\/pay\/[A-Za-z0-9_-]{22}$/);
      await expect(rows).toHaveCount(1);
      await page.reload();
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toHaveAttribute("data-state", "open");
      await expect(rows.first().getByText(t("states.open"), { exact: true })).toBeVisible();
      await expect(card.getByTestId("payout-link")).toHaveCount(0);
      await expect(card.getByText(t("shownOnce"))).toBeVisible();
      await shot(page, testInfo, name("open-after-reload"));

      // a second one: asked first; cancelling leaves everything as it was
      await card.getByRole("button", { name: t("create") }).click();
      const dialog = page.getByRole("dialog", { name: t("confirmTitle") });
      await expect(dialog).toContainText(lead(t("confirmReplace")));
      await shot(page, testInfo, name("confirm-replace"));
      await audit(page, testInfo, `${locale} replace dialog`);
      await dialog.getByRole("button", { name: t("cancel") }).click();
      await expect(dialog).toBeHidden();
      await expect(rows).toHaveCount(1);
      await card.getByRole("button", { name: t("create") }).click();
      await dialog.getByRole("button", { name: t("confirmReplaceAction") }).click();
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toHaveAttribute("data-state", "open");
      await expect(rows.nth(1)).toHaveAttribute("data-state", "revoked");
      await expect(rows.nth(1).getByText(t("states.revoked"), { exact: true })).toBeVisible();
      const secondUrl = (await card.getByTestId("payout-link").textContent()) ?? "";
      expect(secondUrl).not.toBe(firstUrl);
      // only the open link can be revoked
      await expect(rows.nth(0).getByRole("button")).toBeVisible();
      await expect(rows.nth(1).getByRole("button")).toHaveCount(0);
      await shot(page, testInfo, name("replaced"));
      await card.screenshot({ path: testInfo.outputPath(`${name("card")}.png`) });
      await audit(page, testInfo, `${locale} exchange page with payout links`);

      // the replaced link's page, on the end user's phone in the same language
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, locale: acceptLanguage });
      const phone = await context.newPage();
      await phone.goto(firstUrl);
      await expect(phone.getByRole("heading", { level: 1 })).toHaveText(text(pub, "pay.states.revokedTitle"));
      await expect(phone.getByText(text(pub, "pay.states.revokedBody"))).toBeVisible();
      await phone.screenshot({ path: testInfo.outputPath(`${name("pay-revoked")}.png`), fullPage: true });
      await audit(phone, testInfo, `${locale} revoked payout page`);
      // the new one works, and its opening shows in the list
      await phone.goto(secondUrl);
      await expect(phone.locator('[data-status="awaiting_payout"]')).toBeVisible();

      // revoking the open link from its row, confirmed
      await page.reload();
      await expect(rows.nth(0).getByText(lead(t("lastOpened")))).toBeVisible();
      await rows.nth(0).getByRole("button").click();
      await expect(dialog).toContainText(lead(t("confirmRevoke")));
      await dialog.getByRole("button", { name: t("confirmRevokeAction") }).click();
      await expect(rows.nth(0)).toHaveAttribute("data-state", "revoked");
      await expect(card.getByRole("button", { name: t("create") })).toBeVisible();
      await shot(page, testInfo, name("all-revoked"));
      await phone.reload();
      await expect(phone.getByRole("heading", { level: 1 })).toHaveText(text(pub, "pay.states.revokedTitle"));
      await context.close();
    });
  });
}

test("a link whose payout expired is listed as expired, without Revoke, like its own page says, also after a reload", async ({
  page,
  browser,
}, testInfo) => {
  const dashboard = read("messages/dashboard", "en");
  const pub = read("messages", "en");
  const t = (key: string) => text(dashboard, `payouts.link.${key}`);
  await signIn(page, pub, "affiliate@example.com");
  const exchangeId = await operatorPay(page.request, await lightningOrderViaApi(page, lightningNode(`expiry ${Math.random()}`)), 110);
  await expect.poll(async () => (await page.request.get(`/api/exchanges/${exchangeId}`)).status()).toBe(200);
  await page.goto(`/exchanges/${exchangeId}`);
  const card = page.getByRole("region", { name: t("title") });
  await card.getByRole("button", { name: t("create") }).click();
  const url = (await card.getByTestId("payout-link").textContent()) ?? "";
  const row = card.locator("[data-payout-link]");
  await expect(row).toHaveAttribute("data-state", "open");

  // the service gives up on the payout (24 h without one): the exchange is refunded
  await operatorDrive(page.request, exchangeId, { type: "payout_expired" });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, locale: "en-GB" });
  const phone = await context.newPage();
  await phone.goto(url);
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText(text(pub, "pay.states.expiredTitle"));
  await context.close();

  // the page follows the refund live; a reload reads the same
  await expect(row).toHaveAttribute("data-state", "expired", { timeout: 15_000 });
  await expect(row.getByText(t("states.expired"), { exact: true })).toBeVisible();
  await expect(row).toContainText(t("payoutEnded"));
  await expect(row.getByRole("button")).toHaveCount(0);
  await page.reload();
  await expect(row).toHaveAttribute("data-state", "expired");
  await expect(row.getByRole("button")).toHaveCount(0);
  await expect(card.getByRole("button", { name: t("create") })).toHaveCount(0);
  await shot(page, testInfo, `expired-link-${testInfo.project.name}`);
});
