import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { memoryDatabase } from "@/lib/db/memory-database";
import { tenants } from "@/lib/db/schema";
import { sandboxClientKeyOf } from "@/lib/dashboard/request-log/viewer";
import { env } from "@/lib/env";
import { encryptSecret } from "./encryption";
import { allTenants, forgetTenants, keyTenantClients, storedClientId } from "./tenants";

// A tenant keeps the key its API client's sandbox calls are logged under beside its client_id, so
// the request log finds a tenant's rows by the tenant's own column; tenants stored before the
// column get theirs at boot.

// the settings this process reads, should no other test have read them yet: a key of its own, no files
process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "client-key-"));
process.env.APP_ENCRYPTION_KEY ??= randomBytes(32).toString("hex");

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
let db: Db;
const row = (id: string, sealed: { clientIdEnc: string; clientKey?: string | null }) => ({
  id,
  name: "T",
  baseUrl: "http://127.0.0.1:3000/sandbox",
  ...sealed,
  webhookSecretEnc: encryptSecret("whsec_test"),
  webhookEndpointId: id,
  isDefault: false,
  createdAt: new Date(),
});

beforeAll(async () => {
  db = await memoryDatabase();
});

describe("a tenant's client key", () => {
  it("is stored with the client_id: the SHA-256 of it, never the id itself", () => {
    const stored = storedClientId("client_abc");
    expect(stored.clientKey).toBe(sha256("client_abc"));
    expect(stored.clientIdEnc).not.toContain("client_abc");
  });

  it("is given at boot to a tenant stored before the column, once, and read from the tenant thereafter", async () => {
    const [before, after] = [randomUUID(), randomUUID()];
    await db.insert(tenants).values(row(before, { clientIdEnc: encryptSecret("client_before"), clientKey: null }));
    await db.insert(tenants).values(row(after, storedClientId("client_after")));
    expect(await keyTenantClients(db)).toBe(1);
    expect(await keyTenantClients(db)).toBe(0);
    const [stored] = await db.select({ clientKey: tenants.clientKey }).from(tenants).where(eq(tenants.id, before));
    expect(stored?.clientKey).toBe(sha256("client_before"));
    await forgetTenants(db);
    const keys = Object.fromEntries((await allTenants(db)).map((t) => [t.id, t.clientKey]));
    expect(keys).toMatchObject({ [before]: sha256("client_before"), [after]: sha256("client_after") });
  });

  it("is what the request log reads a tenant's sandbox rows by, while its upstream is this app's sandbox", () => {
    const tenant = { clientKey: sha256("client_x") };
    expect(sandboxClientKeyOf({ ...tenant, baseUrl: env().sandboxPublicUrl })).toBe(sha256("client_x"));
    expect(sandboxClientKeyOf({ ...tenant, baseUrl: "https://api.example.com" })).toBeNull();
  });
});
