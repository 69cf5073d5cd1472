import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { settingNames } from "./env";
import { INTERNAL_SETTINGS, settingsReference } from "./env-reference";
import { docTables as sharedTables, withTable } from "./docs-tables";
import { operationsDocTable } from "./dashboard/api/operations-table";
import { servedRoutes } from "@/tests/routes";

const docTables = [...sharedTables, operationsDocTable];
/** `npm run docs:tables` runs this file with it set: each table is written instead of compared. */
const writing = process.env.WRITE_DOC_TABLES === "1";

/**
 * "METHOD /api/path" of every route the table of docs/api.md names. A cell lists backticked
 * items: `GET /api/x?query`, `GET`/`POST /api/x` (both methods), and `POST …/y` (a path that
 * continues the cell's previous one: from its segment that `y` starts with, else at its end).
 */
function documentedRoutes(markdown: string): string[] {
  const start = markdown.indexOf("| method and path |");
  const rows = markdown.slice(start).split("\n").slice(2);
  const out: string[] = [];
  for (const row of rows) {
    if (!row.startsWith("|")) break;
    const cell = row.split(" | ")[0]?.replace(/^\| /, "") ?? "";
    let pending: string[] = [];
    let previous = "";
    for (const [, item] of cell.matchAll(/`([^`]+)`/g)) {
      const text = (item ?? "").replace(/\\\|/g, "|");
      if (/^(GET|POST|PUT|PATCH|DELETE)$/.test(text)) {
        pending.push(text);
        continue;
      }
      const match = /^(GET|POST|PUT|PATCH|DELETE) (\S+)/.exec(text);
      if (!match) continue;
      let target = (match[2] ?? "").split("?")[0] ?? "";
      if (target.startsWith("…/")) {
        const rest = target.slice(2);
        const first = rest.split("/")[0] ?? "";
        const segments = previous.split("/");
        const at = segments.lastIndexOf(first);
        target = `${(at > 0 ? segments.slice(0, at) : segments).join("/")}/${rest}`;
      } else previous = target;
      for (const method of [...pending, match[1]]) out.push(`${method} ${target}`);
      pending = [];
    }
  }
  return [...new Set(out)].sort();
}

describe("the tables of docs/ written from the code", () => {
  it("describe every variable lib/env.ts reads, and no other", () => {
    const described = Object.keys(settingsReference).filter((name) => name !== "NEXT_TELEMETRY_DISABLED");
    const read = settingNames.filter((name) => !(INTERNAL_SETTINGS as readonly string[]).includes(name));
    expect([...described].sort()).toEqual([...read].sort());
  });

  it.each(docTables.map((table) => [`${table.file}: ${table.name}`, table] as const))(
    "%s is what the code gives (npm run docs:tables writes it)",
    (_, table) => {
      const document = readFileSync(table.file, "utf8");
      if (writing) writeFileSync(table.file, withTable(document, table));
      else expect(document).toBe(withTable(document, table));
    },
  );

  it("the route table of docs/api.md names every route of app/api, and no other", () => {
    // the catch-all (404/405 JSON) and next-auth's own routes are no routes of ours to list
    const served = servedRoutes("app/api", "/api").filter((route) => !route.includes("{..."));
    expect(documentedRoutes(readFileSync("docs/api.md", "utf8"))).toEqual([...new Set(served)].sort());
  });

  it("every link of the README and docs/ reaches a file, and a heading of it where it names one", () => {
    const slug = (heading: string) =>
      heading
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\- _]/gu, "")
        .replace(/ /g, "-");
    const headings = (file: string) => new Set([...readFileSync(file, "utf8").matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1] ?? "")));
    const documents = [
      "README.md",
      ...readdirSync("docs")
        .filter((f) => f.endsWith(".md"))
        .map((f) => `docs/${f}`),
    ];
    const broken: string[] = [];
    for (const file of documents) {
      const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
      for (const [, link] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!link || /^[a-z]+:/.test(link)) continue;
        const [target = "", anchor] = link.split("#");
        const resolved = target ? path.normalize(path.join(path.dirname(file), target)) : file;
        if (!existsSync(resolved)) broken.push(`${file}: ${link} (no such file)`);
        else if (anchor && resolved.endsWith(".md") && !headings(resolved).has(anchor)) broken.push(`${file}: ${link} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});
