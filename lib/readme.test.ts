import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { z } from "zod";

// What a newcomer reads first: the README as a Git host renders it, and what `npm ci` prints.
const readme = readFileSync("README.md", "utf8");
const manifestSchema = z.object({
  engines: z.object({ node: z.string() }),
  allowScripts: z.record(z.string(), z.boolean()).optional(),
});
const lockSchema = z.object({
  packages: z.record(
    z.string(),
    z.object({
      engines: z.union([z.record(z.string(), z.string()), z.array(z.string())]).optional(),
      os: z.array(z.string()).optional(),
      hasInstallScript: z.boolean().optional(),
    }),
  ),
});

describe("README", () => {
  it("opens with its two commands in a code block, above the title", () => {
    expect(readme.startsWith("```sh\nnpm ci && npm start\nnpm ci && npm test\n```\n")).toBe(true);
    expect(readme.indexOf("# ")).toBeGreaterThan(readme.indexOf("```\n", 4));
  });

  it("says how to serve on another port", () => {
    expect(readme).toMatch(/PORT=\d+ npm start/);
  });

  it("names the Node.js versions the project declares, and every installed package accepts them", () => {
    const range = manifestSchema.parse(JSON.parse(readFileSync("package.json", "utf8"))).engines.node;
    expect(readme).toContain(`Node.js ${range}`);
    // the lowest version of each part of the range (20.19.0 and 22.13.0)
    const lowest = new semver.Range(range).set.map((part) => semver.minVersion(part.map((c) => c.value).join(" "))?.version ?? "");
    const refusing: string[] = [];
    for (const [where, entry] of Object.entries(lockSchema.parse(JSON.parse(readFileSync("package-lock.json", "utf8"))).packages)) {
      // a package for another system is never installed here (the lock lists it for them)
      if (entry.os && !entry.os.includes(process.platform)) continue;
      const node = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
      // `npm ci` warns (EBADENGINE) for a package whose range leaves out the Node.js it runs on
      for (const version of lowest)
        if (node && !semver.satisfies(version, node)) refusing.push(`${where} wants node ${node}, not ${version}`);
    }
    expect(refusing).toEqual([]);
  });

  it("decides for every package with an install script (npm 11 warns of each one left undecided)", () => {
    const decided = manifestSchema.parse(JSON.parse(readFileSync("package.json", "utf8"))).allowScripts ?? {};
    const lock = lockSchema.parse(JSON.parse(readFileSync("package-lock.json", "utf8")));
    const undecided = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([where]) => where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length))
      .filter((name) => !(name in decided));
    expect([...new Set(undecided)]).toEqual([]);
  });
});
