import { createHmac, randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { consoleTenantSchema, consoleTenantsSchema, tenantCreatedSchema } from "@/lib/dashboard/contract/console-api";
import { errorBodySchema } from "@/lib/service-api/schemas";
import { errorCode, http, parse, type Reply } from "./harness/api";
import { DashboardSession } from "./harness/dashboard";
import { eventBody } from "./harness/events";
import { operator } from "./harness/fixtures";
import { tenantWithAdmin } from "./harness/tenant-fixture";

// Tenants are checked with the service before they are stored, and an operator mends them:
// another service or client_id (checked again), disabled and enabled, deleted with their data
// kept or purged. And Settings takes a webhook secret the service issued.

let op: DashboardSession;
const base = () => inject("baseUrl");
const fields = (reply: Reply) => ((errorBodySchema.parse(reply.body) as { details?: { path: string }[] }).details ?? []).map((d) => d.path);
const webhook = (url: string, secret: string) => {
  const body = eventBody("exchange.executed");
  return http("POST", url, {
    raw: body,
    headers: {
      "content-type": "application/json",
      "x-correlation-id": randomUUID(),
      "x-signature-256": `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`,
    },
  });
};

beforeAll(async () => {
  op = await DashboardSession.signIn("operator@example.com");
});

describe("a tenant is checked with the service before it is stored", () => {
  it("a made-up client_id, an unreachable service and an API that takes anyone are refused by name; a real one is taken", async () => {
    const create = (body: Record<string, unknown>) =>
      op.request("POST", "/api/operator/tenants", { name: `Checked ${randomBytes(3).toString("hex")}`, network: "testnet", ...body });
    const client = await operator().createClient("Checked client");
    const table: [string, Record<string, unknown>, string][] = [
      ["a made-up client_id", { base_url: `${base()}/sandbox`, client_id: "made-up-client" }, "client_id"],
      ["nothing listens there", { base_url: "http://127.0.0.1:9/sandbox", client_id: client.client_id }, "base_url"],
      // the dashboard's own API answers 404 to anyone: not the service
      ["not the service's API", { base_url: `${base()}/api`, client_id: client.client_id }, "base_url"],
    ];
    for (const [what, body, field] of table) {
      const refused = await create(body);
      expect([refused.status, errorCode(refused)], what).toEqual([400, "invalid_request"]);
      expect(fields(refused), what).toEqual([field]);
    }
    const before = parse(consoleTenantsSchema, await op.request("GET", "/api/operator/tenants"), 200).data.length;
    expect(before).toBeGreaterThan(0);
    parse(tenantCreatedSchema, await create({ base_url: `${base()}/sandbox`, client_id: client.client_id }), 201);
    const after = parse(consoleTenantsSchema, await op.request("GET", "/api/operator/tenants"), 200).data.length;
    expect(after).toBe(before + 1);
  });
});

describe("an operator mends a tenant", () => {
  it("another client_id (checked), disabled (members, API and webhooks refused) and enabled again", async () => {
    const fixture = await tenantWithAdmin();
    const path = `/api/operator/tenants/${fixture.tenantId}`;
    const bad = await op.request("PATCH", path, { client_id: "made-up-client" });
    expect([bad.status, fields(bad)]).toEqual([400, ["client_id"]]);
    const other = await operator().createClient("Replacement client");
    const renamed = parse(consoleTenantSchema, await op.request("PATCH", path, { client_id: other.client_id, name: "Mended" }), 200);
    expect(renamed).toMatchObject({ name: "Mended", status: "active" });

    const disabled = parse(consoleTenantSchema, await op.request("PATCH", path, { status: "disabled" }), 200);
    expect(disabled.status).toBe("disabled");
    const refused = await fixture.admin.request("GET", "/api/orders");
    expect([refused.status, errorCode(refused)]).toEqual([403, "tenant_disabled"]);
    const hook = await webhook(fixture.webhookUrl, fixture.secret);
    expect([hook.status, errorCode(hook)]).toEqual([403, "tenant_disabled"]);
    // its rejections are counted where the operator looks
    const rejections = (await op.request("GET", `/api/webhooks/rejections?tenant_id=${fixture.tenantId}`)).body as {
      data: { reason: string; count: number }[];
    };
    expect(rejections.data.find((r) => r.reason === "tenant disabled")?.count).toBe(1);

    parse(consoleTenantSchema, await op.request("PATCH", path, { status: "active" }), 200);
    expect((await fixture.admin.request("GET", "/api/orders")).status).toBe(200);
    expect((await webhook(fixture.webhookUrl, fixture.secret)).status).toBe(200);
  });

  it("the default tenant is neither disabled nor deleted while others exist", async () => {
    const tenants = parse(consoleTenantsSchema, await op.request("GET", "/api/operator/tenants"), 200).data;
    const fallback = tenants.find((t) => t.is_default);
    expect(fallback).toBeDefined();
    const disable = await op.request("PATCH", `/api/operator/tenants/${fallback?.id}`, { status: "disabled" });
    expect([disable.status, errorCode(disable)]).toEqual([409, "conflict"]);
    const remove = await op.request("DELETE", `/api/operator/tenants/${fallback?.id}?data=keep`);
    expect([remove.status, errorCode(remove)]).toEqual([409, "conflict"]);
    const noChoice = await op.request("DELETE", `/api/operator/tenants/${fallback?.id}`);
    expect([noChoice.status, fields(noChoice)]).toEqual([400, ["data"]]);
  });

  it("deleted with its data kept: gone from the lists, its members signed out and disabled, its webhooks unknown", async () => {
    const fixture = await tenantWithAdmin();
    expect((await op.request("DELETE", `/api/operator/tenants/${fixture.tenantId}?data=keep`)).status).toBe(204);
    const listed = parse(consoleTenantsSchema, await op.request("GET", "/api/operator/tenants"), 200).data;
    expect(listed.map((t) => t.id)).not.toContain(fixture.tenantId);
    expect((await fixture.admin.request("GET", "/api/orders")).status).toBe(401);
    expect((await webhook(fixture.webhookUrl, fixture.secret)).status).toBe(404);
    const audit = (await op.request("GET", "/api/audit?action=tenants.delete&limit=5")).body as {
      data: { target: string; result: string }[];
    };
    expect(audit.data[0]).toMatchObject({ result: "ok", target: expect.stringContaining("data keep") });
  });

  it("purged: no table holds a row of it afterwards", async () => {
    const fixture = await tenantWithAdmin();
    // something of it in most tables: an API key, an agreement, webhooks, sign-ins, audit rows
    await fixture.admin.request("POST", "/api/settings/api-keys", { name: "Doomed", scopes: ["read"] });
    await fixture.admin.request("PUT", `/api/agreements/${randomUUID()}`, { label: "Doomed", periods: [] });
    expect((await webhook(fixture.webhookUrl, fixture.secret)).status).toBe(200);
    expect((await webhook(fixture.webhookUrl, "wrong-secret-0000000000")).status).toBe(401);
    expect((await op.request("DELETE", `/api/operator/tenants/${fixture.tenantId}?data=purge`)).status).toBe(204);
    expect((await fixture.admin.request("GET", "/api/orders")).status).toBe(401);
    expect((await webhook(fixture.webhookUrl, fixture.secret)).status).toBe(404);
    const databaseUrl = inject("databaseUrl");
    // PGlite is the app's alone: the catalog is read where the suite runs on PostgreSQL (CI runs both)
    if (!databaseUrl) return;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows: tables } = await client.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'tenant_id'",
      );
      expect(tables.length).toBeGreaterThan(15);
      const left: string[] = [];
      for (const { table_name } of tables) {
        const { rows } = await client.query(`SELECT count(*)::int AS n FROM "${table_name}" WHERE tenant_id = $1`, [fixture.tenantId]);
        if ((rows[0] as { n: number }).n > 0) left.push(table_name);
      }
      expect(left).toEqual([]);
    } finally {
      await client.end();
    }
  });
});

describe("Settings takes a webhook secret the service issued", () => {
  it("a rotation to the given secret: webhooks signed with it are taken, and with the old one during the overlap", async () => {
    const fixture = await tenantWithAdmin();
    const issued = `svc_${randomBytes(20).toString("hex")}`;
    const short = await fixture.admin.request("POST", "/api/settings/webhook-secret/rotate", { overlap_hours: 1, secret: "short" });
    expect([short.status, fields(short)]).toEqual([400, ["secret"]]);
    const rotated = await fixture.admin.request("POST", "/api/settings/webhook-secret/rotate", { overlap_hours: 1, secret: issued });
    expect(rotated.status).toBe(200);
    expect((rotated.body as { secret: string }).secret).toBe(issued);
    expect((await webhook(fixture.webhookUrl, issued)).status).toBe(200);
    expect((await webhook(fixture.webhookUrl, fixture.secret)).status).toBe(200);
  });
});
