import { createHmac, randomUUID } from "node:crypto";
import { expect, OPERATOR_KEY, test } from "./fixtures";
import { audit } from "./axe";
import { clientExchange, createOrderViaApi, operatorPay, sectionLink, shot, signInAs } from "./helpers";

test("an admin simulates a payment on an order, then each next step on the exchange page, which updates live", async ({
  page,
}, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const order = await createOrderViaApi(page);
  await page.goto(`/orders/${order.id}`);
  const card = page.getByRole("region", { name: /Simulate a payment/ });
  await expect(card).toBeVisible();
  await card.getByLabel("Amount", { exact: true }).fill("120");
  await shot(page, testInfo, "order-simulate-payment");
  await card.getByRole("button", { name: "Simulate the payment" }).click();
  await card.getByRole("link", { name: "Open the exchange" }).click();
  await expect(page).toHaveURL(/\/exchanges\/[0-9a-f-]{36}$/);

  const steps = page.getByRole("region", { name: /Simulate the next step/ });
  await expect(steps.getByRole("button", { name: "Broadcast the payout" })).toBeEnabled();
  await steps.getByText(/Not possible now/).click();
  await expect(steps.getByRole("button", { name: "Confirm" })).toBeDisabled();
  await expect(steps.getByText("The exchange has no on-chain payout: broadcast first").first()).toBeVisible();
  await shot(page, testInfo, "exchange-simulate-executed");

  await steps.getByRole("button", { name: "Broadcast the payout" }).click();
  await expect(page.getByTestId("confirmations")).toHaveText("0");
  // the block count is named by a label one sees beside it, not by the field's value alone
  const blocks = steps.locator("label").filter({ hasText: "Blocks to mine" });
  await expect(blocks).toBeVisible();
  await expect(steps.getByLabel("Blocks to mine", { exact: true })).toHaveValue("1");
  await steps.getByLabel("Blocks to mine", { exact: true }).fill("2");
  await shot(page, testInfo, "exchange-simulate-broadcast");
  await steps.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByTestId("confirmations")).toHaveText("2", { timeout: 10_000 });
  await shot(page, testInfo, "exchange-simulate-confirmed");
});

test("a viewer sees no test buttons", async ({ page }) => {
  await signInAs(page, "affiliate@example.com");
  const order = await createOrderViaApi(page);
  await page.context().clearCookies();
  await signInAs(page, "viewer@example.com");
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByRole("heading", { name: /Order/ }).first()).toBeVisible();
  await expect(page.getByRole("region", { name: /Simulate a payment/ })).toHaveCount(0);
});

test("the operator console: tenants, users, exchanges and the sandbox simulator", async ({ page }, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const order = await createOrderViaApi(page);
  const exchangeId = await operatorPay(page.request, order.id, 77);
  await page.context().clearCookies();
  await signInAs(page, "operator@example.com");

  await (await sectionLink(page, "Main", "Operator")).click();
  await expect(page.getByRole("heading", { name: "Operator console" })).toBeVisible();
  await expect(page.locator('[data-tenant="Demo Affiliate"]')).toContainText("Webhook URL");
  const name = `E2E tenant ${Date.now()}`;
  // the service is asked before a tenant is stored: a client of this app's sandbox
  const client = (await (
    await page.request.post("/sandbox/operator/clients", { headers: { authorization: `Bearer ${OPERATOR_KEY}` }, data: { name } })
  ).json()) as { client_id: string };
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Service base URL").fill(`${new URL(page.url()).origin}/sandbox`);
  await page.getByLabel("client_id").fill(client.client_id);
  await page.getByRole("button", { name: "Create the tenant" }).click();
  await expect(page.getByText(/Shared secret \(shown only now\)/)).toBeVisible();
  await expect(page.locator(`[data-tenant="${name}"]`)).toBeVisible();
  const label = async (prefix: string) =>
    ((await page.getByRole("button", { name: prefix }).getAttribute("aria-label")) ?? "").slice(prefix.length + 2);
  const [webhookUrl, secret] = [await label("Copy URL"), await label("Copy secret")];
  await shot(page, testInfo, "console-tenants");

  const sections = page.getByRole("navigation", { name: "Console sections" });
  await sections.getByRole("link", { name: "Users" }).click();
  await expect(page.locator('[data-user="viewer@example.com"]')).toContainText("Demo Affiliate");
  await shot(page, testInfo, "console-users");

  await sections.getByRole("link", { name: "Exchanges" }).click();
  await expect(page.locator(`[data-exchange-id="${exchangeId}"]`)).toContainText("Demo Affiliate");
  await shot(page, testInfo, "console-exchanges");
  // another tenant's webhook shows in the console at once, through the stream of every tenant
  await expect(page.locator('[data-console-live="connected"]')).toBeVisible();
  const otherExchange = randomUUID();
  const body = JSON.stringify({ event: "exchange.refunded", payload: { exchange_id: otherExchange, order_id: randomUUID() } });
  const signature = `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
  const posted = await page.request.post(webhookUrl, {
    data: body,
    headers: { "content-type": "application/json", "x-signature-256": signature },
  });
  expect(posted.status()).toBe(200);
  await expect(page.locator(`[data-exchange-id="${otherExchange}"]`)).toContainText(name);
  await page.locator(`[data-exchange-id="${exchangeId}"]`).getByRole("link").first().click();

  await expect(page).toHaveURL(new RegExp(`tab=sandbox&exchange=${exchangeId}`));
  const drive = page.getByRole("region", { name: "Drive an exchange" });
  await drive.getByRole("button", { name: "Broadcast the payout" }).click();
  await expect(drive.getByRole("button", { name: "Replace the transaction" })).toBeEnabled();
  await expect(drive.getByText("settled")).toBeVisible();

  const clock = page.getByRole("region", { name: "Sandbox clock" });
  const before = await clock.getByText(/Sandbox time/).textContent();
  await clock.getByRole("button", { name: "+1 h" }).click();
  await expect(clock.getByText(/Sandbox time/)).not.toHaveText(before ?? "");

  const deliveries = page.getByRole("region", { name: "Webhook deliveries" });
  const row = deliveries.locator("[data-delivery]").filter({ hasText: "exchange.settled" }).first();
  await expect(row).toContainText("delivered");
  await row.getByRole("button", { name: "Resend" }).click();
  await expect(row).toContainText("2 attempts");
  await deliveries.getByRole("button", { name: "Recover failed deliveries" }).click();
  await expect(deliveries.getByText(/0 failed deliveries queued again/)).toBeVisible();
  await shot(page, testInfo, "console-sandbox");

  await page.getByLabel("Order id or creditor reference").fill(order.id);
  await page.getByRole("region", { name: "Bank payment into an order" }).getByLabel("Amount", { exact: true }).fill("1500");
  await page.getByRole("button", { name: "Send the payment" }).click();
  await expect(drive.getByRole("button", { name: "Approve identification" })).toBeVisible();
});

test("the console is not there for an admin", async ({ page }) => {
  await signInAs(page, "affiliate@example.com");
  await expect((await sectionLink(page, "Main", "Events")).first()).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Operator" })).toHaveCount(0);
  const response = await page.request.get("/operator");
  expect(response.status()).toBe(403);
});

test("the events page lists received webhooks live with their raw body, and the health card counts a forged one", async ({
  page,
}, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const order = await createOrderViaApi(page);
  await (await sectionLink(page, "Main", "Events")).click();
  await expect(page.getByRole("heading", { name: "Events" })).toBeVisible();
  // the default tenant's endpoint, where the demo client delivers
  await expect(page.getByTestId("webhook-url")).toContainText(/:\d+\/webhook(?!\/)/);
  const exchangeId = await operatorPay(page.request, order.id, 64);
  const row = page
    .locator("[data-event-seq]")
    .filter({ hasText: exchangeId.slice(0, 8) })
    .first();
  await expect(row).toContainText("exchange.executed");
  await row.getByText("Headers and raw body").click();
  await expect(row.locator("pre")).toContainText(exchangeId);
  await expect(row).toContainText("Sandbox-Webhook/1.0");

  const rejectedBefore = Number(await page.getByTestId("rejected-24h").textContent());
  const forged = await page.request.post("/webhook", {
    data: { event: "exchange.settled", payload: {} },
    headers: { "x-signature-256": "sha256=00" },
  });
  expect(forged.status()).toBe(401);
  await page.reload();
  await expect(page.getByTestId("rejected-24h")).toHaveText(String(rejectedBefore + 1));
  await expect(page.locator('[data-rejection="invalid signature"]').first()).toBeVisible();
  await shot(page, testInfo, "events");

  await page.getByLabel("Result").selectOption("rejected");
  await expect(page.getByRole("region", { name: "Received" })).toHaveCount(0);

  // a filter that is not an exchange id says so instead of filtering on nothing
  await page.getByLabel("Result").selectOption("");
  const idFilter = page.getByLabel("Exchange id");
  await idFilter.fill("not-an-id");
  await idFilter.blur();
  await expect(idFilter).toHaveAttribute("aria-invalid", "true");
  await expect(idFilter).toHaveAccessibleDescription(/An exchange id looks like/);
  await idFilter.fill(exchangeId);
  await idFilter.blur();
  await expect(idFilter).not.toHaveAttribute("aria-invalid");
  await expect(page.locator("[data-event-seq]").first()).toContainText(exchangeId.slice(0, 8));
});

test("the audit page lists changes with filters", async ({ page }, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const order = await createOrderViaApi(page);
  await (await sectionLink(page, "Main", "Audit")).click();
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  await expect(
    page
      .locator('[data-audit-action="orders.create"]')
      .filter({ hasText: `${order.id.slice(0, 8)}…` })
      .first(),
  ).toBeVisible();
  await page.getByLabel("Action", { exact: true }).selectOption("challenges.");
  await expect(page.locator('[data-audit-action="orders.create"]')).toHaveCount(0);
  await expect(page.locator('[data-audit-action="challenges.create"]').first()).toBeVisible();
  await shot(page, testInfo, "audit");
});

test("the header's search opens what a creditor reference or an id names, and says when nothing matches", async ({ page }, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const order = (await createOrderViaApi(page)) as { id: string; payment_method?: { creditor_reference?: string } };
  const reply = await page.request.get(`/api/orders/${order.id}`);
  const reference = ((await reply.json()) as { payment_method: { creditor_reference: string } }).payment_method.creditor_reference;
  const search = page.getByRole("searchbox", { name: /Search by id/ });
  await search.fill(reference.toLowerCase());
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
  await search.fill("not a thing");
  await search.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Type an id (or its first 6 characters)" })).toBeVisible();
  await shot(page, testInfo, "search-nothing");
});

test("the short id a table shows finds its row; a team member is found by email, in a group of its own", async ({ page }, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const order = (await createOrderViaApi(page)) as { id: string };
  await page.goto("/orders");
  const short = `${order.id.slice(0, 8)}…`;
  await expect(page.getByText(short, { exact: true }).first()).toBeVisible();
  const search = page.getByRole("searchbox", { name: /Search by id/ });
  await search.fill(short);
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));

  await search.fill("example.com");
  await search.press("Enter");
  const members = page.getByRole("list", { name: "Team members" });
  await expect(members.getByRole("link", { name: /viewer@example\.com/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Team members" })).toBeVisible();
  await shot(page, testInfo, "search-members");
  await audit(page, testInfo, "search-matches");
  await members.getByRole("link", { name: /viewer@example\.com/ }).click();
  await expect(page).toHaveURL(/\/settings\?tab=team$/);
});

test("`/` focuses the header's search from anywhere; ↓ and ↑ choose among several matches, Enter opens one", async ({ page }) => {
  await signInAs(page, "affiliate@example.com");
  // two orders that pay out to one address: the address finds both
  const wallet = `e2e search ${Math.random()}`;
  const order = (await createOrderViaApi(page, wallet)) as { id: string };
  await createOrderViaApi(page, wallet);
  const address = ((await (await page.request.get(`/api/orders/${order.id}`)).json()) as { payout_method: { bitcoin_address: string } })
    .payout_method.bitcoin_address;
  await page.goto("/exchanges");
  const search = page.getByRole("searchbox", { name: /Search by id/ });
  // a `/` typed into a field is a character there, not the shortcut
  await page.getByRole("textbox").first().press("/");
  await expect(search).not.toBeFocused();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("/");
  await expect(search).toBeFocused();
  await page.keyboard.type(address);
  await page.keyboard.press("Enter");
  const matches = page.getByRole("list", { name: "Orders" }).getByRole("link");
  await expect(matches).toHaveCount(2);
  await page.keyboard.press("ArrowDown");
  await expect(matches.nth(0)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(matches.nth(1)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(matches.nth(0)).toBeFocused();
  const href = await matches.nth(0).getAttribute("href");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test("a sandbox webhook delivery's failed attempts say why in the console's language", async ({ page, context }, testInfo) => {
  const auth = { authorization: `Bearer ${OPERATOR_KEY}` };
  const client = (await (
    await page.request.post("/sandbox/operator/clients", { headers: auth, data: { name: `Unreachable ${Date.now()}` } })
  ).json()) as { client_id: string };
  // nothing listens on port 9: every attempt is refused
  const endpoints = await page.request.put(`/sandbox/operator/clients/${client.client_id}/webhook-endpoints`, {
    headers: auth,
    data: { endpoints: [{ url: "http://127.0.0.1:9/hook", secret: "s".repeat(24) }] },
  });
  expect(endpoints.status(), await endpoints.text()).toBe(200);
  const endpointId = ((await endpoints.json()) as { endpoints: { id: string }[] }).endpoints[0]?.id ?? "";
  await clientExchange(page.request, client.client_id, 10);

  await signInAs(page, "operator@example.com");
  await context.addCookies([{ name: "NEXT_LOCALE", value: "fr", url: new URL(page.url()).origin }]);
  const row = page.locator("[data-delivery]").first();
  await expect
    .poll(
      async () => {
        await page.goto(`/operator?tab=sandbox&endpoint_id=${endpointId}`);
        return row.getByText(/tentative/).count();
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  await row.getByText("Tentatives et corps").click();
  const attempt = row.locator("li").first();
  await expect(attempt).toContainText("· injoignable (ECONNREFUSED) ·");
  await expect(attempt).not.toContainText("could not be reached");
  await shot(page, testInfo, "console-delivery-failure-fr");
});
