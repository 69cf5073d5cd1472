import "server-only";
import { getDatabase } from "@/lib/db/client";
import { drainRefreshes } from "@/lib/dashboard/exchanges/refresh-queue";
import { stopJobRunner } from "@/lib/dashboard/jobs/runner";
import { serverRuntime } from "@/lib/runtime/server-runtime.mjs";
import { readiness } from "./readiness";
import { drainRequestLogs } from "@/lib/request-log/record";

/**
 * What the app finishes when the server drains (scripts/server.mjs runs these by name, after
 * ending every event stream with a `retry:` hint, so that browsers resume on another instance by
 * Last-Event-ID):
 * - `work`, once in-flight requests are answered (their group commits stored with them): the
 *   waiting snapshot refreshes run, the job runner and the sandbox's outbox record the
 *   attempts under way (a job not yet claimed stays in the database for another instance), and
 *   an example activity cut short by the stop puts the sandbox's clock at the present (lib/boot.ts);
 *   then the request log rows handed over are written;
 * - `database`: the pool and the LISTEN connection close, last.
 */
export function registerDrains(stopWorker: () => Promise<void>, exampleActivityEnded: () => Promise<void>): void {
  const { drains } = serverRuntime().shutdown;
  serverRuntime().providers.set("ready", async () => (await readiness()).ok);
  drains.set("work", async (deadline) => {
    await Promise.all([drainRefreshes(deadline), stopWorker(), stopJobRunner(), exampleActivityEnded()]);
    // the request log rows of the requests just answered, and of the work just finished
    await drainRequestLogs(deadline);
  });
  drains.set("database", async () => {
    const database = await getDatabase().catch(() => null);
    await database?.close();
  });
}
