import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from "next/constants";
import createNextIntlPlugin from "next-intl/plugin";
import { securityHeaders } from "./lib/http/content-security-policy";
import { bundleZodForBrowser } from "./scripts/zod-browser.mjs";

// The pages' Content-Security-Policy has a nonce per request, so proxy.ts sets it; every other
// answer (JSON, files) gets securityHeaders, under whose policy nothing runs. Next.js applies
// these headers before the proxy runs, and the proxy's own replace them on the pages.

const nextConfig: NextConfig = {
  async headers() {
    return [
      // (Strict-Transport-Security comes from the configuration, APP_URL, in scripts/server.mjs)
      { source: "/:path*", headers: Object.entries(securityHeaders).map(([key, value]) => ({ key, value })) },
    ];
  },
  // LUD-16 resolves name@host at the host's root: the sandbox's test Lightning Addresses answer there
  async rewrites() {
    return [
      { source: "/.well-known/lnurlp/:name", destination: "/sandbox/.well-known/lnurlp/:name" },
      // browsers ask for /favicon.ico wherever a document names no icon (a downloaded export, a JSON answer)
      { source: "/favicon.ico", destination: "/icon.svg" },
    ];
  },
  // Loaded by Node at run time rather than bundled: PGlite ships WASM and data files,
  // the bitcoin libraries pick native or pure-JS secp256k1 at require time.
  // pino and prom-client: the server (scripts/server.mjs) and the app share one logger and one
  // metrics registry per process, so both must load the same copy of each.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pg",
    "bitcoinjs-lib",
    "bitcoinjs-message",
    "bip322-js",
    "bolt11",
    "secp256k1",
    "pino",
    "pino-pretty",
    "prom-client",
  ],
  // forbidden() and app/(dashboard)/forbidden.tsx: a page the role may not open answers 403 in the
  // dashboard's frame (e2e/missing-pages.spec.ts holds it to that across upgrades)
  experimental: { authInterrupts: true },
  poweredByHeader: false,
  reactStrictMode: true,
};

// next-intl finds each request's language and catalogue in i18n/request.ts. Its catalogues
// (messages/ and messages/dashboard/) are compiled at build time, so the browser formats
// messages without an ICU parser: the dashboard's words cost it about 2.5 kB of script.
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

export default function config(phase: string): NextConfig {
  if (phase !== PHASE_PRODUCTION_BUILD && phase !== PHASE_DEVELOPMENT_SERVER) return withNextIntl(nextConfig);
  // The browser's zod/mini: the functions the app calls, tree-shaken by esbuild
  // (scripts/zod-browser.mjs says why). 21 kB of gzip script becomes about 11.
  const zodMini = bundleZodForBrowser(import.meta.dirname);
  // readable-stream 2 (under the browser's bitcoin message checks) asks for "util" only for
  // optional debugging and declares `"browser": {"util": false}`, which Turbopack does not read:
  // it would bundle Node's util polyfill, whose load-time `Function(...)` probe the pages'
  // Content-Security-Policy refuses (and reports). The browser gets the empty module it asked for.
  const emptyModule = "./scripts/browser/empty-module.cjs";
  return withNextIntl({ ...nextConfig, turbopack: { resolveAlias: { "zod/mini": { browser: zodMini }, util: { browser: emptyModule } } } });
}
