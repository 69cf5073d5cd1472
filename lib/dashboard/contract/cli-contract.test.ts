import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fromJSONSchema } from "zod";
import { cliContract, cliContractFiles } from "./cli-contract";

const root = path.resolve(import.meta.dirname, "../../..");

describe("the command line's copy of the contract (cli/contract.json, cli/contract.d.ts)", () => {
  it("is what npm run cli:contract makes from the contract now: run it after a change to what the dashboard answers", async () => {
    for (const [file, text] of Object.entries(await cliContractFiles(root))) {
      expect(readFileSync(path.join(root, file), "utf8"), `${file} drifted: npm run cli:contract`).toBe(text);
    }
  });

  it("reads as the contract does: a valid answer and added fields pass, a missing field or a wrong type does not", () => {
    const page = fromJSONSchema(cliContract().requestLogFrame as never);
    expect(page.safeParse({ id: 7, count: 2 }).success).toBe(true);
    expect(page.safeParse({ id: 7, count: 2, added_later: true }).success).toBe(true);
    expect(page.safeParse({ id: 7 }).success).toBe(false);
    expect(page.safeParse({ id: "7", count: 2 }).success).toBe(false);
  });
});
