import { addressOf, bitcoinKey, signBip137 } from "../tests/integration/harness/wallet";
import { audit } from "./axe";
import { DEMO_PASSWORD, expect, test } from "./fixtures";
import { createOrderViaApi, foreignExchange, operatorDrive, operatorPay, shot, showAccountItems, signInAs } from "./helpers";

test("sign in, then create an on-chain order through the form with a wallet signature", async ({ page }, testInfo) => {
  await page.goto("/orders");
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email", { exact: true }).fill("affiliate@example.com");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Wrong email or password.")).toBeVisible();
  await shot(page, testInfo, "login-error");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Orders" })).toBeVisible();
  await shot(page, testInfo, "orders");
  // the tenant's agreements are offered by name: the default one labelled, as an admin does in Settings
  const origin = new URL(page.url()).origin;
  const known = await createOrderViaApi(page);
  const { affiliate_id: agreement } = (await (await page.request.get(`/api/orders/${known.id}`)).json()) as { affiliate_id: string };
  const listed = (await (await page.request.get("/api/agreements")).json()) as { data: { affiliate_id: string; periods: unknown[] }[] };
  const periods = listed.data.find((a) => a.affiliate_id === agreement)?.periods ?? [];
  const labelled = await page.request.put(`/api/agreements/${agreement}`, { headers: { origin }, data: { label: "Web shop", periods } });
  expect(labelled.status(), await labelled.text()).toBe(200);

  await page.getByRole("link", { name: "New order" }).first().click();
  await shot(page, testInfo, "new-order-kind");
  await audit(page, testInfo, "new order: kind");
  await page.getByRole("button", { name: "Continue" }).click();

  const key = bitcoinKey(`form ${Math.random()}`);
  const address = addressOf(key, "p2wpkh");
  await page.getByLabel("Bitcoin address (testnet)").fill("tb1qnotanaddress");
  await expect(page.getByTestId("destination-check")).toContainText("Not a valid bitcoin address");
  await audit(page, testInfo, "new order: destination refused");
  await page.getByLabel("Bitcoin address (testnet)").fill(address);
  await expect(page.getByTestId("destination-check")).toContainText("native segwit (P2WPKH)");
  await shot(page, testInfo, "new-order-destination");
  await page.getByRole("button", { name: "Continue" }).click();

  const message = (await page.getByTestId("message-to-sign").textContent()) ?? "";
  expect(message).toContain(address);
  await page.getByLabel("Signature").fill(signBip137(message, bitcoinKey("someone else"), "p2wpkh"));
  await expect(page.getByTestId("signature-check")).toHaveAttribute("data-ok", "false");
  await expect(page.getByTestId("signature-check")).toContainText("not made by this address's key");
  await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
  await shot(page, testInfo, "new-order-wrong-signature");
  await audit(page, testInfo, "new order: proof refused");
  await page.getByLabel("Signature").fill(signBip137(message, key, "p2wpkh"));
  await expect(page.getByTestId("signature-check")).toContainText("Signature verified (BIP-137)");
  await page.getByRole("button", { name: "Continue" }).click();

  await page.getByLabel("Customer's IBAN (the paying account)").fill("DE89 3704 0044 0532 0130 01");
  await expect(page.getByTestId("iban-check")).toContainText("check digits");
  await page.getByLabel("Customer's IBAN (the paying account)").fill("de89370400440532013000");
  await expect(page.getByTestId("iban-check")).toContainText("Valid DE IBAN");
  await audit(page, testInfo, "new order: payment");
  await page.getByRole("button", { name: "Continue" }).click();

  await page.getByLabel("Fee rate (%)").fill("3");
  await expect(page.getByText("the fee is")).toContainText("€3.00");
  // a choice of the agreements by name (or none: the service's default), not an id to type
  const choice = page.getByLabel("Affiliate agreement (optional)");
  await expect(choice.getByRole("option", { name: "Web shop" })).toHaveCount(1);
  await expect(choice).toHaveValue("");
  await choice.selectOption({ label: "Web shop" });
  await shot(page, testInfo, "new-order-fee");
  await audit(page, testInfo, "new order: fee");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("main")).toContainText("Web shop");
  await shot(page, testInfo, "new-order-review");
  await audit(page, testInfo, "new order: review");
  const created = page.waitForRequest((req) => req.method() === "POST" && new URL(req.url()).pathname === "/api/orders");
  await page.getByRole("button", { name: "Create order" }).click();
  expect(((await created).postDataJSON() as { affiliate_id?: string }).affiliate_id).toBe(agreement);

  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Payment instructions" })).toBeVisible();
  await expect(page.getByText(/^RF\d{2}\d{15}/).first()).toBeVisible();
  await expect(page.getByTestId("payment-qr")).toBeVisible();
  await shot(page, testInfo, "order-detail");
  await audit(page, testInfo, "order detail");
});

test("a payment shows up live; broadcast, replacement and confirmation fill the timeline", async ({ page, request }, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const order = await createOrderViaApi(page);
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByText("No payment has arrived yet")).toBeVisible();
  const exchangeId = await operatorPay(request, order.id, 250);
  await expect(page.locator(`[data-exchange-id="${exchangeId}"]`)).toBeVisible({ timeout: 10_000 });

  await page.goto("/exchanges");
  await expect(page.locator(`[data-exchange-id="${exchangeId}"]`)).toBeVisible();
  await shot(page, testInfo, "exchanges");

  await page.goto(`/exchanges/${exchangeId}`);
  await expect(page.getByTestId("state-meaning")).toContainText("bought at the rate below");
  for (const type of ["broadcast", "replace", "confirm"]) await operatorDrive(request, exchangeId, { type });
  await expect(page.locator('[data-event="exchange.settled"]')).toHaveCount(3, { timeout: 10_000 });
  await expect(page.getByTestId("state-meaning")).toContainText("The bitcoin was paid out");
  await expect(page.getByTestId("confirmations")).toHaveText("1");
  await expect(page.getByText("Payout confirmed (1)")).toBeVisible();
  await page.getByText("Raw payload").first().click();
  await shot(page, testInfo, "exchange-settled");
  await audit(page, testInfo, "exchange detail");
});

test("refund and identification flows, and a deactivated order's refund", async ({ page, request }, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const order = await createOrderViaApi(page);

  const identified = await operatorPay(request, order.id, 5000);
  await page.goto(`/exchanges/${identified}`);
  await expect(page.getByTestId("action-panel")).toContainText("must identify");
  await expect(page.getByTestId("state-meaning")).toContainText("waits for the customer's identification");
  await shot(page, testInfo, "exchange-identification");

  await page.goto(`/orders/${order.id}`);
  await page.getByRole("button", { name: "Deactivate" }).click();
  await page.getByRole("button", { name: "Yes, deactivate" }).click();
  await expect(page.getByText("The order is inactive")).toBeVisible();
  const refunded = await operatorPay(request, order.id, 20);
  await page.goto(`/exchanges/${refunded}`);
  await expect(page.getByTestId("state-meaning")).toContainText("the order was inactive when the payment arrived");
  await shot(page, testInfo, "exchange-refunded");
});

test("a viewer reads but cannot change anything; another company's exchange is not found", async ({
  page,
  request,
  consoleErrors,
}, testInfo) => {
  await signInAs(page, "viewer@example.com");
  await page.goto("/orders");
  await expect(page.getByRole("link", { name: "New order" })).toHaveCount(0);
  await page.goto("/orders/new");
  await expect(page.getByText("Your role is read-only")).toBeVisible();
  const foreign = await foreignExchange(request);
  const missing = await page.goto(`/exchanges/${foreign}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page does not exist", level: 1 })).toBeVisible();
  await shot(page, testInfo, "exchange-not-found");
  // the browser logs the document's own 404 as a failed load: that status is the point here
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes("status of 404")));
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await shot(page, testInfo, "overview");
  await showAccountItems(page);
  await page.getByRole("button", { name: "Switch between light and dark theme" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await shot(page, testInfo, "overview-dark");
});
