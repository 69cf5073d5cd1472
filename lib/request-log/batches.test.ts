import { describe, expect, it } from "vitest";
import { batchWriter, MAX_BATCH, MAX_WAITING } from "./batches";
import type { WrittenRows } from "./row";

// The batches of request log rows (batches.ts): what arrives together is written in one
// statement, a row the database refuses is dropped alone, a database out of reach drops the batch
// whole, and a queue that cannot be written stops growing. The statement here stands for the
// database (the integration suite writes to PGlite and PostgreSQL): it records what it was given.

type Outcome = "ok" | "refused" | "unavailable";

function harness(outcome: (rows: string[]) => Outcome = () => "ok") {
  const statements: string[][] = [];
  const written: WrittenRows[][] = [];
  const dropped: { error: string; rows: number }[] = [];
  const writer = batchWriter({
    insert: async (rows) => {
      statements.push(rows);
      const result = outcome(rows);
      if (result === "refused") throw Object.assign(new Error("invalid input syntax"), { code: "22P02" });
      if (result === "unavailable") throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
      return [{ tenantId: null, clientKey: "k", id: statements.length, count: rows.length }];
    },
    written: (rows) => written.push(rows),
    dropped: (error, rows) => dropped.push({ error: error instanceof Error ? error.message : String(error), rows }),
  });
  return { writer, statements, written, dropped };
}

const rows = (n: number, from = 0) => Array.from({ length: n }, (_, i) => JSON.stringify({ n: from + i }));

describe("request log batches", () => {
  it("writes the rows added together in one statement, and tells who listens", async () => {
    const { writer, statements, written } = harness();
    writer.add(rows(3));
    await writer.drain();
    expect(statements).toEqual([rows(3)]);
    expect(written).toEqual([[{ tenantId: null, clientKey: "k", id: 1, count: 3 }]]);
    expect(writer.waiting()).toBe(0);
  });

  it("writes a full batch at once and the rest after it, no statement over MAX_BATCH rows", async () => {
    const { writer, statements } = harness();
    writer.add(rows(MAX_BATCH * 2 + 7));
    await writer.drain();
    expect(statements.map((batch) => batch.length)).toEqual([MAX_BATCH, MAX_BATCH, 7]);
    expect(statements.flat()).toEqual(rows(MAX_BATCH * 2 + 7));
  });

  it("drops a row the database refuses alone, and writes the others of its batch", async () => {
    const bad = JSON.stringify({ n: 1 });
    const { writer, statements, dropped } = harness((batch) => (batch.includes(bad) ? "refused" : "ok"));
    writer.add(rows(3));
    await writer.drain();
    expect(statements).toEqual([rows(3), rows(1, 0), rows(1, 1), rows(1, 2)]);
    expect(dropped).toEqual([{ error: "invalid input syntax", rows: 1 }]);
  });

  it("drops a batch whole when the database is out of reach, without trying each row", async () => {
    const { writer, statements, dropped } = harness(() => "unavailable");
    writer.add(rows(4));
    await writer.drain();
    expect(statements).toHaveLength(1);
    expect(dropped).toEqual([{ error: "connect ECONNREFUSED 127.0.0.1:5432", rows: 4 }]);
  });

  it("drops a batch whole when the database cannot be opened", async () => {
    const dropped: number[] = [];
    const writer = batchWriter({
      open: () => Promise.reject(new Error("the data directory is locked")),
      insert: () => Promise.reject(new Error("never reached")),
      written: () => undefined,
      dropped: (_error, count) => dropped.push(count),
    });
    writer.add(rows(5));
    await writer.drain();
    expect(dropped).toEqual([5]);
  });

  it("keeps at most MAX_WAITING rows, and says so once per thousand dropped", () => {
    // a statement that never ends: every row added waits
    const dropped: number[] = [];
    const writer = batchWriter({
      insert: () => new Promise<never>(() => undefined),
      written: () => undefined,
      dropped: (_error, count) => dropped.push(count),
    });
    writer.add(rows(1));
    writer.add(rows(MAX_WAITING + 2_500));
    expect(writer.waiting()).toBe(MAX_WAITING);
    expect(dropped).toEqual([1, 1, 1]);
  });
});
