// Completes package-lock.json with the platform packages that the registry mirror of our
// build machines does not serve (other OSes and CPUs). npm 11's `npm ci` wants an entry for
// every optional dependency; entries with os/cpu of another platform are skipped at install,
// so they need no tarball here. Run after every `npm install` that changes the lock file.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const file = path.resolve(import.meta.dirname, "..", "package-lock.json");
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;

const OS = ["darwin", "win32", "linux", "android", "freebsd", "openbsd", "openharmony", "netbsd", "sunos", "aix"];
const CPU = {
  x64: "x64",
  arm64: "arm64",
  ia32: "ia32",
  loong64: "loong64",
  ppc64: "ppc64",
  riscv64: "riscv64",
  s390x: "s390x",
  arm: "arm",
  wasm32: "wasm32",
};

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  const libc = parts.some((p) => p.startsWith("musl") || p === "musleabihf")
    ? "musl"
    : parts.some((p) => p.startsWith("gnu"))
      ? "glibc"
      : undefined;
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}), ...(libc ? { libc: [libc] } : {}) };
}

/** Where npm resolves `name` from the package at `from` (nested node_modules first). */
function resolved(from, name) {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ""}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return null;
    const index = dir.lastIndexOf("/node_modules/");
    dir = index === -1 ? "" : dir.slice(0, index);
  }
}

let added = 0;
for (const [location, pkg] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(pkg.optionalDependencies ?? {})) {
    if (resolved(location, name)) continue;
    const version = /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec) ? spec : spec.replace(/^[~^=]/, "");
    packages[`node_modules/${name}`] = {
      version,
      ...(pkg.dev ? { dev: true } : {}),
      optional: true,
      ...platformOf(name),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform entries added`);
