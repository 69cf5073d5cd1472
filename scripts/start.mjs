// npm start: build when no build exists, then serve on PORT, in this same process.
// package.json runs it with `exec`, so that npm's own process is its parent and a SIGTERM to
// `npm start` reaches the server (npm passes it on and waits for the server to drain). There is
// no process in between to forget the signal or pass on a second copy of it.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const buildId = path.join(root, ".next", "BUILD_ID");
const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
// Next.js's telemetry stays off unless the operator turns it on (NEXT_TELEMETRY_DISABLED=0)
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

if (!existsSync(buildId)) {
  console.log("No production build found: running next build (once)…");
  const result = spawnSync(process.execPath, [next, "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
console.log(`Build ${readFileSync(buildId, "utf8").trim()} from ${statSync(buildId).mtime.toISOString()}`);

process.chdir(root);
process.env.PORT ??= "3000";
process.env.NODE_ENV = "production";
await import("./server.mjs");
