import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { addressOf, bitcoinKey, signBip137, type LightningNode } from "../tests/integration/harness/wallet";
import { DEMO_PASSWORD, expect, OPERATOR_KEY } from "./fixtures";

export async function signInAs(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await expect(page.locator('[data-live-status="connected"]')).toBeVisible({ timeout: 10_000 });
}

/** Sizes the page for its project: 1440 wide on the desktop, 390 on the phone; true on the phone. */
export async function sized(page: Page, testInfo: TestInfo) {
  const phone = testInfo.project.name === "phone";
  await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1440, height: 900 });
  return phone;
}

export async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

const operatorHeaders = { authorization: `Bearer ${OPERATOR_KEY}` };

export async function operatorPay(request: APIRequestContext, orderId: string, amount: number, extra: Record<string, unknown> = {}) {
  const reply = await request.post("/sandbox/operator/payments", {
    headers: operatorHeaders,
    data: { order_id: orderId, amount, currency: "eur", ...extra },
  });
  expect(reply.status()).toBe(201);
  return ((await reply.json()) as { exchange_id: string }).exchange_id;
}

export async function operatorDrive(request: APIRequestContext, exchangeId: string, event: Record<string, unknown>) {
  const reply = await request.post(`/sandbox/operator/exchanges/${exchangeId}/events`, { headers: operatorHeaders, data: event });
  expect(reply.status(), await reply.text()).toBe(200);
}

/** An order made through the dashboard's API with the signed-in page's session and a real signature. */
/** An on-chain order through the API; orders made with one `wallet` pay out to one address. */
export async function createOrderViaApi(page: Page, wallet = `e2e ${Math.random()}`) {
  return createOrderWith(page.request, new URL(page.url()).origin, wallet);
}

/** The same with any request context signed in as an admin (its cookies), on `origin`. */
export async function createOrderWith(request: APIRequestContext, origin: string, wallet = `e2e ${Math.random()}`) {
  const headers = { origin };
  const challenge = (await (await request.post("/api/challenges", { headers, data: {} })).json()) as { token: string };
  const key = bitcoinKey(wallet);
  const address = addressOf(key, "p2wpkh");
  const message = `E2E payout to ${address}. Challenge: ${challenge.token}`;
  const reply = await request.post("/api/orders", {
    headers,
    data: {
      fee_rate: 0.02,
      payment_method: { currency: "eur", debitor_iban: "DE89370400440532013000" },
      payout_method: { bitcoin_address: address, message, signature: signBip137(message, key, "p2wpkh") },
    },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return (await reply.json()) as { id: string };
}

/** The day of an instant in the tenant's time zone (a new database's tenant counts in Europe/Zurich). */
export const dayOf = (iso: string) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Zurich" }).format(new Date(iso));

/** Two orders through the API, the sandbox's clock moved two days between them, with the day each was made on. */
export async function ordersTwoDaysApart(page: Page) {
  const first = await createOrderViaApi(page);
  const clock = await page.request.post("/sandbox/operator/clock", {
    headers: operatorHeaders,
    data: { advance_seconds: 2 * 24 * 3600 },
  });
  expect(clock.status()).toBe(200);
  const later = await createOrderViaApi(page);
  const created = async (id: string) => ((await (await page.request.get(`/api/orders/${id}`)).json()) as { created_on: string }).created_on;
  const [firstDay, laterDay] = [dayOf(await created(first.id)), dayOf(await created(later.id))];
  return { first, later, firstDay, laterDay };
}

/** An exchange of another API client of the service: not the dashboard tenant's. */
export async function foreignExchange(request: APIRequestContext) {
  const client = (await (
    await request.post("/sandbox/operator/clients", { headers: operatorHeaders, data: { name: "Other company" } })
  ).json()) as { client_id: string };
  return clientExchange(request, client.client_id, 10);
}

/** An executed exchange of an API client of the sandbox, made as that client would (its order over REST API v1). */
export async function clientExchange(request: APIRequestContext, clientId: string, amount: number) {
  const auth = { authorization: `client_id ${clientId}` };
  const challenge = (await (await request.post("/sandbox/v1/challenges", { headers: auth, data: {} })).json()) as { token: string };
  const key = bitcoinKey(`foreign ${Math.random()}`);
  const message = `Foreign ${challenge.token}`;
  const order = (await (
    await request.post("/sandbox/v1/orders", {
      headers: auth,
      data: {
        fee_rate: 0.02,
        payment_method: { currency: "eur", debitor_iban: "DE89370400440532013000" },
        payout_method: { bitcoin_address: addressOf(key, "p2wpkh"), message, signature: signBip137(message, key, "p2wpkh") },
      },
    })
  ).json()) as { id: string };
  return operatorPay(request, order.id, amount);
}

/** Records every toast a tab shows, across the pages it loads (sessionStorage): toasts leave after a few seconds. */
export async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if (node instanceof HTMLElement && node.matches("[data-toast]")) {
            const seen = JSON.parse(sessionStorage.getItem("e2e-toasts") ?? "[]") as string[];
            sessionStorage.setItem("e2e-toasts", JSON.stringify([...seen, node.textContent ?? ""]));
          }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The toasts recordToasts saw in a tab. */
export const shownToasts = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem("e2e-toasts") ?? "[]") as string[]);

/** A Lightning order through the dashboard API, proven with an lnd-style node signature. */
export async function lightningOrderViaApi(page: Page, node: LightningNode) {
  const headers = { origin: new URL(page.url()).origin };
  const { token } = (await (await page.request.post("/api/challenges", { headers, data: {} })).json()) as { token: string };
  const message = `Payouts to my node. Challenge: ${token}`;
  const reply = await page.request.post("/api/orders", {
    headers,
    data: {
      fee_rate: 0.02,
      payment_method: { currency: "eur", debitor_iban: "DE89370400440532013000" },
      payout_method: { node_pubkey: node.pubkey, message, signature: node.sign(message) },
    },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return ((await reply.json()) as { id: string }).id;
}

/** A Lightning exchange awaiting its payout, and its public payout link. */
export async function lightningPayoutLink(page: Page, node: LightningNode, amount = 150) {
  const headers = { origin: new URL(page.url()).origin };
  const exchangeId = await operatorPay(page.request, await lightningOrderViaApi(page, node), amount);
  await expect.poll(async () => (await page.request.get(`/api/exchanges/${exchangeId}`)).status()).toBe(200);
  const link = await page.request.post(`/api/exchanges/${exchangeId}/payout-link`, { headers });
  expect(link.status(), await link.text()).toBe(201);
  return { exchangeId, url: ((await link.json()) as { url: string }).url };
}

/** Whether the header shows its sections in a menu (below 1024 px) rather than in its row. */
export async function sectionsInMenu(page: Page) {
  return (page.viewportSize()?.width ?? 0) < 1024;
}

/**
 * Opens the header's menu: on a phone the one with the sections, the account and the language; on
 * a desktop the account's (its button named by the role). Returns the opened panel's button.
 */
export async function openHeaderMenu(page: Page) {
  const button = page.locator("button[data-header-menu]").filter({ visible: true });
  if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  return button;
}

/**
 * The header's account items (account, settings, theme, language, sign out) made visible: in its menu where
 * the header has one; the frame of someone who must first set up a second factor shows them as they are.
 */
export async function showAccountItems(page: Page) {
  await expect(page.getByRole("banner")).toBeVisible();
  if ((await page.locator("button[data-header-menu]").count()) > 0) await openHeaderMenu(page);
}

/** The main navigation's link to a section, in the header's row or in its menu as the width has it. */
export async function sectionLink(page: Page, navName: string, name: string) {
  if (await sectionsInMenu(page)) await openHeaderMenu(page);
  return page.getByRole("navigation", { name: navName }).getByRole("link", { name, exact: true });
}
