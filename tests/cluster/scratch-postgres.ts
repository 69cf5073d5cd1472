import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// A PostgreSQL cluster of the suite's own (Debian's initdb and pg_ctl on a scratch directory and
// port), so that a test may stop it and start it again without disturbing anything else. The
// tools refuse to run as root: as root they run as the postgres user.

export type ScratchPostgres = { bin: string; dir: string; port: number; url: string };

function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(base, v, "bin")).find((dir) => existsSync(path.join(dir, "pg_ctl")));
  if (!found) throw new Error("The cluster suite needs PostgreSQL's initdb and pg_ctl: apt-get install postgresql, or set PG_BIN.");
  return found;
}

function run(pg: Pick<ScratchPostgres, "bin">, tool: string, args: string[]) {
  const command = path.join(pg.bin, tool);
  const asRoot = process.getuid?.() === 0;
  const result = asRoot
    ? spawnSync("runuser", ["-u", "postgres", "--", command, ...args], { encoding: "utf8" })
    : spawnSync(command, args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${tool} ${args.join(" ")} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
}

export function createScratchPostgres(port: number): ScratchPostgres {
  const bin = binDir();
  const dir = mkdtempSync(path.join(os.tmpdir(), "cluster-pg-"));
  if (process.getuid?.() === 0) {
    const { uid, gid } = userIds("postgres");
    chownSync(dir, uid, gid);
  }
  const pg = { bin, dir, port, url: `postgres://postgres@127.0.0.1:${port}/postgres` };
  run(pg, "initdb", ["-D", path.join(dir, "data"), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  startPostgres(pg);
  return pg;
}

function userIds(name: string): { uid: number; gid: number } {
  const result = spawnSync("id", ["-u", name], { encoding: "utf8" });
  const group = spawnSync("id", ["-g", name], { encoding: "utf8" });
  return { uid: Number(result.stdout.trim()), gid: Number(group.stdout.trim()) };
}

export function startPostgres(pg: ScratchPostgres) {
  const options = `-p ${pg.port} -k ${pg.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  run(pg, "pg_ctl", ["-D", path.join(pg.dir, "data"), "-o", options, "-l", path.join(pg.dir, "postgres.log"), "-w", "start"]);
}

/** A fast shutdown, as a failover does it: every connection is ended at once. */
export function stopPostgres(pg: ScratchPostgres) {
  run(pg, "pg_ctl", ["-D", path.join(pg.dir, "data"), "-m", "fast", "-w", "stop"]);
}

export function removePostgres(pg: ScratchPostgres) {
  try {
    stopPostgres(pg);
  } catch {
    // already stopped
  }
  spawnSync("rm", ["-rf", pg.dir]);
}
