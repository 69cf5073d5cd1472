import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { jobs, webhookEvents } from "@/lib/db/schema";
import { subscribe } from "@/lib/dashboard/events/bus";
import { wakeJobRunner } from "@/lib/dashboard/jobs/runner";
import type { StepFailure } from "@/lib/dashboard/contract/scenarios-api";
import { StepFailed } from "./step-failed";

// A scenario's wait for a webhook: until the dashboard has stored `count` events of a type for
// the exchange, as received from the service. A wait holds no place of the job queue while it
// waits: its job reads the store and, short of the events, goes back to the queue (due again at
// the wait's end, or within FALLBACK_MS) with this instance listening on the live-update bus for
// the exchange's webhooks. The first such notice (or a gap in the notices) makes the job due at
// once, and whichever instance claims it reads the store again. So a tenant's waiting runs take
// nothing from anyone, and nothing stored in between is missed.

type Wait = { tenantId: string; exchangeId: string; event: string; count: number; deadline: Date; timeoutSeconds: number };

/** A wait's job is due again this soon at the latest, should the instance that listens stop. */
const FALLBACK_MS = 5_000;

export class WaitTimedOut extends StepFailed {
  constructor(failure: Extract<StepFailure, { code: "event_timeout" }>) {
    super(failure, `${failure.stored} of ${failure.count} ${failure.event} stored for the exchange within ${failure.seconds} s`);
    this.name = "WaitTimedOut";
  }
}

/** What a look at the store came to: the events' cursors, or the job is to go on `at`, woken once recorded. */
export type Waited = { seqs: number[] } | { at: Date; afterRecord: () => void };

const stored = (db: Db, { tenantId, exchangeId, event, count }: Wait) =>
  db
    .select({ seq: webhookEvents.seq })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.tenantId, tenantId), eq(webhookEvents.exchangeId, exchangeId), eq(webhookEvents.eventType, event)))
    .orderBy(asc(webhookEvents.seq))
    .limit(count);

/** Makes a waiting job due now, once its last run is recorded (no claim holds it), and wakes this instance's runner. */
async function dueNow(db: Db, jobId: string) {
  await db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, "pending"), isNull(jobs.lockedUntil)));
  wakeJobRunner();
}

/**
 * One look at the store for the wait of job `jobId`: the cursors (`seq`) of the first `count`
 * events, oldest first; or, short of them, when the job is to look again (`afterRecord` is called
 * once that is recorded). Past the deadline, WaitTimedOut.
 */
export async function lookForEvents(db: Db, jobId: string, wait: Wait): Promise<Waited> {
  const state = { woken: false, recorded: false, done: false, timer: undefined as NodeJS.Timeout | undefined };
  let unsubscribe = () => {};
  const fire = () => {
    if (state.done) return;
    state.done = true;
    clearTimeout(state.timer);
    unsubscribe();
    void dueNow(db, jobId).catch(() => undefined);
  };
  // listening before the store is read: a webhook stored in between wakes it
  unsubscribe = await subscribe(wait.tenantId, (notice) => {
    if (notice !== null && !(notice.kind === "webhook" && notice.exchange_id === wait.exchangeId)) return;
    state.woken = true;
    if (state.recorded) fire();
  });
  const found = await stored(db, wait).catch((error: unknown) => {
    unsubscribe();
    throw error;
  });
  if (found.length >= wait.count) {
    unsubscribe();
    return { seqs: found.map((row) => row.seq) };
  }
  const now = Date.now();
  if (now >= wait.deadline.getTime()) {
    unsubscribe();
    throw new WaitTimedOut({
      code: "event_timeout",
      event: wait.event,
      stored: found.length,
      count: wait.count,
      seconds: wait.timeoutSeconds,
    });
  }
  const at = new Date(Math.min(wait.deadline.getTime(), now + FALLBACK_MS));
  // the job runs at `at` whatever happens: then this listener has nothing more to do
  state.timer = setTimeout(() => {
    state.done = true;
    unsubscribe();
  }, at.getTime() - now);
  return {
    at,
    afterRecord: () => {
      state.recorded = true;
      if (state.woken) fire();
    },
  };
}
