import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Loaded by Node at run time rather than bundled: PGlite ships WASM and data files,
  // the bitcoin libraries pick native or pure-JS secp256k1 at require time.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pg",
    "bitcoinjs-lib",
    "bitcoinjs-message",
    "bip322-js",
    "bolt11",
    "secp256k1",
  ],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
