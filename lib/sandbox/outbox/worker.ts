import "server-only";
import type { Database } from "@/lib/db/client";
import { expireUnpaidPayouts } from "../exchanges/expire-payouts";
import { deliverDue, releaseClaims } from "./deliver";
import { setWakeHandler } from "./wake";
import { processSingleton } from "@/lib/process-singleton";

type Worker = { stop: () => void };
// Per process: one delivery loop (deliveries are claimed in the database, so instances may each run one).
const holder = processSingleton("sandbox-worker", () => ({ worker: undefined as Worker | undefined }));

/** Starts the one delivery worker of this process (idempotent). */
export function startWorker(database: Database, intervalMs: number): Worker {
  if (holder.worker) return holder.worker;
  const { db } = database;
  let running = false;
  let again = false;
  let stopped = false;

  const tick = async () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await expireUnpaidPayouts(db);
        await deliverDue(db);
      } while (again && !stopped);
    } catch (error) {
      console.error("[sandbox] delivery worker:", error instanceof Error ? error.message : error);
    } finally {
      running = false;
    }
  };

  const ready = database.kind === "pglite" ? releaseClaims(db) : Promise.resolve();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  setWakeHandler(() => void tick());
  void ready.then(tick);
  holder.worker = {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
  return holder.worker;
}
