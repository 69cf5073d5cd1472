import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { JobHandler } from "@/lib/dashboard/jobs/runner";
import { enqueueOnce, type JobKind } from "@/lib/dashboard/jobs/queue";
import { logger } from "@/lib/log";

const log = logger("retention");

// Retention: what is older than RETENTION_DAYS goes, in small batches, by whichever instance
// claims the daily `retention` job (one at a time). Stored webhooks keep their row (its type,
// exchange and time: the attention rules and the timeline read them) and lose their body and
// headers; the audit log, sent mail, read notifications, finished jobs and counted rejections
// are deleted; so are request log rows older than REQUEST_LOG_RETENTION_DAYS (30 by default:
// they hold bodies, and are for debugging). Reports read exchanges, which are never pruned: their figures stay exact.

export const RETENTION_JOB = "retention" as const satisfies JobKind;
const RETENTION_KEY = "retention";
/** Rows a statement touches: short transactions that never hold many locks. */
export const BATCH = 1_000;
/** A run stops after this long and goes on at the next one (a minute later). */
const RUN_BUDGET_MS = 20_000;
const DAY_MS = 86_400_000;

type Counts = Record<string, number>;
type Watermarks = { events_after: number; audit_after: number };

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * One batch of each kind older than `cutoff`; the counts, and how far the keyset scans of the two
 * large tables got (what is before a watermark is pruned already, so no batch reads it again).
 */
export async function pruneBatch(
  db: Db,
  cutoff: Date,
  marks: Watermarks,
  requestLogCutoff = cutoff,
): Promise<{ counts: Counts; marks: Watermarks }> {
  const at = cutoff.toISOString();
  const events =
    rowsOf(
      await db.execute(sql`
      WITH batch AS (
        SELECT id FROM webhook_events WHERE id > ${marks.events_after} ORDER BY id LIMIT ${BATCH}
      ), old AS (
        SELECT w.id FROM webhook_events w JOIN batch USING (id) WHERE w.received_at < ${at}::timestamptz
      ), pruned AS (
        UPDATE webhook_events w SET raw_body = '', headers = NULL FROM old
        WHERE w.id = old.id AND w.raw_body <> '' RETURNING w.id
      )
      SELECT (SELECT count(*)::int FROM pruned) AS pruned,
             -- the scan moves on only over rows old enough: a newer one stops it until it ages
             (SELECT COALESCE(max(id), ${marks.events_after}) FROM old) AS last
    `),
    )[0] ?? {};
  const audit =
    rowsOf(
      await db.execute(sql`
      WITH old AS (
        SELECT id FROM audit_log WHERE id > ${marks.audit_after} AND at < ${at}::timestamptz ORDER BY id LIMIT ${BATCH}
      ), gone AS (DELETE FROM audit_log a USING old WHERE a.id = old.id RETURNING a.id)
      SELECT count(*)::int AS deleted, COALESCE(max(id), ${marks.audit_after}) AS last FROM gone
    `),
    )[0] ?? {};
  const deleteOld = async (table: string, where: ReturnType<typeof sql>) =>
    Number(
      rowsOf(
        await db.execute(sql`
          WITH old AS (SELECT ctid FROM ${sql.identifier(table)} WHERE ${where} LIMIT ${BATCH})
          , gone AS (DELETE FROM ${sql.identifier(table)} t USING old WHERE t.ctid = old.ctid RETURNING 1)
          SELECT count(*)::int AS n FROM gone`),
      )[0]?.n ?? 0,
    );
  const counts: Counts = {
    webhook_bodies: Number(events.pruned ?? 0),
    audit_log: Number(audit.deleted ?? 0),
    mail_messages: await deleteOld("mail_messages", sql`created_at < ${at}::timestamptz AND status <> 'queued'`),
    notifications: await deleteOld("notifications", sql`created_at < ${at}::timestamptz AND read_at IS NOT NULL`),
    jobs: await deleteOld("jobs", sql`finished_at < ${at}::timestamptz AND status <> 'pending'`),
    webhook_rejections: await deleteOld("webhook_rejections", sql`last_at < ${at}::timestamptz`),
    // by the index on created_at
    request_logs: await deleteOld("request_logs", sql`created_at < ${requestLogCutoff.toISOString()}::timestamptz`),
  };
  // the events' scan goes past the batch's old rows (ids follow arrival); the newer ones wait to age
  return {
    counts,
    marks: { events_after: Number(events.last ?? marks.events_after), audit_after: Number(audit.last ?? marks.audit_after) },
  };
}

/** Prunes until nothing older than the cutoff is left or the budget is spent; the totals and whether it finished. */
export async function prune(db: Db, cutoff: Date, marks: Watermarks, budgetMs = RUN_BUDGET_MS, requestLogCutoff = cutoff) {
  const started = Date.now();
  const totals: Counts = {};
  let current = marks;
  for (;;) {
    const { counts, marks: next } = await pruneBatch(db, cutoff, current, requestLogCutoff);
    for (const [kind, n] of Object.entries(counts)) totals[kind] = (totals[kind] ?? 0) + n;
    const progressed = Object.values(counts).some((n) => n > 0) || next.events_after !== current.events_after;
    current = next;
    if (!progressed) return { totals, marks: current, finished: true };
    if (Date.now() - started > budgetMs) return { totals, marks: current, finished: false };
  }
}

/** Queues the retention job unless one is queued (every instance asks at start). */
export function scheduleRetention(db: Db, at: Date | null = null, marks: Watermarks = { events_after: 0, audit_after: 0 }) {
  return enqueueOnce(db, { kind: RETENTION_JOB, dedupeKey: RETENTION_KEY, payload: marks, runAt: at });
}

export const retention: JobHandler = async (db, job) => {
  const cutoff = new Date(Date.now() - env().retentionDays * DAY_MS);
  const marks: Watermarks = {
    events_after: Number(job.payload.events_after ?? 0),
    audit_after: Number(job.payload.audit_after ?? 0),
  };
  const requestLogCutoff = new Date(Date.now() - env().requestLogRetentionDays * DAY_MS);
  const { totals, marks: next, finished } = await prune(db, cutoff, marks, RUN_BUDGET_MS, requestLogCutoff);
  if (Object.values(totals).some((n) => n > 0)) log.info({ ...totals, finished }, "pruned what is older than RETENTION_DAYS");
  // unfinished: on again in a minute; finished: tomorrow, from where the scans stopped
  const at = new Date(Date.now() + (finished ? DAY_MS : 60_000));
  return { outcome: "done", record: (tx) => scheduleRetention(tx, at, next) };
};
