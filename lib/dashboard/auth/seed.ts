import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { tenants, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { encryptSecret } from "./encryption";
import { storedClientId } from "./tenants";
import { hashPassword } from "./password";

export const DEMO_USERS = [
  { email: "operator@example.com", role: "operator" },
  { email: "affiliate@example.com", role: "admin" },
  { email: "viewer@example.com", role: "viewer" },
] as const;

/** Demo tenant bound to the sandbox's demo client, and the demo users (empty database only). */
export async function seedDashboard(db: Db): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;
  const config = env();
  const tenantId = randomUUID();
  const passwordHash = await hashPassword(config.secrets.DEMO_PASSWORD);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.insert(tenants).values({
      id: tenantId,
      name: "Demo Affiliate",
      baseUrl: config.exchangeApiBaseUrl,
      ...storedClientId(config.secrets.SANDBOX_DEMO_CLIENT_ID),
      webhookSecretEnc: encryptSecret(config.secrets.SANDBOX_DEMO_WEBHOOK_SECRET),
      webhookEndpointId: randomBytes(12).toString("base64url"),
      // the demo tenant's service is the embedded sandbox: its network
      network: config.sandboxNetwork,
      isDefault: true,
      createdAt: now,
    });
    await tx.insert(users).values(
      DEMO_USERS.map((u) => ({
        id: randomUUID(),
        email: u.email,
        passwordHash,
        role: u.role,
        tenantId: u.role === "operator" ? null : tenantId,
        disabled: false,
        createdAt: now,
        passwordSetAt: now,
      })),
    );
  });
  return true;
}
