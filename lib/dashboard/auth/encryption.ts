import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { env } from "@/lib/env";

// AES-256-GCM for credentials and webhook secrets at rest: "v1:" iv ‖ tag ‖ ciphertext, base64url.
// The key is APP_ENCRYPTION_KEY; lib/dashboard/auth/sealing-key.ts checks it is the database's.

/** Sealed data that this key cannot open: another key sealed it, or it was altered. */
export class SealedDataError extends Error {
  constructor() {
    super("Sealed data cannot be opened with this APP_ENCRYPTION_KEY");
    this.name = "SealedDataError";
  }
}

const key = (hex = env().secrets.APP_ENCRYPTION_KEY) => Buffer.from(hex, "hex");

export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64url")}`;
}

/** Opens what encryptSecret sealed (with another key when given); SealedDataError when it cannot. */
export function decryptSecret(stored: string, keyHex?: string): string {
  if (!stored.startsWith("v1:")) throw new SealedDataError();
  const raw = Buffer.from(stored.slice(3), "base64url");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(keyHex), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    throw new SealedDataError();
  }
}
