import { expect } from "@playwright/test";
import { consoleMailDetailSchema, consoleMailListSchema } from "@/lib/dashboard/contract/console-api";
import { signIn } from "../tests/integration/harness/sign-in";
import { DEMO_PASSWORD } from "./fixtures";

// The e2e app has no SMTP server: its mail is kept and shown on the console's Mail tab. These
// read it there as an operator, and hand back the link a person would click in the mail.

/** Invites `email` as the demo admin (over the API, as the Settings page does) and returns the mailed link. */
export async function invite(base: string, email: string, role: "admin" | "viewer" = "viewer"): Promise<string> {
  const admin = await signIn(base, "affiliate@example.com", DEMO_PASSWORD);
  const reply = await fetch(`${base}/api/settings/team`, {
    method: "POST",
    headers: { cookie: admin.cookie ?? "", origin: base, "content-type": "application/json" },
    body: JSON.stringify({ email, role }),
  });
  expect(reply.status).toBe(201);
  return mailedLink(base, email, "invitation");
}

/** The link of the latest mail of `purpose` to `email`, as the console's Mail tab shows it. */
export async function mailedLink(base: string, email: string, purpose: "invitation" | "password_reset"): Promise<string> {
  const operator = await signIn(base, "operator@example.com", DEMO_PASSWORD);
  const get = async (path: string) => (await fetch(`${base}${path}`, { headers: { cookie: operator.cookie ?? "" } })).json();
  const list = consoleMailListSchema.parse(await get("/api/operator/mail"));
  const mail = list.data.find((m) => m.to === email && m.category === purpose);
  expect(mail, `a mail of ${purpose} to ${email}`).toBeDefined();
  const detail = consoleMailDetailSchema.parse(await get(`/api/operator/mail/${mail?.id}`));
  const url = /https?:\/\/\S+\/(invitation|reset-password)\/[A-Za-z0-9_-]{43}/.exec(detail.text)?.[0];
  expect(url).toBeDefined();
  // the mail names APP_URL's origin, or the server's own: the test's origin opens the same path
  return new URL(new URL(url ?? "").pathname, base).toString();
}

/** Follows an invitation or reset link in the page and sets `password`; the page lands on sign-in. */
export async function setPasswordByLink(page: import("@playwright/test").Page, url: string, password: string) {
  await page.goto(url);
  await page.getByLabel("New password").fill(password);
  await page.getByLabel("Repeat the password").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await page.waitForURL(/\/login\?notice=password_set/);
}
