import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { randomBytes, randomUUID } from "node:crypto";
import { tenantCreatedSchema } from "@/lib/dashboard/contract/console-api";
import { auditPageSchema } from "@/lib/dashboard/contract/dashboard-api";
import {
  affiliateSchema,
  affiliatesSchema,
  credentialsSchema,
  revealedSchema,
  rotatedSchema,
  signInPageSchema,
  teamMemberSchema,
  teamSchema,
  mailedLinkSchema,
  timeZoneSchema,
  webhookSecretStatusSchema,
} from "@/lib/dashboard/contract/settings-api";
import { webhookEventPageSchema } from "@/lib/dashboard/contract/events-api";
import { orderSchema } from "@/lib/service-api/schemas";
import { signBody } from "@/lib/service-api/webhook-signature";
import { errorCode, http, parse } from "./harness/api";
import { createOrderVia, DashboardSession, signIn } from "./harness/dashboard";
import { IBAN_DE, operator, proofMessage } from "./harness/fixtures";
import { addressOf, bitcoinKey, signBip137 } from "./harness/wallet";
import { inviteAndJoin, mailedLink, redeemMailedLink } from "./harness/invitations";

// /settings of a tenant: the team, invited and reset by mailed links, and the sign-in history, the webhook
// secret's rotation with an overlap, the client_id's replacement and the affiliate labels. Each
// test works on a tenant of its own, made as an operator makes one, so the shared demo tenant's
// secret and credentials stay as the other suites expect them.

const op = operator();
const baseUrl = () => inject("baseUrl");

type Fixture = { tenantId: string; clientId: string; affiliateIds: string[]; webhookUrl: string; secret: string; admin: DashboardSession };

/** A sandbox client, a tenant for it with its webhook endpoint registered, and a first admin. */
async function tenantWithAdmin(): Promise<Fixture> {
  const client = await op.createClient(`Settings ${randomBytes(3).toString("hex")}`);
  const operatorSession = await DashboardSession.signIn("operator@example.com");
  const tenant = parse(
    tenantCreatedSchema,
    await operatorSession.request("POST", "/api/operator/tenants", {
      name: `Settings tenant ${randomBytes(3).toString("hex")}`,
      base_url: `${baseUrl()}/sandbox`,
      client_id: client.client_id,
      network: "testnet",
    }),
    201,
  );
  const registered = await op.request("PUT", `/clients/${client.client_id}/webhook-endpoints`, {
    endpoints: [{ url: tenant.webhook_url, secret: tenant.webhook_secret }],
  });
  expect(registered.status).toBe(200);
  const joined = await inviteAndJoin(operatorSession, "admin", {
    email: `admin-${randomBytes(4).toString("hex")}@example.com`,
    path: `/api/settings/team?tenant_id=${tenant.id}`,
  });
  const admin = await DashboardSession.signIn(joined.email, joined.password);
  return {
    tenantId: tenant.id,
    clientId: client.client_id,
    affiliateIds: client.affiliate_ids,
    webhookUrl: tenant.webhook_url,
    secret: tenant.webhook_secret,
    admin,
  };
}

let fixture: Fixture;
beforeAll(async () => {
  fixture = await tenantWithAdmin();
});

async function auditActions(session: DashboardSession) {
  return parse(auditPageSchema, await session.request("GET", "/api/audit?limit=100"), 200).data.map((e) => `${e.action} ${e.result}`);
}

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
async function postWebhook(url: string, secret: string) {
  const body = JSON.stringify({ event: "test.ping", payload: { nonce: randomBytes(8).toString("hex") } });
  const reply = await http("POST", url, {
    raw: body,
    headers: { "content-type": "application/json", "x-signature-256": signBody(body, secret) },
  });
  return reply.status;
}

/** Waits until the tenant's dashboard has stored a webhook about the exchange, running due deliveries meanwhile. */
async function arrived(session: DashboardSession, exchangeId: string) {
  for (let i = 0; i < 100; i++) {
    const page = parse(webhookEventPageSchema, await session.request("GET", `/api/webhook-events?exchange_id=${exchangeId}`), 200);
    if (page.data.length > 0) return;
    await op.runDeliveries();
  }
  throw new Error("the sandbox's webhook never arrived");
}

describe("webhook secret", () => {
  it("rotates with an overlap: both secrets are accepted until it ends, the sandbox signs with the new one at once", async () => {
    const { admin, webhookUrl, secret } = fixture;
    const before = parse(webhookSecretStatusSchema, await admin.request("GET", "/api/settings/webhook-secret"), 200);
    expect(before).toMatchObject({ webhook_url: webhookUrl, previous: null, registered_automatically: true });
    expect(before.current).toMatch(/^whsec_•+.{4}$/);
    expect(before.current.endsWith(secret.slice(-4))).toBe(true);
    expect(JSON.stringify(before)).not.toContain(secret);

    const rotated = parse(rotatedSchema, await admin.request("POST", "/api/settings/webhook-secret/rotate", { overlap_hours: 24 }), 200);
    expect(rotated.secret).not.toBe(secret);
    expect(rotated.status.previous?.masked.endsWith(secret.slice(-4))).toBe(true);
    const until = Date.parse(rotated.status.previous?.until ?? "");
    expect(Math.abs(until - Date.now() - 24 * 3_600_000)).toBeLessThan(60_000);

    expect(await postWebhook(webhookUrl, secret)).toBe(200);
    expect(await postWebhook(webhookUrl, rotated.secret)).toBe(200);
    expect(await postWebhook(webhookUrl, `whsec_${randomBytes(16).toString("hex")}`)).toBe(401);

    const revealed = parse(revealedSchema, await admin.request("POST", "/api/settings/webhook-secret/reveal", { which: "current" }), 200);
    expect(revealed.secret).toBe(rotated.secret);
    const previous = parse(revealedSchema, await admin.request("POST", "/api/settings/webhook-secret/reveal", { which: "previous" }), 200);
    expect(previous.secret).toBe(secret);

    // no overlap: the secret before is refused at once
    const again = parse(rotatedSchema, await admin.request("POST", "/api/settings/webhook-secret/rotate", { overlap_hours: 0 }), 200);
    expect(again.status.previous).toBeNull();
    expect(await postWebhook(webhookUrl, rotated.secret)).toBe(401);
    expect(await postWebhook(webhookUrl, again.secret)).toBe(200);
    // only the newest secret is accepted now, and the sandbox's next delivery arrives: it signs with that one
    const order = await createOrderVia(admin);
    const { exchange_id } = await op.pay({ order_id: order.id, amount: 40, currency: "eur" });
    await arrived(admin, exchange_id);
    const none = await admin.request("POST", "/api/settings/webhook-secret/reveal", { which: "previous" });
    expect([none.status, errorCode(none)]).toEqual([404, "not_found"]);

    for (const body of [{ overlap_hours: 169 }, { overlap_hours: -1 }, { overlap_hours: "24" }]) {
      expect((await admin.request("POST", "/api/settings/webhook-secret/rotate", body)).status).toBe(400);
    }
    const actions = await auditActions(admin);
    expect(actions.filter((a) => a === "settings.webhook_secret.rotate ok")).toHaveLength(2);
    expect(actions).toContain("settings.webhook_secret.reveal ok");
    expect(actions).toContain("settings.webhook_secret.reveal not_found");
  });
});

describe("API credentials", () => {
  it("shows the client_id masked and replaces it only with one the service accepts", async () => {
    const { admin, clientId } = fixture;
    const shown = parse(credentialsSchema, await admin.request("GET", "/api/settings/credentials"), 200);
    expect(shown.base_url).toBe(`${baseUrl()}/sandbox`);
    expect(shown.client_id.endsWith(clientId.slice(-4))).toBe(true);
    expect(shown.client_id).not.toContain(clientId.slice(6, -4));

    const refused = await admin.request("PUT", "/api/settings/credentials", { client_id: "cl_nobody_has_this_one" });
    expect([refused.status, errorCode(refused)]).toEqual([400, "invalid_request"]);
    expect(parse(credentialsSchema, await admin.request("GET", "/api/settings/credentials"), 200)).toEqual(shown);
    expect((await admin.request("PUT", "/api/settings/credentials", { client_id: "" })).status).toBe(400);

    const next = await op.createClient(`Settings replacement ${randomBytes(3).toString("hex")}`);
    const replaced = parse(credentialsSchema, await admin.request("PUT", "/api/settings/credentials", { client_id: next.client_id }), 200);
    expect(replaced.client_id.endsWith(next.client_id.slice(-4))).toBe(true);
    // new orders go out with the new client_id
    const order = await createOrderVia(admin);
    expect((await next.api.request("GET", `/v1/orders/${order.id}`)).status).toBe(200);
    // and back, so the other tests keep their client
    parse(credentialsSchema, await admin.request("PUT", "/api/settings/credentials", { client_id: clientId }), 200);
    expect(await auditActions(admin)).toEqual(
      expect.arrayContaining(["settings.client_id.replace ok", "settings.client_id.replace invalid_request"]),
    );
  });
});

describe("affiliate agreements", () => {
  it("lists every affiliate_id of the tenant's orders and the labelled ones; labels them", async () => {
    const { admin, affiliateIds } = fixture;
    const partner = affiliateIds[1] ?? "";
    const challenge = (await admin.request("POST", "/api/challenges", {})).body as { token: string };
    const key = bitcoinKey(`affiliate ${Math.random()}`);
    const message = proofMessage(challenge.token);
    parse(
      orderSchema,
      await admin.request("POST", "/api/orders", {
        fee_rate: 0.02,
        affiliate_id: partner,
        payment_method: { currency: "eur", debitor_iban: IBAN_DE },
        payout_method: { bitcoin_address: addressOf(key, "p2wpkh"), message, signature: signBip137(message, key, "p2wpkh") },
      }),
      201,
    );
    const seen = parse(affiliatesSchema, await admin.request("GET", "/api/settings/affiliates"), 200).data;
    expect(seen.find((a) => a.affiliate_id === partner)).toMatchObject({ label: null, orders: 1 });

    const labelled = parse(
      affiliateSchema,
      await admin.request("PUT", `/api/settings/affiliates/${partner}`, { label: "Partner 2026" }),
      200,
    );
    expect(labelled).toMatchObject({ affiliate_id: partner, label: "Partner 2026", orders: 1 });
    const unseen = randomUUID();
    parse(affiliateSchema, await admin.request("PUT", `/api/settings/affiliates/${unseen}`, { label: "Not used yet" }), 200);
    const all = parse(affiliatesSchema, await admin.request("GET", "/api/settings/affiliates"), 200).data;
    // the orders of the other tests carry the default agreements of the two clients used: listed, unlabelled
    expect(all.map((a) => [a.affiliate_id, a.label, a.orders])).toEqual(
      expect.arrayContaining([
        [partner, "Partner 2026", 1],
        [affiliateIds[0], null, expect.any(Number)],
      ]),
    );
    expect(all.at(-1)).toMatchObject({ affiliate_id: unseen, label: "Not used yet", orders: 0, last_used_at: null });

    expect((await admin.request("DELETE", `/api/settings/affiliates/${unseen}`)).status).toBe(204);
    expect((await admin.request("DELETE", `/api/settings/affiliates/${unseen}`)).status).toBe(404);
    expect((await admin.request("PUT", "/api/settings/affiliates/nope", { label: "x" })).status).toBe(404);
    expect((await admin.request("PUT", `/api/settings/affiliates/${partner}`, { label: " " })).status).toBe(400);
    expect((await admin.request("PUT", `/api/settings/affiliates/${partner}`, { label: "x".repeat(81) })).status).toBe(400);
    // another tenant sees none of it
    const demoAdmin = await DashboardSession.signIn("affiliate@example.com");
    const demo = parse(affiliatesSchema, await demoAdmin.request("GET", "/api/settings/affiliates"), 200).data;
    expect(demo.map((a) => a.affiliate_id)).not.toContain(partner);
  });
});

describe("the time zone of reports", () => {
  it("is set in the settings (audited); a name that is no time zone is refused and changes nothing", async () => {
    const { admin } = fixture;
    expect(parse(timeZoneSchema, await admin.request("GET", "/api/settings/time-zone"), 200)).toEqual({ time_zone: "Europe/Zurich" });
    const refused = await admin.request("PUT", "/api/settings/time-zone", { time_zone: "Mars/Olympus_Mons" });
    expect([refused.status, errorCode(refused)]).toEqual([400, "invalid_request"]);
    expect(parse(timeZoneSchema, await admin.request("PUT", "/api/settings/time-zone", { time_zone: "Europe/Rome" }), 200)).toEqual({
      time_zone: "Europe/Rome",
    });
    // the reports count in it at once
    const agreements = (await admin.request("GET", "/api/agreements")).body as { time_zone: string };
    expect(agreements.time_zone).toBe("Europe/Rome");
    expect(await auditActions(admin)).toContain("settings.time_zone ok");
    const viewer = await DashboardSession.signIn("viewer@example.com");
    expect((await viewer.request("PUT", "/api/settings/time-zone", { time_zone: "Europe/Paris" })).status).toBe(403);
  });
});
