// zod/mini for the browser, cut to what the app uses.
//
// zod/mini is built to be tree-shaken, but Turbopack keeps the whole of zod's core in the
// browser (75 kB minified, 21 kB gzip, for a single `object({ a: string() })`): it does not drop
// the unused exports behind zod's internal `import * as core`. esbuild does. So, before each
// build, esbuild bundles zod/mini down to the functions the app's zod/mini files call (`z.string`,
// `z.object`, …: found by reading those files), and next.config.ts points the browser's
// "zod/mini" at that file. The server keeps the real package, and so do the tests.
//
// A function missing from the cut is a build error ("export … was not found"), never a
// silent undefined: the list is read from the same files that the build compiles.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const SOURCE_DIRS = ["app", "components", "lib", "i18n"];
/** Namespaces the browser never needs: zod's core is only named in types there. */
const LEFT_OUT = new Set(["core", "default"]);

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|js|mjs)$/.test(entry.name)) yield full;
  }
}

/** Every name a file takes from "zod/mini" at run time: `import * as z` members and `import { a, b }`. */
export function zodMiniNames(root) {
  const names = new Set();
  for (const dir of SOURCE_DIRS) {
    let files;
    try {
      files = [...sourceFiles(path.join(root, dir))];
    } catch {
      continue;
    }
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/^import\s+(?!type\b)([^;]+?)\s+from\s+"zod\/mini";/gm)) {
        const clause = m[1].trim();
        const namespace = /^\*\s+as\s+(\w+)$/.exec(clause);
        if (namespace) {
          for (const use of text.matchAll(new RegExp(`\\b${namespace[1]}\\.([A-Za-z_$][\\w$]*)`, "g"))) names.add(use[1]);
        } else {
          for (const part of clause.replace(/^\{|\}$/g, "").split(",")) {
            const name = part
              .replace(/^\s*type\s+/, "")
              .split(/\s+as\s+/)[0]
              ?.trim();
            if (name && !part.trim().startsWith("type ")) names.add(name);
          }
        }
      }
    }
  }
  return names;
}

/** Writes the cut bundle and returns its path (relative to root, as Turbopack's resolveAlias wants it). */
export function bundleZodForBrowser(root) {
  const require = createRequire(path.join(root, "package.json"));
  const esbuild = require("esbuild");
  const zodMini = require("zod/mini");
  const runtime = new Set(Object.keys(zodMini));
  // type-only members (z.infer, z.ZodMiniType) are not run-time exports: they fall out here
  const names = [...zodMiniNames(root)].filter((n) => runtime.has(n) && !LEFT_OUT.has(n)).sort();
  const outDir = path.join(root, ".next-zod");
  mkdirSync(outDir, { recursive: true });
  const entry = path.join(outDir, "entry.mjs");
  // No compiled parsers in the browser: zod's probe for them (`new Function("")`) is refused and
  // reported by the pages' Content-Security-Policy, which allows no eval
  const jitless = `import { config } from "zod/mini";\nconfig({ jitless: true });\n`;
  writeFileSync(entry, `${jitless}export { ${names.join(", ")} } from "zod/mini";\n`);
  const out = path.join(outDir, "zod-mini.browser.mjs");
  esbuild.buildSync({
    entryPoints: [entry],
    outfile: out,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: false, // the app's build minifies it with everything else
    nodePaths: [path.join(root, "node_modules")],
    logLevel: "error",
  });
  return "./" + path.relative(root, out).split(path.sep).join("/");
}
