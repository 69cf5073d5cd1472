import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { apiKeyCreatedSchema, apiKeyListSchema } from "@/lib/dashboard/contract/api-keys-api";
import { auditPageSchema } from "@/lib/dashboard/contract/dashboard-api";
import { errorCode, http, parse, type Reply } from "./harness/api";
import { createOrderVia, DashboardSession } from "./harness/dashboard";
import { inviteAndJoin } from "./harness/invitations";
import { tenantWithAdmin, type Fixture } from "./harness/tenant-fixture";

// A key never does more than its creator may do now: its scopes narrowed by the creator's
// current role, and nothing at all once the creator is disabled. Each request reads the
// creator afresh, so a change holds at once (on every instance: tests/cluster/api-keys.test.ts).

let tenant: Fixture;
let other: DashboardSession;
let creatorId: string;

const withKey = (key: string) => ({
  request: (method: string, path: string, body?: unknown): Promise<Reply> =>
    http(method, `${inject("baseUrl")}${path}`, { body, headers: { authorization: `Bearer ${key}` } }),
});
const outcome = (reply: Reply) => (reply.status >= 400 ? `${reply.status} ${errorCode(reply)}` : reply.status);

beforeAll(async () => {
  tenant = await tenantWithAdmin();
  // the creator of the key is a second admin; the fixture's first admin changes their rights
  const joined = await inviteAndJoin(tenant.admin, "admin");
  creatorId = joined.id;
  other = tenant.admin;
  tenant = { ...tenant, admin: await DashboardSession.signIn(joined.email, joined.password) };
}, 120_000);

describe("an API key follows its creator's current rights", () => {
  it("demoted: reads only; disabled: refused with 401 api_key_inactive; shown so in the list and the audit log", async () => {
    const created = parse(
      apiKeyCreatedSchema,
      await tenant.admin.request("POST", "/api/settings/api-keys", { name: "Backend", scopes: ["read", "write", "reports"] }),
      201,
    );
    const key = withKey(created.key);
    const order = await createOrderVia(key);
    const listed = async () =>
      parse(apiKeyListSchema, await other.request("GET", "/api/settings/api-keys"), 200).data.find((k) => k.id === created.id);
    expect(await listed()).toMatchObject({ status: "active", status_reason: null, effective_scopes: ["read", "reports", "write"] });
    expect(outcome(await key.request("GET", "/api/audit?limit=1"))).toBe(200);

    // another admin demotes the creator to viewer
    expect((await other.request("PATCH", `/api/settings/team/${creatorId}`, { role: "viewer" })).status).toBe(200);
    expect(outcome(await key.request("POST", "/api/challenges", {}))).toBe("403 forbidden");
    expect(outcome(await key.request("PATCH", `/api/orders/${order.id}`, { fee_rate: 0.021 }))).toBe("403 forbidden");
    expect(outcome(await key.request("GET", "/api/audit?limit=1"))).toBe("403 forbidden");
    expect(outcome(await key.request("GET", `/api/orders/${order.id}`))).toBe(200);
    expect(await listed()).toMatchObject({ status: "limited", status_reason: "creator_viewer", effective_scopes: ["read", "reports"] });

    // then disables them: the key is down
    expect((await other.request("PATCH", `/api/settings/team/${creatorId}`, { disabled: true })).status).toBe(200);
    for (const [method, path, body] of [
      ["GET", `/api/orders/${order.id}`, undefined],
      ["POST", "/api/challenges", {}],
      ["PATCH", `/api/orders/${order.id}`, { fee_rate: 0.021 }],
    ] as const) {
      expect(outcome(await key.request(method, path, body))).toBe("401 api_key_inactive");
    }
    expect(await listed()).toMatchObject({ status: "inactive", status_reason: "creator_disabled", effective_scopes: [] });

    const audit = parse(auditPageSchema, await other.request("GET", "/api/audit?limit=50"), 200).data;
    const about = (action: string) => audit.find((e) => e.action === action && e.target?.startsWith(created.prefix));
    expect(about("api_keys.limit")).toMatchObject({ result: "ok", user: expect.stringMatching(/@example\.com$/) });
    expect(about("api_keys.deactivate")).toMatchObject({ result: "ok" });
    expect(about("api_keys.deactivate")?.target).toContain("creator_disabled");

    // enabled and an admin again: the key is whole again, as the person is
    expect((await other.request("PATCH", `/api/settings/team/${creatorId}`, { disabled: false, role: "admin" })).status).toBe(200);
    expect(outcome(await key.request("PATCH", `/api/orders/${order.id}`, { fee_rate: 0.021 }))).toBe(200);
    expect(await listed()).toMatchObject({ status: "active", status_reason: null });
  });
});
