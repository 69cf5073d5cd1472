import { expect, test } from "./fixtures";

// The pages the sandbox serves to people: the start page and the error-code reference
// behind every error body's documentation_uri.

test("the start page links the sandbox's OpenAPI document and error codes", async ({ page }, testInfo) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Exchange dashboard" })).toBeVisible();
  await expect(page.getByText(/embedded sandbox \(testnet\) is running/)).toBeVisible();
  await page.getByRole("link", { name: "Error codes" }).click();
  await expect(page).toHaveURL(/\/sandbox\/docs\/errors$/);
  await page.screenshot({ path: testInfo.outputPath("start-to-errors.png"), fullPage: true });
});

test("documentation_uri of an error body opens its explanation", async ({ page, request }, testInfo) => {
  const reply = await request.post("/sandbox/v1/challenges", { data: {} });
  expect(reply.status()).toBe(401);
  const body = (await reply.json()) as { error: string; documentation_uri: string };
  expect(body.error).toBe("unauthorized");
  await page.goto(new URL(body.documentation_uri).pathname + new URL(body.documentation_uri).hash);
  const row = page.locator("#unauthorized");
  await expect(row).toContainText("401");
  await expect(row).toContainText("Authorization: client_id");
  await page.screenshot({ path: testInfo.outputPath("error-codes.png") });
});
