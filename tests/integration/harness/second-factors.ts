import { randomBytes } from "node:crypto";
import { expect, inject } from "vitest";
import { inviteAndJoin } from "./invitations";
import { DashboardSession } from "./dashboard";
import { Browser, oathtool } from "./sign-in-steps";

// New members of the demo tenant for the second-factor suites, signed in from an address of their
// own (the sign-in limits count per address), and an authenticator app turned on for one.

export const base = () => inject("baseUrl");
export const address = () => `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
export const THIRTY_S = 30_000;

export type Member = { email: string; password: string; id: string };

/** A new member of the demo tenant (or of the tenant `as` acts in), who joined through their invitation's link. */
export async function newMember(role: "admin" | "viewer", as?: Pick<DashboardSession, "request">): Promise<Member> {
  const admin = as ?? (await DashboardSession.signIn("affiliate@example.com"));
  return inviteAndJoin(admin, role, { email: `tfa-${randomBytes(5).toString("hex")}@example.com` });
}

export async function signedIn(member: Member, browser = new Browser(base(), address())): Promise<DashboardSession> {
  expect((await browser.step("credentials", { email: member.email, password: member.password })).error).toBeNull();
  return DashboardSession.of(browser.sessionCookie ?? "");
}

/** Turns on an authenticator app for a signed-in member; its key, and the recovery codes it brought. */
export async function enrolTotp(session: DashboardSession): Promise<{ secret: string; codes: string[] }> {
  const started = await session.request("POST", "/api/account/totp");
  expect(started.status).toBe(201);
  const { secret, uri } = started.body as { secret: string; uri: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=/);
  expect(new URL(uri).searchParams.get("algorithm")).toBe("SHA1");
  expect(new URL(uri).searchParams.get("digits")).toBe("6");
  expect(new URL(uri).searchParams.get("period")).toBe("30");
  const confirmed = await session.request("POST", "/api/account/totp/confirm", { code: oathtool(secret) });
  expect(confirmed.status).toBe(200);
  const codes = (confirmed.body as { recovery_codes: string[] | null }).recovery_codes ?? [];
  expect(codes).toHaveLength(10);
  return { secret, codes };
}
