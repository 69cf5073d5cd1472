import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import * as real from "zod/mini";
import { bundleZodForBrowser, zodMiniNames } from "../../../scripts/zod-browser.mjs";

// The browser's zod/mini (scripts/zod-browser.mjs): the same functions as the package, cut to
// what the app's files call, and parsing exactly as the package does.

const root = path.resolve(import.meta.dirname, "../../..");

describe("the browser's cut of zod/mini", () => {
  it("takes the names the contract calls, and leaves out types and zod's core", () => {
    const names = zodMiniNames(root);
    for (const used of ["object", "strictObject", "string", "nullable", "enum", "meta", "iso"]) expect(names).toContain(used);
    expect(names).toContain("infer"); // read from the files; dropped from the cut as a type only
    const out = bundleZodForBrowser(root);
    const entry = readFileSync(path.join(root, path.dirname(out), "entry.mjs"), "utf8");
    expect(entry).not.toMatch(/\binfer\b|\bcore\b/);
    expect(entry).toMatch(/\bstrictObject\b/);
  });

  it("exports every run-time name the app's files use, and parses as zod/mini does", async () => {
    const out = bundleZodForBrowser(root);
    const cut = (await import(pathToFileURL(path.join(root, out)).href)) as typeof real;
    const runtime = new Set(Object.keys(real));
    for (const name of zodMiniNames(root)) {
      if (runtime.has(name) && name !== "core") expect(cut, name).toHaveProperty(name);
    }
    const build = (z: typeof real) =>
      z.strictObject({
        id: z.string().check(z.meta({ format: "uuid" })),
        amount: z.string().check(z.regex(/^\d+\.\d{2}$/)),
        state: z.enum(["open", "settled"]),
        note: z.nullable(z.string().check(z.maxLength(8))),
        day: z.optional(z.iso.date()),
        count: z.int().check(z.minimum(0)),
      });
    const [ours, theirs] = [build(cut), build(real)];
    const inputs: unknown[] = [
      { id: "a", amount: "1.50", state: "open", note: null, count: 1 },
      { id: "a", amount: "1.50", state: "open", note: "12345678", day: "2026-11-23", count: 0 },
      { id: "a", amount: "1.5", state: "open", note: null, count: 1 },
      { id: "a", amount: "1.50", state: "closed", note: null, count: 1 },
      { id: "a", amount: "1.50", state: "open", note: "123456789", count: 1 },
      { id: "a", amount: "1.50", state: "open", note: null, day: "2026-13-01", count: 1 },
      { id: "a", amount: "1.50", state: "open", note: null, count: -1 },
      { id: "a", amount: "1.50", state: "open", note: null, count: 1, extra: true },
      null,
    ];
    const verdicts = inputs.map((input) => ours.safeParse(input).success);
    expect(verdicts).toEqual(inputs.map((input) => theirs.safeParse(input).success));
    expect(verdicts).toEqual([true, true, false, false, false, false, false, false, false]);
    const failed = ours.safeParse(inputs[2]);
    expect(failed.success ? [] : failed.error.issues.map((i) => i.path.join("."))).toEqual(["amount"]);
  });
});
