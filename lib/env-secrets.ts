import "server-only";
import { randomBytes } from "node:crypto";
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import path from "node:path";

// The secrets lib/env.ts hands the app: those not configured are made once into DATA_DIR/secrets.json.

export const secretNames = [
  "SANDBOX_OPERATOR_KEY",
  "SANDBOX_DEMO_CLIENT_ID",
  "SANDBOX_DEMO_WEBHOOK_SECRET",
  "DEMO_PASSWORD",
  "AUTH_SECRET",
  "APP_ENCRYPTION_KEY",
] as const;
export type SecretName = (typeof secretNames)[number];

const generators: Record<SecretName, () => string> = {
  SANDBOX_OPERATOR_KEY: () => `sk_op_${randomBytes(24).toString("base64url")}`,
  SANDBOX_DEMO_CLIENT_ID: () => `demo_${randomBytes(12).toString("hex")}`,
  SANDBOX_DEMO_WEBHOOK_SECRET: () => `whsec_${randomBytes(24).toString("hex")}`,
  DEMO_PASSWORD: () => randomBytes(12).toString("base64url"),
  AUTH_SECRET: () => randomBytes(32).toString("base64url"),
  APP_ENCRYPTION_KEY: () => randomBytes(32).toString("hex"),
};

/** The secrets a process made before into DATA_DIR/secrets.json, if any. */
export function storedSecrets(dataDir: string): Partial<Record<SecretName, string>> {
  try {
    return JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as Partial<Record<SecretName, string>>;
  } catch {
    return {};
  }
}

/** Reads DATA_DIR/secrets.json, creating it (mode 0600, exclusively) for what is missing. */
export function loadGeneratedSecrets(dataDir: string, missing: SecretName[]): Partial<Record<SecretName, string>> {
  const file = path.join(dataDir, "secrets.json");
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const stored = storedSecrets(dataDir);
  const absent = missing.filter((name) => !stored[name]);
  if (absent.length === 0) return stored;
  const next = { ...stored };
  for (const name of absent) next[name] = generators[name]();
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  const fd = openSync(tmp, "wx", 0o600);
  writeSync(fd, JSON.stringify(next, null, 2));
  closeSync(fd);
  // rename is atomic: a concurrent writer wins whole, and we re-read its result
  renameSync(tmp, file);
  return JSON.parse(readFileSync(file, "utf8")) as Partial<Record<SecretName, string>>;
}
