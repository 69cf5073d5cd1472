import { readdirSync, readFileSync } from "node:fs";
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

  // The code map's rows name folders in backticks: `lib/http`, or `…/contract` under the row of
  // **`lib/dashboard/`**, whose bold row stands for the folder itself. What must be named: every
  // folder at the top of lib/ and of lib/dashboard/ (a new one is a new room a reader should find),
  // and cli/ itself: it keeps its code in files at its top, no folders, so the folder is the room
  // (a folder made in it later must be named too).
  it("names in its code map every folder of lib/, lib/dashboard/ and cli/", () => {
    const named = codeMapFolders(readme);
    const foldersOf = (base: string) =>
      readdirSync(base, { withFileTypes: true })
        // a test tool's folder beside the code (vitest's __snapshots__) is no room of it
        .filter((entry) => entry.isDirectory() && !entry.name.startsWith("__"))
        .map((entry) => `${base}/${entry.name}`);
    const wanted = [...foldersOf("lib"), ...foldersOf("lib/dashboard"), "cli", ...foldersOf("cli")];
    expect(wanted.filter((folder) => !named.has(folder))).toEqual([]);
  });
});

/** The folders the rows of "## Map of the code" name, `…/x` read under the last bold folder's row. */
function codeMapFolders(text: string): Set<string> {
  const section = text.split(/^## Map of the code$/m)[1]?.split(/^## /m)[0] ?? "";
  const named = new Set<string>();
  let under = "";
  for (const line of section.split("\n")) {
    const first = /^\| ([^|]+) \|/.exec(line)?.[1];
    if (!first) continue;
    const bold = /^\*\*`([^`]+)`\*\*$/.exec(first.trim());
    if (bold?.[1]) under = bold[1].replace(/\/$/, "");
    else if (first.startsWith("**")) under = "";
    for (const [, path] of first.matchAll(/`([^`]+)`/g)) {
      if (!path) continue;
      named.add((path.startsWith("…/") ? `${under}/${path.slice(2)}` : path).replace(/\/$/, ""));
    }
  }
  return named;
}
