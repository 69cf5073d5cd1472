// The settings the server needs before the app loads (scripts/server.mjs listens, logs, sets HSTS
// and drains with them): the one place besides lib/env.ts that reads process.env. lib/env.ts
// validates the whole environment with a schema that includes this shape, so one rule names a
// bad value, whichever reads it first.
import { z } from "zod";

const trimmed = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

export const serverSettingsShape = {
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  APP_URL: trimmed.pipe(z.url({ protocol: /^https?$/ }).optional()),
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["json", "pretty"]).default("json"),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(20),
};

const schema = z.object(serverSettingsShape);

/**
 * The server's settings from `source` (the environment by default); throws an Error naming each
 * variable that is not valid.
 * @returns {z.infer<typeof schema>}
 */
export function serverSettings(source = process.env) {
  const parsed = schema.safeParse(source);
  if (parsed.success) return parsed.data;
  throw new Error(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "));
}

/** The same, with the defaults for whatever is not valid (the logger's settings, before the app names the fault). */
export function serverSettingsOrDefaults(source = process.env) {
  try {
    return serverSettings(source);
  } catch {
    return schema.parse({});
  }
}
