import "server-only";
import type { Database, Db } from "@/lib/db/client";
import { processSingleton } from "@/lib/process-singleton";
import { serverRuntime } from "@/lib/runtime/server-runtime.mjs";
import { errorText, logger } from "@/lib/log";
import { startTicker } from "@/lib/ticker";
import type { SQL } from "drizzle-orm";
import {
  claimDue,
  claimNow,
  enqueueClaimed,
  finish,
  finishRecording,
  jobCounts,
  type Job,
  type JobKind,
  type NewJob,
  type Outcome,
} from "./queue";

const log = logger("jobs");

/**
 * Runs one claimed job. It may write what it did (an attempt's record) in `record`, which runs
 * in the transaction that records the outcome, and only while this claim still holds the job;
 * or, cheaper, as `recordSql`, a statement part over `held` that goes in the outcome's statement.
 * `afterRecord` is told once the outcome is recorded (no claim holds the job any more).
 */
export type JobHandler = (
  db: Db,
  job: Job,
) => Promise<Outcome & { record?: (tx: Db) => Promise<void>; recordSql?: (held: SQL) => SQL; afterRecord?: () => void }>;

/** How long a claim holds: above the longest run of any handler (a forwarding attempt: 15 s). */
const CLAIM_MS = 60_000;
/** Jobs run side by side by one instance. */
const CONCURRENCY = 32;
/** With fewer than half the places free, the next claim waits at most this long for more. */
const CLAIM_AGAIN_MS = 100;

/** What runs each kind of job: lib/dashboard/lifecycle/job-registry.ts. */
export type JobHandlers = Record<JobKind, JobHandler>;

type Runner = { wake: () => void; stop: () => Promise<void> };
type Holder = {
  handlers: Partial<Record<string, JobHandler>>;
  runner: Runner | undefined;
  stopping: boolean;
  /** Ends the loop's wait for a place: jobs were queued, it claims again at once, not when a run ends. */
  woken: (() => void) | null;
  /** A wake that came while the loop was not waiting (it was claiming): its next wait ends at once. */
  wokeEarly: boolean;
};
// Per process: the handlers by kind, and one loop (jobs are claimed in the database, so every instance runs one).
const holder = processSingleton("jobs", (): Holder => ({
  handlers: {},
  runner: undefined,
  stopping: false,
  woken: null,
  wokeEarly: false,
}));

/** The handlers this process runs jobs with (the job registry, given at boot). */
export function setJobHandlers(handlers: JobHandlers) {
  holder.handlers = handlers;
}

async function runOne(db: Db, job: Job): Promise<void> {
  // a kind this version does not know (queued by a newer one) fails rather than waits forever
  const handler = holder.handlers[job.kind];
  let result: Awaited<ReturnType<JobHandler>>;
  try {
    result = handler ? await handler(db, job) : { outcome: "failed", error: `no handler for jobs of kind ${job.kind}` };
  } catch (error) {
    // a handler that throws (the database went away mid-run) is tried again soon
    result = { outcome: "retry", at: new Date(Date.now() + 5_000), error: errorText(error) };
  }
  const { record, recordSql, afterRecord, ...outcome } = result;
  const held = recordSql
    ? await finishRecording(db, job, outcome, recordSql)
    : await db.transaction(async (tx) => {
        const mine = await finish(tx, job, outcome);
        if (mine && record) await record(tx);
        return mine;
      });
  if (!held) log.warn({ job_id: job.id, kind: job.kind }, "a job's claim lapsed before its run was recorded; it runs again");
  else afterRecord?.();
  serverRuntime().metrics.jobsRun.inc({ kind: job.kind, outcome: outcome.outcome });
}

/**
 * Runs every due job now, up to CONCURRENCY side by side: once half the places are free, the
 * next due jobs are claimed in one statement, so a slow endpoint holds one place, not a batch,
 * and a burst costs a claim per many jobs, not one per job. Returns how many ran.
 */
export async function runDueJobs(db: Db, only?: { id: string }): Promise<number> {
  let total = 0;
  let failure: unknown = null;
  const inFlight = new Set<Promise<void>>();
  for (;;) {
    const free = only ? 1 - total : CONCURRENCY - inFlight.size;
    // a stopping instance finishes what it holds and claims nothing more: the rest is another's
    const claimed = free > 0 && failure === null && !holder.stopping ? await claimDue(db, free, CLAIM_MS, only) : [];
    for (const job of claimed) {
      const run: Promise<void> = runOne(db, job)
        .catch((error: unknown) => {
          failure = error;
        })
        .finally(() => inFlight.delete(run));
      inFlight.add(run);
    }
    total += claimed.length;
    if (inFlight.size === 0) break;
    await placesFree(inFlight, only ? 1 : CONCURRENCY / 2, !only && CONCURRENCY - inFlight.size > 0);
  }
  // the database went away while recording: the claims lapse and the jobs run again
  if (failure !== null) throw failure;
  return total;
}

/**
 * Runs one job on this instance now, whatever its status (an admin's resend): claimed and run
 * here, so no background loop can take it in between. False while another run holds it.
 */
export async function runJobNow(db: Db, id: string): Promise<boolean> {
  const [job] = await claimNow(db, id, CLAIM_MS);
  if (!job) return false;
  await runOne(db, job);
  return true;
}

/** Queues a job and runs it on this instance at once (a test event); it is held from the start, so only this run attempts it first. */
export async function enqueueAndRun(db: Db, job: NewJob & { id: string }): Promise<void> {
  await runOne(db, await enqueueClaimed(db, job, CLAIM_MS));
}

/**
 * Resolves once a run has ended and `wanted` places are free, or CLAIM_AGAIN_MS after that first
 * end, whichever comes first: slow runs holding most places do not hold the queue up for long.
 * With a place free (`wakeable`), a job queued meanwhile (wakeJobRunner) ends the wait at once: a
 * tenant's new job is not held up by another tenant's slow ones.
 */
async function placesFree(inFlight: Set<Promise<void>>, wanted: number, wakeable: boolean): Promise<void> {
  if (wakeable && holder.wokeEarly) {
    holder.wokeEarly = false;
    return;
  }
  const woken = wakeable ? new Promise<"woken">((resolve) => (holder.woken = () => resolve("woken"))) : null;
  const first = await Promise.race([...inFlight, ...(woken ? [woken] : [])]);
  holder.woken = null;
  if (first === "woken") return;
  if (CONCURRENCY - inFlight.size >= wanted) return;
  let timer: NodeJS.Timeout | undefined;
  let lapsed = false;
  const lapse = new Promise<void>((resolve) => {
    timer = setTimeout(() => resolve(void (lapsed = true)), CLAIM_AGAIN_MS);
  });
  while (!lapsed && inFlight.size > 0 && CONCURRENCY - inFlight.size < wanted) await Promise.race([...inFlight, lapse]);
  clearTimeout(timer);
}

/** Starts this process's job loop with `handlers` (idempotent): every `intervalMs`, and at once when woken. */
export function startJobRunner(database: Database, intervalMs: number, handlers: JobHandlers): Runner {
  if (holder.runner) return holder.runner;
  setJobHandlers(handlers);
  const { db } = database;
  const ticker = startTicker("the job runner", log, intervalMs, async () => void (await runDueJobs(db)));
  serverRuntime().providers.set("jobs", () => jobCounts(db));
  holder.runner = {
    wake: () => void ticker.tick(),
    stop: async () => {
      holder.stopping = true;
      await ticker.stop();
    },
  };
  void ticker.tick();
  return holder.runner;
}

/** Runs due jobs soon on this instance (after a commit that queued some), beside the runs under way. */
export function wakeJobRunner() {
  if (holder.woken) return holder.woken();
  holder.wokeEarly = true;
  holder.runner?.wake();
}

/** Stops the loop once the jobs under way are recorded (a shutdown). */
export async function stopJobRunner(): Promise<void> {
  await holder.runner?.stop();
}
