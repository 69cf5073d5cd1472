import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { paymentHashOf } from "@/lib/lightning/invoice";
import type { JobHandler } from "@/lib/dashboard/jobs/runner";
import { enqueueOnce, type JobKind } from "@/lib/dashboard/jobs/queue";
import { logger } from "@/lib/log";

const log = logger("search");

// Exchanges stored before payment_hash existed get theirs once, 500 at a time, by whichever
// instance claims the job; new snapshots carry it from their first store (index-exchange.ts).
// An invoice that does not decode is marked '' so that it is not read again.

export const BACKFILL_JOB = "payment-hash-backfill" as const satisfies JobKind;
const BATCH = 500;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** One batch; how many rows it filled. */
export async function backfillPaymentHashes(db: Db): Promise<number> {
  const rows = rowsOf<{ tenant_id: string; id: string; invoice: string }>(
    await db.execute(sql`
      SELECT tenant_id, id, snapshot #>> '{payout,invoice}' AS invoice FROM exchanges
      WHERE payment_hash IS NULL AND (snapshot #>> '{payout,invoice}') IS NOT NULL LIMIT ${BATCH}`),
  );
  for (const row of rows) {
    await db.execute(sql`UPDATE exchanges SET payment_hash = ${paymentHashOf(row.invoice) ?? ""}
      WHERE tenant_id = ${row.tenant_id} AND id = ${row.id} AND payment_hash IS NULL`);
  }
  return rows.length;
}

/** Queues the backfill when some stored invoice still lacks its hash (a partial index answers at once). */
export async function scheduleBackfill(db: Db): Promise<void> {
  const missing = rowsOf(
    await db.execute(sql`SELECT 1 FROM exchanges WHERE payment_hash IS NULL AND (snapshot #>> '{payout,invoice}') IS NOT NULL LIMIT 1`),
  );
  if (missing.length > 0) await enqueueOnce(db, { kind: BACKFILL_JOB, dedupeKey: BACKFILL_JOB });
}

export const backfill: JobHandler = async (db) => {
  let filled = 0;
  for (let n = await backfillPaymentHashes(db); n > 0; n = await backfillPaymentHashes(db)) filled += n;
  if (filled > 0) log.info({ filled }, "payment hashes of stored invoices filled in for search");
  return { outcome: "done" };
};
