// npm start: build when no build exists, then serve on PORT.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const buildId = path.join(root, ".next", "BUILD_ID");
const next = path.join(root, "node_modules", "next", "dist", "bin", "next");

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

const port = process.env.PORT ?? "3000";
const child = spawn(process.execPath, [path.join(root, "scripts", "server.mjs")], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, PORT: port, NODE_ENV: "production" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
