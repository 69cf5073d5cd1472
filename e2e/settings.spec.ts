import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { shot, showAccountItems, signInAs } from "./helpers";
import { mailedLink, setPasswordByLink } from "./mail";

async function signInWith(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

test("an admin invites a teammate by mail, who sets a password through the link, signs in, and is signed out when disabled", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  await showAccountItems(page);
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  const email = `teammate-${randomUUID().slice(0, 8)}@example.com`;
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("viewer");
  await page.getByRole("button", { name: "Add to the team" }).click();
  await expect(page.getByRole("status").filter({ hasText: `An invitation is mailed to ${email}` })).toBeVisible();
  const row = page.locator(`[data-member="${email}"]`);
  await expect(row).toContainText("Never");
  await expect(row).toContainText("Invited; no password yet");
  await shot(page, testInfo, "settings-team");

  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const teammate = await context.newPage();
  const password = `teammate-${randomUUID()}`;
  await setPasswordByLink(teammate, await mailedLink(baseURL ?? "", email, "invitation"), password);
  await expect(teammate.getByRole("status")).toContainText("Your password is set");
  await expect(teammate.getByLabel("Email", { exact: true })).toHaveValue(email);
  await signInWith(teammate, email, password);
  await showAccountItems(teammate);
  await expect(teammate.getByRole("link", { name: "Account" })).toBeVisible();
  await expect(teammate.getByRole("link", { name: "Settings" })).toHaveCount(0);

  await page.reload();
  await expect(row).not.toContainText("Never");
  await expect(page.locator('[data-sign-in="ok"]').filter({ hasText: email })).toBeVisible();
  await row.getByRole("button", { name: "Disable" }).click();
  await expect(row.getByRole("button", { name: "Enable" })).toBeVisible();
  await expect(row).toContainText(/inactive/i);
  await teammate.goto("/orders");
  await expect(teammate).toHaveURL(/\/login/);
  await context.close();

  // the admin's own row has no buttons and a fixed role
  const own = page.locator('[data-member="affiliate@example.com"]');
  await expect(own.getByRole("combobox")).toBeDisabled();
  await expect(own.getByRole("button")).toHaveCount(0);
});

test("the webhook secret is masked, revealed on demand, and rotated with an overlap", async ({ page }, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  await page.goto("/settings?tab=webhooks");
  const current = page.locator('[data-secret="current"]');
  await expect(current.locator("code")).toHaveText(/^whsec_•+/);
  await current.getByRole("button", { name: "Reveal" }).click();
  await expect(current.locator("code")).toHaveText(/^whsec_[^•]+$/);
  await current.getByRole("button", { name: "Hide" }).click();
  await expect(current.locator("code")).toHaveText(/•/);

  await page.getByLabel("Keep accepting the old secret for").selectOption("24");
  await page.getByRole("button", { name: "Rotate the secret" }).click();
  await expect(page.getByTestId("one-time-secret")).toHaveText(/^whsec_[0-9a-f]{48}$/);
  await expect(page.getByText("This app's sandbox signs with it from now on")).toBeVisible();
  await expect(page.locator('[data-secret="previous"]')).toContainText("until");
  await shot(page, testInfo, "settings-webhook-secret");

  await page.goto("/audit");
  await expect(page.locator('[data-audit-action="settings.webhook_secret.reveal"]').first()).toBeVisible();
  await expect(page.locator('[data-audit-action="settings.webhook_secret.rotate"]').first()).toBeVisible();
});

test("credentials and affiliate labels say what is wrong with bad input and keep what was there", async ({ page }, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  await page.goto("/settings?tab=credentials");
  const masked = await page.getByTestId("client-id").textContent();
  expect(masked).toContain("•");
  await page.getByLabel("New client_id").fill("cl_this_one_does_not_exist");
  await page.getByRole("button", { name: "Replace" }).click();
  await expect(page.getByText("The service does not accept this client_id.")).toBeVisible();
  await expect(page.getByTestId("client-id")).toHaveText(masked ?? "");
  await shot(page, testInfo, "settings-credentials");

  await page.getByRole("link", { name: "Affiliate agreements" }).click();
  await page.getByLabel("affiliate_id").fill("not-a-uuid");
  await page.getByLabel("Label", { exact: true }).fill("Partner");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("That is not an affiliate_id (a UUID).")).toBeVisible();
  const id = randomUUID();
  await page.getByLabel("affiliate_id").fill(id);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  const row = page.locator(`[data-affiliate="${id}"]`);
  await expect(row.getByLabel(`Label of ${id}`)).toHaveValue("Partner");
  await expect(row).toContainText("0 orders");
  await shot(page, testInfo, "settings-affiliates");
  await row.getByRole("button", { name: "Remove label" }).click();
  await expect(row).toHaveCount(0);
});

test("a viewer has no settings", async ({ page }) => {
  await signInAs(page, "viewer@example.com");
  await showAccountItems(page);
  await expect(page.getByRole("link", { name: "Account" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Settings" })).toHaveCount(0);
  expect((await page.request.get("/settings")).status()).toBe(403);
  expect((await page.request.get("/api/settings/team")).status()).toBe(403);
});
