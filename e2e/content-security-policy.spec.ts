import type { Page } from "@playwright/test";
import { lightningNode } from "../tests/integration/harness/wallet";
import { expect, test } from "./fixtures";
import { lightningPayoutLink, signInAs } from "./helpers";

// Every page kind under the strict Content-Security-Policy (a nonce per response,
// 'strict-dynamic'): it loads, hydrates and goes live with no violation and no console error
// (the fixture fails a test on either), and a script injected into a page does not run.

/** The page's scripts ran: React hydrated it (the shell's live indicator, or a page's own mark). */
async function hydrated(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", /.+/);
  const ready = await page.evaluate(() => Boolean((window as unknown as { next?: unknown }).next));
  expect(ready).toBe(true);
}

test("every dashboard page hydrates and goes live under the policy", async ({ page }) => {
  await signInAs(page, "affiliate@example.com");
  for (const path of [
    "/",
    "/orders",
    "/orders/new",
    "/exchanges",
    "/events",
    "/reports",
    "/audit",
    "/settings",
    "/account",
    "/notifications",
  ]) {
    await page.goto(path);
    await expect(page.locator('[data-live-status="connected"]'), path).toBeVisible({ timeout: 10_000 });
    await hydrated(page);
  }
});

test("the operator console, the public pages and an unknown page load under the policy", async ({ page, consoleErrors }) => {
  // the sign-in page asks nothing that fails on load (no second step pending: nothing to ask)
  const failed: string[] = [];
  page.on("response", (r) => (r.status() >= 400 ? failed.push(`${r.status()} ${r.url()}`) : undefined));
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  expect(failed).toEqual([]);
  for (const path of ["/login", "/forgot-password", "/docs/errors", "/sandbox/docs/errors"]) {
    const response = await page.goto(path);
    expect(response?.headers()["content-security-policy"], path).toContain("'strict-dynamic'");
    await hydrated(page);
  }
  const missing = await page.goto("/no-such-page");
  expect(missing?.status()).toBe(404);
  await hydrated(page);
  // the browser logs the document's own 404 status as a failed load: that one is the point here
  const notFound = consoleErrors.findIndex((e) => e.includes("status of 404") && e.includes("/no-such-page"));
  expect(notFound).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(notFound, 1);
  await signInAs(page, "operator@example.com");
  await page.goto("/operator");
  await expect(page.locator('[data-live-status="connected"]')).toBeVisible({ timeout: 10_000 });
});

test("the payout page draws its QR code and follows the payout live under the policy", async ({ page, browser }) => {
  await signInAs(page, "affiliate@example.com");
  const { url } = await lightningPayoutLink(page, lightningNode(`csp ${Math.random()}`));
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const endUser = await context.newPage();
  const violations: string[] = [];
  await endUser.exposeBinding("__cspViolation", (_s, text: string) => void violations.push(text));
  await endUser.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(`${e.effectiveDirective} ${e.blockedURI}`),
    ),
  );
  const errors: string[] = [];
  endUser.on("console", (m) => (m.type() === "error" ? errors.push(m.text()) : undefined));
  await endUser.goto(new URL(url).pathname);
  await expect(endUser.getByTestId("pay-qr")).toBeVisible();
  await expect(endUser.getByTestId("pay-qr")).toHaveAttribute("data-lnurl", /^LNURL/);
  await hydrated(endUser);
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test("a script injected into a page does not run, and the browser reports it", async ({ page, consoleErrors }) => {
  // a stored injection, as a compromised page would carry it: the server's own headers, an extra script
  await page.route("**/login", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      "</body>",
      '<script>window.__injected = true</script><img src="/icon.svg" onload="window.__handler = true"></body>',
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto("/login");
  await expect.poll(() => consoleErrors.filter((e) => e.startsWith("CSP violation")).length).toBeGreaterThanOrEqual(2);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  expect(await page.evaluate(() => (window as unknown as { __handler?: boolean }).__handler)).toBeUndefined();
  // the page's own scripts still ran
  await hydrated(page);
  const violations = consoleErrors.filter((e) => e.startsWith("CSP violation"));
  expect(violations.some((v) => v.startsWith("CSP violation: script-src-elem"))).toBe(true);
  expect(violations.some((v) => v.startsWith("CSP violation: script-src-attr"))).toBe(true);
  // these two were the point: the test's own expectations end here, and the fixture checks the rest
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    const e = consoleErrors[i] ?? "";
    if (e.startsWith("CSP violation") || /Content Security Policy/.test(e)) consoleErrors.splice(i, 1);
  }
});
