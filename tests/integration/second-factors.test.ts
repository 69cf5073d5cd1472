import { randomBytes } from "node:crypto";
import { describe, expect, inject, it, onTestFinished } from "vitest";
import { errorCode } from "./harness/api";
import { SoftAuthenticator } from "./harness/authenticator";
import { inviteAndJoin } from "./harness/invitations";
import { DashboardSession, inTenant } from "./harness/dashboard";
import { Browser, oathtool } from "./harness/sign-in-steps";

// Second factors over HTTP: authenticator codes computed by Debian's oathtool, passkeys made by a
// software authenticator and verified by SimpleWebAuthn, recovery codes, the half-signed-in state
// of the second step, the tenant's policy, and an admin's reset. Every account here is new, made
// through the team API, so no other test meets a factor or a policy of these.

const base = () => inject("baseUrl");
const address = () => `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
const THIRTY_S = 30_000;

type Member = { email: string; password: string; id: string };

/** A new member of the demo tenant (or of the tenant `as` acts in), who joined through their invitation's link. */
async function newMember(role: "admin" | "viewer", as?: Pick<DashboardSession, "request">): Promise<Member> {
  const admin = as ?? (await DashboardSession.signIn("affiliate@example.com"));
  return inviteAndJoin(admin, role, { email: `tfa-${randomBytes(5).toString("hex")}@example.com` });
}

async function signedIn(member: Member, browser = new Browser(base(), address())): Promise<DashboardSession> {
  expect((await browser.step("credentials", { email: member.email, password: member.password })).error).toBeNull();
  return DashboardSession.of(browser.sessionCookie ?? "");
}

/** Turns on an authenticator app for a signed-in member; its key, and the recovery codes it brought. */
async function enrolTotp(session: DashboardSession): Promise<{ secret: string; codes: string[] }> {
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

describe("an authenticator app (RFC 6238), with codes from oathtool", () => {
  it("enrol, sign out, sign in with password and code; a replayed or 3-steps-old code is refused; a recovery code works once", async () => {
    const member = await newMember("viewer");
    const { secret, codes } = await enrolTotp(await signedIn(member));

    // the password alone no longer signs in: a second step, in this browser only
    const browser = new Browser(base(), address());
    expect((await browser.step("credentials", { email: member.email, password: member.password })).error).toBe("SecondFactorRequired");
    expect(browser.sessionCookie).toBeNull();
    const step = await browser.fetch("/api/sign-in/second-factor");
    expect(step.status).toBe(200);
    expect(step.body).toMatchObject({ email: member.email, methods: ["code", "recovery_code"] });

    // the code of the next step is accepted (one step of drift)
    const next = oathtool(secret, Date.now() + THIRTY_S);
    expect((await browser.step("second-factor", { code: next })).error).toBeNull();
    const session = DashboardSession.of(browser.sessionCookie ?? "");
    expect((await session.request("GET", "/api/orders")).status).toBe(200);
    await session.signOut();

    // the same code again, within its window: refused
    const replay = new Browser(base(), address());
    expect((await replay.step("credentials", { email: member.email, password: member.password })).error).toBe("SecondFactorRequired");
    expect((await replay.step("second-factor", { code: next })).error).toBe("WrongCode");
    // a code of 3 steps ago: refused
    expect((await replay.step("second-factor", { code: oathtool(secret, Date.now() - 3 * THIRTY_S) })).error).toBe("WrongCode");
    expect(replay.sessionCookie).toBeNull();

    // a recovery code, typed loosely: once
    const [recovery = ""] = codes;
    expect((await replay.step("second-factor", { recovery_code: ` ${recovery.toUpperCase()} ` })).error).toBeNull();
    const again = new Browser(base(), address());
    await again.step("credentials", { email: member.email, password: member.password });
    expect((await again.step("second-factor", { recovery_code: recovery })).error).toBe("WrongCode");

    // the team's sign-in history names each method
    const admin = await DashboardSession.signIn("affiliate@example.com");
    const history = (await admin.request("GET", "/api/settings/sign-ins?limit=50")).body as {
      data: { email: string; result: string; method: string | null }[];
    };
    const mine = history.data.filter((s) => s.email === member.email).map((s) => `${s.result}:${s.method ?? ""}`);
    expect(mine).toEqual(expect.arrayContaining(["ok:password", "ok:password_code", "ok:recovery_code", "wrong_code:"]));
  }, 60_000);

  it("the second step belongs to the browser that gave the password: no session without it, none from the session endpoint", async () => {
    const member = await newMember("viewer");
    const { secret } = await enrolTotp(await signedIn(member));
    const browser = new Browser(base(), address());
    await browser.step("credentials", { email: member.email, password: member.password });
    const pending = browser.lastSetCookies.find((c) => c.startsWith("sign-in-pending="));
    expect(pending).toMatch(/HttpOnly/i);
    expect(pending).toMatch(/Path=\/api(;|$)/i);
    expect(pending).toMatch(/Max-Age=300/i);
    expect(pending).toMatch(/SameSite=Lax/i);

    // next-auth's session endpoint knows nothing of a half-signed-in browser
    const session = await browser.fetch("/api/auth/session");
    expect(session.body).toEqual({});
    // another browser with the right code but not the state: refused
    const stranger = new Browser(base(), address());
    expect((await stranger.step("second-factor", { code: oathtool(secret) })).error).toBe("SecondStepExpired");
    expect(stranger.sessionCookie).toBeNull();
    expect((await stranger.fetch("/api/sign-in/second-factor")).status).toBe(401);
    // a forged state: refused
    const forged = new Browser(base(), address());
    forged.absorb(new Response(null, { headers: { "set-cookie": `sign-in-pending=${randomBytes(32).toString("base64url")}` } }));
    expect((await forged.step("second-factor", { code: oathtool(secret) })).error).toBe("SecondStepExpired");
    // the API refuses the half-signed-in browser as it refuses anyone without a session
    expect((await browser.fetch("/api/orders")).status).toBe(401);
  });

  it("wrong codes count against the sign-in limits: after four wrong codes even the right one is refused", async () => {
    const member = await newMember("viewer");
    const { secret } = await enrolTotp(await signedIn(member));
    const browser = new Browser(base(), address());
    await browser.step("credentials", { email: member.email, password: member.password });
    for (let i = 0; i < 4; i++) expect((await browser.step("second-factor", { code: "000000" })).error).toBe("WrongCode");
    expect((await browser.step("second-factor", { code: oathtool(secret) })).error).toBe("RateLimited");
    // the account stays locked for a fresh start too
    const fresh = new Browser(base(), address());
    expect((await fresh.step("credentials", { email: member.email, password: member.password })).error).toBe("RateLimited");
  });
});

describe("passkeys (WebAuthn), verified by SimpleWebAuthn", () => {
  async function withPasskey() {
    const member = await newMember("viewer");
    const session = await signedIn(member);
    const authenticator = new SoftAuthenticator();
    const options = await session.request("POST", "/api/account/passkeys/options");
    expect(options.status).toBe(200);
    const created = options.body as { challenge: string; rp: { id: string }; user: { id: string }; authenticatorSelection: unknown };
    expect(created.rp.id).toBe(new URL(base()).hostname);
    expect(created.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    const response = authenticator.register(created, base());
    const added = await session.request("POST", "/api/account/passkeys", { name: "Test key", response });
    expect(added.status).toBe(201);
    const codes = (added.body as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    return { member, session, authenticator, passkeyId: response.id, codes };
  }

  async function passkeyOptions(browser: Browser) {
    const options = await browser.fetch("/api/sign-in/passkey/options", { method: "POST" });
    expect(options.status).toBe(200);
    return options.body as { challenge: string; rpId: string; userVerification: string };
  }

  it("a registered passkey signs in alone; its use is recorded; it can be renamed and removed", async () => {
    const { member, session, authenticator, passkeyId } = await withPasskey();
    const browser = new Browser(base(), address());
    const options = await passkeyOptions(browser);
    expect(options.userVerification).toBe("required");
    const assertion = authenticator.assert(options, base());
    expect((await browser.step("passkey", { response: JSON.stringify(assertion) })).error).toBeNull();
    const signedInWithPasskey = DashboardSession.of(browser.sessionCookie ?? "");
    const security = (await signedInWithPasskey.request("GET", "/api/account/security")).body as {
      email: string;
      passkeys: { id: string; name: string; last_used_at: string | null }[];
    };
    expect(security.email).toBe(member.email);
    expect(security.passkeys.map((p) => [p.id, p.name, p.last_used_at !== null])).toEqual([[passkeyId, "Test key", true]]);

    const renamed = await session.request("PATCH", `/api/account/passkeys/${passkeyId}`, { name: "Laptop" });
    expect((renamed.body as { name: string }).name).toBe("Laptop");
    expect((await session.request("DELETE", `/api/account/passkeys/${passkeyId}`)).status).toBe(204);
    // removed: it signs in no more
    const after = new Browser(base(), address());
    const refused = authenticator.assert(await passkeyOptions(after), base());
    expect((await after.step("passkey", { response: JSON.stringify(refused) })).error).toBe("PasskeyFailed");
  });

  it("refused: an answer made for another origin, one replayed, one without user verification, one for another challenge", async () => {
    const { authenticator } = await withPasskey();
    // a phishing site relays our challenge, but the browser signs its own origin
    const phished = new Browser(base(), address());
    const forEvil = authenticator.assert(await passkeyOptions(phished), "https://dashboard.example-login.com");
    expect((await phished.step("passkey", { response: JSON.stringify(forEvil) })).error).toBe("PasskeyFailed");
    // the right answer, used twice: the challenge is gone after the first
    const browser = new Browser(base(), address());
    const good = authenticator.assert(await passkeyOptions(browser), base());
    const jar = browser.cookie("passkey-challenge") ?? "";
    expect((await browser.step("passkey", { response: JSON.stringify(good) })).error).toBeNull();
    const replay = new Browser(base(), address());
    replay.absorb(new Response(null, { headers: { "set-cookie": `passkey-challenge=${jar}` } }));
    expect((await replay.step("passkey", { response: JSON.stringify(good) })).error).toBe("PasskeyFailed");
    // an answer to another browser's challenge
    const mine = new Browser(base(), address());
    const theirs = new Browser(base(), address());
    await passkeyOptions(mine);
    const forTheirs = authenticator.assert(await passkeyOptions(theirs), base());
    expect((await mine.step("passkey", { response: JSON.stringify(forTheirs) })).error).toBe("PasskeyFailed");
    expect(mine.sessionCookie).toBeNull();
  });

  it("a passkey without user verification is refused at registration", async () => {
    const member = await newMember("viewer");
    const session = await signedIn(member);
    const options = (await session.request("POST", "/api/account/passkeys/options")).body as {
      challenge: string;
      rp: { id: string };
      user: { id: string };
    };
    const response = new SoftAuthenticator({ userVerified: false }).register(options, base());
    const refused = await session.request("POST", "/api/account/passkeys", { name: "No UV", response });
    expect([refused.status, errorCode(refused)]).toEqual([400, "invalid_passkey"]);
  });

  it("a passkey finishes the second step of its own account only", async () => {
    const { member, authenticator } = await withPasskey();
    const other = await withPasskey();
    const browser = new Browser(base(), address());
    expect((await browser.step("credentials", { email: member.email, password: member.password })).error).toBe("SecondFactorRequired");
    const step = await browser.fetch("/api/sign-in/second-factor/options", { method: "POST" });
    const options = step.body as { challenge: string; rpId: string; allowCredentials: { id: string }[] };
    expect(options.allowCredentials).toHaveLength(1);
    // someone else's passkey, answering this account's challenge
    const wrong = other.authenticator.assert(options, base());
    expect((await browser.step("second-factor", { passkey: JSON.stringify(wrong) })).error).toBe("WrongCode");
    const right = authenticator.assert(options, base());
    expect((await browser.step("second-factor", { passkey: JSON.stringify(right) })).error).toBeNull();
  });

  it("successful two-step sign-ins give their attempts back: an office behind one address is never locked out by them", async () => {
    const { member, authenticator, codes } = await withPasskey();
    const office = address();
    // more two-step sign-ins than the address's 20 attempts in 15 minutes: ten with the ten
    // recovery codes, eleven with the passkey (whose challenges have a limit of their own per address)
    const errors: (string | null)[] = [];
    for (let i = 0; i < 21; i++) {
      const browser = new Browser(base(), office);
      expect((await browser.step("credentials", { email: member.email, password: member.password })).error).toBe("SecondFactorRequired");
      const code = codes[i];
      if (code) {
        errors.push((await browser.step("second-factor", { recovery_code: code })).error);
        continue;
      }
      const options = (await browser.fetch("/api/sign-in/second-factor/options", { method: "POST" })).body as { challenge: string };
      errors.push((await browser.step("second-factor", { passkey: JSON.stringify(authenticator.assert(options, base())) })).error);
    }
    expect(errors).toEqual(Array.from({ length: 21 }, () => null));
  }, 60_000);
});

describe("the tenant's policy and an admin's reset", () => {
  it("with a second factor required, a member without one can only enrol; once enrolled, everything opens", async () => {
    const operator = await DashboardSession.signIn("operator@example.com");
    const created = await operator.request("POST", "/api/operator/tenants", {
      name: `Policy ${randomBytes(3).toString("hex")}`,
      base_url: "https://api.example.com",
      client_id: `cl_${randomBytes(8).toString("hex")}`,
      network: "testnet",
    });
    expect(created.status).toBe(201);
    const tenantId = (created.body as { id: string }).id;
    const asOperator = inTenant(operator, tenantId);
    const member = await newMember("viewer", asOperator);
    // an admin without a factor of their own cannot lock themselves out
    const admin = await signedIn(await newMember("admin", asOperator));
    const own = await admin.request("PUT", "/api/settings/security", { require_second_factor: true });
    expect([own.status, errorCode(own)]).toEqual([409, "conflict"]);
    expect((await asOperator.request("PUT", "/api/settings/security", { require_second_factor: true })).status).toBe(200);

    const session = await signedIn(member);
    const refused = await session.request("GET", "/api/orders");
    expect([refused.status, errorCode(refused)]).toEqual([403, "second_factor_required"]);
    const events = await session.request("GET", "/api/events");
    expect(events.status).toBe(403);
    const security = (await session.request("GET", "/api/account/security")).body as {
      must_enrol: boolean;
      second_factor_required: boolean;
    };
    expect(security).toMatchObject({ must_enrol: true, second_factor_required: true });
    // the pages send them to their account page
    const page = await fetch(`${base()}/orders`, { headers: { cookie: session.cookieHeader }, redirect: "manual" });
    expect([page.status, new URL(page.headers.get("location") ?? "", base()).pathname]).toEqual([307, "/account"]);

    await enrolTotp(session);
    expect((await session.request("GET", "/api/orders")).status).not.toBe(403);
    // the last factor stays while the policy asks for one
    const removal = await session.request("DELETE", "/api/account/totp");
    expect([removal.status, errorCode(removal)]).toEqual([409, "conflict"]);
    const team = (await asOperator.request("GET", "/api/settings/team")).body as { data: { email: string; second_factor: boolean }[] };
    expect(team.data.find((m) => m.email === member.email)?.second_factor).toBe(true);
  }, 60_000);

  it("an admin's reset removes a member's factors and ends their sessions; it is audited", async () => {
    const member = await newMember("viewer");
    const session = await signedIn(member);
    await enrolTotp(session);
    const admin = await DashboardSession.signIn("affiliate@example.com");
    const reset = await admin.request("POST", `/api/settings/team/${member.id}/reset-second-factors`);
    expect(reset.status).toBe(200);
    expect((reset.body as { second_factor: boolean }).second_factor).toBe(false);
    expect((await session.request("GET", "/api/account/security")).status).toBe(401);
    // the password alone signs in again: nothing is required of this tenant
    const again = await signedIn(member);
    const security = (await again.request("GET", "/api/account/security")).body as {
      totp: { enabled: boolean };
      recovery_codes: { remaining: number };
    };
    expect(security).toMatchObject({ totp: { enabled: false }, recovery_codes: { remaining: 0 } });
    const audit = (await admin.request("GET", "/api/audit?action=team.reset_second_factors")).body as {
      data: { action: string; target: string | null; result: string }[];
    };
    expect(audit.data[0]).toMatchObject({ action: "team.reset_second_factors", target: member.id, result: "ok" });
    // enrolment and removal are in the log too, in the member's own tenant
    const own = (await admin.request("GET", "/api/audit?action=account.")).body as { data: { action: string }[] };
    expect(own.data.map((e) => e.action)).toEqual(expect.arrayContaining(["account.totp.start", "account.totp.enable"]));
    // nobody resets their own
    const self = await admin.request("GET", "/api/settings/team");
    const me = (self.body as { data: { id: string; email: string }[] }).data.find((m) => m.email === "affiliate@example.com");
    const own2 = await admin.request("POST", `/api/settings/team/${me?.id}/reset-second-factors`);
    expect(own2.status).toBe(403);
  });
});

describe("step-up", () => {
  it("a member with a factor cannot step up with the password alone; the code does it, once", async () => {
    const member = await newMember("admin");
    const session = await signedIn(member);
    const { secret } = await enrolTotp(session);
    const methods = (await session.request("GET", "/api/account/reauthenticate")).body as { methods: string[] };
    expect(methods.methods).toEqual(["code", "recovery_code"]);
    const byPassword = await session.request("POST", "/api/account/reauthenticate", { method: "password", password: member.password });
    expect([byPassword.status, errorCode(byPassword)]).toEqual([400, "invalid_request"]);
    const code = oathtool(secret, Date.now() + THIRTY_S);
    const ok = await session.request("POST", "/api/account/reauthenticate", { method: "code", code });
    expect(ok.status).toBe(200);
    const replayed = await session.request("POST", "/api/account/reauthenticate", { method: "code", code });
    expect([replayed.status, errorCode(replayed)]).toEqual([400, "invalid_code"]);
    onTestFinished(async () => {
      await session.signOut();
    });
  });
});
