import "server-only";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { storableSample } from "@/lib/http/storable-text";
import { webhookRejections } from "@/lib/db/schema";
import type { Rejections } from "@/lib/dashboard/contract/dashboard-api";

/** What is kept of a rejected body: enough to recognise it, never enough to fill a disk. */
export const SAMPLE_CHARS = 512;

export type Rejection = { tenantId: string | null; endpoint: string; reason: string; correlationId: string | null; body: string; at: Date };

/**
 * Counts a rejected webhook in its (endpoint, reason, hour) row, keeping the latest truncated
 * sample and correlation id: a flood of bad signatures adds one row an hour, not one a request.
 */
export async function recordRejection(db: Db, r: Rejection): Promise<void> {
  const hour = new Date(Math.floor(r.at.getTime() / 3_600_000) * 3_600_000).toISOString();
  // a forged body may hold a NUL byte, or be cut inside a surrogate pair: the sample stays storable
  const sample = storableSample(r.body.slice(0, SAMPLE_CHARS));
  const correlationId = r.correlationId?.slice(0, 100) ?? null;
  await db.execute(sql`
    INSERT INTO webhook_rejections (endpoint, reason, hour, tenant_id, count, first_at, last_at, last_correlation_id, sample)
    VALUES (${r.endpoint}, ${r.reason}, ${hour}, ${r.tenantId}, 1,
            ${r.at.toISOString()}, ${r.at.toISOString()}, ${correlationId}, ${sample})
    ON CONFLICT (endpoint, reason, hour) DO UPDATE SET
      count = webhook_rejections.count + 1,
      last_at = excluded.last_at,
      last_correlation_id = excluded.last_correlation_id,
      sample = excluded.sample
  `);
}

// GET /api/webhooks/rejections – the tenant's rejected webhooks of the last 7 days, newest hour first
export async function listRejections(db: Db, tenantId: string): Promise<Rejections> {
  const rows = await db
    .select()
    .from(webhookRejections)
    .where(and(eq(webhookRejections.tenantId, tenantId), gt(webhookRejections.hour, new Date(Date.now() - 7 * 24 * 3_600_000))))
    .orderBy(desc(webhookRejections.hour), desc(webhookRejections.count))
    .limit(500);
  return {
    data: rows.map((r) => ({
      endpoint: r.endpoint,
      reason: r.reason,
      hour: r.hour.toISOString(),
      count: r.count,
      first_at: r.firstAt.toISOString(),
      last_at: r.lastAt.toISOString(),
      last_correlation_id: r.lastCorrelationId,
      sample: r.sample,
    })),
  } satisfies Rejections;
}
