import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const sandboxOnly = {
  patterns: [
    {
      group: ["@/lib/sandbox", "@/lib/sandbox/*", "**/lib/sandbox", "**/lib/sandbox/*"],
      message: "The dashboard talks to the sandbox only over HTTP (docs/architecture.md#boundaries).",
    },
  ],
};

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  { ignores: [".next/**", ".next-zod/**", "node_modules/**", "data/**", "next-env.d.ts"] },
  {
    files: ["**/*.{ts,tsx,mjs}"],
    ignores: ["lib/sandbox/**", "app/sandbox/**", "tests/**", "instrumentation.ts", "lib/boot.ts", "scripts/**"],
    rules: { "no-restricted-imports": ["error", sandboxOnly] },
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
