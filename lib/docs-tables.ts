import { errorStatus, type ErrorCode } from "./errors";
import { errorDescriptions } from "./error-docs";
import { settingsTable } from "./env-reference";

// The tables of docs/ that are written from the code: each stands between two markers in its
// document, `npm run docs:tables` writes them and a unit test (lib/docs-tables.test.ts) fails when
// a document's table differs from what the code gives.

export type DocTable = { file: string; name: string; render: () => string };

const errorsTable = () =>
  [
    "| code | status | meaning |",
    "|---|---|---|",
    ...(Object.keys(errorStatus) as ErrorCode[]).map((code) => `| \`${code}\` | ${errorStatus[code]} | ${errorDescriptions[code] ?? ""} |`),
  ].join("\n");

export const docTables: DocTable[] = [
  { file: "docs/configuration.md", name: "settings", render: settingsTable },
  { file: "docs/api.md", name: "error codes", render: errorsTable },
];

const begin = (name: string) => `<!-- ${name}: written by \`npm run docs:tables\` from the code; a unit test holds them equal -->`;
const end = (name: string) => `<!-- ${name} end -->`;

/** A document with the named table between its two markers written anew. */
export function withTable(document: string, table: DocTable): string {
  const from = document.indexOf(begin(table.name));
  const to = document.indexOf(end(table.name));
  if (from < 0 || to < from) throw new Error(`${table.file} has no markers of the ${table.name} table`);
  return `${document.slice(0, from + begin(table.name).length)}\n${table.render()}\n${document.slice(to)}`;
}
