import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { apiKeyCreatedSchema, apiKeyListSchema } from "@/lib/dashboard/contract/api-keys-api";
import { tenantCreatedSchema } from "@/lib/dashboard/contract/console-api";
import { adminCli } from "../integration/harness/admin-cli";
import { errorCode, http, OperatorApi, parse, type Reply } from "../integration/harness/api";
import { DashboardSession } from "../integration/harness/dashboard";
import { inviteAndJoin } from "../integration/harness/invitations";
import { ensureRunning } from "./instances";
import { balancer, first, second } from "./urls";

// A key's life across two instances on one PostgreSQL: its creator is demoted through one
// instance, disabled, enabled again, and finally moved to another tenant with the admin command
// line; the key, used on the other instance, follows each change at once (every request reads
// its creator afresh; nothing is cached per instance).

let admin: DashboardSession;
let operator: DashboardSession;
let creator: { id: string; email: string; password: string };

/** A request of a signed-in page to one instance, with the origin the pages have (APP_URL, the balancer). */
const onInstance = (instance: string, session: DashboardSession, method: string, path: string, body?: unknown) =>
  http(method, `${instance}${path}`, { body, headers: { cookie: session.cookieHeader, origin: balancer() } });
const withKey = (instance: string, key: string, method: string, path: string, body?: unknown) =>
  http(method, `${instance}${path}`, { body, headers: { authorization: `Bearer ${key}` } });
const outcome = (reply: Reply) => (reply.status >= 400 ? `${reply.status} ${errorCode(reply)}` : reply.status);

beforeAll(async () => {
  await ensureRunning(inject("cluster"));
  [admin, operator] = await Promise.all([
    DashboardSession.signIn("affiliate@example.com", undefined, { baseUrl: balancer() }),
    DashboardSession.signIn("operator@example.com", undefined, { baseUrl: balancer() }),
  ]);
  creator = await inviteAndJoin(admin, "admin", { baseUrl: balancer(), operator });
}, 180_000);

describe("an API key's rights over two instances", () => {
  it("demoted, disabled, enabled on one instance, then moved off the team by the command line: the other follows at once", async () => {
    const session = await DashboardSession.signIn(creator.email, creator.password, { baseUrl: balancer() });
    const created = parse(
      apiKeyCreatedSchema,
      await onInstance(first(), session, "POST", "/api/settings/api-keys", { name: "Cluster backend", scopes: ["read", "write"] }),
      201,
    );
    const write = () => withKey(second(), created.key, "POST", "/api/challenges", {}).then(outcome);
    const read = () => withKey(second(), created.key, "GET", "/api/overview").then(outcome);
    const change = async (body: Record<string, unknown>) =>
      expect((await onInstance(first(), admin, "PATCH", `/api/settings/team/${creator.id}`, body)).status).toBe(200);
    expect([await write(), await read()]).toEqual([201, 200]);

    await change({ role: "viewer" });
    expect([await write(), await read()]).toEqual(["403 forbidden", 200]);

    await change({ disabled: true });
    expect([await write(), await read()]).toEqual(["401 api_key_inactive", "401 api_key_inactive"]);

    await change({ disabled: false, role: "admin" });
    expect([await write(), await read()]).toEqual([201, 200]);

    // moved to another tenant from the command line, beside the running instances
    const other = parse(
      tenantCreatedSchema,
      await onInstance(second(), operator, "POST", "/api/operator/tenants", {
        name: `Elsewhere ${randomBytes(3).toString("hex")}`,
        base_url: `${balancer()}/sandbox`,
        client_id: (await new OperatorApi(inject("operatorKey"), `${balancer()}/sandbox`).createClient("Elsewhere")).client_id,
        network: "testnet",
      }),
      201,
    );
    const env = inject("clusterEnv");
    const moved = adminCli(["users", "set-role", "--email", creator.email, "--role", "admin", "--tenant", other.id], {
      dataDir: env.DATA_DIR ?? "",
      databaseUrl: inject("databaseUrl"),
      encryptionKey: env.APP_ENCRYPTION_KEY ?? "",
      authSecret: env.AUTH_SECRET ?? "",
    });
    expect(moved.status, moved.stderr).toBe(0);
    for (const instance of [first(), second()]) {
      expect(outcome(await withKey(instance, created.key, "GET", "/api/overview"))).toBe("401 api_key_inactive");
    }
    const listed = parse(apiKeyListSchema, await onInstance(second(), admin, "GET", "/api/settings/api-keys"), 200);
    expect(listed.data.find((k) => k.id === created.id)).toMatchObject({ status: "inactive", status_reason: "creator_removed" });
  });
});

describe("a revoked API key over two instances", () => {
  it("a key revoked on one instance is refused by the other at once", async () => {
    const created = parse(
      apiKeyCreatedSchema,
      await onInstance(first(), admin, "POST", "/api/settings/api-keys", { name: "Cluster", scopes: ["read"] }),
      201,
    );
    expect(outcome(await withKey(second(), created.key, "GET", "/api/overview"))).toBe(200);
    expect((await onInstance(first(), admin, "DELETE", `/api/settings/api-keys/${created.id}`)).status).toBe(204);
    expect(outcome(await withKey(second(), created.key, "GET", "/api/overview"))).toBe("401 unauthorized");
  });
});
