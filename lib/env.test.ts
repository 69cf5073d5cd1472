import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadEnv } from "./env";

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), "env-test-"));

describe("loadEnv", () => {
  it("defaults to the embedded sandbox and generates missing secrets into DATA_DIR with mode 0600", () => {
    const dir = tempDir();
    const env = loadEnv({ DATA_DIR: dir });
    expect(env).toMatchObject({
      port: 3000,
      sandboxEnabled: true,
      sandboxNetwork: "testnet",
      exchangeApiBaseUrl: "http://127.0.0.1:3000/sandbox",
    });
    expect(env.secrets.APP_ENCRYPTION_KEY).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dir, "secrets.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8")).SANDBOX_OPERATOR_KEY).toBe(env.secrets.SANDBOX_OPERATOR_KEY);
    // a second start reads the same secrets
    expect(loadEnv({ DATA_DIR: dir }).secrets).toEqual(env.secrets);
  });

  it("prefers configured secrets and turns the sandbox off when an upstream is set", () => {
    const env = loadEnv({
      DATA_DIR: tempDir(),
      EXCHANGE_API_BASE_URL: "https://api.example.com/",
      SANDBOX_OPERATOR_KEY: "sk_op_configured_key_1234",
    });
    expect(env.sandboxEnabled).toBe(false);
    expect(env.exchangeApiBaseUrl).toBe("https://api.example.com");
    expect(env.secrets.SANDBOX_OPERATOR_KEY).toBe("sk_op_configured_key_1234");
    expect(env.generatedSecrets).not.toContain("SANDBOX_OPERATOR_KEY");
  });

  it("with the sandbox off makes only the dashboard's own secrets, and none at all when told not to", () => {
    const dir = tempDir();
    const off = { DATA_DIR: dir, EXCHANGE_API_BASE_URL: "https://api.example.com" };
    const untouched = loadEnv(off, { generateSecrets: false });
    expect(untouched.missingSecrets.sort()).toEqual(["APP_ENCRYPTION_KEY", "AUTH_SECRET"]);
    expect(() => readFileSync(path.join(dir, "secrets.json"))).toThrow();
    const env = loadEnv(off);
    expect(env.generatedSecrets.sort()).toEqual(["APP_ENCRYPTION_KEY", "AUTH_SECRET"]);
    expect(env.missingSecrets).toEqual([]);
    expect(Object.keys(JSON.parse(readFileSync(path.join(dir, "secrets.json"), "utf8"))).sort()).toEqual([
      "APP_ENCRYPTION_KEY",
      "AUTH_SECRET",
    ]);
    // stored ones are read without making any
    expect(loadEnv(off, { generateSecrets: false }).secrets.APP_ENCRYPTION_KEY).toBe(env.secrets.APP_ENCRYPTION_KEY);
  });

  it("stops a production start without AUTH_SECRET and APP_ENCRYPTION_KEY", () => {
    expect(() => loadEnv({ DATA_DIR: tempDir(), NODE_ENV: "production", SANDBOX_ENABLED: "false" })).toThrow(
      /Missing required secrets in production: AUTH_SECRET, APP_ENCRYPTION_KEY/,
    );
  });

  it("refuses a production start whose APP_URL is not https, unless ALLOW_INSECURE_HTTP=true", () => {
    const production = {
      DATA_DIR: tempDir(),
      NODE_ENV: "production",
      SANDBOX_ENABLED: "false",
      AUTH_SECRET: "a".repeat(32),
      APP_ENCRYPTION_KEY: "b".repeat(64),
    };
    expect(() => loadEnv({ ...production, APP_URL: "http://dashboard.example.com" })).toThrow(
      /APP_URL must be an https:\/\/ URL in production/,
    );
    expect(() => loadEnv(production)).toThrow(/APP_URL must be an https:\/\/ URL/);
    expect(loadEnv({ ...production, APP_URL: "http://dashboard.example.com", ALLOW_INSECURE_HTTP: "true" }).appUrl).toBe(
      "http://dashboard.example.com",
    );
    expect(loadEnv({ ...production, APP_URL: "https://dashboard.example.com" }).secureCookies).toBe(true);
    // the sandbox (and development) may run over http
    expect(loadEnv({ DATA_DIR: tempDir(), NODE_ENV: "production", APP_URL: "http://127.0.0.1:3000" }).appUrl).toBe("http://127.0.0.1:3000");
  });

  it("reads TRUSTED_PROXY_HOPS (default 0: the socket's address) and refuses nonsense", () => {
    expect(loadEnv({ DATA_DIR: tempDir() }).trustedProxyHops).toBe(0);
    expect(loadEnv({ DATA_DIR: tempDir(), TRUSTED_PROXY_HOPS: "1" }).trustedProxyHops).toBe(1);
    expect(() => loadEnv({ DATA_DIR: tempDir(), TRUSTED_PROXY_HOPS: "-1" })).toThrow(/TRUSTED_PROXY_HOPS/);
  });

  it("names each invalid setting", () => {
    expect(() => loadEnv({ PORT: "http", SANDBOX_NETWORK: "litecoin", DATABASE_URL: "mysql://x" })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*SANDBOX_NETWORK|PORT/,
    );
  });

  it("reads simulated rates", () => {
    expect(loadEnv({ DATA_DIR: tempDir(), SANDBOX_RATES: "btc/eur=61000.5, gbp:50000" }).sandboxRates).toEqual({
      eur: 61000.5,
      chf: 57000,
      gbp: 50000,
    });
  });
});
