// npm run cluster -- --instances 2 [--port 8080]: N instances of the built app on DATABASE_URL,
// with Debian's nginx in front (deploy/nginx.conf, given this run's ports and paths), for trying
// several instances locally. Ctrl-C stops them all. See docs/operations.md#several-instances.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { nginxConfig } from "./cluster/nginx-config.mjs";

const root = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    instances: { type: "string", default: "2" },
    port: { type: "string", default: "8080" },
    "first-instance-port": { type: "string", default: "3001" },
  },
});
const instances = Number(values.instances);
const port = Number(values.port);
const firstPort = Number(values["first-instance-port"]);
if (!(instances >= 1 && instances <= 32)) fail("--instances must be 1 to 32");
if (!process.env.DATABASE_URL) {
  fail("DATABASE_URL must name a PostgreSQL database: instances share it (PGlite holds its directory for one process).");
}
const nginx = [process.env.NGINX_PATH, "/usr/sbin/nginx", "/usr/local/sbin/nginx"].find((p) => p && existsSync(p));
if (!nginx) fail("nginx was not found: apt-get install nginx (or set NGINX_PATH).");

function fail(message) {
  console.error(`cluster: ${message}`);
  process.exit(1);
}

if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.log("No production build found: running next build (once)…");
  const built = spawnSync(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"], {
    cwd: root,
    stdio: "inherit",
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const appUrl = `http://127.0.0.1:${port}`;
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, "data", "cluster"));
const prefix = path.join(dataDir, "nginx");
mkdirSync(prefix, { recursive: true });
const ports = Array.from({ length: instances }, (_, i) => firstPort + i);
writeFileSync(
  path.join(prefix, "nginx.conf"),
  nginxConfig(readFileSync(path.join(root, "deploy", "nginx.conf"), "utf8"), { listen: port, ports, prefix }),
);

const children = [];
function run(name, command, args, env) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const prefixLines = (chunk) => chunk.toString().replace(/^(?=.)/gm, `[${name}] `);
  child.stdout.on("data", (chunk) => process.stdout.write(prefixLines(chunk)));
  child.stderr.on("data", (chunk) => process.stderr.write(prefixLines(chunk)));
  child.on("exit", (code, signal) => console.log(`[${name}] exited (${signal ?? code})`));
  children.push(child);
  return child;
}

async function listening(url) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1_000) })).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  fail(`${url} did not answer within 60 s`);
}

const instanceEnv = (p) => ({
  NODE_ENV: "production",
  PORT: String(p),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir, // the generated secrets, which every instance must share
  APP_URL: appUrl,
  TRUSTED_PROXY_HOPS: "1",
  // the sandbox, and the demo tenant's upstream, through the balancer: any instance serves them
  SANDBOX_ENABLED: "true",
  EXCHANGE_API_BASE_URL: `${appUrl}/sandbox`,
  SANDBOX_PUBLIC_URL: `${appUrl}/sandbox`,
});

// the first instance migrates and, on a fresh data directory, generates the shared secrets;
// the others start once it answers
run(`app:${ports[0]}`, process.execPath, [path.join(root, "scripts", "server.mjs")], instanceEnv(ports[0]));
await listening(`http://127.0.0.1:${ports[0]}/api/health`);
for (const p of ports.slice(1)) run(`app:${p}`, process.execPath, [path.join(root, "scripts", "server.mjs")], instanceEnv(p));
await Promise.all(ports.slice(1).map((p) => listening(`http://127.0.0.1:${p}/api/health`)));
run("nginx", nginx, ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-g", "daemon off;"], {});
await listening(`${appUrl}/api/health`);
console.log(`\n  ${instances} instance(s) on ports ${ports.join(", ")} behind nginx at ${appUrl}\n`);

// each instance drains (docs/operations.md#what-a-stop-does); this waits for all of them
const stop = async () => {
  await Promise.all(
    children.map((child) =>
      child.exitCode !== null || child.signalCode !== null
        ? null
        : new Promise((resolve) => {
            child.once("exit", resolve);
            child.kill("SIGTERM");
          }),
    ),
  );
  process.exit(0);
};
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void stop();
  });
}
