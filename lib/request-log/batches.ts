import { isDatabaseUnavailable } from "@/lib/db/availability";
import type { WrittenRows } from "./row";

// Request log rows waiting for their write, and the writes: one INSERT per batch, at most one per
// LINGER_MS under load, at once after a quiet spell (record.ts keeps one per process). A row that
// cannot be written is dropped with a warning: the log must never fail or slow a request.

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
  /** Rows, as JSON, waiting to be written. */
  const rows: string[] = [];
  let timer: NodeJS.Timeout | null = null;
  /** When the last write began (ms since the epoch). */
  let lastStarted = 0;
  /** The writer at work, until no row waits. */
  let writing: Promise<void> | null = null;
  /** Rows dropped because too many waited. */
  let overflow = 0;

  /**
   * Starts the next write when it is due: at once after a quiet spell (a call made alone is in the
   * log within milliseconds, before a page opened right after it reads the log), else LINGER_MS
   * after the last write began, so that under load a write carries every row of LINGER_MS.
   */
  function schedule(): void {
    if (writing || timer || rows.length === 0) return;
    const wait = rows.length >= MAX_BATCH ? 0 : lastStarted + LINGER_MS - Date.now();
    if (wait <= 0) void startWriting();
    else timer = setTimeout(startWriting, wait);
  }

  function startWriting(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    writing ??= writeQueued()
      .catch((error: unknown) => dropped(error, 0))
      .finally(() => {
        writing = null;
        schedule();
      });
    return writing;
  }

  // One batch per linger: rows made while it is written wait for the next (unless a full batch is waiting).
  async function writeQueued(): Promise<void> {
    lastStarted = Date.now();
    do await writeRows(rows.splice(0, MAX_BATCH));
    while (rows.length >= MAX_BATCH);
  }

  /**
   * Writes a batch; one the database refuses is tried row by row, so that a bad row is dropped alone.
   * A database out of reach drops the batch at once (each row would fail alike).
   */
  async function writeRows(batch: string[]): Promise<void> {
    const attempt = async (some: string[]) => written(await insert(some));
    try {
      await open?.();
    } catch (error) {
      return dropped(error, batch.length);
    }
    try {
      await attempt(batch);
    } catch (error) {
      if (batch.length === 1 || isDatabaseUnavailable(error)) return dropped(error, batch.length);
      for (const row of batch) await attempt([row]).catch((err: unknown) => dropped(err, 1));
    }
  }

  return {
    add(more) {
      for (const row of more) {
        if (rows.length < MAX_WAITING) rows.push(row);
        // said once per thousand: a database that does not answer drops every row until it does
        else if (overflow++ % 1_000 === 0) dropped(new Error(`the queue is full (${MAX_WAITING} rows wait)`), 1);
      }
      schedule();
    },
    waiting: () => rows.length,
    async drain() {
      while (rows.length > 0 || writing) await (writing ?? startWriting());
    },
  };
}
