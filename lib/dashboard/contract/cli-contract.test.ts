import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { dashboardOpenApi } from "@/lib/dashboard/api/openapi";
import { cliContractFiles } from "./cli-contract";

const root = path.resolve(import.meta.dirname, "../../..");
/** `npm run cli:contract` runs this file with it set: the files are written instead of compared. */
const writing = process.env.WRITE_CLI_CONTRACT === "1";

describe("the command line's copy of the OpenAPI document (cli/openapi.json, cli/openapi.d.ts)", () => {
  it("is what npm run cli:contract makes from the document now: run it after a change to what the dashboard answers", async () => {
    const files = await cliContractFiles(dashboardOpenApi("https://dashboard.example"), root);
    for (const [file, text] of Object.entries(files)) {
      if (writing) writeFileSync(path.join(root, file), text);
      else expect(readFileSync(path.join(root, file), "utf8"), `${file} drifted: npm run cli:contract`).toBe(text);
    }
  });

  it("reads as the dashboard answers (cli/schemas.mjs): an answer and added fields pass, a missing field or a wrong type not", async () => {
    const schemas = (await import(pathToFileURL(path.join(root, "cli/schemas.mjs")).href)) as Record<string, ZodType>;
    const frame = schemas.requestLogFrameSchema!;
    expect(frame.safeParse({ id: 7, count: 2 }).success).toBe(true);
    expect(frame.safeParse({ id: 7, count: 2, added_later: true }).success).toBe(true);
    expect(frame.safeParse({ id: 7 }).success).toBe(false);
    expect(frame.safeParse({ id: "7", count: 2 }).success).toBe(false);
  });
});
