import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { signIn } from "../tests/integration/harness/sign-in";
import { DEMO_PASSWORD, expect, OPERATOR_KEY, test } from "./fixtures";
import {
  clientExchange,
  createOrderViaApi,
  createOrderWith,
  operatorPay,
  recordToasts,
  showAccountItems,
  shownToasts,
  signInAs,
} from "./helpers";
import { mailedLink } from "./mail";

// A browser's live stream belongs to one session. In one browser (one context), three sequences:
// someone signs in on a login page left open while another is signed in; someone signs out and
// another tenant's user signs in; an operator, then another tenant's viewer. In each, no frame of
// the first person's tenant reaches the second person's tabs, and a tab whose session ended goes
// to sign-in at once, not at the stream's next heartbeat.

const operator = { authorization: `Bearer ${OPERATOR_KEY}` };
const password = "other-tenant-password-1";

/** A second tenant on the sandbox with a viewer of its own; and a way to make a webhook of it. */
async function otherTenant(request: APIRequestContext, base: string) {
  const client = (await (
    await request.post("/sandbox/operator/clients", { headers: operator, data: { name: "Second company" } })
  ).json()) as {
    client_id: string;
  };
  const op = await signIn(base, "operator@example.com", DEMO_PASSWORD);
  const asOperator = { cookie: op.cookie ?? "", origin: base };
  const tenant = (await (
    await request.post("/api/operator/tenants", {
      headers: asOperator,
      data: { name: "Second company", base_url: `${base}/sandbox`, client_id: client.client_id, network: "testnet" },
    })
  ).json()) as { id: string; webhook_url: string; webhook_secret: string };
  const registered = await request.put(`/sandbox/operator/clients/${client.client_id}/webhook-endpoints`, {
    headers: operator,
    data: { endpoints: [{ url: new URL(new URL(tenant.webhook_url).pathname, base).toString(), secret: tenant.webhook_secret }] },
  });
  expect(registered.status()).toBe(200);
  const email = `second-${Date.now()}@example.com`;
  const invited = await request.post(`/api/settings/team?tenant_id=${tenant.id}`, { headers: asOperator, data: { email, role: "viewer" } });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = await mailedLink(base, email, "invitation");
  const token = new URL(link).pathname.split("/").at(-1) ?? "";
  expect((await request.post(`/api/account-links/${token}`, { data: { password } })).status()).toBe(200);
  /** An executed exchange of the second tenant: its webhook reaches that tenant only. */
  const event = () => clientExchange(request, client.client_id, 30);
  return { email, event };
}

const shown = shownToasts;

/** Signs in on a page that shows the sign-in form already (left open), as `email`. */
async function signInHere(page: Page, email: string, secret: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password").fill(secret);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await expect(page.locator('[data-live-status="connected"]')).toBeVisible({ timeout: 10_000 });
}

/**
 * A webhook of the first tenant, then one of the second: the second person's tabs show the
 * second's toast, and never the first's (which, had they followed the first's stream, would have
 * come before it).
 */
async function onlyTheSecondsEvents(tabs: Page[], first: () => Promise<string>, second: () => Promise<string>) {
  const firstId = (await first()).slice(0, 8);
  const secondId = (await second()).slice(0, 8);
  for (const tab of tabs) {
    await expect.poll(async () => (await shown(tab)).some((text) => text.includes(secondId)), { timeout: 15_000 }).toBe(true);
    expect((await shown(tab)).filter((text) => text.includes(firstId))).toEqual([]);
  }
}

test.describe.configure({ timeout: 120_000 });

test("someone signs in on a login page left open: the first session ends, its tab leaves at once", async ({ page, baseURL }) => {
  const second = await otherTenant(page.request, baseURL ?? "");
  const left = await page.context().newPage();
  await recordToasts(page);
  await recordToasts(left);
  await left.goto("/login");
  await signInAs(page, "affiliate@example.com");
  const order = await createOrderViaApi(page);
  await page.goto("/exchanges");
  await expect(page.locator('[data-live-status="connected"]')).toBeVisible();

  await signInHere(left, second.email, password);
  // the first tab's session is over: it leaves its page without waiting for a heartbeat
  await page.waitForURL((url) => !url.pathname.startsWith("/exchanges"), { timeout: 5_000 });
  await onlyTheSecondsEvents([left], () => operatorPay(page.request, order.id, 25), second.event);
});

test("sign-out, then another tenant's user signs in: the signed-out tab goes to sign-in and hears nothing more", async ({
  page,
  baseURL,
}) => {
  const second = await otherTenant(page.request, baseURL ?? "");
  await recordToasts(page);
  await signInAs(page, "affiliate@example.com");
  const order = await createOrderViaApi(page);
  const other = await page.context().newPage();
  await recordToasts(other);
  await other.goto("/orders");
  await expect(other.locator('[data-live-status="connected"]')).toBeVisible();

  await page.goto("/exchanges");
  await showAccountItems(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  // the other tab of the signed-out session goes to sign-in at once
  await other.waitForURL((url) => url.pathname === "/login", { timeout: 5_000 });
  await page.waitForURL((url) => url.pathname === "/login");

  await signInHere(page, second.email, password);
  await onlyTheSecondsEvents([page], () => operatorPay(page.request, order.id, 26), second.event);
  // the signed-out tab still shows the sign-in form, and no toast of either tenant since
  await expect(other).toHaveURL(/\/login/);
  expect((await shown(other)).length).toBe(0);
});

test("an operator, then another tenant's viewer on a login page left open: no frame of the operator's reaches the viewer", async ({
  page,
  baseURL,
}) => {
  const second = await otherTenant(page.request, baseURL ?? "");
  const left = await page.context().newPage();
  await recordToasts(left);
  await left.goto("/login");
  await signInAs(page, "operator@example.com");
  await page.goto("/operator");
  await expect(page.locator('[data-live-status="connected"]')).toBeVisible();
  // an order of the demo tenant, the operator's default one, made by its admin elsewhere (not in this browser)
  const admin = await signIn(baseURL ?? "", "affiliate@example.com", DEMO_PASSWORD);
  const elsewhere = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { cookie: admin.cookie ?? "" } });
  const order = await createOrderWith(elsewhere, baseURL ?? "");
  await elsewhere.dispose();

  await signInHere(left, second.email, password);
  await page.waitForURL((url) => !url.pathname.startsWith("/operator"), { timeout: 5_000 });
  await onlyTheSecondsEvents([left], () => operatorPay(page.request, order.id, 27), second.event);
});
