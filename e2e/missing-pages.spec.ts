import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { audit } from "./axe";
import { expect, test } from "./fixtures";
import { shot, signInAs } from "./helpers";

// Pages that do not exist or that a role may not open, as a person meets them: the status, the
// dashboard's frame with its navigation, the words of the page's language, a way back, no page
// wider than the screen, axe-clean; at desktop and phone width (the two projects).

type Missing = { notFound: { title: string }; forbidden: { title: string }; back: string; signIn: string };
const words = (locale: string) =>
  (JSON.parse(readFileSync(path.join(import.meta.dirname, "../messages/dashboard", `${locale}.json`), "utf8")) as { missing: Missing })
    .missing;

/** The browser logs the document's own 4xx as a failed load: here that status is the point. */
function expectedStatus(consoleErrors: string[], status: number) {
  for (let i = consoleErrors.length - 1; i >= 0; i--) if (consoleErrors[i]?.includes(`status of ${status}`)) consoleErrors.splice(i, 1);
}

async function framedAndFits(page: Page) {
  // the sections: in the header's row on a desktop, behind its menu button on a phone
  await expect(page.locator("header nav, header button[data-header-menu]").filter({ visible: true }).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("an unknown order and an unknown address: 404 in the frame, and back to the overview", async ({ page, consoleErrors }, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const response = await page.goto(`/orders/${randomUUID()}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: words("en").notFound.title, level: 1 })).toBeVisible();
  await framedAndFits(page);
  await audit(page, testInfo, "not found");
  await shot(page, testInfo, "not-found");
  const unknown = await page.goto("/no-such-page");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: words("en").notFound.title, level: 1 })).toBeVisible();
  await framedAndFits(page);
  await page.getByRole("link", { name: words("en").back }).click();
  await expect(page).toHaveURL(/\/$/);
  expectedStatus(consoleErrors, 404);
});

test("a viewer's settings: 403 in the frame, in each language", async ({ page, consoleErrors }, testInfo) => {
  await signInAs(page, "viewer@example.com");
  for (const locale of ["en", "de", "fr", "it"]) {
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url: page.url() }]);
    const response = await page.goto("/settings");
    expect(response?.status()).toBe(403);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByRole("heading", { name: words(locale).forbidden.title, level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: words(locale).back })).toBeVisible();
    await framedAndFits(page);
    await audit(page, testInfo, `forbidden (${locale})`);
    await shot(page, testInfo, `forbidden-${locale}`);
  }
  expectedStatus(consoleErrors, 403);
});

test("a signed-out visitor's unknown address: 404 with a way to sign in", async ({ page, consoleErrors }, testInfo) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: words("en").notFound.title, level: 1 })).toBeVisible();
  await audit(page, testInfo, "not found, signed out");
  await page.getByRole("link", { name: words("en").signIn }).click();
  await expect(page).toHaveURL(/\/login$/);
  expectedStatus(consoleErrors, 404);
});
