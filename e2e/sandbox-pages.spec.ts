import { expect, test } from "./fixtures";

// The pages the sandbox serves to people: the start page and the error-code reference
// behind every error body's documentation_uri.

test("the OpenAPI document and the error reference are public", async ({ page, request }, testInfo) => {
  const openapi = await request.get("/sandbox/openapi.json");
  expect(((await openapi.json()) as { openapi: string }).openapi).toBe("3.1.0");
  await page.goto("/docs/errors#forbidden");
  await expect(page.getByRole("heading", { name: "Error codes" })).toBeVisible();
  await expect(page.locator("#forbidden")).toContainText("403");
  await page.screenshot({ path: testInfo.outputPath("dashboard-error-codes.png") });
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
