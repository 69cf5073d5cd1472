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
const SHARED = ["bitcoin", "lightning", "banking", "db", "http", "openapi", "runtime", "rate-limit", "service-api", "request-log"];
const NOT_CHECKED = ["tests/**", "e2e/**", "scripts/**", "**/*.test.ts", "instrumentation.ts", "lib/boot.ts"];

// The dashboard's folders in layers, lowest first (docs/architecture.md#layers): a folder imports
// only folders of the layers below its own, so no two folders import each other, even through
// others. A new folder, or an import that needs a folder moved up, is placed here.
const DASHBOARD_LAYERS = [
  ["lists"],
  ["contract", "jobs", "pages", "upstream"],
  ["audit", "client", "events", "mail", "retention", "security", "views"],
  ["auth"],
  ["account", "forwarding", "orders", "search", "simulator", "request-logs"],
  ["exchanges", "scenarios", "settings"],
  ["console", "payout-links", "reports", "webhooks"],
  ["api", "demo", "notifications", "overview"],
  ["lifecycle"],
];
const unplaced = readdirSync(new URL("lib/dashboard/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !DASHBOARD_LAYERS.flat().includes(entry.name))
  .map((entry) => entry.name);
if (unplaced.length > 0) throw new Error(`eslint.config.mjs: place lib/dashboard/${unplaced.join(", ")} in DASHBOARD_LAYERS`);

/** For each folder: the folders of its own layer and those above, which it may not import. */
const layerRules = DASHBOARD_LAYERS.flatMap((layer, i) =>
  layer.map((folder) => {
    const above = DASHBOARD_LAYERS.slice(i)
      .flat()
      .filter((other) => other !== folder);
    const group = above.flatMap((other) => [`@/lib/dashboard/${other}`, `@/lib/dashboard/${other}/*`, `../${other}/*`, `../../${other}/*`]);
    const upward = { group, message: `lib/dashboard/${folder} may import only folders of the layers below its own (DASHBOARD_LAYERS)` };
    return {
      files: [`lib/dashboard/${folder}/**/*.{ts,tsx,mjs}`],
      ignores: NOT_CHECKED,
      rules: { "no-restricted-imports": ["error", { patterns: group.length > 0 ? [noSandbox, upward] : [noSandbox] }] },
    };
  }),
);

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  { ignores: [".next/**", ".next-zod/**", "node_modules/**", "data/**", "next-env.d.ts"] },
  {
    // the dashboard
    files: ["lib/dashboard/**/*.{ts,tsx,mjs}", "app/**/*.{ts,tsx,mjs}", "components/**/*.{ts,tsx}", "i18n/**/*.ts", "proxy.ts"],
    ignores: ["app/sandbox/**", ...NOT_CHECKED],
    rules: { "no-restricted-imports": ["error", { patterns: [noSandbox] }] },
  },
  ...layerRules,
  {
    // the sandbox
    files: ["lib/sandbox/**/*.{ts,tsx,mjs}", "app/sandbox/**/*.{ts,tsx,mjs}"],
    ignores: NOT_CHECKED,
    rules: { "no-restricted-imports": ["error", { patterns: [noDashboard] }] },
  },
  {
    // what both use
    files: ["lib/*.{ts,mjs}", ...SHARED.map((folder) => `lib/${folder}/**/*.{ts,mjs,mts}`)],
    ignores: NOT_CHECKED,
    rules: { "no-restricted-imports": ["error", { patterns: [noSandbox, noDashboard] }] },
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
