import "server-only";
import type { Database } from "@/lib/db/client";
import { expireUnpaidPayouts } from "../exchanges/expire-payouts";
import { deliverDue, releaseClaims } from "./deliver";
import { setWakeHandler } from "./wake";
import { processSingleton } from "@/lib/process-singleton";
import { serverRuntime } from "@/lib/runtime/server-runtime.mjs";
import { outboxCounts } from "./deliver";
import { errorText, logger } from "@/lib/log";

const log = logger("sandbox-outbox");

/** stop() ends the loop; the promise settles once an attempt under way has been recorded. */
type Worker = { stop: () => Promise<void> };
// Per process: one delivery loop (deliveries are claimed in the database, so instances may each run one).
const holder = processSingleton("sandbox-worker", () => ({ worker: undefined as Worker | undefined }));

/** Starts the one delivery worker of this process (idempotent). */
export function startWorker(database: Database, intervalMs: number): Worker {
  if (holder.worker) return holder.worker;
  const { db } = database;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  // one line when the database goes away and one when it is back, not one per tick
  let failing = false;

  const tick = async () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await expireUnpaidPayouts(db);
          await deliverDue(db);
        } while (again && !stopped);
        if (failing) log.info("the delivery worker runs again");
        failing = false;
      } catch (error) {
        if (!failing) log.error({ err: errorText(error) }, "the delivery worker failed; it tries again at every tick");
        failing = true;
      } finally {
        running = null;
      }
    })();
    await running;
  };

  const ready = database.kind === "pglite" ? releaseClaims(db) : Promise.resolve();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  setWakeHandler(() => void tick());
  void ready.then(tick);
  serverRuntime().providers.set("outbox", () => outboxCounts(db));
  holder.worker = {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
  return holder.worker;
}

/** Stops this process's delivery worker, once its attempt under way is recorded (a shutdown). */
export async function stopWorker(): Promise<void> {
  await holder.worker?.stop();
}
