import type { Locator, Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { getParams, type LNURLWithdrawParams } from "js-lnurl";
import { decodelnurl } from "js-lnurl/lib/helpers/decodelnurl.js";
import { findlnurl } from "js-lnurl/lib/helpers/findlnurl.js";
import { decodeLnurl } from "../lib/lightning/lnurl";
import { lightningNode, makeInvoice } from "../tests/integration/harness/wallet";
import { expect, OPERATOR_KEY, test } from "./fixtures";
import { audit } from "./axe";
import { lightningOrderViaApi, operatorDrive, operatorPay, shot, signInAs } from "./helpers";

const operator = { authorization: `Bearer ${OPERATOR_KEY}` };

async function decodeQr(locator: Locator): Promise<string> {
  const png = PNG.sync.read(await locator.screenshot());
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!found) throw new Error("no QR code found");
  return found.data;
}

async function sandboxNow(page: Page): Promise<Date> {
  const reply = await page.request.post("/sandbox/operator/clock", { headers: operator, data: { advance_seconds: 0 } });
  return new Date(((await reply.json()) as { now: string }).now);
}

test("a Lightning order by form; a test wallet collects through LNURL-withdraw; both pages show it paid", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const node = lightningNode(`e2e wallet ${Math.random()}`);
  await signInAs(page, "affiliate@example.com");
  await page.goto("/orders/new");
  await page.getByLabel("Lightning node").check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Node public key").fill(node.pubkey);
  await expect(page.getByTestId("destination-check")).toContainText("valid node public key");
  await page.getByRole("button", { name: "Continue" }).click();
  const message = (await page.getByTestId("message-to-sign").textContent()) ?? "";
  await expect(page.getByRole("tab", { name: "lnd" })).toBeVisible();
  await page.getByLabel("Signature").fill(lightningNode("impostor").sign(message));
  await expect(page.getByTestId("signature-check")).toContainText("Not made by this node");
  await audit(page, testInfo, "new order: Lightning proof refused");
  await page.getByLabel("Signature").fill(node.sign(message));
  await expect(page.getByTestId("signature-check")).toContainText("Signature verified");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Customer's IBAN (the paying account)").fill("DE89370400440532013000");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Create order" }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const orderId = page.url().split("/").pop() ?? "";

  const exchangeId = await operatorPay(request, orderId, 300);
  await page.goto(`/exchanges/${exchangeId}`);
  const qr = page.getByTestId("withdraw-qr");
  await expect(qr).toBeVisible();
  await audit(page, testInfo, "exchange awaiting a Lightning payout");
  const lnurl = (await qr.getAttribute("data-lnurl")) ?? "";
  expect(await decodeQr(qr)).toBe(lnurl);
  const api = (await (await page.request.get(`/api/exchanges/${exchangeId}`)).json()) as {
    action: { payout_options: { invoice: { lnurl: string } } };
  };
  expect(lnurl).toBe(api.action.payout_options.invoice.lnurl.toUpperCase());
  await shot(page, testInfo, "payout-panel");

  await page.getByRole("button", { name: "Create a payout link" }).click();
  const link = (await page.getByTestId("payout-link").textContent()) ?? "";
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const endUser = await phone.newPage();
  await endUser.goto(link);
  await expect(endUser.locator('[data-status="awaiting_payout"]')).toBeVisible();
  // the end user's QR code is LUD-01's fallback form: this page, with the LNURL in `lightning=`
  const scanned = await decodeQr(endUser.getByTestId("pay-qr"));
  expect(scanned).toBe(`${link}?lightning=${lnurl}`);
  await expect(endUser.getByTestId("pay-qr")).toHaveAttribute("aria-label", new RegExp(`LNURL-withdraw.*${lnurl}`));
  await endUser.screenshot({ path: testInfo.outputPath("pay-waiting.png"), fullPage: true });

  // a wallet library nobody here wrote (js-lnurl) finds the LNURL in what it scanned, and reads
  // the LUD-17 link as the same endpoint; then the wallet follows LUD-03
  const found = findlnurl(scanned) ?? "";
  expect(found.toUpperCase()).toBe(lnurl);
  const lud17 = (await endUser.getByTestId("pay-qr-lud17").getAttribute("href")) ?? "";
  expect(lud17).toMatch(/^lnurlw:\/\//);
  expect(decodelnurl(lud17)).toBe(decodeLnurl(lnurl).replace(/^http:/, "https:")); // LUD-17: the wallet puts https back
  const withdraw = (await getParams(found)) as LNURLWithdrawParams;
  expect(withdraw.tag).toBe("withdrawRequest");
  expect(withdraw.minWithdrawable).toBe(withdraw.maxWithdrawable);
  const invoice = makeInvoice({ node, msat: BigInt(withdraw.maxWithdrawable), now: await sandboxNow(page) });
  const callback = (await (await request.get(`${withdraw.callback}?k1=${withdraw.k1}&pr=${invoice.invoice}`)).json()) as { status: string };
  expect(callback.status).toBe("OK");
  await expect(endUser.locator('[data-status="paying"]')).toBeVisible({ timeout: 15_000 });
  await endUser.screenshot({ path: testInfo.outputPath("pay-paying.png"), fullPage: true });

  await operatorDrive(request, exchangeId, { type: "invoice_paid", preimage: invoice.preimage });
  await expect(endUser.locator('[data-status="paid"]')).toBeVisible({ timeout: 10_000 });
  await expect(endUser.getByTestId("paid-amount")).toHaveText(`${(withdraw.maxWithdrawable / 1000).toLocaleString("en-GB")} sat`);
  await expect(page.getByTestId("state-meaning")).toContainText("The bitcoin was paid out", { timeout: 10_000 });
  await expect(page.getByText(invoice.preimage).first()).toBeVisible();
  await endUser.screenshot({ path: testInfo.outputPath("pay-paid.png"), fullPage: true });
  await shot(page, testInfo, "exchange-paid");
  await phone.close();
});

test("pasted invoices are explained before sending; a stale tab is told the payout is in progress", async ({
  page,
  context,
  request,
}, testInfo) => {
  const node = lightningNode(`e2e paste ${Math.random()}`);
  await signInAs(page, "affiliate@example.com");
  const orderId = await lightningOrderViaApi(page, node);
  const exchangeId = await operatorPay(request, orderId, 120);
  const api = (await (await page.request.get(`/api/exchanges/${exchangeId}`)).json()) as {
    amount: number;
    action: { payout_options: { invoice: { fee: number } } };
  };
  const sats = Math.round(api.amount * 1e8) - api.action.payout_options.invoice.fee;
  const now = await sandboxNow(page);
  // the payment's webhook has been followed by its snapshot: no late notice refreshes the stale tab
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/exchanges?order_id=${orderId}`)).json()) as { data: { refreshed_at: string | null }[] })
          .data[0]?.refreshed_at ?? null,
    )
    .not.toBeNull();

  // a tab that has not heard of the payout: its event stream is down (it tells EventSource to
  // retry in an hour) and its clock stands still, so nothing refreshes it however fast the
  // server's notice would have come
  const stale = await context.newPage();
  await stale.route("**/api/events", (route) =>
    route.fulfill({
      status: 200,
      headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
      body: "retry: 3600000\n\n",
    }),
  );
  await stale.clock.install();
  // and whatever makes it look again (focus, a resync) gets the exchange as it first read it
  let firstRead: string | null = null;
  await stale.route(`**/api/exchanges/${exchangeId}`, async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    if (firstRead === null) {
      const response = await route.fetch();
      firstRead = await response.text();
      return route.fulfill({ response, body: firstRead });
    }
    return route.fulfill({ status: 200, contentType: "application/json", body: firstRead });
  });
  // the page is rendered on the server: its redraws (the 5 s look while a payout is open, which
  // the installed clock still runs) never come back, so it keeps showing what it first drew
  await stale.route(`**/exchanges/${exchangeId}*`, (route) =>
    route.request().headers()["rsc"] ? new Promise<void>(() => undefined) : route.fallback(),
  );
  await stale.goto(`/exchanges/${exchangeId}`);
  await expect(stale.getByTestId("payout-panel")).toBeVisible();

  await page.goto(`/exchanges/${exchangeId}`);
  await page.getByText("Paste an invoice instead").click();
  const field = page.getByLabel(/Invoice for exactly/);
  await field.fill(makeInvoice({ node, msat: BigInt(sats + 1) * 1000n, now }).invoice);
  await expect(page.getByTestId("invoice-problem").first()).toContainText("it must ask for exactly");
  await field.fill(makeInvoice({ node, msat: BigInt(sats) * 1000n, now, network: "bc" }).invoice);
  await expect(page.getByTestId("invoice-problem").first()).toContainText("use a wallet on testnet");
  await field.fill(makeInvoice({ node: lightningNode("someone else"), msat: BigInt(sats) * 1000n, now }).invoice);
  await expect(page.getByTestId("invoice-problem").first()).toContainText("another node");
  await shot(page, testInfo, "invoice-explained");
  const good = makeInvoice({ node, msat: BigInt(sats) * 1000n, now });
  await field.fill(good.invoice);
  await page.getByRole("button", { name: "Pay out to this invoice" }).click();
  await expect(page.getByText("Lightning payout (invoice)")).toBeVisible();
  await expect(page.getByTestId("payout-panel")).toHaveCount(0);

  await stale.getByText("Paste an invoice instead").click();
  await stale.getByLabel(/Invoice for exactly/).fill(good.invoice);
  await stale.getByRole("button", { name: "Pay out to this invoice" }).click();
  await expect(stale.getByText("A payout is already in progress")).toBeVisible();
  await stale.close();
});

test("an offer expiring on the sandbox clock is renewed and its QR redrawn; a channel payout then settles, told as a channel", async ({
  page,
  request,
}, testInfo) => {
  const node = lightningNode(`e2e expiry ${Math.random()}`);
  await signInAs(page, "affiliate@example.com");
  const exchangeId = await operatorPay(request, await lightningOrderViaApi(page, node), 80);
  await page.goto(`/exchanges/${exchangeId}`);
  const qr = page.getByTestId("withdraw-qr");
  const before = (await qr.getAttribute("data-lnurl")) ?? "";
  await page.request.post("/sandbox/operator/clock", { headers: operator, data: { advance_seconds: 11 * 60 } });
  await expect(qr).not.toHaveAttribute("data-lnurl", before, { timeout: 20_000 });
  expect(await decodeQr(qr)).toBe(await qr.getAttribute("data-lnurl"));
  await shot(page, testInfo, "offer-renewed");

  // paid through a new channel instead: once open, the page says so (a channel has no confirmations to follow)
  const headers = { origin: new URL(page.url()).origin };
  const channel = await page.request.patch(`/api/exchanges/${exchangeId}`, {
    headers,
    data: { payout: { type: "channel", node_address: `${node.pubkey}@node.example:9735` } },
  });
  expect(channel.status(), await channel.text()).toBe(200);
  await operatorDrive(request, exchangeId, { type: "channel_funded" });
  await operatorDrive(request, exchangeId, { type: "channel_opened" });
  await page.reload();
  const meaning = page.getByTestId("state-meaning");
  await expect(meaning).toContainText("The channel and its funding transaction are shown below.");
  await expect(meaning).not.toContainText("Confirmations");
  await shot(page, testInfo, "channel-settled");
});

test("a revoked payout link says so; an unknown one shows the expired screen", async ({ page, browser, request }, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const exchangeId = await operatorPay(request, await lightningOrderViaApi(page, lightningNode(`e2e revoke ${Math.random()}`)), 50);
  const headers = { origin: new URL(page.url()).origin };
  const { url } = (await (await page.request.post(`/api/exchanges/${exchangeId}/payout-link`, { headers, data: {} })).json()) as {
    url: string;
  };
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const endUser = await phone.newPage();
  await endUser.goto(url);
  await expect(endUser.locator('[data-status="awaiting_payout"]')).toBeVisible();
  await page.request.delete(`/api/exchanges/${exchangeId}/payout-link`, { headers });
  await endUser.reload();
  await expect(endUser.getByText("This payout link was revoked")).toBeVisible();
  await endUser.screenshot({ path: testInfo.outputPath("pay-revoked.png"), fullPage: true });
  await endUser.goto("/pay/AAAAAAAAAAAAAAAAAAAAAA");
  await expect(endUser.getByText("This payout link has expired")).toBeVisible();
  await phone.close();
});
