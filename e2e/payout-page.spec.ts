import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { getParams, type LNURLWithdrawParams } from "js-lnurl";
import { lightningNode, makeInvoice, type LightningNode } from "../tests/integration/harness/wallet";
import { audit } from "./axe";
import { expect, OPERATOR_KEY, test } from "./fixtures";
import { lightningPayoutLink, operatorDrive, signInAs } from "./helpers";

// The end user's payout page as its users meet it: on a phone, in their language (from the
// browser's Accept-Language, or the switcher), with the keyboard alone, and audited by axe-core
// in every state: waiting, paying, failed, paid, expired.

type Tree = { [key: string]: string | Tree };
const catalogue = (locale: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, "../messages", `${locale}.json`), "utf8")) as Tree;
const text = (tree: Tree, key: string) => key.split(".").reduce<string | Tree>((t, k) => (t as Tree)[k] ?? "", tree) as string;
const sats = (locale: string, value: number) => `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value)} sat`;

/** A browser speaking `locale`, at the project's size (desktop, or a phone). */
async function endUserPage(browser: Browser, like: Page, locale: string) {
  const context = await browser.newContext({ viewport: like.viewportSize() ?? { width: 390, height: 844 }, locale });
  return { context, page: await context.newPage() };
}

async function pay(page: Page, node: LightningNode) {
  const lnurl = (await page.getByTestId("pay-qr").getAttribute("data-lnurl")) ?? "";
  const withdraw = (await getParams(lnurl)) as LNURLWithdrawParams;
  const now = new Date(
    (
      (await (
        await page.request.post("/sandbox/operator/clock", {
          headers: { authorization: `Bearer ${OPERATOR_KEY}` },
          data: { advance_seconds: 0 },
        })
      ).json()) as { now: string }
    ).now,
  );
  const invoice = makeInvoice({ node, msat: BigInt(withdraw.maxWithdrawable), now });
  const reply = await page.request.get(`${withdraw.callback}?k1=${withdraw.k1}&pr=${invoice.invoice}`);
  expect(((await reply.json()) as { status: string }).status).toBe("OK");
  return invoice;
}

test("speaks the browser's language, switches on request, and works with the keyboard", async ({ page, browser }, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const { url } = await lightningPayoutLink(page, lightningNode(`languages ${Math.random()}`));
  for (const [locale, header] of [
    ["en", "en-GB"],
    ["de", "de-CH"],
    ["fr", "fr-CH"],
    ["it", "it-CH"],
  ] as const) {
    const messages = catalogue(locale);
    const { context, page: phone } = await endUserPage(browser, page, header);
    await phone.goto(url);
    await expect(phone.locator("html")).toHaveAttribute("lang", locale);
    await expect(phone.getByRole("heading", { level: 1 })).toHaveText(text(messages, "pay.scanToReceive"));
    const amount = (await phone.getByTestId("receive-amount").textContent()) ?? "";
    const figure = Number(amount.replace(/\D/g, ""));
    expect(amount).toBe(sats(locale, figure));
    await expect(phone.getByRole("link", { name: text(messages, "pay.openInWallet") })).toBeVisible();
    await expect(phone.getByTestId("offer-announcement").first()).toHaveText(/\S/);
    await expect(phone).toHaveTitle(text(messages, "pay.title"));
    await phone.screenshot({ path: testInfo.outputPath(`pay-${locale}-${testInfo.project.name}.png`), fullPage: true });
    await audit(phone, testInfo, `payout page (${locale})`);
    await context.close();
  }

  // the switcher: German from the header, Italian once chosen, and still Italian after a reload
  const { context, page: phone } = await endUserPage(browser, page, "de-DE");
  await phone.goto(url);
  await expect(phone.locator("html")).toHaveAttribute("lang", "de");
  await phone.getByRole("button", { name: "Italiano" }).click();
  await expect(phone.locator("html")).toHaveAttribute("lang", "it");
  await expect(phone).toHaveURL(url);
  await phone.reload();
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText(text(catalogue("it"), "pay.scanToReceive"));
  await expect(phone.getByRole("button", { name: "Italiano" })).toHaveAttribute("aria-current", "true");
  await context.close();

  // the keyboard alone: every control in reading order, and the invoice form opens with Enter
  const keyboard = await endUserPage(browser, page, "en-GB");
  await keyboard.page.goto(url);
  await expect(keyboard.page.getByTestId("pay-qr")).toBeVisible();
  const names: string[] = [];
  for (let i = 0; i < 11; i++) {
    await keyboard.page.keyboard.press("Tab");
    names.push(
      await keyboard.page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el?.getAttribute("aria-label") ?? el?.textContent?.trim() ?? "";
      }),
    );
  }
  expect(names).toEqual([
    "Receive: open in a Lightning wallet",
    "Open with lnurlw:// (wallets that register it)",
    "Copy the LNURL",
    "Open in a wallet on this phone",
    "Send to my Lightning Address",
    "Paste an invoice instead",
    "More options: receive through a new channel",
    "English",
    "Deutsch",
    "Français",
    "Italiano",
  ]);
  for (let i = 0; i < 5; i++) await keyboard.page.keyboard.press("Shift+Tab");
  await expect(keyboard.page.getByText("Paste an invoice instead")).toBeFocused();
  await keyboard.page.keyboard.press("Enter");
  await expect(keyboard.page.getByLabel(/Invoice for exactly/)).toBeVisible(); // the form loads when opened
  // a computer is offered to scan the invoice from the phone's screen; a phone (a touch screen) is not
  if (testInfo.project.name !== "phone") {
    await keyboard.page.keyboard.press("Tab");
    await expect(keyboard.page.getByRole("button", { name: "Scan from my phone" })).toBeFocused();
  }
  await keyboard.page.keyboard.press("Tab");
  await expect(keyboard.page.getByLabel(/Invoice for exactly/)).toBeFocused();
  await keyboard.context.close();
});

test("every state of the payout page, in German, passes axe", async ({ page, browser }, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const node = lightningNode(`states ${Math.random()}`);
  const { exchangeId, url } = await lightningPayoutLink(page, node);
  const de = catalogue("de");
  const { context, page: phone } = await endUserPage(browser, page, "de-CH");
  const shoot = (name: string) =>
    phone.screenshot({ path: testInfo.outputPath(`pay-de-${name}-${testInfo.project.name}.png`), fullPage: true });

  await phone.goto(url);
  await expect(phone.locator('[data-status="awaiting_payout"]')).toBeVisible();
  await audit(phone, testInfo, "waiting");

  await pay(phone, node);
  await expect(phone.locator('[data-status="paying"]')).toBeVisible({ timeout: 15_000 });
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText(text(de, "pay.states.payingTitle"));
  await shoot("paying");
  await audit(phone, testInfo, "paying");

  await operatorDrive(page.request, exchangeId, { type: "invoice_failed", failure_code: "no_route" });
  await expect(phone.locator('[data-status="failed"]')).toBeVisible({ timeout: 15_000 });
  await expect(phone.locator("p[role=alert]")).toHaveText(text(de, "pay.failures.no_route"));
  await shoot("failed");
  await audit(phone, testInfo, "failed");

  const invoice = await pay(phone, node);
  await expect(phone.locator('[data-status="paying"]')).toBeVisible({ timeout: 15_000 });
  await operatorDrive(page.request, exchangeId, { type: "invoice_paid", preimage: invoice.preimage });
  await expect(phone.locator('[data-status="paid"]')).toBeVisible({ timeout: 15_000 });
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText(text(de, "pay.states.paidTitle"));
  await shoot("paid");
  await audit(phone, testInfo, "paid");

  await page.request.delete(`/api/exchanges/${exchangeId}/payout-link`, { headers: { origin: new URL(page.url()).origin } });
  await phone.reload();
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText(text(de, "pay.states.revokedTitle"));
  await shoot("revoked");
  await audit(phone, testInfo, "revoked");
  // an unknown (or expired) token gets the expired screen: whether a token ever existed is not told
  await phone.goto("/pay/AAAAAAAAAAAAAAAAAAAAAA");
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText(text(de, "pay.states.expiredTitle"));
  await shoot("expired");
  await audit(phone, testInfo, "expired");
  await context.close();
});

test("a Lightning Address typed on a French phone is resolved, checked and paid; a wrong one is explained", async ({
  page,
  browser,
}, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const node = lightningNode(`address ${Math.random()}`);
  const { exchangeId, url } = await lightningPayoutLink(page, node);
  const registered = await page.request.post("/sandbox/operator/lightning-addresses", {
    headers: { authorization: `Bearer ${OPERATOR_KEY}` },
    data: { name: `marie-${Date.now()}`, node_private_key: Buffer.from(node.privateKey).toString("hex") },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { address } = (await registered.json()) as { address: string };
  const fr = catalogue("fr");
  const { context, page: phone } = await endUserPage(browser, page, "fr-CH");
  await phone.goto(url);
  await phone.getByText(text(fr, "address.summary")).click();
  const field = phone.getByLabel(text(fr, "address.label"));
  await field.fill(`personne@${address.split("@")[1]}`);
  await phone.getByRole("button", { name: text(fr, "address.submit") }).click();
  await expect(phone.locator("#lightning-address-error")).toHaveText(text(fr, "address.errors.lightning_address_not_found"));
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await phone.screenshot({ path: testInfo.outputPath(`pay-fr-address-error-${testInfo.project.name}.png`), fullPage: true });
  await audit(phone, testInfo, "address error");

  await field.fill(address.toUpperCase());
  await field.press("Enter");
  await expect(phone.locator('[data-status="paying"]')).toBeVisible({ timeout: 15_000 });
  await operatorDrive(page.request, exchangeId, { type: "invoice_paid" });
  await expect(phone.locator('[data-status="paid"]')).toBeVisible({ timeout: 15_000 });
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText(text(fr, "pay.states.paidTitle"));
  await context.close();
});

test("mistakes are told in the end user's words: an address whose wallet cannot be reached, a text that is no invoice", async ({
  page,
  browser,
}, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const { url } = await lightningPayoutLink(page, lightningNode(`words ${Math.random()}`));
  const en = catalogue("en");
  const { context, page: phone } = await endUserPage(browser, page, "en-GB");
  await phone.goto(url);
  await phone.getByText(text(en, "address.summary")).click();
  await phone.getByLabel(text(en, "address.label")).fill("someone@example.invalid");
  await phone.getByRole("button", { name: text(en, "address.submit") }).click();
  // no host name, no errno: only what the end user can do about it
  await expect(phone.locator("#lightning-address-error")).toHaveText(text(en, "address.errors.lightning_address_unreachable"));
  await phone.screenshot({ path: testInfo.outputPath(`pay-en-address-unreachable-${testInfo.project.name}.png`), fullPage: true });

  // letters that look like a mainnet invoice's beginning are still no invoice, not a network mistake
  await phone.getByText(text(en, "pay.pasteInstead")).click();
  const field = phone.getByLabel(/Invoice for exactly/);
  await field.fill("lnbc1garbage");
  await expect(phone.getByTestId("invoice-problem")).toHaveText(text(en, "invoice.problems.invalid"));
  await phone.screenshot({ path: testInfo.outputPath(`pay-en-not-an-invoice-${testInfo.project.name}.png`), fullPage: true });
  await context.close();
});

test("a node that has a channel with the service is offered no channel payout", async ({ page, browser }, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const node = lightningNode(`channel exists ${Math.random()}`);
  const first = await lightningPayoutLink(page, node);
  const en = catalogue("en");
  const { context, page: phone } = await endUserPage(browser, page, "en-GB");
  await phone.goto(first.url);
  await expect(phone.getByText(text(en, "pay.moreOptions"))).toBeVisible();
  const opened = await page.request.patch(`/api/exchanges/${first.exchangeId}`, {
    headers: { origin: new URL(page.url()).origin },
    data: { payout: { type: "channel", node_address: `${node.pubkey}@node.example:9735` } },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  await operatorDrive(page.request, first.exchangeId, { type: "channel_funded" });

  const second = await lightningPayoutLink(page, node);
  await phone.goto(second.url);
  await expect(phone.locator('[data-status="awaiting_payout"]')).toBeVisible();
  await expect(phone.getByTestId("pay-qr")).toBeVisible();
  await expect(phone.getByText(text(en, "pay.moreOptions"))).toHaveCount(0);
  await expect(phone.getByTestId("pay-channel-qr")).toHaveCount(0);
  await phone.screenshot({ path: testInfo.outputPath(`pay-en-channel-exists-${testInfo.project.name}.png`), fullPage: true });
  await context.close();
});
