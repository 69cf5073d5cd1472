import { request as playwrightRequest } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signInAs } from "./helpers";

// A session ended elsewhere (here: signed out with a copy of its cookie, as a stolen one would
// be) closes the page's live stream at the server's next heartbeat; the page then sends its
// user to sign in again, without any click.
test("an open page whose session is revoked elsewhere goes to sign-in within 20 s", async ({ page, baseURL }) => {
  test.setTimeout(45_000);
  await signInAs(page, "viewer@example.com");
  await page.goto("/orders");
  await expect(page.locator('[data-live-status="connected"]')).toBeVisible();
  const cookie = (await page.context().cookies()).find((c) => c.name === "next-auth.session-token");
  expect(cookie).toBeDefined();

  if (!cookie) return;
  const elsewhere = await playwrightRequest.newContext({ baseURL, storageState: { cookies: [cookie], origins: [] } });
  const csrf = (await (await elsewhere.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const signedOut = await elsewhere.post("/api/auth/signout", { form: { csrfToken: csrf.csrfToken, json: "true" } });
  expect(signedOut.status()).toBe(200);
  await elsewhere.dispose();

  await page.waitForURL((url) => url.pathname === "/login", { timeout: 25_000 });
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/orders");
});
