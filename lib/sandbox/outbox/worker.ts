import "server-only";
import type { Database } from "@/lib/db/client";
import { expireUnpaidPayouts } from "../exchanges/expire-payouts";
import { deliverDue, releaseClaims } from "./deliver";
import { setWakeHandler } from "./wake";
import { processSingleton } from "@/lib/process-singleton";
import { serverRuntime } from "@/lib/runtime/server-runtime.mjs";
import { outboxCounts } from "./deliver";
import { logger } from "@/lib/log";
import { startTicker } from "@/lib/ticker";

const log = logger("sandbox-outbox");

/** stop() ends the loop; the promise settles once an attempt under way has been recorded. */
type Worker = { stop: () => Promise<void> };
// Per process: one delivery loop (deliveries are claimed in the database, so instances may each run one).
const holder = processSingleton("sandbox-worker", () => ({ worker: undefined as Worker | undefined }));

/** Starts the one delivery worker of this process (idempotent). */
export function startWorker(database: Database, intervalMs: number): Worker {
  if (holder.worker) return holder.worker;
  const { db } = database;
  const ticker = startTicker("the delivery worker", log, intervalMs, async () => {
    await expireUnpaidPayouts(db);
    await deliverDue(db);
  });
  const ready = database.kind === "pglite" ? releaseClaims(db) : Promise.resolve();
  setWakeHandler(() => void ticker.tick());
  void ready.then(ticker.tick);
  serverRuntime().providers.set("outbox", () => outboxCounts(db));
  holder.worker = { stop: ticker.stop };
  return holder.worker;
}

/** Stops this process's delivery worker, once its attempt under way is recorded (a shutdown). */
export async function stopWorker(): Promise<void> {
  await holder.worker?.stop();
}
