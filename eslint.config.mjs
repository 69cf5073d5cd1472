import { readdirSync } from "node:fs";
import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

// The two programs and what they share (docs/architecture.md#boundaries): the dashboard
// (lib/dashboard, its pages and routes) and the sandbox (lib/sandbox, app/sandbox) never import each
// other; the shared folders import neither. Only lib/boot.ts, which starts both in one process, and
// the tests see both.
const noSandbox = {
  group: ["@/lib/sandbox", "@/lib/sandbox/*", "**/lib/sandbox", "**/lib/sandbox/*"],
  message: "The dashboard talks to the sandbox only over HTTP, as to the real service (docs/architecture.md#boundaries).",
};
const noDashboard = {
  // components/docs (the error reference) is rendered by both
  regex: "^(@/lib/dashboard|.*/lib/dashboard|@/components)(/(?!docs/).*)?$",
  message: "The sandbox is the service's stand-in: it knows nothing of the dashboard (docs/architecture.md#boundaries).",
};
// Neither program's code imports its pages: lib/ never imports components/ or app/, components/ never app/.
const noPages = {
  group: ["@/components", "@/components/*", "@/app", "@/app/*", "**/components/*", "**/app/*"],
  message: "lib/ is below the pages: components/ and app/ import it, never the other way round (docs/architecture.md#layers).",
};
const noRoutes = {
  group: ["@/app", "@/app/*"],
  message: "components/ are below the routes: app/ imports them, never the other way round (docs/architecture.md#layers).",
};
// The routes are the top: a page or route of app/ imports lib/ and components/, never another
// module of app/, so what two routes share lives below them.
const noOtherRoute = {
  group: ["@/app", "@/app/*", "../*"],
  message:
    "A route imports lib/ and components/, never another module of app/: what two share lives below them (docs/architecture.md#layers).",
};
// The shared folders in layers, lowest first, as the dashboard's below: no two import each other.
const SHARED_LAYERS = [
  ["bitcoin", "banking", "openapi", "runtime"],
  ["lightning", "http"],
  ["service-api"],
  ["db"],
  ["rate-limit", "request-log"],
];
// The component folders in layers, lowest first: primitives at the bottom, pages' own parts on top.
const COMPONENT_LAYERS = [
  ["ui", "i18n", "docs"],
  ["account", "events", "notifications", "reports"],
  ["shell"],
  ["audit", "auth", "payouts", "request-log", "scenarios", "settings", "simulator"],
  ["exchanges", "pay"],
  ["operator", "orders", "overview"],
];
// What the browser runs or shares with it: its components, its client code, the dashboard's contract,
// the service's wire schemas it reads, and the JSON reader both sides use.
const BROWSER_SIDE = [
  "components/**/*.{ts,tsx}",
  "lib/dashboard/client/**/*.{ts,tsx}",
  "lib/dashboard/contract/*-api.ts",
  "lib/dashboard/contract/live-notice-kinds.ts",
  "lib/dashboard/contract/report-values.ts",
  "lib/service-api/schemas.ts",
  "lib/service-api/operator-contract.ts",
  "lib/service-api/error-body.ts",
  "lib/http/parse-json.ts",
];
// The files at lib/'s top (env.ts, errors.ts, log.ts, …) are below every shared folder but
// runtime, which they read: they import no other shared folder, and runtime imports none of them.
const TOP_FILES = readdirSync(new URL("lib/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.(ts|mjs)$/.test(entry.name) && !entry.name.includes(".test."))
  .map((entry) => entry.name.replace(/\.(ts|mjs)$/, ""));
const BELOW_TOP_FILES = ["runtime"];
const noSharedFolders = {
  group: SHARED_LAYERS.flat()
    .filter((folder) => !BELOW_TOP_FILES.includes(folder))
    .flatMap((folder) => [`@/lib/${folder}`, `@/lib/${folder}/*`, `./${folder}/*`]),
  message:
    "The files at lib/'s top are below the shared folders but runtime: they import none of the others (docs/architecture.md#layers).",
};
const noTopFiles = {
  group: TOP_FILES.flatMap((name) => [`@/lib/${name}`, `@/lib/${name}.*`, `../${name}`, `../${name}.*`]),
  message: "lib/runtime is below the files at lib/'s top (env.ts, log.ts, …): it imports none of them (docs/architecture.md#layers).",
};
const NOT_CHECKED = ["tests/**", "e2e/**", "scripts/**", "**/*.test.ts", "instrumentation.ts", "lib/boot.ts"];

// The dashboard's folders in layers, lowest first (docs/architecture.md#layers): a folder imports
// only folders of the layers below its own, so no two folders import each other, even through
// others. A new folder, or an import that needs a folder moved up, is placed here.
const DASHBOARD_LAYERS = [
  ["lists"],
  ["contract", "jobs", "pages", "upstream"],
  ["audit", "client", "events", "mail", "retention", "security", "views"],
  ["auth"],
  ["account", "forwarding", "orders", "search", "simulator", "request-log"],
  ["exchanges", "scenarios", "settings"],
  ["console", "payout-links", "reports", "webhooks"],
  ["demo", "notifications", "overview"],
  ["api"],
  ["lifecycle"],
];
/** Throws when a folder of `base` is in no layer: a new folder is placed before it is linted. */
function requirePlaced(base, layers, name) {
  const unplaced = readdirSync(new URL(`${base}/`, import.meta.url), { withFileTypes: true })
    // a test's __snapshots__ is no code
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("__") && !layers.flat().includes(entry.name))
    .map((entry) => entry.name);
  if (unplaced.length > 0) throw new Error(`eslint.config.mjs: place ${base}/${unplaced.join(", ")} in ${name}`);
}
requirePlaced("lib/dashboard", DASHBOARD_LAYERS, "DASHBOARD_LAYERS");
requirePlaced("lib", [...SHARED_LAYERS, ["dashboard", "sandbox"]], "SHARED_LAYERS");
requirePlaced("components", COMPONENT_LAYERS, "COMPONENT_LAYERS");

/**
 * For each folder of `base`: the folders of its own layer and those above, which it may not import
 * (besides `patterns`, which every folder of `base` keeps, and `more(folder)`: a file's rule
 * replaces, not joins, others).
 */
const layerRules = (base, layers, name, common, more = () => []) =>
  layers.flatMap((layer, i) =>
    layer.map((folder) => {
      const patterns = [...common, ...more(folder)];
      const above = layers
        .slice(i)
        .flat()
        .filter((other) => other !== folder);
      const group = above.flatMap((other) => [`@/${base}/${other}`, `@/${base}/${other}/*`, `../${other}/*`, `../../${other}/*`]);
      const upward = { group, message: `${base}/${folder} may import only folders of the layers below its own (${name})` };
      return {
        files: [`${base}/${folder}/**/*.{ts,tsx,mjs,mts}`],
        ignores: NOT_CHECKED,
        rules: { "no-restricted-imports": ["error", { patterns: group.length > 0 ? [...patterns, upward] : patterns }] },
      };
    }),
  );

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  { ignores: [".next/**", ".next-zod/**", "node_modules/**", "data/**", "next-env.d.ts"] },
  {
    // the dashboard
    files: ["lib/dashboard/**/*.{ts,tsx,mjs}", "components/**/*.{ts,tsx}", "i18n/**/*.ts", "proxy.ts"],
    ignores: NOT_CHECKED,
    rules: { "no-restricted-imports": ["error", { patterns: [noSandbox, noPages] }] },
  },
  {
    // the dashboard's pages and routes
    files: ["app/**/*.{ts,tsx,mjs}"],
    ignores: ["app/sandbox/**", ...NOT_CHECKED],
    rules: { "no-restricted-imports": ["error", { patterns: [noSandbox, noOtherRoute] }] },
  },
  ...layerRules("components", COMPONENT_LAYERS, "COMPONENT_LAYERS", [noSandbox, noRoutes]),
  ...layerRules("lib/dashboard", DASHBOARD_LAYERS, "DASHBOARD_LAYERS", [noSandbox, noPages]),
  {
    // the sandbox
    files: ["lib/sandbox/**/*.{ts,tsx,mjs}"],
    ignores: NOT_CHECKED,
    rules: { "no-restricted-imports": ["error", { patterns: [noDashboard, noPages] }] },
  },
  {
    // the sandbox's routes
    files: ["app/sandbox/**/*.{ts,tsx,mjs}"],
    ignores: NOT_CHECKED,
    rules: { "no-restricted-imports": ["error", { patterns: [noDashboard, noOtherRoute] }] },
  },
  {
    // what both use
    files: ["lib/*.{ts,mjs}"],
    ignores: NOT_CHECKED,
    rules: { "no-restricted-imports": ["error", { patterns: [noSandbox, noDashboard, noPages, noSharedFolders] }] },
  },
  ...layerRules("lib", SHARED_LAYERS, "SHARED_LAYERS", [noSandbox, noDashboard, noPages], (folder) =>
    BELOW_TOP_FILES.includes(folder) ? [noTopFiles] : [],
  ),
  // One zod dialect per side (docs/architecture.md#validation): what the browser runs, and the
  // contract it shares with the server, is written in zod/mini, whose functions a bundle can cut to
  // what is called; what runs only on the server, in zod. A separate rule name from the layers'
  // no-restricted-imports, which a second setting of the same rule would replace.
  {
    files: BROWSER_SIDE,
    ignores: NOT_CHECKED,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [{ name: "zod", message: "The browser's side is written in zod/mini (docs/architecture.md#validation)." }] },
      ],
    },
  },
  {
    files: ["lib/**/*.{ts,tsx,mjs,mts}", "app/**/*.{ts,tsx}", "cli/**/*.mjs", "scripts/**/*.{ts,mjs}", "instrumentation.ts"],
    ignores: [...BROWSER_SIDE, "**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [{ name: "zod/mini", message: "The server's side is written in zod (docs/architecture.md#validation)." }] },
      ],
    },
  },
  {
    // links prefetch when a person reaches for them, not for every link in view (components/ui/app-link.tsx)
    files: ["app/**/*.tsx", "components/**/*.tsx"],
    ignores: ["components/ui/app-link.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value='next/link']",
          message: "Use { Link } from @/components/ui/app-link: it prefetches on intent, not on sight",
        },
      ],
    },
  },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // no line over 140 characters, literals included (Prettier wraps code at the same width)
      "max-len": ["error", { code: 140 }],
    },
  },
];

export default config;
