import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { randomBytes, randomUUID } from "node:crypto";
import {
  affiliateSchema,
  affiliatesSchema,
  credentialsSchema,
  revealedSchema,
  rotatedSchema,
  timeZoneSchema,
  webhookSecretStatusSchema,
} from "@/lib/dashboard/contract/settings-api";
import { webhookEventPageSchema } from "@/lib/dashboard/contract/events-api";
import { orderSchema } from "@/lib/service-api/schemas";
import { signBody } from "@/lib/service-api/webhook-signature.mjs";
import { errorCode, http, parse } from "./harness/api";
import { createOrderVia, DashboardSession } from "./harness/dashboard";
import { IBAN_DE, operator, proofMessage } from "./harness/fixtures";
import { addressOf, bitcoinKey, signBip137 } from "./harness/wallet";
import { auditActions, tenantWithAdmin, type Fixture } from "./harness/tenant-fixture";

// /settings of a tenant: the webhook secret's rotation with an overlap, the client_id's
// replacement, the affiliate labels and agreements, and the time zone of reports. The tenant is
// this file's own (harness/tenant-fixture.ts), so the shared demo tenant's secret and credentials
// stay as the other suites expect them.

const op = operator();
const baseUrl = () => inject("baseUrl");

let fixture: Fixture;
beforeAll(async () => {
  fixture = await tenantWithAdmin();
});

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
