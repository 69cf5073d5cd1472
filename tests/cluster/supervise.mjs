// Starts one instance as an operator would, with `npm start`, in a process group of its own, and
// records what the tests need to stop it as a process manager does and to judge how it ended:
//   <state>/instance-<n>.json   { npmPid, startedAt } on start, then { ..., exit: { code, signal } }
//   <state>/instance-<n>.log    everything the instance wrote
// Detached from the test run itself, so that a test may signal npm or its whole group while
// this process, outside that group, sees how npm exited.
// Usage: node supervise.mjs <state dir> <n>   (the instance's environment is this process's)
import { spawn } from "node:child_process";
import { openSync, writeFileSync } from "node:fs";
import path from "node:path";

const [stateDir, index] = process.argv.slice(2);
const file = path.join(stateDir, `instance-${index}.json`);
const log = openSync(path.join(stateDir, `instance-${index}.log`), "a");
const root = path.resolve(import.meta.dirname, "../..");
const npm = spawn("npm", ["start"], { cwd: root, detached: true, stdio: ["ignore", log, log], env: process.env });
const record = { npmPid: npm.pid, startedAt: new Date().toISOString() };
writeFileSync(file, JSON.stringify(record));
npm.on("exit", (code, signal) => {
  writeFileSync(file, JSON.stringify({ ...record, exit: { code, signal, at: new Date().toISOString() } }));
  process.exit(0);
});
