import { describe, expect, it } from "vitest";
import { remembered } from "./remembered";

describe("remembered answers", () => {
  it("answers each key once, and starts afresh past its bound", () => {
    const asked: string[] = [];
    const known = new Map<string, number>();
    const length = remembered(
      (key) => {
        asked.push(key);
        return key.length;
      },
      2,
      known,
    );
    expect([length("a"), length("bb"), length("a"), length("bb")]).toEqual([1, 2, 1, 2]);
    expect(asked).toEqual(["a", "bb"]);
    // a third key: the two known are forgotten, the third kept
    expect(length("ccc")).toBe(3);
    expect([...known.keys()]).toEqual(["ccc"]);
    expect(length("a")).toBe(1);
    expect(asked).toEqual(["a", "bb", "ccc", "a"]);
  });

  it("remembers a false or empty answer too", () => {
    let calls = 0;
    const isSecret = remembered(() => {
      calls++;
      return false;
    }, 10);
    isSecret("x");
    isSecret("x");
    expect(calls).toBe(1);
  });
});
