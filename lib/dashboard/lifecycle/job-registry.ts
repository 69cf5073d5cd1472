import "server-only";
import type { Db } from "@/lib/db/client";
import type { JobHandler, JobHandlers } from "@/lib/dashboard/jobs/runner";
import type { JobKind } from "@/lib/dashboard/jobs/queue";
import { forward } from "@/lib/dashboard/forwarding/deliver";
import { sendMail } from "@/lib/dashboard/mail/send";
import { digest } from "@/lib/dashboard/notifications/digest";
import { scheduleSweep, sweep } from "@/lib/dashboard/notifications/sweep";
import { retention, scheduleRetention } from "@/lib/dashboard/retention/prune";
import { backfill, scheduleBackfill } from "@/lib/dashboard/search/backfill";
import { runScenarioStep } from "@/lib/dashboard/scenarios/run-job";

// Every kind of background job, with what runs it and, for the recurring ones, how the first run
// is queued at boot (each run queues the next). A kind of JOB_KINDS missing here fails typecheck;
// so does an entry for a kind that is not one.

type Entry = {
  run: JobHandler;
  /** Queues the job's first run (every instance asks at boot: one job exists, by its dedupe key). */
  schedule?: (db: Db) => Promise<void>;
};

export const jobRegistry: Record<JobKind, Entry> = {
  // a stored webhook to one forwarding endpoint, with retries
  forward: { run: forward },
  // one message of the mail outbox
  mail: { run: sendMail },
  // one user's digest of notifications of a category
  "notification-mail": { run: digest },
  // the sweep that finds what needs attention, every few minutes
  "notifications-sweep": { run: sweep, schedule: (db) => scheduleSweep(db) },
  // pruning by the retention settings, daily
  retention: { run: retention, schedule: (db) => scheduleRetention(db) },
  // search's payment hashes for exchanges stored before the index had them, once
  "payment-hash-backfill": { run: backfill, schedule: scheduleBackfill },
  // the next step of a sandbox scenario's run, which queues the one after it
  "scenario-step": { run: runScenarioStep },
};

/** The handlers of every kind, as the job runner takes them. */
export const jobHandlers = Object.fromEntries(Object.entries(jobRegistry).map(([kind, entry]) => [kind, entry.run])) as JobHandlers;
