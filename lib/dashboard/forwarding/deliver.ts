import "server-only";
import { and, eq, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { forwardingAttempts, forwardingEndpoints, webhookEvents } from "@/lib/db/schema";
import { env } from "@/lib/env";
import type { JobHandler } from "@/lib/dashboard/jobs/runner";
import { enqueueRowsSql, type Job, type JobKind } from "@/lib/dashboard/jobs/queue";
import { logger } from "@/lib/log";
import { groupCommitPer } from "@/lib/db/group-commit";
import { serverRuntime } from "@/lib/runtime/server-runtime.mjs";
import { signingSecrets } from "./endpoints";
import { signedHeaders } from "./signed-headers.mjs";
import { postWebhook } from "./target";
import { failureText } from "./failure";

const log = logger("forwarding");

// One attempt to hand one stored webhook (or a test event) to one endpoint, as a job of kind
// "forward". Standard Webhooks: the body is the service's original JSON byte for byte, with
// webhook-id (the same on every attempt), webhook-timestamp and webhook-signature (v1, an
// HMAC-SHA256 of "id.timestamp.body" per secret, both secrets during a rotation's overlap).
// A 2xx within 15 s delivers it; otherwise it is tried again after the waits of
// FORWARDING_RETRY_SCHEDULE (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), then failed for good. An
// endpoint whose every attempt has failed for 5 days is disabled, with the reason.

export const FORWARD = "forward" as const satisfies JobKind;

/**
 * The jobs that forward stored events: one per event of `stored` (a query with the columns seq
 * and event_type, in the webhooks' store's statement, lib/dashboard/webhooks/store-event.ts) and
 * enabled endpoint that wants its type, queued in that statement so that no stored event is left
 * unforwarded. RETURNING one row per job.
 */
export function forwardStoredEventsSql(tenantId: string, stored: SQL): SQL {
  return enqueueRowsSql(
    FORWARD,
    sql`
      SELECT ${tenantId}::uuid AS tenant_id, e.id AS subject_id, jsonb_build_object('seq', s.seq, 'event_type', s.event_type) AS payload
      FROM ${stored} s JOIN forwarding_endpoints e
        ON e.tenant_id = ${tenantId} AND e.enabled AND (e.event_types IS NULL OR e.event_types ? s.event_type)
      ORDER BY s.seq`,
  );
}

/** The webhook-id of a delivery: stable across its attempts. */
export const webhookIdOf = (jobId: string) => `msg_${jobId.replace(/-/g, "")}`;

/** The wait before the attempt after attempt `n` (1-based), or null when `n` was the last. */
export function retryDelayMs(n: number, schedule = env().forwardingRetryScheduleMs): number | null {
  return schedule[n - 1] ?? null;
}

type Payload = { seq?: number; event_type?: string | null; test_body?: string };

type Endpoint = typeof forwardingEndpoints.$inferSelect;

/**
 * The job's endpoint and the body it sends (a stored event's, or a test event's). The jobs of a
 * claim start together, so their reads go together (group commit): two queries for many jobs.
 */
const endpointAndBody = groupCommitPer(readTogether);

async function readTogether(db: Db, batch: Job[]): Promise<{ endpoint: Endpoint | undefined; body: string | null }[]> {
  const ids = [...new Set(batch.flatMap((job) => (job.subjectId ? [job.subjectId] : [])))];
  const events = batch.flatMap((job) => {
    const seq = (job.payload as Payload).seq;
    return typeof seq === "number" && job.tenantId ? [and(eq(webhookEvents.tenantId, job.tenantId), eq(webhookEvents.seq, seq))] : [];
  });
  const [endpoints, bodies] = await Promise.all([
    ids.length > 0 ? db.select().from(forwardingEndpoints).where(inArray(forwardingEndpoints.id, ids)) : [],
    events.length > 0
      ? db
          .select({ tenantId: webhookEvents.tenantId, seq: webhookEvents.seq, rawBody: webhookEvents.rawBody })
          .from(webhookEvents)
          .where(or(...events))
      : [],
  ]);
  const endpointOf = new Map(endpoints.map((e) => [e.id, e]));
  const bodyOf = new Map(bodies.map((b) => [`${b.tenantId}:${b.seq}`, b.rawBody]));
  return batch.map((job) => {
    const payload = job.payload as Payload;
    const endpoint = job.subjectId ? endpointOf.get(job.subjectId) : undefined;
    const stored = typeof payload.seq === "number" ? (bodyOf.get(`${job.tenantId}:${payload.seq}`) ?? null) : null;
    return { endpoint, body: typeof payload.test_body === "string" ? payload.test_body : stored };
  });
}

export const forward: JobHandler = async (db, job) => {
  const { endpoint, body } = await endpointAndBody(db, job);
  if (!endpoint) return { outcome: "failed", error: failureText({ code: "endpoint_deleted" }) };
  if (!endpoint.enabled) {
    return {
      outcome: "failed",
      error: failureText({ code: "endpoint_disabled", reason: endpoint.disabledReason }),
    };
  }
  if (body === null) return { outcome: "failed", error: failureText({ code: "event_gone" }) };

  const startedAt = new Date();
  const headers = signedHeaders(webhookIdOf(job.id), body, signingSecrets(endpoint, startedAt), startedAt);
  const result = await postWebhook(endpoint.url, body, headers);
  const ok = result.error === null && result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const attempt = job.attempts + 1;
  const { metrics } = serverRuntime();
  metrics.forwardingAttempts.inc({ result: ok ? "delivered" : "failed" });
  metrics.forwardingLatency.observe(result.durationMs / 1000);
  const error = ok ? null : (result.error ?? failureText({ code: "http_status", status: result.statusCode ?? 0 }));

  const record = async (tx: Db) => {
    await tx.insert(forwardingAttempts).values({
      jobId: job.id,
      endpointId: endpoint.id,
      attempt,
      startedAt,
      durationMs: result.durationMs,
      statusCode: result.statusCode,
      error: result.error,
      responseBody: result.answer,
    });
    if (ok) {
      // only when a streak ends, as far as the read above knew (a failure recorded since is
      // cleared by the next success): an update that changes nothing would still write a row version
      if (!endpoint.failingSince) return;
      await tx
        .update(forwardingEndpoints)
        .set({ failingSince: null })
        .where(and(eq(forwardingEndpoints.id, endpoint.id), isNotNull(forwardingEndpoints.failingSince)));
      return;
    }
    // the streak of failures starts at the first failed attempt since the last success; once it
    // is older than the horizon, the endpoint is disabled (in the same statement, on the database's clock)
    const horizonMs = env().forwardingDisableAfterMs;
    const reason = failureText({ code: "failing_too_long", ms: horizonMs, last: error ?? "" });
    const since = sql`COALESCE(failing_since, ${startedAt.toISOString()}::timestamptz)`;
    const overdue = sql`${since} <= now() - ${horizonMs} * interval '1 millisecond'`;
    const disabled = (await tx.execute(sql`
      UPDATE forwarding_endpoints SET
        failing_since = ${since},
        enabled = enabled AND NOT (${overdue}),
        disabled_reason = CASE WHEN enabled AND ${overdue} THEN ${reason} ELSE disabled_reason END,
        disabled_at = CASE WHEN enabled AND ${overdue} THEN now() ELSE disabled_at END
      WHERE id = ${endpoint.id}
      RETURNING enabled, disabled_at
    `)) as { rows: { enabled: boolean; disabled_at: unknown }[] };
    const row = disabled.rows[0];
    if (row && !row.enabled && endpoint.enabled) {
      metrics.forwardingDisabled.inc();
      log.warn({ endpoint_id: endpoint.id, tenant_id: endpoint.tenantId, reason }, "a forwarding endpoint was disabled");
    }
  };

  // the usual case in one statement: the outcome and the attempt (a streak to end takes the transaction)
  const attemptSql = (held: SQL) => sql`
    INSERT INTO forwarding_attempts (job_id, endpoint_id, attempt, started_at, duration_ms, status_code, error, response_body)
    SELECT ${job.id}, ${endpoint.id}, ${attempt}, ${startedAt.toISOString()}::timestamptz, ${result.durationMs}, ${result.statusCode},
           ${result.error}, ${result.answer} FROM ${held}`;
  if (ok) return endpoint.failingSince ? { outcome: "done", record } : { outcome: "done", recordSql: attemptSql };
  const delay = retryDelayMs(attempt);
  if (delay === null) return { outcome: "failed", error: error ?? "failed", record };
  return { outcome: "retry", at: new Date(Date.now() + delay), error: error ?? "failed", record };
};
