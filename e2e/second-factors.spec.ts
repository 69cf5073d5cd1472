import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { CDPSession, Page } from "@playwright/test";
import { Browser } from "../tests/integration/harness/sign-in-steps";
import { startApp, removeDir } from "../tests/integration/harness/app-server";
import { audit } from "./axe";
import { OPERATOR_KEY, expect, test } from "./fixtures";
import { shot, showAccountItems } from "./helpers";
import { invite } from "./mail";

// Second factors in Chromium: passkeys made and used by the DevTools protocol's virtual
// authenticator (CTAP2, internal transport, resident keys, user verification), codes of an
// authenticator app computed by Debian's oathtool, the second step of signing in, the policy's
// enrolment and the step-up dialog. Passkeys need a domain for their relying party, so these
// pages are opened at localhost rather than 127.0.0.1.

const port = process.env.E2E_PORT ?? "3210";
const local = (path: string, p: string | number = port) => `http://localhost:${p}${path}`;
const oathtool = (secret: string, at = Date.now()) =>
  execFileSync("oathtool", ["--totp", "-b", "--now", `@${Math.floor(at / 1000)}`, secret], { encoding: "utf8" }).trim();

/** A new viewer of the demo tenant, invited by its admin, who chose a password through the mailed link. */
async function newMember(base = local("")): Promise<{ email: string; password: string }> {
  const email = `e2e-tfa-${randomBytes(4).toString("hex")}@example.com`;
  const link = await invite(base, email);
  const password = `e2e-${randomBytes(9).toString("hex")}`;
  const reply = await fetch(`${base}/api/account-links/${link.split("/").at(-1)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password }),
  });
  expect(reply.status).toBe(200);
  return { email, password };
}

async function virtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

async function passwordSignIn(page: Page, member: { email: string; password: string }, base = local("")) {
  await page.goto(`${base}/login`);
  await page.getByLabel("Email", { exact: true }).fill(member.email);
  await page.getByLabel("Password").fill(member.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("a passkey added on the account page signs in alone; refused when answered on another origin; removed, it signs in no more", async ({
  page,
}, testInfo) => {
  const member = await newMember();
  await virtualAuthenticator(page);
  await passwordSignIn(page, member);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await showAccountItems(page);
  await page.getByRole("link", { name: "Account" }).click();
  await expect(page.getByRole("heading", { name: "Your account", level: 1 })).toBeVisible();
  await expect(page.getByText("No passkeys yet")).toBeVisible();
  await audit(page, testInfo, "account without factors");

  await page.getByLabel("Name of the new passkey").fill("Work laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey “Work laptop” added.")).toBeVisible();
  // the first factor brings ten recovery codes, shown once
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await shot(page, testInfo, "passkey-added");
  await audit(page, testInfo, "account with a passkey and its recovery codes");

  // signed out, the sign-in page offers the passkey as autofill (conditional mediation): the
  // virtual authenticator answers that offer at once, as a person picking it would
  const autofilled = page.waitForResponse((r) => r.url().endsWith("/api/auth/callback/passkey") && r.request().method() === "POST", {
    timeout: 15_000,
  });
  await showAccountItems(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  // (the page is still /account until the sign-out lands: wait for the passkey's sign-in itself)
  expect((await autofilled).status()).toBe(200);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 15_000 });
  await expect(page.locator('[data-live-status="connected"]')).toBeVisible({ timeout: 10_000 });
  // and by the button, in a browser that offers no autofill
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
  await showAccountItems(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/login/);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await expect(page.locator('[data-live-status="connected"]')).toBeVisible({ timeout: 10_000 });
  await page.goto(local("/account"));
  await expect(page.locator("[data-passkey='Work laptop']")).toContainText("last used");
  // the password is no longer enough: the second step asks for the passkey
  await showAccountItems(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/login/);
  await passwordSignIn(page, member);
  await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
  await audit(page, testInfo, "second step with a passkey");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));

  // a phishing page on another origin has the browser answer our challenge: refused
  const phisher = createServer((_, res) => res.end("<!doctype html><title>Sign in</title><p>Lookalike</p>"));
  await new Promise<void>((resolve) => phisher.listen(0, "127.0.0.1", resolve));
  const phisherPort = (phisher.address() as { port: number }).port;
  try {
    const attacker = new Browser(local(""));
    const options = (await attacker.fetch("/api/sign-in/passkey/options", { method: "POST" })).body as { challenge: string };
    await page.goto(local("/", phisherPort));
    const response = await page.evaluate(async (challenge) => {
      const b64 = (bytes: ArrayBuffer) =>
        btoa(String.fromCharCode(...new Uint8Array(bytes)))
          .replace(/\+/g, "-")
          .replace(/\//g, "_")
          .replace(/=+$/, "");
      const raw = atob(challenge.replace(/-/g, "+").replace(/_/g, "/"));
      const credential = (await navigator.credentials.get({
        publicKey: { challenge: Uint8Array.from(raw, (c) => c.charCodeAt(0)), rpId: "localhost", userVerification: "required" },
      })) as PublicKeyCredential;
      const answer = credential.response as AuthenticatorAssertionResponse;
      return {
        id: credential.id,
        rawId: b64(credential.rawId),
        type: "public-key",
        response: {
          clientDataJSON: b64(answer.clientDataJSON),
          authenticatorData: b64(answer.authenticatorData),
          signature: b64(answer.signature),
          userHandle: answer.userHandle ? b64(answer.userHandle) : undefined,
        },
        clientExtensionResults: {},
      };
    }, options.challenge);
    const clientData = JSON.parse(Buffer.from(response.response.clientDataJSON, "base64url").toString()) as { origin: string };
    expect(clientData.origin).toBe(local("", phisherPort));
    expect((await attacker.step("passkey", { response: JSON.stringify(response) })).error).toBe("PasskeyFailed");
    expect(attacker.sessionCookie).toBeNull();
  } finally {
    await new Promise((resolve) => phisher.close(resolve));
  }

  // removed on the account page, the passkey no longer signs in
  await page.goto(local("/account"));
  await page.getByRole("button", { name: "Remove passkey Work laptop" }).click();
  await expect(page.getByText("No passkeys yet")).toBeVisible();
  await showAccountItems(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/login/);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(
    "The passkey could not be verified. Try again, or sign in with your password.",
  );
  await expect(page).toHaveURL(/\/login/);
});

test.describe("in German", () => {
  test.use({ locale: "de-CH" });

  test("an authenticator app set up with oathtool's code, then the second step of signing in; a wrong code is explained", async ({
    page,
  }, testInfo) => {
    const member = await newMember();
    await page.goto(local("/login"));
    await page.getByLabel("E-Mail").fill(member.email);
    await page.getByLabel("Passwort").fill(member.password);
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await page.goto(local("/account"));
    await page.getByRole("button", { name: "Authenticator-App einrichten" }).click();
    await expect(page.getByTestId("totp-qr")).toBeVisible();
    await audit(page, testInfo, "Authenticator-App einrichten");
    await shot(page, testInfo, "totp-enrol-de");
    const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
    await page.getByLabel("Aktueller Code der App").fill(oathtool(secret));
    await page.getByRole("button", { name: "Einschalten" }).click();
    await expect(page.getByText("Die Authenticator-App ist eingeschaltet.")).toBeVisible();
    const codes = await page.getByTestId("recovery-codes").getByRole("listitem").allTextContents();
    expect(codes).toHaveLength(10);

    await showAccountItems(page);
    await page.getByRole("button", { name: "Abmelden" }).click();
    await page.waitForURL(/\/login/);
    await page.getByLabel("E-Mail").fill(member.email);
    await page.getByLabel("Passwort").fill(member.password);
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Bestätigen Sie, dass Sie es sind" })).toBeVisible();
    await audit(page, testInfo, "zweiter Schritt");
    await page.getByLabel("Code aus Ihrer Authenticator-App").fill("000000");
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toContainText("Dieser Code stimmt nicht");
    await shot(page, testInfo, "second-step-wrong-de");
    // a reload keeps the second step of this browser
    await page.reload();
    await expect(page.getByRole("heading", { name: "Bestätigen Sie, dass Sie es sind" })).toBeVisible();
    await page.getByRole("button", { name: "Einen Wiederherstellungscode verwenden" }).click();
    // a wrong recovery code is explained as one, not as the app's code
    await page.getByLabel("Wiederherstellungscode").fill("aaaa-bbbb-cccc");
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toContainText("Dieser Wiederherstellungscode stimmt nicht");
    await page.getByLabel("Wiederherstellungscode").fill(codes[0] ?? "");
    await page.getByRole("button", { name: "Weiter" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await page.goto(local("/account"));
    await expect(page.getByTestId("recovery-remaining")).toHaveText("9 Codes übrig");
  });
});

test.describe("on an app whose step-up lapses after 10 seconds", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  const password = "e2e-step-up-password-1";

  test.beforeAll(async () => {
    app = await startApp({ operatorKey: OPERATOR_KEY, env: { DEMO_PASSWORD: password, STEP_UP_WINDOW_SECONDS: "10" } });
  });
  test.afterAll(async () => {
    await app.stop();
    removeDir(app.dataDir);
  });

  test("the step-up dialog confirms with the password and the reveal goes ahead; the policy sends a member to enrol", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const base = local("", app.port);
    await passwordSignIn(page, { email: "affiliate@example.com", password }, base);
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await page.goto(`${base}/settings?tab=webhooks`);
    // wait until the sign-in no longer counts as a confirmation
    await expect
      .poll(
        async () =>
          (
            await page.request.post(`${base}/api/settings/webhook-secret/reveal`, {
              headers: { origin: base },
              data: { which: "current" },
            })
          ).status(),
        { timeout: 20_000, intervals: [500] },
      )
      .toBe(403);
    await page.getByRole("button", { name: "Reveal" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Your password")).toBeFocused();
    await audit(page, testInfo, "step-up dialog");
    await shot(page, testInfo, "step-up-dialog");
    await dialog.getByLabel("Your password").fill("not the password");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog.getByRole("alert")).toBeVisible();
    await dialog.getByLabel("Your password").fill(password);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator("[data-secret=current] code")).toHaveText(/^whsec_/);

    // an admin without a factor of their own cannot require one of everyone
    await page.goto(`${base}/settings?tab=security`);
    await page.getByLabel("Require a second factor of every member").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toContainText("Set up a second factor of your own first");
    await showAccountItems(page);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/login/);
    // the operator can: then the viewer, without a factor, is sent to their account page and nothing else
    await passwordSignIn(page, { email: "operator@example.com", password }, base);
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await page.goto(`${base}/settings?tab=security`);
    await page.getByLabel("Require a second factor of every member").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await audit(page, testInfo, "sign-in policy");
    await showAccountItems(page);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/login/);
    await passwordSignIn(page, { email: "viewer@example.com", password }, base);
    await page.waitForURL(/\/account$/);
    await expect(page.getByRole("alert").filter({ hasText: "Your team requires a second factor" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await page.goto(`${base}/orders`);
    await expect(page).toHaveURL(/\/account$/);
    await audit(page, testInfo, "enrolment required");
    await shot(page, testInfo, "enrolment-required");
  });
});
