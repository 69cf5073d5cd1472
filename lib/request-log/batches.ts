import { isDatabaseUnavailable } from "@/lib/db/availability";
import { batchQueue } from "@/lib/db/group-commit";
import type { WrittenRows } from "./row";

// Request log rows waiting for their write, and the writes: one INSERT per batch, at most one per
// LINGER_MS under load, at once after a quiet spell (record.ts keeps one per process), through the
// app's batch queue (lib/db/group-commit.ts). A row that cannot be written is dropped with a
// warning: the log must never fail or slow a request.

/** Writes begin at most this often: under load, each carries the rows of this long. */
const LINGER_MS = 250;
/** The most rows one INSERT takes; a queue this long is written at once. */
export const MAX_BATCH = 500;
/** The most rows waiting (a database that does not answer): past it, new ones are dropped. */
export const MAX_WAITING = 20_000;

export type BatchWriterOptions = {
  /** Readies the database before a batch (opens it): failing, the batch is dropped whole. */
  open?: () => Promise<unknown>;
  /** Writes rows (each the JSON text of a row, row.ts) in one statement. */
  insert: (rows: string[]) => Promise<WrittenRows[]>;
  /** Told of every batch written. */
  written: (written: WrittenRows[]) => void;
  /** Told of rows dropped, and why (0 rows: a write that failed otherwise). */
  dropped: (error: unknown, rows: number) => void;
};

export type BatchWriter = {
  /** Rows to write, as JSON text. */
  add: (rows: string[]) => void;
  /** How many rows wait. */
  waiting: () => number;
  /** Resolves once every row added so far is written or dropped. */
  drain: () => Promise<void>;
};

export function batchWriter({ open, insert, written, dropped }: BatchWriterOptions): BatchWriter {
  /** Rows dropped because too many waited. */
  let overflow = 0;
  const queue = batchQueue<string, WrittenRows[]>({
    run: insert,
    done: (_rows, result) => written(result),
    // a row the database refuses is dropped alone; a database out of reach drops the batch at once
    // (each row would fail alike), as does one that cannot be opened
    failed: (rows, error) => dropped(error, rows.length),
    retryAlone: (error) => !isDatabaseUnavailable(error),
    prepare: open,
    max: MAX_BATCH,
    maxWaiting: MAX_WAITING,
    // at once after a quiet spell (a call made alone is in the log within milliseconds, before a
    // page opened right after it reads the log), else so that under load a write carries every row
    // of LINGER_MS
    lingerMs: LINGER_MS,
  });

  return {
    add(rows) {
      const refused = queue.add(rows);
      for (let i = 0; i < refused; i++) {
        // said once per thousand: a database that does not answer drops every row until it does
        if (overflow++ % 1_000 === 0) dropped(new Error(`the queue is full (${MAX_WAITING} rows wait)`), 1);
      }
    },
    waiting: queue.waiting,
    drain: queue.drain,
  };
}
