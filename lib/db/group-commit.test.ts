import { describe, expect, it, vi } from "vitest";
import { batchQueue, groupCommit, groupCommitPer } from "./group-commit";

/** A group commit whose first run waits until released (so that others arrive meanwhile), recording each batch. */
function heldFirst<I, O>(answer: (batch: I[]) => O[], max?: number) {
  const batches: I[][] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const run = groupCommit(async (batch: I[]) => {
    batches.push(batch);
    if (batches.length === 1) await held;
    return answer(batch);
  }, max);
  return { run, batches, release };
}

describe("group commit", () => {
  it("runs an item alone at once, and gathers what arrives meanwhile into the next run", async () => {
    const { run, batches, release } = heldFirst((batch: number[]) => batch.map((n) => n * 2));
    const all = [run(1), run(2), run(3), run(4)];
    release();
    expect(await Promise.all(all)).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it("tries a failed batch item by item, so that only the bad one fails", async () => {
    const { run, batches, release } = heldFirst((batch: string[]) => {
      if (batch.includes("bad")) throw new Error("refused");
      return batch.map((s) => s.toUpperCase());
    });
    const all = ["a", "b", "bad", "c"].map((s) => run(s).catch((error: Error) => error.message));
    release();
    expect(await Promise.all(all)).toEqual(["A", "B", "refused", "C"]);
    expect(batches).toEqual([["a"], ["b", "bad", "c"], ["b"], ["bad"], ["c"]]);
  });

  it("takes at most `max` items a run", async () => {
    const { run, batches, release } = heldFirst((batch: number[]) => batch, 3);
    const all = Array.from({ length: 8 }, (_, i) => run(i));
    release();
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(batches.map((b) => b.length)).toEqual([1, 3, 3, 1]);
  });

  it("keeps one lane per key: each key's items go together, given their key", async () => {
    const runs: [string, number[]][] = [];
    const run = groupCommitPer(async (key: { name: string }, batch: number[]) => {
      runs.push([key.name, batch]);
      return batch.map((n) => `${key.name}${n}`);
    });
    const [a, b] = [{ name: "a" }, { name: "b" }];
    expect(await Promise.all([run(a, 1), run(b, 2), run(a, 3)])).toEqual(["a1", "b2", "a3"]);
    expect(runs).toEqual([
      ["a", [1]],
      ["b", [2]],
      ["a", [3]],
    ]);
  });
});

describe("the batch queue", () => {
  it("bounds a batch by its items' weight, always taking one, and says when the lane is empty", async () => {
    const batches: string[][] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let idle = 0;
    const run = groupCommit(
      async (batch: string[]) => {
        batches.push(batch);
        if (batches.length === 1) await held;
        return batch;
      },
      64,
      { weight: (item) => item.length, maxWeight: 5, idle: () => idle++ },
    );
    const all = ["a", "bbb", "cc", "dddddddd", "e"].map((item) => run(item));
    release();
    await Promise.all(all);
    expect(batches).toEqual([["a"], ["bbb", "cc"], ["dddddddd"], ["e"]]);
    await vi.waitFor(() => expect(idle).toBe(1));
  });

  it("with a linger, begins a batch at once after a quiet spell, then at most once per linger", async () => {
    vi.useFakeTimers({ now: new Date("2026-01-01T00:00:00Z") });
    try {
      const batches: number[][] = [];
      const queue = batchQueue({ run: async (batch: number[]) => void batches.push(batch), failed: () => undefined, lingerMs: 250 });
      queue.add([1]);
      expect(batches).toEqual([[1]]);
      await vi.advanceTimersByTimeAsync(0);
      queue.add([2]);
      queue.add([3]);
      await vi.advanceTimersByTimeAsync(249);
      expect(batches).toEqual([[1]]);
      await vi.advanceTimersByTimeAsync(1);
      expect(batches).toEqual([[1], [2, 3]]);
      expect(queue.waiting()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
