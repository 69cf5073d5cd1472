import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxClients, sandboxWebhookEndpoints } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { createClient } from "./operator/clients";

/**
 * The demo API client, its two agreements and its webhook endpoint at this app's /webhook: at
 * APP_URL when set (behind a load balancer, so that a delivery reaches whichever instance is up),
 * else at this instance's own port.
 */
export async function seedSandbox(db: Db): Promise<boolean> {
  const config = env();
  const clientId = config.secrets.SANDBOX_DEMO_CLIENT_ID;
  const [existing] = await db.select().from(sandboxClients).where(eq(sandboxClients.clientId, clientId));
  if (existing) return false;
  await createClient(db, { name: "Demo Affiliate", client_id: clientId });
  await db.insert(sandboxWebhookEndpoints).values({
    id: randomUUID(),
    clientId,
    url: `${config.appUrl ?? `http://127.0.0.1:${config.port}`}/webhook`,
    secret: config.secrets.SANDBOX_DEMO_WEBHOOK_SECRET,
    createdOn: new Date(),
  });
  return true;
}
