import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import type { Tenant } from "@/lib/dashboard/auth/tenants";
import { wakeJobRunner } from "@/lib/dashboard/jobs/runner";
import { publish } from "@/lib/dashboard/events/bus";
import type { EventResent } from "@/lib/dashboard/contract/forwarding-api";
import { forwardStoredEventsSql } from "./deliver";

/**
 * A stored webhook handed again to every enabled forwarding endpoint that wants its type: a new
 * delivery each (its own webhook-id, so a receiver that deduplicates by it takes it again), run
 * by the job queue as any other; and to every `listen` of the tenant running now, as the
 * `webhook_resent` notice of its stream (not kept: a listener started later does not get it).
 * Answers how many deliveries were queued.
 */
export async function resendStoredEvent(db: Db, tenant: Tenant, seq: number): Promise<EventResent> {
  const result = (await db.execute(sql`
    WITH stored AS (SELECT seq, event_type FROM webhook_events WHERE tenant_id = ${tenant.id} AND seq = ${seq}),
    queued AS (${forwardStoredEventsSql(tenant.id, sql`stored`)})
    SELECT (SELECT count(*)::int FROM stored) AS found, (SELECT count(*)::int FROM queued) AS queued`)) as {
    rows: { found: number; queued: number }[];
  };
  const [row] = result.rows;
  if (!row || Number(row.found) === 0) throw new ApiError("not_found", "No such event");
  if (Number(row.queued) > 0) wakeJobRunner();
  await publish({ kind: "webhook_resent", tenant_id: tenant.id, seq });
  return { seq, forwarding_deliveries: Number(row.queued) };
}
