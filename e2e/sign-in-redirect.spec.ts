import { DEMO_PASSWORD, expect, test } from "./fixtures";
import { showAccountItems, signInAs } from "./helpers";

// After sign-in the page goes where callbackUrl says only when that is on our own origin.
const offSite = [
  ["//x", "//evil.example/"],
  ["/\\x", "/%5Cevil.example/"],
  ["/%09/x", "/%09/evil.example"],
  ["https://x", "https%3A%2F%2Fevil.example%2F"],
] as const;

for (const [name, callbackUrl] of offSite) {
  test(`a callbackUrl of the form ${name} lands on the dashboard, not on another site`, async ({ page }) => {
    const left: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).hostname === "evil.example") left.push(request.url());
    });
    await page.goto(`/login?callbackUrl=${callbackUrl}`);
    await page.getByLabel("Email", { exact: true }).fill("viewer@example.com");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    const origin = new URL(page.url()).origin;
    expect(origin).toBe(new URL(test.info().project.use.baseURL ?? "").origin);
    expect(new URL(page.url()).pathname).toBe("/");
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
    expect(left).toEqual([]);
  });
}

test("an on-site callbackUrl is kept, query included", async ({ page }) => {
  await page.goto("/login?callbackUrl=%2Forders%3Factive%3Dtrue");
  await page.getByLabel("Email", { exact: true }).fill("viewer@example.com");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/orders");
  expect(new URL(page.url()).search).toBe("?active=true");
});

test("signing out ends the session on the server and lands on sign-in", async ({ page }) => {
  await signInAs(page, "affiliate@example.com");
  const cookies = await page.context().cookies();
  await showAccountItems(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // the old session cookie, replayed, no longer opens anything
  const replay = await page.request.get("/api/orders", {
    headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
  });
  expect(replay.status()).toBe(401);
  await page.goto("/orders");
  await expect(page).toHaveURL(/\/login/);
});
