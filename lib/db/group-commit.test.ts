import { describe, expect, it } from "vitest";
import { groupCommit } from "./group-commit";

describe("group commit", () => {
  it("runs an item alone at once, and gathers what arrives meanwhile into the next run", async () => {
    const runs: number[][] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const doubled = groupCommit(async (batch: number[]) => {
      runs.push(batch);
      if (runs.length === 1) await held;
      return batch.map((n) => n * 2);
    });
    const first = doubled(1);
    const later = [doubled(2), doubled(3), doubled(4)];
    release();
    expect(await Promise.all([first, ...later])).toEqual([2, 4, 6, 8]);
    expect(runs).toEqual([[1], [2, 3, 4]]);
  });

  it("tries a failed batch item by item, so that only the bad one fails", async () => {
    const runs: string[][] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const checked = groupCommit(async (batch: string[]) => {
      runs.push(batch);
      if (runs.length === 1) await held;
      if (batch.includes("bad")) throw new Error("refused");
      return batch.map((s) => s.toUpperCase());
    });
    const first = checked("a");
    const rest = [checked("b"), checked("bad"), checked("c")].map((p) => p.catch((error: Error) => error.message));
    release();
    expect(await Promise.all([first, ...rest])).toEqual(["A", "B", "refused", "C"]);
    expect(runs).toEqual([["a"], ["b", "bad", "c"], ["b"], ["bad"], ["c"]]);
  });

  it("takes at most `max` items a run", async () => {
    const sizes: number[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const run = groupCommit(async (batch: number[]) => {
      sizes.push(batch.length);
      if (sizes.length === 1) await held;
      return batch;
    }, 3);
    const all = Array.from({ length: 8 }, (_, i) => run(i));
    release();
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(sizes).toEqual([1, 3, 3, 1]);
  });
});
