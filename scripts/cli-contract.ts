import { writeFileSync } from "node:fs";
import path from "node:path";
import { cliContractFiles } from "@/lib/dashboard/contract/cli-contract";

// Writes cli/contract.json and cli/contract.d.ts from the dashboard's contract (npm run cli:contract).
const root = path.resolve(import.meta.dirname, "..");
for (const [file, text] of Object.entries(await cliContractFiles(root))) {
  writeFileSync(path.join(root, file), text);
  console.log(`wrote ${file}`);
}
