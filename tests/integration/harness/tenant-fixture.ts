import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { inject } from "vitest";
import { tenantCreatedSchema } from "@/lib/dashboard/contract/console-api";
import { auditPageSchema } from "@/lib/dashboard/contract/dashboard-api";
import { OperatorApi, parse } from "./api";
import { DashboardSession } from "./dashboard";
import { operator } from "./fixtures";
import { inviteAndJoin } from "./invitations";

// A tenant of a test's own, made as an operator makes one (the settings suites change its secret
// and credentials, which the shared demo tenant must keep as the other suites expect them).

const op = operator();
const baseUrl = () => inject("baseUrl");

export type Fixture = {
  tenantId: string;
  clientId: string;
  affiliateIds: string[];
  webhookUrl: string;
  secret: string;
  admin: DashboardSession;
};

/** Another app than the suite's (its URL, operator key and demo password): a test's own app. */
export type OnApp = { baseUrl: string; operatorKey: string; password: string };

/** A sandbox client, a tenant for it with its webhook endpoint registered, and a first admin (on the suite's app, or `on`). */
export async function tenantWithAdmin(on?: OnApp): Promise<Fixture> {
  const base = on?.baseUrl ?? baseUrl();
  const sandbox = on ? new OperatorApi(on.operatorKey, `${on.baseUrl}/sandbox`) : op;
  const client = await sandbox.createClient(`Settings ${randomBytes(3).toString("hex")}`);
  const operatorSession = await DashboardSession.signIn("operator@example.com", on?.password, on ? { baseUrl: on.baseUrl } : {});
  const tenant = parse(
    tenantCreatedSchema,
    await operatorSession.request("POST", "/api/operator/tenants", {
      name: `Settings tenant ${randomBytes(3).toString("hex")}`,
      base_url: `${base}/sandbox`,
      client_id: client.client_id,
      network: "testnet",
    }),
    201,
  );
  const registered = await sandbox.request("PUT", `/clients/${client.client_id}/webhook-endpoints`, {
    endpoints: [{ url: tenant.webhook_url, secret: tenant.webhook_secret }],
  });
  expect(registered.status).toBe(200);
  const joined = await inviteAndJoin(operatorSession, "admin", {
    email: `admin-${randomBytes(4).toString("hex")}@example.com`,
    path: `/api/settings/team?tenant_id=${tenant.id}`,
    ...(on ? { baseUrl: on.baseUrl, operator: operatorSession } : {}),
  });
  const admin = await DashboardSession.signIn(joined.email, joined.password, on ? { baseUrl: on.baseUrl } : {});
  return {
    tenantId: tenant.id,
    clientId: client.client_id,
    affiliateIds: client.affiliate_ids,
    webhookUrl: tenant.webhook_url,
    secret: tenant.webhook_secret,
    admin,
  };
}

/** "action result" of the tenant's audit log, newest first. */
export async function auditActions(session: DashboardSession) {
  return parse(auditPageSchema, await session.request("GET", "/api/audit?limit=100"), 200).data.map((e) => `${e.action} ${e.result}`);
}
