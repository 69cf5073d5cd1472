import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxClients, sandboxState, sandboxWebhookEndpoints } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { invalidate } from "@/lib/db/cache-bus";
import { createClient } from "./operator/clients";

/**
 * The demo API client, its two agreements and its webhook endpoint at this app's /webhook: at
 * APP_URL when set (behind a load balancer, so that a delivery reaches whichever instance is up),
 * else at this instance's own port. With `clockDaysBack`, a fresh sandbox's clock starts that
 * many days before the present (the example activity moves it forward to the present, day by
 * day; the clock is never moved back once anything happened on it).
 */
export async function seedSandbox(db: Db, { clockDaysBack = 0 } = {}): Promise<boolean> {
  const config = env();
  const clientId = config.secrets.SANDBOX_DEMO_CLIENT_ID;
  const [existing] = await db.select().from(sandboxClients).where(eq(sandboxClients.clientId, clientId));
  if (existing) return false;
  if (clockDaysBack > 0) {
    await db
      .update(sandboxState)
      .set({ clockOffsetMs: -clockDaysBack * 24 * 60 * 60 * 1000 })
      .where(eq(sandboxState.id, 1));
    await invalidate(db, { cache: "sandbox_clock" });
  }
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
