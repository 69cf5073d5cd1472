import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { jobs } from "@/lib/db/schema";
import { groupCommitPer } from "@/lib/db/group-commit";
import type { JobCounts } from "@/lib/runtime/server-runtime.mjs";

// The durable job queue: every piece of background work that must survive a restart (a
// forwarded webhook and its retries) is a row of `jobs`. An instance claims due rows with FOR
// UPDATE SKIP LOCKED and holds each claim until locked_until, so two instances never run the
// same attempt; a claim that outlives its instance (killed mid-attempt) lapses and the job is
// run again by whoever claims it next: at least once.

/**
 * Every kind of job. lib/dashboard/lifecycle/job-registry.ts names the handler of each: a kind
 * without one fails typecheck, and only these can be queued.
 */
export const JOB_KINDS = [
  "forward",
  "mail",
  "notification-mail",
  "notifications-sweep",
  "retention",
  "payment-hash-backfill",
  "scenario-step",
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export type Job = typeof jobs.$inferSelect;

/** A job to queue: due now (on the database's clock) or at `runAt`. */
export type NewJob = { kind: JobKind; tenantId: string | null; subjectId?: string | null; payload: Record<string, unknown>; runAt?: Date };

/**
 * What a job's run came to: done; to run again at `at` after a failure (an attempt counted); to go
 * on at `at` (a wait: not an attempt, not a failure, and no place held meanwhile); or failed for good.
 */
export type Outcome =
  | { outcome: "done" }
  | { outcome: "retry"; at: Date; error: string }
  | { outcome: "later"; at: Date }
  | { outcome: "failed"; error: string };

/** Queues a job due now (or at `runAt`); returns its id. */
export async function enqueue(db: Db, job: NewJob): Promise<string> {
  const [id] = await enqueueMany(db, [job]);
  return id ?? "";
}

/** Queues jobs in one statement (in the caller's transaction when `db` is one); returns their ids in order. */
export async function enqueueMany(db: Db, many: NewJob[]): Promise<string[]> {
  if (many.length === 0) return [];
  const now = new Date();
  const rows = many.map((job) => ({
    id: randomUUID(),
    kind: job.kind,
    tenantId: job.tenantId,
    subjectId: job.subjectId ?? null,
    payload: job.payload,
    status: "pending",
    // the database's clock decides what is due
    runAt: job.runAt ?? sql`now()`,
    createdAt: now,
  }));
  await db.insert(jobs).values(rows);
  return rows.map((row) => row.id);
}

/**
 * Queues a job of `kind` per row of `rows` (columns tenant_id, subject_id, payload jsonb), as a
 * part of a larger statement: the webhooks' store queues its forwarding jobs in the statement
 * that stores the events, so a burst costs one round trip. RETURNING one row per job.
 */
export function enqueueRowsSql(kind: JobKind, rows: SQL): SQL {
  return sql`
    INSERT INTO jobs (id, kind, tenant_id, subject_id, payload, status, attempts, run_at, created_at)
    SELECT gen_random_uuid(), ${kind}, r.tenant_id, r.subject_id, r.payload, 'pending', 0, now(), now() FROM (${rows}) AS r
    RETURNING 1`;
}

/**
 * Places one tenant's jobs may hold at once, over every instance (an instance runs 32 at once):
 * a tenant with a backlog takes at most this many, so that at least 8 places of an instance are
 * always left to every other tenant's due jobs (docs/architecture.md#background-jobs), and a
 * tenant alone still forwards a burst 24 at a time (8 held forwarding to a third of the speed).
 * Jobs of no tenant (retention, sweeps) are not counted.
 */
export const PLACES_PER_TENANT = 24;
/** The due jobs a claim looks at, oldest first, among tenants with places left. */
const CANDIDATES = 256;

/**
 * Claims up to `limit` due jobs for `claimMs`, skipping rows another instance holds, fairly: no
 * tenant past PLACES_PER_TENANT jobs running (its due ones are not even looked at, so a backlog
 * of thousands hides no other tenant's job), and each tenant's first job before any tenant's
 * second, oldest first. Each claimed row carries the locked_until this claim set: finish()
 * writes only while it holds.
 */
export async function claimDue(db: Db, limit: number, claimMs: number, only?: { id: string }): Promise<Job[]> {
  const chosen = sql`(
    WITH running AS (
      SELECT tenant_id, count(*)::int AS n FROM jobs
      WHERE status = 'pending' AND locked_until IS NOT NULL AND locked_until > now() AND tenant_id IS NOT NULL
      GROUP BY tenant_id
    ), candidates AS (
      SELECT id, tenant_id, run_at FROM jobs
      WHERE status = 'pending' AND run_at <= now() AND (locked_until IS NULL OR locked_until < now())
        AND (tenant_id IS NULL OR tenant_id NOT IN (SELECT tenant_id FROM running WHERE n >= ${PLACES_PER_TENANT}))
        ${only ? sql`AND id = ${only.id}` : sql``}
      ORDER BY run_at LIMIT ${CANDIDATES}
      FOR UPDATE SKIP LOCKED
    ), ranked AS (
      SELECT c.id, c.tenant_id, c.run_at,
        row_number() OVER (PARTITION BY c.tenant_id ORDER BY c.run_at) AS nth, COALESCE(r.n, 0) AS held
      FROM candidates c LEFT JOIN running r ON r.tenant_id = c.tenant_id
    )
    SELECT id FROM ranked
    WHERE tenant_id IS NULL OR nth + held <= ${PLACES_PER_TENANT}
    ORDER BY nth, run_at
    LIMIT ${limit}
  )`;
  return db
    .update(jobs)
    .set({ lockedUntil: sql`now() + ${claimMs} * interval '1 millisecond'` })
    .where(sql`${jobs.id} IN ${chosen}`)
    .returning();
}

/**
 * Claims one job for `claimMs` to run it now, whatever its status or due time (an admin's
 * "resend"): due again, unfinished, held by this claim, in one statement. Answers nothing while
 * another run holds it, so the job is never attempted twice at once.
 */
export async function claimNow(db: Db, id: string, claimMs: number): Promise<Job[]> {
  return db
    .update(jobs)
    .set({ status: "pending", runAt: sql`now()`, finishedAt: null, lockedUntil: sql`now() + ${claimMs} * interval '1 millisecond'` })
    .where(and(eq(jobs.id, id), or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, sql`now()`))))
    .returning();
}

/**
 * Queues a job already claimed for `claimMs` by the caller, which runs it at once; if it cannot,
 * the claim lapses and any instance runs it.
 */
export async function enqueueClaimed(db: Db, job: NewJob & { id: string }, claimMs: number): Promise<Job> {
  const [row] = await db
    .insert(jobs)
    .values({
      id: job.id,
      kind: job.kind,
      tenantId: job.tenantId,
      subjectId: job.subjectId ?? null,
      payload: job.payload,
      status: "pending",
      runAt: sql`now()`,
      lockedUntil: sql`now() + ${claimMs} * interval '1 millisecond'`,
      createdAt: new Date(),
    })
    .returning();
  if (!row) throw new Error("the job was not stored");
  return row;
}

/** The update that records a run's outcome, matching only while this claim still holds the job. */
function outcomeUpdate(db: Db, job: Job, result: Outcome) {
  const again = result.outcome === "retry" || result.outcome === "later";
  return db
    .update(jobs)
    .set({
      status: again ? "pending" : result.outcome,
      attempts: result.outcome === "later" ? job.attempts : job.attempts + 1,
      runAt: again ? result.at : job.runAt,
      lockedUntil: null,
      lastError: result.outcome === "retry" || result.outcome === "failed" ? result.error : null,
      finishedAt: again ? null : new Date(),
    })
    .where(and(eq(jobs.id, job.id), job.lockedUntil ? eq(jobs.lockedUntil, job.lockedUntil) : sql`false`))
    .returning({ id: jobs.id });
}

/** Records a run's outcome, if this claim still holds the job (true), in the caller's transaction. */
export async function finish(db: Db, job: Job, result: Outcome): Promise<boolean> {
  return (await outcomeUpdate(db, job, result)).length === 1;
}

type Finishing = { job: Job; result: Outcome; record: (held: SQL) => SQL };
const finishTogetherPerDb = groupCommitPer(finishTogether);

/**
 * finish() and the run's own record in one statement, no transaction to open: `record` is a
 * statement part over `held`, which has the job's row only while this claim holds it (e.g.
 * `INSERT INTO … SELECT … FROM held`). Runs that end while another's statement is under way go
 * together into the next one (group commit): a burst of jobs costs a few round trips.
 */
export function finishRecording(db: Db, job: Job, result: Outcome, record: (held: SQL) => SQL): Promise<boolean> {
  return finishTogetherPerDb(db, { job, result, record });
}

async function finishTogether(db: Db, batch: Finishing[]): Promise<boolean[]> {
  const parts = batch.map(({ job, result, record }, i) => {
    const held = sql.raw(`held_${i}`);
    return sql`${held} AS (${outcomeUpdate(db, job, result).getSQL()}), ${sql.raw(`recorded_${i}`)} AS (${record(held)})`;
  });
  const counts = batch.map((_, i) => sql.raw(`(SELECT count(*) FROM held_${i})::int AS n_${i}`));
  const done = (await db.execute(sql`WITH ${sql.join(parts, sql`, `)} SELECT ${sql.join(counts, sql`, `)}`)) as {
    rows: Record<string, number | string>[];
  };
  return batch.map((_, i) => Number(done.rows[0]?.[`n_${i}`]) === 1);
}

/** Jobs waiting per kind and how late the oldest due one is, over every instance; null if the database does not answer. */
export async function jobCounts(db: Db): Promise<JobCounts | null> {
  try {
    const result = (await db.execute(sql`
      SELECT kind, count(*)::int AS n, COALESCE(EXTRACT(EPOCH FROM now() - min(run_at) FILTER (WHERE run_at <= now())), 0) AS overdue
      FROM jobs WHERE status = 'pending' GROUP BY kind
    `)) as { rows: { kind: string; n: number; overdue: number | string }[] };
    const pending: Record<string, number> = {};
    let overdueSeconds = 0;
    for (const row of result.rows) {
      pending[row.kind] = Number(row.n);
      overdueSeconds = Math.max(overdueSeconds, Number(row.overdue));
    }
    return { pending, overdueSeconds };
  } catch {
    return null;
  }
}

/**
 * Queues a job unless one with the same dedupe key is pending (every instance may ask at start:
 * one job exists). `runAt` null: due now, on the database's clock.
 */
export async function enqueueOnce(
  db: Db,
  job: { kind: JobKind; dedupeKey: string; payload?: Record<string, unknown>; runAt?: Date | null },
): Promise<void> {
  const runAt = job.runAt ? sql`${job.runAt.toISOString()}::timestamptz` : sql`now()`;
  await db.execute(sql`
    INSERT INTO jobs (id, kind, tenant_id, subject_id, payload, status, attempts, run_at, created_at, dedupe_key)
    VALUES (${randomUUID()}, ${job.kind}, NULL, NULL, ${JSON.stringify(job.payload ?? {})}::jsonb, 'pending', 0, ${runAt}, now(),
      ${job.dedupeKey})
    ON CONFLICT (dedupe_key) WHERE status = 'pending' AND dedupe_key IS NOT NULL DO NOTHING`);
}
