import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { errorCode } from "./harness/api";
import { SoftAuthenticator } from "./harness/authenticator";
import { DashboardSession } from "./harness/dashboard";
import { Browser, oathtool } from "./harness/sign-in-steps";
import { address, base, enrolTotp, newMember, signedIn, THIRTY_S } from "./harness/second-factors";

// Second factors over HTTP: authenticator codes computed by Debian's oathtool, passkeys made by a
// software authenticator and verified by SimpleWebAuthn, recovery codes, and the half-signed-in
// state of the second step (the tenant's policy, an admin's reset and step-up are in
// second-factors-policy.test.ts). Every account here is new, made through the team API, so no
// other test meets a factor or a policy of these.

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
    // sent to the sign-in page too, which goes on with the step after a reload
    expect(pending).toMatch(/Path=\/(;|$)/i);
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
