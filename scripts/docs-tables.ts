// Writes the tables of docs/ that come from the code (npm run docs:tables; lib/docs-tables.ts).
import { readFileSync, writeFileSync } from "node:fs";
import { docTables, withTable } from "@/lib/docs-tables";

for (const table of docTables) {
  const before = readFileSync(table.file, "utf8");
  const after = withTable(before, table);
  writeFileSync(table.file, after);
  console.log(`${table.file}: the ${table.name} table ${before === after ? "was up to date" : "was written"}`);
}
