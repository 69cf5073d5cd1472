import { randomUUID } from "node:crypto";
import { audit } from "./axe";
import { expect, test } from "./fixtures";
import { shot, signInAs } from "./helpers";
import { invite, mailedLink } from "./mail";

// The notifications page and its choices, the console's Mail tab, and the pages behind mailed
// links (in all four languages, as people reached by mail may speak any of them).

test("the notifications page lists, marks read and saves a choice per category; the bell counts", async ({ page }, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  await page.getByRole("link", { name: /^Notifications,/ }).click();
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  await page.getByLabel("Weekly earnings summary").selectOption("none");
  await page.getByLabel("Webhooks failing").selectOption("in_app");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Weekly earnings summary")).toHaveValue("none");
  await expect(page.getByLabel("Webhooks failing")).toHaveValue("in_app");
  const markAll = page.getByRole("button", { name: "Mark all read" });
  if (await markAll.isEnabled()) {
    await markAll.click();
    await expect(page.locator('[data-unread="true"][data-notification]')).toHaveCount(0);
    await expect(page.locator("a[data-unread]")).toHaveAttribute("data-unread", "0");
  }
  await audit(page, testInfo, "notifications");
  await shot(page, testInfo, "notifications");
});

test("the operator reads an invitation on the Mail tab and the invitee's page works in every language", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const email = `mailtab-${randomUUID().slice(0, 8)}@example.com`;
  const link = await invite(baseURL ?? "", email);
  await signInAs(page, "operator@example.com");
  await page.goto("/operator?tab=mail");
  await expect(page.getByText("No SMTP server is configured")).toBeVisible();
  await audit(page, testInfo, "operator mail tab");
  await page.locator("tr", { hasText: email }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 2 })).toContainText("You are invited");
  await expect(page.getByRole("list", { name: "Links in this mail" })).toContainText("/invitation/");
  // the HTML part, in a frame that runs nothing, reads as the mail does
  await expect(page.frameLocator('iframe[title="The mail as HTML"]').getByRole("link", { name: "Choose your password" })).toBeVisible();
  await shot(page, testInfo, "operator-mail");
  expect(await mailedLink(baseURL ?? "", email, "invitation")).toBe(link);

  for (const [locale, heading] of [
    ["en", "Welcome to the exchange dashboard"],
    ["de", "Willkommen im Exchange-Dashboard"],
    ["fr", "Bienvenue dans le tableau de bord des échanges"],
    ["it", "Benvenuto nella dashboard degli scambi"],
  ] as const) {
    const context = await browser.newContext({ viewport: page.viewportSize(), locale });
    const invitee = await context.newPage();
    await invitee.goto(link);
    await expect(invitee.getByRole("heading", { level: 1 })).toHaveText(heading);
    await audit(invitee, testInfo, `invitation (${locale})`);
    await shot(invitee, testInfo, `invitation-${locale}`);
    await invitee.goto("/forgot-password");
    await audit(invitee, testInfo, `forgot password (${locale})`);
    await context.close();
  }
});
