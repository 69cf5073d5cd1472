import { randomBytes, randomUUID } from "node:crypto";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { consoleMailListSchema } from "@/lib/dashboard/contract/console-api";
import { mailedLinkSchema } from "@/lib/dashboard/contract/settings-api";
import { passwordResetAcceptedSchema, unsubscribedSchema } from "@/lib/dashboard/contract/account-links-api";
import { preferencesSchema } from "@/lib/dashboard/contract/notifications-api";
import { http, parse } from "./harness/api";
import { removeDir, startApp, type RunningApp } from "./harness/app-server";
import { createScratchDatabase } from "./harness/database";
import { DashboardSession, signIn } from "./harness/dashboard";
import { MailCatcher, toOf } from "./harness/smtp";
import type { ParsedMail } from "mailparser";

// Mail as people get it: the app sends over SMTP to a real server (smtp-server), each message is
// parsed by mailparser, and its link is followed in Chromium (Debian's). The app's own: SMTP_URL
// set, mail retried after 0.5 s, the notification sweep every second.

const operatorKey = `sk_op_mail_${randomBytes(8).toString("hex")}`;
const password = "a-long-test-password-7";
let app: RunningApp;
let scratch: string | undefined;
let smtp: MailCatcher;
let browser: Browser;
let admin: DashboardSession;

beforeAll(async () => {
  smtp = await MailCatcher.start();
  const databaseUrl = inject("databaseUrl");
  scratch = databaseUrl ? await createScratchDatabase(databaseUrl, `mail_${randomBytes(4).toString("hex")}`) : undefined;
  // links in mail name APP_URL: the app's origin, as a deployment sets it
  const port = await freePortFromRange();
  app = await startApp({
    operatorKey,
    port,
    databaseUrl: scratch,
    env: {
      DEMO_PASSWORD: password,
      SMTP_URL: smtp.url,
      MAIL_FROM: "Dashboard <dashboard@example.com>",
      MAIL_RETRY_SCHEDULE: "0.5,0.5,0.5,0.5",
      JOBS_INTERVAL_MS: "100",
      NOTIFICATIONS_SWEEP_SECONDS: "1",
      APP_URL: `http://127.0.0.1:${port}`,
    },
  });
  admin = await DashboardSession.signIn("affiliate@example.com", password, { baseUrl: app.baseUrl });
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await smtp?.close();
  if (!scratch && app) removeDir(app.dataDir);
});

async function freePortFromRange(): Promise<number> {
  const { createServer } = await import("node:net");
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** A header's value as sent, unfolded. */
const rawHeader = (mail: ParsedMail, name: string) =>
  (mail.headerLines.find((h) => h.key === name)?.line ?? "").replace(/^[^:]+:\s*/, "").replace(/\r?\n\s+/g, " ");

const linkIn = (text: string, path: string) => new RegExp(`http://127\\.0\\.0\\.1:\\d+/${path}/[A-Za-z0-9_.-]+`).exec(text)?.[0] ?? "";

describe("mail over SMTP", () => {
  it("an invitation arrives with a text and an HTML part; its link sets a password in Chromium, which then signs in", async () => {
    const email = `invited-${randomBytes(4).toString("hex")}@example.com`;
    parse(mailedLinkSchema, await admin.request("POST", "/api/settings/team", { email, role: "viewer" }), 201);
    const mail = await smtp.next((m) => toOf(m) === email);
    expect(mail.from?.value[0]).toMatchObject({ name: "Dashboard", address: "dashboard@example.com" });
    expect(mail.subject).toContain("invited");
    expect(mail.text).toContain("24 hours");
    expect(mail.html).toContain("<a href=");
    const link = linkIn(mail.text ?? "", "invitation");
    expect(link).not.toBe("");
    expect(mail.html).toContain(link);

    const page = await browser.newPage();
    await page.goto(link);
    await page.getByLabel("New password").fill("chosen-by-the-invitee-1");
    await page.getByLabel("Repeat the password").fill("chosen-by-the-invitee-1");
    await page.getByRole("button", { name: "Set password" }).click();
    await page.waitForURL(/\/login\?notice=password_set/);
    await page.getByLabel("Password").fill("chosen-by-the-invitee-1");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.close();
  });

  it("a reset link works once: the second time the page says it no longer works", async () => {
    const unknown = await http("POST", `${app.baseUrl}/api/password-resets`, { body: { email: "nobody-here@example.com" } });
    const known = await http("POST", `${app.baseUrl}/api/password-resets`, { body: { email: "viewer@example.com" } });
    // the same answer whether or not the address has an account
    expect([unknown.status, known.status]).toEqual([202, 202]);
    expect(parse(passwordResetAcceptedSchema, unknown, 202)).toEqual(parse(passwordResetAcceptedSchema, known, 202));
    const mail = await smtp.next((m) => toOf(m) === "viewer@example.com" && (m.text ?? "").includes("/reset-password/"));
    const link = linkIn(mail.text ?? "", "reset-password");

    const page = await browser.newPage();
    await page.goto(link);
    await page.getByLabel("New password").fill("a-brand-new-password-2");
    await page.getByLabel("Repeat the password").fill("a-brand-new-password-2");
    await page.getByRole("button", { name: "Set password" }).click();
    await page.waitForURL(/\/login\?notice=password_set/);
    await page.goto(link);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("This link no longer works");
    await page.close();
    await DashboardSession.signIn("viewer@example.com", "a-brand-new-password-2", { baseUrl: app.baseUrl });
    // no mail went to the address without an account
    const operator = await DashboardSession.signIn("operator@example.com", password, { baseUrl: app.baseUrl });
    const kept = parse(consoleMailListSchema, await operator.request("GET", "/api/operator/mail"), 200);
    expect(kept.smtp_configured).toBe(true);
    expect(kept.data.filter((m) => m.to === "nobody-here@example.com")).toEqual([]);
  });

  it("'Forgot your password?' counts against the sign-in limits: the sixth request in 15 minutes mails nothing", async () => {
    const email = `forgetful-${randomBytes(4).toString("hex")}@example.com`;
    parse(mailedLinkSchema, await admin.request("POST", "/api/settings/team", { email, role: "viewer" }), 201);
    const invitation = await smtp.next((m) => toOf(m) === email);
    await http("POST", linkIn(invitation.text ?? "", "invitation").replace(/\/invitation\//, "/api/account-links/"), {
      body: { password: "forgetful-password-1" },
    });
    // the account's limit (5 attempts in 15 minutes) is what stops the sixth
    for (let i = 0; i < 6; i++) {
      const reply = await http("POST", `${app.baseUrl}/api/password-resets`, { body: { email } });
      expect(parse(passwordResetAcceptedSchema, reply, 202)).toEqual({ accepted: true });
    }
    const operator = await DashboardSession.signIn("operator@example.com", password, { baseUrl: app.baseUrl });
    const kept = parse(consoleMailListSchema, await operator.request("GET", "/api/operator/mail"), 200);
    // each request's mail is written before its answer: what is not listed now was never queued
    expect(kept.data.filter((m) => m.to === email && m.category === "password_reset")).toHaveLength(5);
    // the five arrive (before the next test makes the server refuse)
    const arrived = new Set<unknown>();
    for (let i = 0; i < 5; i++) {
      arrived.add(await smtp.next((m) => toOf(m) === email && (m.text ?? "").includes("/reset-password/") && !arrived.has(m)));
    }
    // and the account's sign-ins wait for the window too, as after five wrong passwords
    const locked = await signIn(app.baseUrl, email, "forgetful-password-1");
    expect(locked.cookie).toBeNull();
    expect(locked.error).toBe("RateLimited");
  });

  it("an SMTP server that refuses at first still gets the mail later", async () => {
    smtp.refuse(2);
    const refusedBefore = smtp.refusedCount;
    const email = `patient-${randomBytes(4).toString("hex")}@example.com`;
    parse(mailedLinkSchema, await admin.request("POST", "/api/settings/team", { email, role: "viewer" }), 201);
    const mail = await smtp.next((m) => toOf(m) === email);
    expect(smtp.refusedCount - refusedBefore).toBe(2);
    expect(linkIn(mail.text ?? "", "invitation")).not.toBe("");
    const operator = await DashboardSession.signIn("operator@example.com", password, { baseUrl: app.baseUrl });
    const kept = parse(consoleMailListSchema, await operator.request("GET", "/api/operator/mail"), 200);
    expect(kept.data.find((m) => m.to === email)).toMatchObject({ status: "sent", attempts: 3 });
  });

  it("a notification mail carries one-click List-Unsubscribe headers; its unsubscribe link turns the category off", async () => {
    // the viewer watches their notifications page: the bell counts none yet
    const watcher = await browser.newPage();
    await watcher.goto(`${app.baseUrl}/login`);
    await watcher.getByLabel("Email").fill("viewer@example.com");
    await watcher.getByLabel("Password").fill("a-brand-new-password-2");
    await watcher.getByRole("button", { name: "Sign in", exact: true }).click();
    await watcher.waitForURL((url) => !url.pathname.startsWith("/login"));
    await watcher.goto(`${app.baseUrl}/notifications`);
    await watcher.locator('[data-live-status="connected"]').waitFor();
    const bell = watcher.locator("a[data-unread]");
    await expect.poll(() => bell.getAttribute("data-unread")).toBe("0");

    // webhooks signed with a wrong secret: rejections rise, and the sweep notifies the team
    for (let i = 0; i < 3; i++) {
      const body = JSON.stringify({ event: "exchange.settled", exchange_id: randomUUID() });
      const reply = await http("POST", `${app.baseUrl}/webhook`, {
        raw: body,
        headers: { "content-type": "application/json", "x-signature-256": `sha256=${"0".repeat(64)}` },
      });
      expect(reply.status).toBe(401);
    }
    // live, without a reload: the bell counts it and the page lists it
    await expect.poll(() => bell.getAttribute("data-unread"), { timeout: 15_000 }).toBe("1");
    await expect.poll(() => watcher.locator('[data-notification="webhooks_rejected"]').count(), { timeout: 15_000 }).toBe(1);
    // read: the bell is back to none
    await watcher.locator('[data-notification="webhooks_rejected"]').getByRole("button", { name: "Mark read" }).click();
    await expect.poll(() => bell.getAttribute("data-unread")).toBe("0");
    await expect.poll(() => watcher.locator('[data-notification="webhooks_rejected"]').getAttribute("data-unread")).toBe("false");
    await watcher.close();

    const forAdmin = await smtp.next((m) => toOf(m) === "affiliate@example.com" && (m.text ?? "").includes("rejected"));
    // the raw header lines, as a mail client reads them (mailparser also folds List-* into `list`)
    const header = rawHeader(forAdmin, "list-unsubscribe");
    expect(header).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/unsubscribe\/[A-Za-z0-9_.-]+>$/);
    expect(rawHeader(forAdmin, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    // the link in the mail: a page that asks, then turns the category off
    const page = await browser.newPage();
    await page.goto(linkIn(forAdmin.text ?? "", "unsubscribe"));
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("gets no more notifications");
    await page.close();
    const after = parse(preferencesSchema, await admin.request("GET", "/api/account/notifications"), 200);
    expect(after.preferences.webhooks).toBe("none");

    // a mail client's one-click POST (RFC 8058) for the viewer's copy
    const forViewer = await smtp.next((m) => toOf(m) === "viewer@example.com" && (m.text ?? "").includes("rejected"));
    const oneClick = rawHeader(forViewer, "list-unsubscribe").slice(1, -1);
    const reply = await http("POST", oneClick, {
      raw: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(parse(unsubscribedSchema, reply, 200)).toEqual({ unsubscribed: "webhooks" });
  });
});
