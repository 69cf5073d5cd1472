import { describe, expect, it } from "vitest";
import { groupCommit, groupCommitPer } from "./group-commit";

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
