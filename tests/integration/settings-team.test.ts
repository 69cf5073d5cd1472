import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { randomBytes, randomUUID } from "node:crypto";
import { signInPageSchema, teamMemberSchema, teamSchema, mailedLinkSchema } from "@/lib/dashboard/contract/settings-api";
import { errorCode, http, parse } from "./harness/api";
import { DashboardSession, signIn } from "./harness/dashboard";
import { inviteAndJoin, mailedLink, redeemMailedLink } from "./harness/invitations";
import { auditActions, tenantWithAdmin, type Fixture } from "./harness/tenant-fixture";

// /settings of a tenant, its team: members invited and reset by mailed links, roles, disabling,
// and the sign-in history. The tenant is this file's own (harness/tenant-fixture.ts).

const baseUrl = () => inject("baseUrl");

let fixture: Fixture;
beforeAll(async () => {
  fixture = await tenantWithAdmin();
});

describe("team", () => {
  it("invites a member by mail; role changes, disabling and reset links end their sessions", async () => {
    const { admin } = fixture;
    const email = `viewer-${randomBytes(4).toString("hex")}@example.com`;
    const added = parse(mailedLinkSchema, await admin.request("POST", "/api/settings/team", { email, role: "viewer" }), 201);
    expect(added.member).toMatchObject({ email, role: "viewer", disabled: false, last_sign_in_at: null, invitation_pending: true });
    expect(added.link.purpose).toBe("invitation");
    expect(Date.parse(added.link.expires_at) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    // nobody knows a password yet: the invited member cannot sign in before the link is used
    expect((await signIn(baseUrl(), email, "anything-at-all-1")).cookie).toBeNull();
    const invitation = await mailedLink(email, "invitation");
    const password = `first-${randomBytes(8).toString("hex")}`;
    await redeemMailedLink(invitation.token, password);
    // the link works once
    const again = await http("POST", `${baseUrl()}/api/account-links/${invitation.token}`, { body: { password: "another-password-1" } });
    expect([again.status, errorCode(again)]).toEqual([404, "not_found"]);

    let viewer = await DashboardSession.signIn(email, password);
    expect((await viewer.request("GET", "/api/settings/team")).status).toBe(403);
    expect((await viewer.request("POST", "/api/settings/team", { email: "x@example.com", role: "viewer" })).status).toBe(403);
    const listed = parse(teamSchema, await admin.request("GET", "/api/settings/team"), 200).data.find((m) => m.email === email);
    expect(listed?.last_sign_in_at).not.toBeNull();
    expect(listed?.invitation_pending).toBe(false);

    // a new role: the old session ends, the next sign-in has the role
    const promoted = parse(teamMemberSchema, await admin.request("PATCH", `/api/settings/team/${added.member.id}`, { role: "admin" }), 200);
    expect(promoted.role).toBe("admin");
    expect((await viewer.request("GET", "/api/orders")).status).toBe(401);
    viewer = await DashboardSession.signIn(email, password);
    expect((await viewer.request("GET", "/api/settings/team")).status).toBe(200);

    // disabled: the session ends and signing in fails; enabled again: it works
    await admin.request("PATCH", `/api/settings/team/${added.member.id}`, { disabled: true });
    expect((await viewer.request("GET", "/api/orders")).status).toBe(401);
    expect((await signIn(baseUrl(), email, password)).cookie).toBeNull();
    await admin.request("PATCH", `/api/settings/team/${added.member.id}`, { disabled: false });
    viewer = await DashboardSession.signIn(email, password);

    // an admin's reset mails a link; using it ends the sessions, and the old password is gone
    const reset = parse(mailedLinkSchema, await admin.request("POST", `/api/settings/team/${added.member.id}/reset-password`), 200);
    expect(reset.link.purpose).toBe("password_reset");
    expect(Date.parse(reset.link.expires_at) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    const link = await mailedLink(email, "password_reset");
    const newPassword = `second-${randomBytes(8).toString("hex")}`;
    await redeemMailedLink(link.token, newPassword);
    expect((await viewer.request("GET", "/api/orders")).status).toBe(401);
    expect((await signIn(baseUrl(), email, password)).cookie).toBeNull();
    await DashboardSession.signIn(email, newPassword);

    const history = parse(signInPageSchema, await admin.request("GET", "/api/settings/sign-ins?limit=100"), 200).data.filter(
      (s) => s.email === email,
    );
    expect(history.map((s) => s.result)).toEqual(["ok", "wrong_password", "ok", "disabled", "ok", "ok", "wrong_password"]);
    expect(history.every((s) => s.address.length > 0)).toBe(true);

    const actions = await auditActions(admin);
    for (const action of ["team.add ok", "team.update ok", "team.reset_password ok"]) expect(actions).toContain(action);
  });

  it("refuses changes to one's own account, duplicates, bad input and members of other tenants", async () => {
    const { admin } = fixture;
    const self = parse(teamSchema, await admin.request("GET", "/api/settings/team"), 200).data.find((m) => m.role === "admin");
    const own = await admin.request("PATCH", `/api/settings/team/${self?.id}`, { role: "viewer" });
    expect([own.status, errorCode(own)]).toEqual([403, "forbidden"]);
    const ownReset = await admin.request("POST", `/api/settings/team/${self?.id}/reset-password`);
    expect(ownReset.status).toBe(403);

    const duplicate = await admin.request("POST", "/api/settings/team", { email: "viewer@example.com", role: "viewer" });
    expect([duplicate.status, errorCode(duplicate)]).toEqual([409, "conflict"]);
    for (const body of [
      { email: "not an email", role: "viewer" },
      { email: "a@example.com", role: "operator" },
      { email: "a@example.com" },
    ]) {
      const reply = await admin.request("POST", "/api/settings/team", body);
      expect([JSON.stringify(body), reply.status, errorCode(reply)]).toEqual([JSON.stringify(body), 400, "invalid_request"]);
    }
    const empty = await admin.request("PATCH", `/api/settings/team/${randomUUID()}`, {});
    expect(empty.status).toBe(400);

    // the demo tenant's viewer is not this admin's to change
    const demoAdmin = await DashboardSession.signIn("affiliate@example.com");
    const demoViewer = parse(teamSchema, await demoAdmin.request("GET", "/api/settings/team"), 200).data.find(
      (m) => m.email === "viewer@example.com",
    );
    expect(demoViewer).toBeDefined();
    for (const [method, path, body] of [
      ["PATCH", `/api/settings/team/${demoViewer?.id}`, { disabled: true }],
      ["POST", `/api/settings/team/${demoViewer?.id}/reset-password`, undefined],
      ["PATCH", "/api/settings/team/not-a-uuid", { disabled: true }],
    ] as const) {
      const reply = await admin.request(method, path, body);
      expect([path, reply.status, errorCode(reply)]).toEqual([path, 404, "not_found"]);
    }
    const demoTeam = parse(teamSchema, await demoAdmin.request("GET", "/api/settings/team"), 200).data.map((m) => m.email);
    const ownTeam = parse(teamSchema, await admin.request("GET", "/api/settings/team"), 200).data.map((m) => m.email);
    expect(demoTeam.filter((email) => ownTeam.includes(email))).toEqual([]);
  });

  it("keeps one refusal per rate-limit window, not one row per attempt", async () => {
    const { admin } = fixture;
    const email = `limited-${randomBytes(4).toString("hex")}@example.com`;
    await inviteAndJoin(admin, "viewer", { email });
    for (let i = 0; i < 9; i++) await signIn(baseUrl(), email, "wrong password", `198.51.100.${i + 1}`);
    const history = parse(signInPageSchema, await admin.request("GET", "/api/settings/sign-ins?limit=100"), 200).data.filter(
      (s) => s.email === email,
    );
    expect(history.map((s) => s.result)).toEqual([
      "rate_limited",
      "wrong_password",
      "wrong_password",
      "wrong_password",
      "wrong_password",
      "wrong_password",
    ]);
  });
});

/** A webhook for the tenant's endpoint, signed with `secret`; the answer's status. */
