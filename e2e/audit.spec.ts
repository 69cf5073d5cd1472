import type { Locator, Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, test } from "./fixtures";
import { audit } from "./axe";
import { createOrderViaApi, shot, signInAs } from "./helpers";

// The audit log as people read it: each entry a sentence in the page's language (no raw action
// code), the person a link to their entries, the target to its page, filters kept in the
// address, a CSV download of every match, cards on a phone and a table on a desktop.

/** Text that looks like an action code (`orders.create`), once emails and addresses are set aside. */
async function rawCodesIn(list: Locator) {
  const text = (await list.innerText()).replace(/\S+@\S+/g, " ").replace(/https?:\/\/\S+/g, " ");
  return text.match(/\b[a-z_]+\.[a-z_]+\b/g) ?? [];
}

async function nothingWiderThanTheScreen(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

test("the audit log in English: sentences, links, filters in the address, a CSV", async ({ page }, testInfo) => {
  test.slow(); // axe in two states, a reload and a download
  await signInAs(page, "affiliate@example.com");
  const order = await createOrderViaApi(page);
  const origin = new URL(page.url()).origin;
  await page.request.patch(`/api/orders/${order.id}`, { headers: { origin }, data: { fee_rate: 0.5 } });
  await page.goto("/audit");
  await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  const list = page.getByTestId("audit-list");
  const created = list.locator('[data-audit-action="orders.create"]').first();
  await expect(created).toContainText(/affiliate@example\.com created order [0-9a-f]{8}…/);
  await expect(page.getByTestId("audit-count")).toHaveText(/^[\d,]+ entr(y|ies)$/);
  // the refused change, in words, with its outcome as a badge
  const refused = list.locator('[data-audit-action="orders.update"]').first();
  await expect(refused).toContainText(`affiliate@example.com changed order ${order.id.slice(0, 8)}…`);
  await expect(refused).toContainText("Failed");
  expect(await rawCodesIn(list)).toEqual([]);
  await nothingWiderThanTheScreen(page);
  await audit(page, testInfo, "audit");
  await shot(page, testInfo, "audit-en");

  // the target leads to its page, named in full for assistive technology
  await expect(refused.getByRole("link", { name: order.id })).toHaveAttribute("href", `/orders/${order.id}`);

  // filter by action: fewer rows, the address says so, a reload keeps it
  await page.getByLabel("Action", { exact: true }).selectOption("orders.update");
  await expect(page).toHaveURL(/[?&]action=orders\.update/);
  await expect(list.locator('[data-audit-action="orders.create"]')).toHaveCount(0);
  await expect(list.locator('[data-audit-action="orders.update"]').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Action", { exact: true })).toHaveValue("orders.update");
  await expect(list.locator("tr[data-audit-action]").first()).toHaveAttribute("data-audit-action", "orders.update");
  await expect(list.locator('[data-audit-action="orders.create"]')).toHaveCount(0);

  // a period: today, in the address
  await page.getByLabel("Period").selectOption("today");
  await expect(page).toHaveURL(/[?&]range=today/);
  await expect(list.locator('[data-audit-action="orders.update"]').first()).toBeVisible();

  // the CSV carries the filters and downloads every match
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV of the filtered audit log" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("audit-log.csv");
  const csv = await fetchText(page, file.url());
  expect(csv.split("\r\n")[0]).toBe("time,actor_email,api_key,action,sentence,outcome,result,target_kind,target,tenant_id,request_id");
  expect(csv).toContain(`changed order ${order.id}`);
  expect(csv).not.toContain("orders.create,");

  // the person leads to their own entries
  await page.getByLabel("Action", { exact: true }).selectOption("");
  await page.getByLabel("Period").selectOption("");
  await expect(page).toHaveURL(/\/audit$/);
  await list.locator('[data-audit-action="orders.create"]').first().getByRole("link", { name: "affiliate@example.com" }).click();
  await expect(page).toHaveURL(/[?&]actor=[0-9a-f-]{36}/);
  await expect(page.getByLabel("Person")).toHaveValue(/^[0-9a-f-]{36}$/);
  await expect(list.locator("tr[data-audit-action]").first()).toBeVisible();
  await expect(list.locator("tr[data-audit-action]").filter({ hasNotText: "affiliate@example.com" })).toHaveCount(0);
  await audit(page, testInfo, "audit by person");
  await shot(page, testInfo, "audit-en-person");
});

async function fetchText(page: Page, url: string) {
  const reply = await page.request.get(url);
  expect(reply.status()).toBe(200);
  return reply.text();
}

test.describe("in German", () => {
  test.use({ locale: "de-CH" });

  test("the audit log speaks German, with no action code in sight", async ({ page }, testInfo) => {
    await page.goto("/login");
    await page.getByLabel("E-Mail").fill("affiliate@example.com");
    await page.getByLabel("Passwort").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    const order = await createOrderViaApi(page);
    await page.goto("/audit?action=orders.create");
    await expect(page.getByRole("heading", { name: "Protokoll", level: 1 })).toBeVisible();
    const list = page.getByTestId("audit-list");
    await expect(list.locator("tr[data-audit-action]").first()).toContainText(
      `affiliate@example.com hat den Auftrag ${order.id.slice(0, 8)}… erstellt`,
    );
    await expect(list.locator("tr[data-audit-action]").first()).toContainText("Erfolgreich");
    await expect(page.getByTestId("audit-count")).toHaveText(/^[\d’'.]+ Eintr(ag|äge)$/);
    await expect(page.getByLabel("Aktion", { exact: true })).toHaveValue("orders.create");
    expect(await rawCodesIn(list)).toEqual([]);
    await page.goto("/audit");
    expect(await rawCodesIn(list)).toEqual([]);
    await nothingWiderThanTheScreen(page);
    await audit(page, testInfo, "de audit");
    await shot(page, testInfo, "audit-de");
  });
});
