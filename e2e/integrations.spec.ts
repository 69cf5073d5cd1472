import { createServer } from "node:http";
import { Webhook } from "standardwebhooks";
import { audit } from "./axe";
import { expect, test } from "./fixtures";
import { shot, signInAs } from "./helpers";

// The settings' Forwarding and API keys tabs, as an admin uses them: an endpoint on a local
// receiver (this app runs with FORWARDING_ALLOW_PRIVATE), its secret shown once, a test event
// that the receiver verifies with the standardwebhooks package, the delivery log; a key with the
// reports scope that opens a report and nothing else, then revoked.

test("an admin forwards webhooks to their own system and makes an API key", async ({ page, playwright }, testInfo) => {
  const received: { body: string; headers: Record<string, string> }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ body: Buffer.concat(chunks).toString(), headers: req.headers as Record<string, string> });
      res.end("thanks");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
  try {
    await signInAs(page, "affiliate@example.com");
    await page.goto("/settings?tab=forwarding");
    await expect(page.getByRole("heading", { name: "Add an endpoint" })).toBeVisible();
    await page.getByLabel("URL").fill(url);
    await page.getByLabel("Description (optional)").fill("Backend");
    await page.getByRole("checkbox", { name: "exchange.settled" }).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secret = (await page.getByTestId("one-time-secret").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);
    const card = page.locator(`[data-endpoint="${url}"]`);
    await expect(card).toContainText("exchange.settled");
    await card.getByRole("button", { name: "Send a test event" }).click();
    await expect(card.getByRole("status").filter({ hasText: "The test event was delivered (HTTP 200)." })).toBeVisible();
    expect(received).toHaveLength(1);
    const verified = new Webhook(secret).verify(received[0]?.body ?? "", received[0]?.headers ?? {}) as { event: string };
    expect(verified.event).toBe("forwarding.test");
    await card.getByRole("button", { name: "Show deliveries" }).click();
    await expect(card.locator("[data-delivery]")).toContainText("Delivered");
    await card.getByText(/^Attempts of msg_/).click();
    await expect(card.locator("[data-delivery] ol")).toContainText("200");
    await shot(page, testInfo, "settings-forwarding");
    await audit(page, testInfo, "forwarding tab with an endpoint and its deliveries");

    await page.goto("/settings?tab=api-keys");
    // a team with a few keys already: the list pushes the form below the fold at 1280×800
    for (const name of ["CI", "Staging", "Support desk", "Warehouse"]) {
      await page.getByLabel("Name").fill(name);
      await page.getByRole("checkbox", { name: /^Read/ }).check();
      await page.getByRole("button", { name: "Create key" }).click();
      // the name alone, exactly ("CI" as a text matches any key prefix holding "ci"), and the form reset
      await expect(page.locator("[data-api-key]").filter({ has: page.getByText(name, { exact: true }) })).toHaveCount(1);
      await expect(page.getByRole("checkbox", { name: /^Read/ })).not.toBeChecked();
    }
    await page.getByLabel("Name").fill("Accounting");
    await page.getByRole("checkbox", { name: /^Reports/ }).check();
    await page.getByRole("button", { name: "Create key" }).click();
    // the box shows the key before (Warehouse's, with Read) until this one is made: read it once it names Accounting
    await expect(page.getByRole("status").filter({ hasText: "Accounting" })).toBeVisible();
    await expect(page.getByTestId("one-time-secret")).toContainText(/^dk_/);
    const key = (await page.getByTestId("one-time-secret").textContent()) ?? "";
    // the key shown once is where the eye is, whole, above the list it joined
    await expect(page.getByRole("status").filter({ hasText: "Accounting" })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("status").filter({ hasText: "Accounting" })).toBeFocused();
    const row = page.locator(`[data-api-key="${key.slice(0, 11)}"]`);
    await expect(row).toContainText("never used");
    await shot(page, testInfo, "settings-api-keys");
    await audit(page, testInfo, "API keys tab with a new key");

    const api = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
    const headers = { authorization: `Bearer ${key}` };
    expect((await api.get("/api/reports/earnings?from=2026-01-01&to=2026-01-31", { headers })).status()).toBe(200);
    expect((await api.get("/api/exchanges", { headers })).status()).toBe(403);
    page.once("dialog", (dialog) => void dialog.accept());
    await row.getByRole("button", { name: "Revoke the key Accounting" }).click();
    await expect(row).toHaveCount(0);
    expect((await api.get("/api/reports/earnings?from=2026-01-01&to=2026-01-31", { headers })).status()).toBe(401);
    await api.dispose();
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
