import { randomBytes } from "node:crypto";
import { describe, expect, inject, it, onTestFinished } from "vitest";
import { errorCode } from "./harness/api";
import { operator as sandboxOperator } from "./harness/fixtures";
import { DashboardSession, inTenant } from "./harness/dashboard";
import { oathtool } from "./harness/sign-in-steps";
import { base, enrolTotp, newMember, signedIn, THIRTY_S } from "./harness/second-factors";

// The tenant's second-factor policy, an admin's reset of a member's factors, and step-up before
// what needs it. Every account here is new, made through the team API.

describe("the tenant's policy and an admin's reset", () => {
  it("with a second factor required, a member without one can only enrol; once enrolled, everything opens", async () => {
    const operator = await DashboardSession.signIn("operator@example.com");
    const created = await operator.request("POST", "/api/operator/tenants", {
      name: `Policy ${randomBytes(3).toString("hex")}`,
      // the service is asked first: a client of this app's sandbox
      base_url: `${inject("baseUrl")}/sandbox`,
      client_id: (await sandboxOperator().createClient(`Policy client ${randomBytes(3).toString("hex")}`)).client_id,
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
