import { randomBytes } from "node:crypto";
import { expect, inject } from "vitest";
import { consoleMailDetailSchema, consoleMailListSchema } from "@/lib/dashboard/contract/console-api";
import { mailedLinkSchema } from "@/lib/dashboard/contract/settings-api";
import { passwordSetSchema } from "@/lib/dashboard/contract/account-links-api";
import { http, parse } from "./api";
import { DashboardSession } from "./dashboard";

// A new member joins as a person would: an admin invites them, the invitation is mailed (kept in
// the database when the app has no SMTP server, as here), and its link sets their password.
// The mail is read where an operator reads it, on the console's Mail tab (GET /api/operator/mail).

const operators = new Map<string, Promise<DashboardSession>>();
const operatorOf = (baseUrl: string) => {
  let session = operators.get(baseUrl);
  if (!session) operators.set(baseUrl, (session = DashboardSession.signIn("operator@example.com", inject("demoPassword"), { baseUrl })));
  return session;
};

/** The one-time link of the latest mail of `purpose` to `email`, read from the console's Mail tab. */
export async function mailedLink(
  email: string,
  purpose: "invitation" | "password_reset",
  baseUrl = inject("baseUrl"),
  operator?: DashboardSession,
) {
  const console = operator ?? (await operatorOf(baseUrl));
  const list = parse(consoleMailListSchema, await console.request("GET", "/api/operator/mail"), 200);
  const mail = list.data.find((m) => m.to === email && m.category === purpose);
  expect(mail, `a mail of ${purpose} to ${email}`).toBeDefined();
  const detail = parse(consoleMailDetailSchema, await console.request("GET", `/api/operator/mail/${mail?.id}`), 200);
  const path = purpose === "invitation" ? "invitation" : "reset-password";
  const match = new RegExp(`https?://[^\\s]+/${path}/([A-Za-z0-9_-]{43})`).exec(detail.text);
  expect(match, `the ${purpose} link in the mail`).not.toBeNull();
  return { url: match?.[0] ?? "", token: match?.[1] ?? "", mail: detail };
}

/** Sets a password through a mailed link (POST /api/account-links/{token}). */
export async function redeemMailedLink(token: string, password: string, baseUrl = inject("baseUrl")) {
  return parse(passwordSetSchema, await http("POST", `${baseUrl}/api/account-links/${token}`, { body: { password } }), 200);
}

/**
 * Invites a member through `as` (an admin, or an operator in a tenant) at `path`, and accepts
 * the invitation with a new password: the member as the tests then sign them in.
 */
export async function inviteAndJoin(
  as: Pick<DashboardSession, "request">,
  role: "admin" | "viewer",
  options: { email?: string; path?: string; baseUrl?: string; operator?: DashboardSession } = {},
) {
  const email = options.email ?? `member-${randomBytes(5).toString("hex")}@example.com`;
  const added = parse(mailedLinkSchema, await as.request("POST", options.path ?? "/api/settings/team", { email, role }), 201);
  expect(added.link).toMatchObject({ purpose: "invitation", mailed_to: email });
  const password = `pw-${randomBytes(9).toString("hex")}`;
  const { token } = await mailedLink(email, "invitation", options.baseUrl, options.operator);
  await redeemMailedLink(token, password, options.baseUrl);
  return { id: added.member.id, email, password };
}
